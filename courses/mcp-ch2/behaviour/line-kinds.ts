// Another of a line's kind (src/pack/line-by-line.ts AnotherOfKind): the lists of serve's
// per-line run hold lines the page does not, each taking the same branch of serve's loop and of
// the chapter's dispatch as the line it stands for.
import { anotherOfKindBy } from "../../../src/pack/line-by-line.js";
import { pythonDumps } from "../../../src/json/python-json.js";
import { TOOL } from "../course/fixtures.js";

const SERVICES = TOOL.input_schema.properties.service.enum;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The line with other text of its kind under a fresh id: an initialize from another client, a
 * tools/list written with other spacing and key order, a valid logs_search call with another
 * service, query and limit, another notification, another text that is not JSON; a blank line
 * stays as it is (blanks are t3_blank_lines'). Each answer has the page's answer's shape (a
 * result holding a boolean and a list, a null), so a mistake of one kind fails it as it failed
 * the page's line; only a serve that reads each line answers it. Any other line: itself, under
 * a fresh id.
 */
export const anotherOfKind = anotherOfKindBy({
  notification: (_, random) => pythonDumps({ jsonrpc: "2.0", method: `notifications/${random.word(3, 9)}` }),
  request: (message, random) => {
    const id = random.int(1000, 999_999);
    const params = isObject(message["params"]) ? message["params"] : {};
    switch (message["method"]) {
      case "initialize":
        return pythonDumps({ ...message, id, params: { ...params, clientInfo: { name: random.word(2, 10), version: `${random.int(0, 9)}.${random.int(0, 9)}` } } } as never);
      case "tools/list":
        return JSON.stringify({ method: "tools/list", id, jsonrpc: "2.0" });
      case "tools/call": {
        if (params["name"] !== TOOL.name) return undefined;
        const args = { service: random.pick(SERVICES), query: random.word(2, 12), ...(random.bool() ? { limit: random.int(1, 50) } : {}) };
        return pythonDumps({ ...message, id, params: { ...params, arguments: args } } as never);
      }
      default:
        return undefined;
    }
  },
});
