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
import { kindOf } from "../../../src/pack/answer-kinds.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { lineCase, sameLineCase as lineCaseOf } from "../../../src/pack/line-by-line.js";

const fieldOf = (value: unknown, key: string): unknown =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;

/** The chapter's branch for a message, by its method (and tool); undefined when it is not a message. */
export function caseOf(message: unknown): string | undefined {
  const method = fieldOf(message, "method");
  if (typeof method !== "string") return undefined;
  if (method === "initialize" || method === "tools/list") return method;
  if (method !== "tools/call") return "an unknown method";
  const name = fieldOf(fieldOf(message, "params"), "name");
  if (typeof name !== "string") return undefined;
  return name === MCP_TOOL.name ? `a call of ${name}` : "a call of an unknown tool";
}

/** The kind of the rules' answer to a message (src/pack/answer-kinds.ts), or undefined where the answer key has none (the student edition). */
const rulesKind = (message: unknown): string | undefined => {
  const handle = ANSWER_KEY.handle;
  if (!handle) return undefined;
  try { return kindOf(handle(message) ?? null, message); } catch { return undefined; }
};

/**
 * Whether `input` is a case of the fixture message `fixture` (both JSON-RPC messages): the same
 * branch, and for a call of the chapter's tool the same kind of answer by the rules (a search or
 * a tool error): the validator's two ways out. A handle that threw at one place on the page's call
 * with a limit, and on every call whose arguments the rules refuse, had every argument family
 * excused by that one line (helper 101's ch2-throw-unless-enum-only: 16/17, its honest price
 * 12/17). Other branches are one case whatever the message (a loop on a method, a request's and a
 * notification's alike: infinite-loop).
 */
export function sameMessageCase(fixture: unknown, input: unknown): boolean {
  const own = caseOf(fixture);
  if (own === undefined || own !== caseOf(input)) return false;
  return own !== `a call of ${MCP_TOOL.name}` || rulesKind(fixture) === rulesKind(input);
}

/**
 * Whether serve's input (a list of lines) holds a line of the fixture line's branch of its loop. A
 * line of JSON that is no object takes a notification's: the page hands each to handle, whose
 * answer to both is null, so a serve that throws on handle's null throws on both at one place
 * (serve-reads-id-of-null cost a point more once t3_not_objects sent one).
 */
const sameBranch = lineCaseOf(caseOf);
export const sameLineCase = (fixtureLine: unknown, input: unknown): boolean =>
  sameBranch(fixtureLine, input) || (lineCase(fixtureLine, caseOf) === "a notification" && Array.isArray(input) && input.some((line) => lineCase(line, caseOf) === "JSON that is no object"));
