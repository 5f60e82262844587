// Which of handle's generated messages holds a fixture message's case (issue 20: one mistake, one
// point; src/pack/failed-call.ts failedAsCase): a handle that throws on, or never returns for, one
// of the page's messages does so, at the same place, for the messages that take the same branch
// of the page's dispatch (server/discover, tools/list, a call of one tool, a call of an unknown
// tool, resources/list, a read of a resource, of an unknown one, an unknown method), whatever
// their ids, versions or arguments: that is the one mistake the message's lines charge, not again
// each rule whose inputs hold such a message. Code that answers the page's messages from a table
// and throws on everything else excuses only the branches of the fixture calls it failed, whose
// lines it has lost.
import { own } from "../behaviour/model.js";
import { RESOURCES, TOOLS } from "../course/index.js";
import { sameLineCase as lineCaseOf } from "../../../src/pack/line-by-line.js";

/** The page's branch for a message, by its method (and tool, or resource); undefined when it is not a message. */
function caseOf(message: unknown): string | undefined {
  const method = own(message, "method");
  if (typeof method !== "string") return undefined;
  const params = own(message, "params");
  if (method === "tools/call") {
    const name = own(params, "name");
    return typeof name !== "string" ? undefined : Object.hasOwn(TOOLS, name) ? `a call of ${name}` : "a call of an unknown tool";
  }
  if (method === "resources/read") {
    const uri = own(params, "uri");
    return typeof uri !== "string" ? undefined : Object.hasOwn(RESOURCES, uri) ? `a read of ${uri}` : "a read of an unknown resource";
  }
  return ["server/discover", "tools/list", "resources/list"].includes(method) ? method : "an unknown method";
}

/** Whether `input` is a case of the fixture message `fixture`. */
export function sameMessageCase(fixture: unknown, input: unknown): boolean {
  const mine = caseOf(fixture);
  return mine !== undefined && mine === caseOf(input);
}

/** Whether serve's input (a list of lines) holds a line of the fixture line's branch of its loop. */
export const sameLineCase = lineCaseOf(caseOf);
