// Which of handle's generated messages holds a fixture message's case (issue 20: one mistake, one
// point; src/pack/failed-call.ts failedAsCase). A handle that throws on, or never returns for, the
// chapter's initialize does so for every initialize, whatever its params or id, at the same place:
// that is the one mistake t2_init_version charges, not again each rule whose inputs hold an
// initialize (a notification named initialize, one with "id": null). A case is a branch of the
// chapter's dispatch: initialize, tools/list, a call of logs_search, a call of an unknown tool,
// an unknown method. Code that answers the page's messages from a table and throws on everything
// else (id 4 included) has every other input fail at that throw too, so it excuses only the
// cases of the fixture calls it failed, whose lines it has lost. serve's case is a line's branch
// of its loop (sameLineCase).
import { MCP_TOOL } from "../course/protocol.js";

const fieldOf = (value: unknown, key: string): unknown =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;

/** The chapter's branch for a message, by its method (and tool); undefined when it is not a message. */
function caseOf(message: unknown): string | undefined {
  const method = fieldOf(message, "method");
  if (typeof method !== "string") return undefined;
  if (method === "initialize" || method === "tools/list") return method;
  if (method !== "tools/call") return "an unknown method";
  const name = fieldOf(fieldOf(message, "params"), "name");
  if (typeof name !== "string") return undefined;
  return name === MCP_TOOL.name ? `a call of ${name}` : "a call of an unknown tool";
}

/** Whether `input` is a case of the fixture message `fixture` (both JSON-RPC messages). */
export function sameMessageCase(fixture: unknown, input: unknown): boolean {
  const own = caseOf(fixture);
  return own !== undefined && own === caseOf(input);
}

/** serve's branch for a line: blank, not JSON, a notification (no id), or the message's case. */
function lineCaseOf(line: unknown): string | undefined {
  if (typeof line !== "string") return undefined;
  if (line.trim() === "") return "a blank line";
  let message: unknown;
  try { message = JSON.parse(line); } catch { return "a line that is not JSON"; }
  if (fieldOf(message, "method") !== undefined && !Object.hasOwn(message as object, "id")) return "a notification";
  return caseOf(message);
}

/**
 * Whether serve's input `input` (a list of lines) holds a line of the fixture line's case: a
 * serve that throws on the page's not-JSON line (a JSON.parse without try/catch) throws, at the
 * same place, on every list that holds one.
 */
export function sameLineCase(fixtureLine: unknown, input: unknown): boolean {
  const own = lineCaseOf(fixtureLine);
  return own !== undefined && Array.isArray(input) && input.some((line) => lineCaseOf(line) === own);
}
