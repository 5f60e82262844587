// Each of the chapter's requests again with other ids, and with what its rule leaves free changed
// too: rules 1-7 decide an answer from the method and params, and the id only comes back in it.
// One check per fixture request, so that each evidence line has a rule of its own on inputs the
// code has not seen (src/pack/score.ts): code that answers the fixtures from a table keyed by the
// message, with its id or without, fails every one, and a wrong rule fails only the check of its
// own line.
import { MESSAGES, TOOL } from "../course/fixtures.js";
import type { JsonObject, JsonRpcMessage } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import type { Random } from "../../../src/pack/random.js";
import { reversedKeys } from "../../../src/json/reversed-keys.js";
import { markReordered } from "../../../src/pack/key-orders.js";
import { ASTRAL, query, SERVICES } from "./task2-inputs.js";

interface Variant {
  /** The fixture request's id. */
  id: number;
  name: string;
  title: string;
  rule: string;
  /** What its evidence line reads of the answer (evidence/task2-lines.ts). */
  part: (answer: unknown) => unknown;
}

const at = (value: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === "object" && Object.hasOwn(v, k) ? (v as Record<string | number, unknown>)[k] : undefined), value) ?? null;
const text = (a: unknown): unknown => at(a, ["result", "content", 0, "text"]);

const VARIANTS: Variant[] = [
  { id: 1, name: "t2_same_initialize", title: "The chapter's initialize, under other ids and from other clients and versions, gets the same result", rule: "Rule 2: initialize is answered with the server's protocol version, whatever the client asked for, under the request's own id.", part: (a) => at(a, ["result", "protocolVersion"]) },
  // The whole tool, not its name alone: the line's title is the rule, and a list of the tool as
  // Chapter 1 wrote it (input_schema) is then charged here once, not by t2_ids_echoed, the schema
  // and the SDK's client each (tools the student's toMcp made are judged as theirs: read-through-tool.ts).
  { id: 2, name: "t2_same_tools_list", title: "The chapter's tools/list with another id lists the same tool", rule: "Rule 3: tools/list lists the converted tool, name, description and inputSchema, under the request's own id.", part: (a) => at(a, ["result", "tools"]) },
  { id: 3, name: "t2_same_valid_call", title: "The chapter's valid call, with other ids and queries, returns the fixed text", rule: "Rule 6: a call whose arguments pass the schema returns the fixed text, under the request's own id.", part: text },
  { id: 4, name: "t2_same_unknown_tool", title: "The chapter's unknown tool, and other unknown tools under other ids, is the same protocol error", rule: "Rule 4: a tool the server does not have is a -32602 error naming it, under the request's own id.", part: (a) => [at(a, ["error", "code"]), at(a, ["error", "message"])] },
  // One check per line: t2_id5_is_error reads isError, t2_id5_text the message. One check of both
  // took both lines' points for a mistake in one of them (isError as the string "true").
  { id: 5, name: "t2_same_invalid_call", title: "The chapter's invalid call, with other services outside the enum and other ids, is the same tool error", rule: "Rule 5: arguments that fail the schema give a result with isError true, under the request's own id.", part: (a) => at(a, ["result", "isError"]) },
  { id: 5, name: "t2_same_invalid_text", title: "The chapter's invalid call, with other services outside the enum and other ids, gets the same message", rule: "Rule 5: arguments that fail the schema give the rule set's message as the result's text, under the request's own id.", part: text },
  { id: 6, name: "t2_same_unknown_method", title: "The chapter's unknown method, and other unknown methods under other ids, is the same -32601 error", rule: "Rule 7: a method the server does not handle is -32601 Method not found, under the request's own id.", part: (a) => at(a, ["error", "code"]) },
  { id: 7, name: "t2_same_call_with_limit", title: "The chapter's call with a limit, with other ids and queries, returns the fixed text", rule: "Rule 6: a call whose arguments pass the schema, limit included, returns the fixed text, under the request's own id.", part: text },
];

const HINT = "The answer depends on the method and params; the id is only copied into the response. Look for code that recognises the chapter's exact messages (a table of answers, a test of the id, the query or the whole message) instead of following the rule.";

const KNOWN_METHODS = ["initialize", "tools/list", "tools/call"];

/**
 * The fixture request with `id` as another request its rule answers the same way, under an id
 * well away from the fixtures': the client's version and name (initialize), the query of a valid
 * call (any string; the service stays, so an enum mistake is t2_valid_calls' alone and costs one
 * point, not both text lines) and the limit of the call with one, the unknown tool's name, the
 * service outside the enum and the query beside it, the unknown method. tools/list has no params
 * (but see otherForm).
 */
