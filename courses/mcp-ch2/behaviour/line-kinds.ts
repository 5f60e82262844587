// Another of a line's kind (src/pack/line-by-line.ts AnotherOfKind): the lists of serve's
// per-line run hold lines the page does not, each taking the same branch of serve's loop and of
// the chapter's dispatch as the line it stands for.
import { anotherOfKindBy } from "../../../src/pack/line-by-line.js";
import { pythonDumps } from "../../../src/json/python-json.js";
import { TOOL } from "../course/fixtures.js";

const SERVICES = TOOL.input_schema.properties.service.enum;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The line with other values of its kind under a fresh id, its keys, their order and its spacing
 * the page's: an initialize from a client of another name, a valid logs_search call with another
 * service and query, another notification, another text that is not JSON; tools/list as it is; a
 * blank line stays as it is (blanks are t3_blank_lines'). Each answer has the page's answer's
 * shape (a result holding a boolean and a list, a null), so a mistake of one kind fails it as it
 * failed the page's line, and nothing the page's lines do not hold (a key order, a limit, a
 * dotted version) shows a mistake only these lists see (helper 45's serve-first-key-version and
 * serve-clamps-limit cost 3 and 2 more while they did); only a serve that reads each line answers
 * them. Any other line: itself, under a fresh id.
 */
export const anotherOfKind = anotherOfKindBy({
  notification: (_, random) => pythonDumps({ jsonrpc: "2.0", method: `notifications/${random.word(3, 9)}` }),
  request: (message, random) => {
    const id = random.int(1000, 999_999);
    const params = isObject(message["params"]) ? message["params"] : {};
    switch (message["method"]) {
      case "initialize": {
        const info = isObject(params["clientInfo"]) ? params["clientInfo"] : {};
        return pythonDumps({ ...message, id, params: { ...params, clientInfo: { ...info, name: random.word(2, 10) } } } as never);
      }
      case "tools/list":
        return pythonDumps({ ...message, id } as never);
      case "tools/call": {
        const args = isObject(params["arguments"]) ? params["arguments"] : {};
        if (params["name"] !== TOOL.name) return undefined;
        return pythonDumps({ ...message, id, params: { ...params, arguments: { ...args, service: random.pick(SERVICES), query: random.word(2, 12) } } } as never);
      }
      default:
        return undefined;
    }
  },
});