function varied(id: number, random: Random): JsonRpcMessage {
  const message = { ...structuredClone(MESSAGES.find((m) => "id" in m && m.id === id)!), id: random.int(8, 999) } as JsonRpcMessage;
  const params = message.params as JsonObject;
  const args = params?.["arguments"] as JsonObject;
  switch (id) {
    case 1:
      params["protocolVersion"] = `20${random.int(10, 30)}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(1, 28)).padStart(2, "0")}`;
      params["clientInfo"] = { name: random.word(1, 8), version: String(random.int(0, 9)) };
      break;
    // Any query (spaces, quotes, text outside ASCII: the schema's string), and for the call with a
    // limit any limit inside its bounds but the bounds themselves (an off-by-one there is
    // t2_limit_bounds' alone): a table that recognises the chapter's query or limit has no answer.
    case 3: args["query"] = query(random); break;
    case 7: args["query"] = query(random); args["limit"] = random.int(2, 49); break;
    case 4: { let name = random.word(3, 12, true); while (name === TOOL.name) name += "x"; params["name"] = name; break; }
    case 5: {
      let service = random.word(2, 9);
      while (SERVICES.includes(service)) service += "x";
      args["service"] = service;
      args["query"] = random.word(1, 7);
      // A limit inside its bounds beside it, at times: the same one problem, the same message.
      if (random.bool()) args["limit"] = random.int(2, 49);
      break;
    }
    case 6: { let method = `${random.word(3, 9)}/${random.word(3, 9)}`; while (KNOWN_METHODS.includes(method)) method += "x"; message.method = method; break; }
  }
  return message;
}

/**
 * Every other variant is the same message in another form the rule answers alike: its keys in
 * reverse order (JSON objects are unordered), and tools/list's with an empty params (optional in
 * JSON-RPC and in ListToolsRequest). Code that follows the rule only for the chapter's key order
 * or its message's exact text (a length, say) kept the lines. Made without the random stream, so
 * every other input of a seed is the one it was.
 */
const otherForm = (message: JsonRpcMessage): JsonRpcMessage =>
  markReordered(reversedKeys(message.method === "tools/list" ? { ...message, params: {} } : message)) as JsonRpcMessage;

/**
 * After the draws, so that every seed has it: the chapter's invalid call with a limit inside its
 * bounds beside it (the same one problem, the same message). A handle that reads the optional
 * limit as always given answers it, and its throw on id 5 is then that one mistake, not the
 * validation left out (grading/answered-branch.ts).
 */
const FIXED: Readonly<Record<number, readonly JsonRpcMessage[]>> = {
  5: [(() => {
    const message = structuredClone(MESSAGES.find((m) => "id" in m && m.id === 5)!) as JsonRpcMessage & { params: { arguments: JsonObject } };
    return { ...message, id: 905, params: { ...message.params, arguments: { ...message.params.arguments, limit: 10 } } };
  })(), (() => {
    // Under a string id, with text beyond ASCII and the BMP in the query beside the wrong service:
    // validation run only under number ids or for ASCII arguments kept this line
    // (cheats-round-2026-12-07f). The line reads isError and the text, never the id (part).
    const message = structuredClone(MESSAGES.find((m) => "id" in m && m.id === 5)!) as JsonRpcMessage & { params: { arguments: JsonObject } };
    return { ...message, id: "call-906", params: { ...message.params, arguments: { ...message.params.arguments, query: `${String(message.params.arguments["query"])} ${ASTRAL}` } } };
  })()],
  // tools/list with params holding only a _meta (ListToolsRequest's params are optional, and any
  // request may carry _meta): the list all the same (slips-round-2026-12-07p
  // ch2-mistake-tools-list-refuses-params kept the line refusing every params but {}).
  2: [{ jsonrpc: "2.0", id: 902, method: "tools/list", params: { _meta: { progressToken: "list-902" } } }],
  // An unknown name beyond ASCII under a string id: the rule kept for ASCII names or number ids
  // only kept this line (cheats-round-2026-12-07f ch2-unknown-tool-ascii-only, -number-ids-only).
  4: [(() => {
    const message = structuredClone(MESSAGES.find((m) => "id" in m && m.id === 4)!) as JsonRpcMessage & { params: JsonObject };
    return { ...message, id: "call-904", params: { ...message.params, name: `logs_search_${ASTRAL.replaceAll(" ", "_")}` } };
  })()],
};

/**
 * Last, after every other draw (so every seed keeps the inputs it had): the request varied as
 * above under the chapter's own id. A handle that answered the page's ids 1-7 from a table kept
 * every line whose variants were asked under other ids only (game-handle-page-ids). tools/list
 * has nothing to vary.
 */
const underPageId = (id: number, random: Random): JsonRpcMessage[] => (id === 2 ? [] : [{ ...varied(id, random), id }]);

export const VARIANT_CHECKS: BehaviourCheck[] = VARIANTS.map(({ id, name, title, rule, part }) => ({
  name, task: "task2", judge: "output", part, title, rule, hint: HINT,
  inputs: (random: Random) => [...Array.from({ length: 6 }, (_, i) => (i % 2 ? otherForm(varied(id, random)) : varied(id, random))), ...(FIXED[id] ?? []).map((m) => structuredClone(m)), ...underPageId(id, random)],
}));

/** Each variant check's name by the fixture id it varies: the evidence line of that id names it. */
export const VARIANT_OF_ID: Readonly<Record<number, string>> = Object.fromEntries(VARIANTS.map((v) => [v.id, v.name]));
