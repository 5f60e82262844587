// The evidence lines of tasks 1, 2 and 4, each one check in one place: its key, title, the rule
// to reread (hint), how its value is read from what the code returned on the fixtures, and what a
// wrong value most likely means. The accepted value is the same reading of the model's answers on
// the same fixtures (never typed in), pinned as literals in lines.test.ts. Task 3's lines are
// the client's (client/task3.ts, CLIENT_EVIDENCE).
import { canonicalJson } from "../../../src/json/python-json.js";
import type { EvidenceLine } from "../../../src/pack/types.js";
import { CHECK_ARGS_INPUTS, CHECK_ARGS_NAMES, LINES, MESSAGES, messageIndex, type CheckArgsCase } from "../course/fixtures.js";
import { answersOf, checkArgs, isObject, own, serve, SERVER_INFO_KEY, CACHE_HINTS, UNSUPPORTED_PROTOCOL_VERSION } from "../behaviour/model.js";
import { SERVER_INFO } from "../course/index.js";
import { serverInfoPart } from "../behaviour/compare.js";
import { mistakesExplaining } from "./args-mistakes.js";
import { showsSlipOf } from "./value-slip.js";
import { describeType, dig, need, printed, sameJson } from "./reading.js";

export type EvidenceTask = "task1" | "task2" | "task4";

/** What a task returned on its fixtures: task1 one list per CHECK_ARGS case, task2 one response per message, task4 serve's result. */
export type FixtureValue = unknown;

export interface EvidenceCheck {
  key: string;
  task: EvidenceTask;
  title: string;
  hint: string;
  read(value: FixtureValue): string;
  /** Why a wrong value is most likely wrong, for the student to act on. */
  diagnose(actual: string, value: FixtureValue): string;
  /**
   * The line of the same task whose mistake this one only reads through, and when: then, with
   * that line wrong too, this one is charged there (one mistake, one point; judge-parts.ts).
   */
  readsThrough?: ReadThrough | readonly ReadThrough[];
}

export interface ReadThrough { line: string; when(actual: string | undefined, accepted: string, value: FixtureValue): boolean }

// ---- task 1 ----
function problems(value: FixtureValue, name: CheckArgsCase): string[] {
  const list = (value as unknown[])[CHECK_ARGS_NAMES.indexOf(name)];
  need(Array.isArray(list), `checkArgs returned ${describeType(list)}, not a list of strings`);
  const bad = (list as unknown[]).findIndex((p) => typeof p !== "string");
  need(bad < 0, `checkArgs's item ${bad} is ${describeType((list as unknown[])[bad])}, not a string`);
  return list as string[];
}

function diagnoseProblems(actual: string, accepted: string): string {
  const a = actual.split("; ");
  const b = accepted.split("; ");
  if (actual === "") return "checkArgs found nothing wrong here. Look up keys with Object.hasOwn: the `in` operator also finds what every object inherits, and a missing key is one args does not have as its own.";
  if (a.length === b.length && [...a].sort().join() === [...b].sort().join()) return "The right problems in the wrong order: every missing name first (in schema.required's order), then every unexpected key, then every value that is not a string (both in Object.keys(args)'s order).";
  if (/"[^"']*"/.test(actual) && !/"/.test(accepted)) return "A name is in double quotes where Python's repr uses single quotes: double quotes only when the name holds a single quote and no double quote.";
  if (a.length === b.length) return "The problems are there but a name is written differently from Python's repr(): check the quote it picks, and that a backslash or the quote inside the name is escaped with a backslash.";
  return a.length < b.length ? "A problem is missing: each required name args lacks, each key not in schema.properties and each value that is not a string is one problem." : "There is a problem too many: a key is reported twice, or a fine value is reported (only a key that is in schema.properties and holds a non-string must be a string).";
}

const argsLine = (key: string, name: CheckArgsCase, title: string, hint: string, readsThrough?: EvidenceCheck["readsThrough"]): EvidenceCheck => ({
  key, task: "task1", title, hint,
  read: (value) => problems(value, name).join("; "),
  diagnose: (actual) => diagnoseProblems(actual, ACCEPTED[key]!),
  ...(readsThrough ? { readsThrough } : {}),
});

/**
 * A checkArgs line reads through `line` (the one that shows the mistake first, on the page's
 * case `name`) when one of that line's mistakes alone explains both lines' values (args-mistakes.ts).
 */
const throughArgs = (line: string, name: CheckArgsCase): ReadThrough => ({
  line,
  when: (actual, accepted, v) => actual !== undefined
    && (mistakesExplaining(line, problems(v, name), ACCEPTED[line]!.split("; ")).some((only) => only(actual.split("; "), accepted.split("; ")))
      // or that line's value slip ("must be str") written right makes this one right too (value-slip.ts)
      || showsSlipOf(problems(v, name).join("; "), ACCEPTED[line]!, actual, accepted)),
});

// ---- task 2 ----
const response = (value: FixtureValue, id: number): unknown => {
  const r = (value as unknown[])[messageIndex(id)];
  need(r !== null && r !== undefined, `handle returned null for the request with id ${id}, which needs a response`);
  return r;
};
const at = (value: FixtureValue, id: number, path: (string | number)[]): unknown => dig(response(value, id), path, `the response to id ${id}`);
const text = (value: FixtureValue, id: number): string => printed(at(value, id, ["result", "content", 0, "text"]));
/** Whether r is a JSON-RPC response to the request m: jsonrpc "2.0", m's id, and exactly one of result and error. */
const respondsTo = (m: Record<string, unknown>, r: unknown): boolean =>
  isObject(r) && own(r, "jsonrpc") === "2.0" && own(r, "id") === m["id"] && (own(r, "result") !== undefined) !== (own(r, "error") !== undefined);
/** The ids of the requests answered with a result: a response to that request (its id) holding one. */
const resultIds = (value: FixtureValue): number[] => MESSAGES.flatMap((m, i) => (typeof m["id"] === "number" && respondsTo(m, (value as unknown[])[i]) && own((value as unknown[])[i], "result") !== undefined ? [m["id"]] : []));
const resultOf = (value: FixtureValue, id: number): Record<string, unknown> => {
  const r = own((value as unknown[])[messageIndex(id)], "result");
  return isObject(r) ? r : {};
};
const CACHED_IDS = [1, 2, 7, 8];
/** The requests of the fixtures that get a result (the model's answers): an envelope line reads each of them. */
const RESULT_IDS: readonly number[] = resultIds(answersOf(MESSAGES));
const NO_RESULT = "no result for ids ";
/** The fixture requests whose model answer is a tool's failure (a result with isError true). */
const TOOL_FAILURE_IDS: readonly number[] = RESULT_IDS.filter((id) => own(resultOf(answersOf(MESSAGES), id), "isError") === true);
/** The message of the protocol error handle answered the request `id` with, if it answered one. */
const errorMessageAt = (v: FixtureValue, id: number): string | undefined => {
  const r = (v as unknown[])[messageIndex(id)];
  const e = own(r, "error");
  return isObject(e) && own(r, "result") === undefined && typeof e["message"] === "string" ? e["message"] : undefined;
};
const unquoted = (shown: string): string => { try { const t = JSON.parse(shown) as unknown; return typeof t === "string" ? t : shown; } catch { return shown; } };
/**
 * A tool's failure sent as a protocol error whose message holds the result's text (a throw that the
 * dispatcher turns into -32602, say): one slip, which t2_z9_is_error charges; the text lines of ids
 * 4 and 5 and the envelope lines, which find no result there, read through it.
 */
const failureAsError = (id?: number): ReadThrough => ({
  line: "t2_z9_is_error",
  when: (actual, accepted, v) => {
    if (id !== undefined) { const m = errorMessageAt(v, id); return m !== undefined && m.includes(unquoted(accepted).replace(/^Error: /, "")); }
    const none = actual?.startsWith(NO_RESULT) ? actual.slice(NO_RESULT.length).split(",").map(Number) : undefined;
    return none !== undefined && none.length > 0 && none.every((n) => TOOL_FAILURE_IDS.includes(n) && errorMessageAt(v, n) !== undefined);
  },
});

/**
 * An envelope line's value: the ids of the results lacking the field, then the ids of the fixtures'
 * results that got none (an error, null, not a response), since a field cannot be read there: "none"
 * is earned only by code that answered every one of them with a result that has it.
 */
function withoutField(v: FixtureValue, due: readonly number[], lacks: (result: Record<string, unknown>) => boolean, extras: boolean): string {
  const got = resultIds(v);
  const lacking = (extras ? got : due.filter((id) => got.includes(id))).filter((id) => lacks(resultOf(v, id)));
  const none = due.filter((id) => !got.includes(id));
  const parts = [...(lacking.length ? [lacking.join(",")] : []), ...(none.length ? [`${NO_RESULT}${none.join(",")}`] : [])];
  return parts.length ? parts.join("; ") : "none";
}

/** The diagnosis of an envelope line's value: what lacks the field, and which results were not there to read. */
function diagnoseWithout(actual: string, lacking: (ids: string) => string): string {
  const parts = actual.split("; ");
  const none = parts.find((p) => p.startsWith(NO_RESULT));
  const ids = parts.find((p) => !p.startsWith(NO_RESULT));
  const out: string[] = [];
  if (ids !== undefined) out.push(lacking(ids));
  if (none !== undefined) out.push(`handle gave no result to the requests with ids ${none.slice(NO_RESULT.length)} (an error, null or not a response instead), so their envelope could not be read: this line needs every request of the fixtures that gets a result answered with one.`);
  return out.join(" ") || lacking(actual);
}


/**
 * An envelope line reads through t2_responses when the answers, each given its request's id, read
 * as accepted: the results are there, under ids t2_responses already charges (an id written as a
 * string, say), so "no result for ids …" would charge that mistake again.
 */
const withRequestIds = (v: FixtureValue): unknown[] => (v as unknown[]).map((r, i) => (isObject(r) && Object.hasOwn(MESSAGES[i]!, "id") ? { ...r, id: MESSAGES[i]!["id"] } : r));
const throughIds = (read: (v: FixtureValue) => string): ReadThrough => ({ line: "t2_responses", when: (_a, accepted, v) => read(withRequestIds(v)) === accepted });
/**
 * The line that reads a fixture request's result, by the request's id: where that request alone
 * got no result (a method's name typed otherwise: server/discovery), its line shows the mistake,
 * and the envelope lines, which cannot read that result's fields, read through it (helper 96's
 * mcp-stateless-discover-typo lost four points).
 */
const RESULT_LINES: Readonly<Record<number, string>> = { 1: "t2_discover_versions", 2: "t2_tool_names", 3: "t2_a100_structured", 10: "t2_cancel_round1", 11: "t2_cancel_accept_text", 12: "t2_cancel_decline_text" };
const throughResultLines: ReadThrough[] = Object.entries(RESULT_LINES).map(([id, line]) => ({ line, when: (actual) => actual === `${NO_RESULT}${id}` }));
const envelope = (key: string, title: string, hint: string, read: (v: FixtureValue) => string, diagnose: (actual: string) => string): EvidenceCheck =>
  ({ key, task: "task2", title, hint, read, diagnose, readsThrough: [throughIds(read), failureAsError(), ...throughResultLines] });

const t2 = (key: string, title: string, hint: string, read: (v: FixtureValue) => string, diagnose: (actual: string) => string, readsThrough?: EvidenceCheck["readsThrough"]): EvidenceCheck =>
  ({ key, task: "task2", title, hint, read, diagnose, ...(readsThrough ? { readsThrough } : {}) });

// ---- task 4 ----
/**
 * serve's answer to each fixture line alone, read in place of its answer to LINES when that one
 * call failed on one or two lines (grading/serve-lines.ts): a line that reads every input line
 * fails at the failed one, the parse error line reads its own line alone.
 */
export class LinesAlone {
  constructor(readonly answers: readonly unknown[]) {}
}

function lists(value: FixtureValue): { out: string[]; log: string[] } {
  if (value instanceof LinesAlone) {
    const each = value.answers.map(lists);
    return { out: each.flatMap((l) => l.out), log: each.flatMap((l) => l.log) };
  }
  need(isObject(value), `serve returned ${describeType(value)}, not { out, log }`);
  const { out, log } = value as { out: unknown; log: unknown };
  for (const [name, list] of [["out", out], ["log", log]] as const) {
    need(Array.isArray(list) && (list as unknown[]).every((x) => typeof x === "string"), `serve's ${name} is ${describeType(list)}, not a list of strings`);
  }
  return { out: out as string[], log: log as string[] };
}
const parsed = (line: string): unknown => { try { return JSON.parse(line); } catch { return undefined; } };
/** The fixture line that is not JSON, which t4_parse_error_line reads alone when serve's answers are read line by line. */
const NOT_JSON_LINE = LINES.findIndex((l) => l.trim() !== "" && parsed(l) === undefined);
const parseErrorLines = (value: FixtureValue): string[] => lists(value instanceof LinesAlone ? value.answers[NOT_JSON_LINE] : value).out.filter((l) => { const p = parsed(l); return isObject(p) && isObject(p["error"]) && p["error"]["code"] === -32700; });
/** The fixture lines of spaces only: blank after trim(), not empty. */
const SPACES_ONLY = LINES.filter((l) => l !== "" && l.trim() === "").length;
const withoutNull = (ids: string): string => ids.split(",").filter((id) => id !== "null" && id !== "?").join(",");
/** Whether two lists of ids are the same where the second's is not null. */
const sameBesideNull = (ids: string, accepted: string): boolean => {
  const [a, b] = [ids.split(","), accepted.split(",")];
  return a.length === b.length && a.every((id, i) => id === b[i] || b[i] === "null");
};

export const EVIDENCE_CHECKS: readonly EvidenceCheck[] = [
  // Each line shows the mistakes of the lines it reads through again (args-mistakes.ts): names
  // written otherwise than repr() (t1_quoted_name's), unexpected keys before the missing names or
  // the list cut short (t1_bad_args's), a value not reported as not a string (t1_wrong_type's).
  // Read through that line when its mistake is the only thing wrong in both.
  argsLine("t1_bad_args", "bad_args", "Arguments {id: 100}: the missing name, then the unexpected one",
    "check_args in 2.2: missing names first, then unexpected keys, each written with {k!r}, joined with \"; \".",
    [throughArgs("t1_quoted_name", "quoted_name")]),
  argsLine("t1_wrong_type", "wrong_type", "A value that is not a string is reported",
    "check_args in 2.2: a key that is in schema.properties and holds anything but a string gives \"<name> must be a string\".",
    [throughArgs("t1_quoted_name", "quoted_name")]),
  argsLine("t1_problem_order", "problem_order", "All three kinds of problem, in the page's order",
    "check_args in 2.2: problems = missing + unexpected, then += wrong, in that order.",
    [throughArgs("t1_bad_args", "bad_args"), throughArgs("t1_wrong_type", "wrong_type"), throughArgs("t1_quoted_name", "quoted_name")]),
  argsLine("t1_quoted_name", "quoted_name", "Names with quotes and backslashes are quoted as Python's repr() does",
    "Python's repr() of a str: which quote it picks, and what it escapes inside (the task's header lists the rules).",
    [throughArgs("t1_bad_args", "bad_args")]),
  {
    key: "t1_valid_count", task: "task1", title: "Valid arguments give no problems", hint: "check_args returns an empty list when nothing is wrong: no empty strings, no placeholders.",
    // [] for everything finds nothing wrong here either: the count is earned only by a checkArgs that found a problem somewhere else.
    read: (value) => {
      const n = problems(value, "valid").length;
      return n === 0 && CHECK_ARGS_NAMES.every((name) => name === "valid" || problems(value, name).length === 0) ? "0, and no problem found in the other calls either" : String(n);
    },
    diagnose: (a) => a.startsWith("0,") ? "checkArgs returned [] for every call, the bad arguments too: an empty list is right only where nothing is wrong." : "Fine arguments came back with something in the list: return [] when there is nothing wrong (an empty problems list, not [\"\"]).",
  },
  {
    key: "t2_responses", task: "task2", title: "Every request is answered and the notification is not",
    hint: "Rule 1: a message with no id key is a notification and gets null; every other message gets a response.",
    // A request counts when its answer is a response to it (jsonrpc, its id, result or error): a
    // handle answering {} or a fixed id to everything answered nothing. A notification counts when it got anything.
    read: (v) => String(MESSAGES.filter((m, i) => {
      const r = (v as unknown[])[i];
      return Object.hasOwn(m, "id") ? respondsTo(m, r) : r !== null && r !== undefined;
    }).length),
    diagnose: (a, v) => {
      const wrong = Array.isArray(v) ? MESSAGES.flatMap((m, i) => (Object.hasOwn(m, "id") && !respondsTo(m, v[i]) ? [printed(m["id"])] : [])) : [];
      if (wrong.length) return `The answers to the requests with ids ${wrong.join(", ")} are not responses to them: a request gets {jsonrpc: "2.0", id: <its id>, result} or {jsonrpc: "2.0", id: <its id>, error}, never null (only a message without an "id" key is a notification).`;
      return Number(a) > 12 ? "The notification got a response: a message with no \"id\" key gets null." : "A request got null: only a message without an \"id\" key is a notification.";
    },
  },
  t2("t2_discover_versions", "server/discover lists the supported versions",
    "Rule 4: server/discover answers with supportedVersions [PROTOCOL_VERSION] (this one carries the client's _meta and the current version).",
    (v) => JSON.stringify(at(v, 1, ["result", "supportedVersions"])),
    () => "This server/discover carries a well-formed _meta with PROTOCOL_VERSION (a client calls it to learn which version to use): answer it, with supportedVersions a list holding PROTOCOL_VERSION."),
  t2("t2_tool_names", "tools/list lists both tools in TOOLS' order", "Rule 6: one entry per key of TOOLS, in order, with name, description and inputSchema.",
    (v) => (at(v, 2, ["result", "tools"]) as unknown[]).map((t, i) => printed(dig(t, ["name"], `result.tools[${i}]`))).join(","),
    () => "List every tool of TOOLS in its order, each as {name: <its key>, ...its spec}."),
  t2("t2_a100_structured", "get_order_status returns the order as structuredContent", "Rule 8: structuredContent is {order_id, status, eta} of the order; its JSON text is the text content.",
    (v) => canonicalJson(at(v, 3, ["result", "structuredContent"])),
    () => "structuredContent is exactly {order_id, status, eta}: no total_inr, nothing else."),
  t2("t2_z9_text", "An unknown order is a readable tool error", "Rule 7: an order_id not in ORDERS is a result with text \"Error: order <id> not found: IDs look like A100\".",
    (v) => text(v, 4),
    () => "The text starts with \"Error: \", then the page's ToolFailure message for an unknown order, word for word.", failureAsError(4)),
  t2("t2_z9_is_error", "The unknown order's result has isError true", "Rule 7 and the page's note in 2.4: a tool that ran and failed returns a normal result with isError: true.",
    // isError true everywhere (a fixed answer) is not told apart from a failure: A100's success must not say it.
    // A string is shown quoted: "true" is not the boolean the rule (and the schema) asks for.
    (v) => { const flag = at(v, 4, ["result", "isError"]); const z9 = typeof flag === "string" ? JSON.stringify(flag) : printed(flag); return z9 === "true" && own(resultOf(v, 3), "isError") === true ? "true, on A100's success too" : z9; },
    (a) => a.startsWith("true,") ? "isError is true on the result for A100, which succeeded, as well: isError says whether this call failed (true for Z9, false for A100)."
      : a.startsWith("\"") ? "isError is a string here: it is the boolean true (or false), not text." : "A tool's failure is a result the model reads: set isError to true on it (false on success).",
    // No result for Z9 at all (handle threw on it, say) from a handle that answers A100's: the text's
    // line cannot be read either, one mistake, which it charges (helper 103's m-z9-throws,
    // m-unknown-order-unchecked: 39/41). Not from one that answers neither: a line so charged earns
    // its point, and a handle answering nothing earned this one (hostile-stateless do-nothing-empty).
    { line: "t2_z9_text", when: (actual, _accepted, v) => actual === undefined && own((v as unknown[])[messageIndex(4)], "result") === undefined && isObject(own((v as unknown[])[messageIndex(3)], "result")) }),
  t2("t2_bad_args_text", "Bad arguments are reported through checkArgs", "Rule 7: arguments that fail checkArgs give a result with text \"Error: \" + the problems joined with \"; \".",
    (v) => text(v, 5),
    () => "Run checkArgs on the arguments before the tool, and put \"Error: \" before its problems joined with \"; \".", failureAsError(5)),
  t2("t2_unknown_tool_error", "An unknown tool is a protocol error -32602", "Rule 7 and the note in 2.4: an unknown tool or method is a protocol error (error with a code), not an isError result.",
    // The same error to a known tool's call (get_order_status, id 3) tells no tool apart.
    (v) => {
      const code = at(v, 6, ["error", "code"]);
      const line = `${printed(code)} ${printed(at(v, 6, ["error", "message"]))}`;
      return code === -32602 && own(own((v as unknown[])[messageIndex(3)], "error"), "code") === -32602 ? `${line}, and to get_order_status too` : line;
    },
    (a) => a.endsWith("to get_order_status too") ? "get_order_status is a tool of TOOLS: only a name TOOLS does not have (as its own key) is an unknown tool."
      : "A tool TOOLS does not have (as its own key) is error {code: -32602, message: \"unknown tool: <name>\"}, not a result."),
  t2("t2_old_version_code", "An old protocol version is refused with -32022", "Rule 5: every method but server/discover reads _meta's protocolVersion and refuses anything but PROTOCOL_VERSION.",
    // Refusing the current version too (tools/list at 2026-07-28, id 2) checks nothing.
    (v) => {
      const code = printed(at(v, 99, ["error", "code"]));
      return code === "-32022" && own(own((v as unknown[])[messageIndex(2)], "error"), "code") === -32022 ? "-32022, to the current version too" : code;
    },
    (a) => a.endsWith("current version too") ? "tools/list with protocolVersion \"2026-07-28\" was refused as well: refuse only a version other than PROTOCOL_VERSION."
      : "Check params._meta[\"io.modelcontextprotocol/protocolVersion\"] before routing any method other than server/discover, tools/list included."),
  // Read through t2_old_version_code when the fixture's old-version request got no refusal at
  // all: the line then shows the code line's mistake, and its own rule is judged by
  // t2_version_data wherever the code does refuse (failing when it refuses nothing, so a table
  // answering the fixture with anything but an error keeps no data point).
  t2("t2_old_version_data", "The refusal says what is supported and what was requested", "Rule 5 (spec: UnsupportedProtocolVersionError): data has supported and requested.",
    // The fields the rule fixes: data may hold more (Error.data is the sender's to define).
    (v) => { const data = at(v, 99, ["error", "data"]); return canonicalJson(isObject(data) ? { supported: data["supported"], requested: data["requested"] } : data); },
    (a) => a.includes("requested") ? "data.requested is the version the request carried, as it was." : "The specification's error has data.requested too (the page's has only supported): add the version the request asked for.",
    { line: "t2_old_version_code", when: (_a, _accepted, v) => own(own((v as unknown[])[messageIndex(99)], "error"), "code") !== UNSUPPORTED_PROTOCOL_VERSION }),
  t2("t2_cancel_round1", "cancel_order asks first", "Rule 9 and 2.3: without an answer, cancel_order returns early with a result that asks the user (inputRequests.confirm), and its resultType says so.",
    (v) => {
      const type = printed(at(v, 10, ["result", "resultType"]));
      // The resultType alone (on every result, say) does not ask anything: the question must be there.
      return type === "input_required" && !isObject(own(own(resultOf(v, 10), "inputRequests"), "confirm")) ? "input_required without inputRequests.confirm" : type;
    },
    (a) => a.endsWith("without inputRequests.confirm") ? "The result says input_required but asks nothing: put the question under inputRequests.confirm (an elicitation/create request)."
      : "The first round has no inputResponses: return {resultType: \"input_required\", inputRequests: {confirm: ...}}, and keep it (do not overwrite resultType with \"complete\")."),
  t2("t2_cancel_accept_text", "The accepted retry cancels", "Rule 9: {action: \"accept\", content: {confirm: true}} in inputResponses.confirm cancels the order.",
    (v) => text(v, 11),
    () => "The retry carries the answer in params.inputResponses.confirm; read it there (not from memory of round 1)."),
  // Read through the accepted retry's line when both retries were asked again: the answers in
  // params.inputResponses were never read, one mistake (input-responses-from-arguments lost both).
  t2("t2_cancel_decline_text", "A declined retry keeps the order", "Rule 9: any answer but accept with confirm true keeps the order.",
    (v) => text(v, 12),
    () => "Only action \"accept\" with content.confirm === true cancels; anything else is \"<id> kept: the user did not confirm\".",
    { line: "t2_cancel_accept_text", when: (_a, _accepted, v) => [11, 12].every((id) => own(resultOf(v, id), "resultType") === "input_required") }),
  envelope("t2_without_result_type", "Every result has a resultType", "Rule 3: every result has resultType (\"complete\" unless it is input_required).",
    (v) => withoutField(v, RESULT_IDS, (r) => typeof r["resultType"] !== "string", true),
    (a) => diagnoseWithout(a, (ids) => `The results to ids ${ids} have no resultType: add "complete" to every result that has none, tool errors included.`)),
  envelope("t2_without_server_info", "Every result carries serverInfo in _meta", "Rule 3: every result has _meta {\"io.modelcontextprotocol/serverInfo\": SERVER_INFO}.",
    (v) => withoutField(v, RESULT_IDS, (r) => !sameJson(serverInfoPart(own(r["_meta"], SERVER_INFO_KEY)), SERVER_INFO), true),
    (a) => diagnoseWithout(a, (ids) => `The results to ids ${ids} lack _meta with serverInfo (or it is different): add it in one place, where every result is wrapped.`)),
  envelope("t2_without_cache_hints", "Cacheable results carry the cache hints", "Rules 4, 6, 10, 11 (spec: DiscoverResult, ListToolsResult, ListResourcesResult and ReadResourceResult require cacheScope and ttlMs).",
    (v) => withoutField(v, CACHED_IDS, (r) => r["cacheScope"] !== CACHE_HINTS.cacheScope || r["ttlMs"] !== CACHE_HINTS.ttlMs, false),
    (a) => diagnoseWithout(a, (ids) => `The results to ids ${ids} lack "cacheScope": "public" and "ttlMs": 0, which the schema requires of discover, tools/list, resources/list and resources/read.`)),
  {
    key: "t4_out_ids", task: "task4", title: "One output line per response, in order", hint: "Task 4 rules 1–4: a parse error line for what is not JSON, handle's response for a request, nothing for a notification or a blank line.",
    read: (value) => lists(value).out.map((l) => { const p = parsed(l); return isObject(p) && Object.hasOwn(p, "id") ? printed(p["id"]) : "?"; }).join(","),
    diagnose: (a) => a.includes("?") ? "An output line is not a JSON message: write JSON.stringify(response), one message per line." : "The lines are not one per response in input order: skip blank lines, answer a bad line with the parse error line, and add nothing for a notification's null.",
    // The parse error line's id is null: without it (or with it in another form) the ids read
    // through t4_parse_error_line's mistake when every other id is right and in order.
    // Or with another id where it is null (the line's number: helper 103's m-serve-parse-error-id-line).
    readsThrough: { line: "t4_parse_error_line", when: (a, accepted) => a !== undefined && (withoutNull(a) === withoutNull(accepted) || sameBesideNull(a, accepted)) },
  },
  {
    key: "t4_parse_error_line", task: "task4", title: "The line that is not JSON gets the exact parse error line", hint: "Task 4 rule 3: a line JSON.parse cannot read is answered with the parse error response, id null, as JSON.stringify writes it.",
    read: (value) => {
      const found = parseErrorLines(value);
      need(found.length > 0, "no line in out answers \"{not json\" with code -32700");
      // One line of the fixtures is not JSON: a parse error for every line answers none of them.
      return found.length === 1 ? found[0]! : `${found.length} lines have code -32700, for 1 input line that is not JSON`;
    },
    diagnose: (a) => /^\d+ lines have code -32700/.test(a) ? "Only a line JSON.parse cannot read gets the parse error: skip blank lines and answer the others with handle's response."
      // An out line is the JSON text alone: a newline at its end is the writer's (serve-lines-end-newline).
      : /\s$/.test(a) ? "Each out line is the response's JSON text alone, with nothing after it: the newline that ends a line is written by whatever prints out, not kept in the string."
      : "Write the response with JSON.stringify and these keys in this order: jsonrpc, id (null), error {code, message \"Parse error\"}.",

    // A line of spaces taken for one that is not JSON: the blank rule's mistake, which t4_log shows.
    readsThrough: { line: "t4_log", when: (_a, accepted, v) => { const found = parseErrorLines(v); return found.length === 1 + SPACES_ONLY && found.every((l) => l === accepted); } },
  },
  {
    key: "t4_log", task: "task4", title: "One log line per non-blank line, numbered by position", hint: "Task 4 rule 2: \"line N\" for every line that is not blank, N counting every line from 1, blank ones too.",
    read: (value) => lists(value).log.join(" | "),
    diagnose: () => "Number lines by their position in the input (index + 1), counting blank lines, and log only the lines you do not skip.",
  },
];

/** The accepted value of each line: the same reading of the model's answers on the fixtures. */
const MODEL_VALUES: Record<EvidenceTask, FixtureValue> = {
  task1: CHECK_ARGS_INPUTS.map(([schema, args]) => checkArgs(schema, args)),
  task2: answersOf(MESSAGES),
  task4: serve(LINES),
};
const ACCEPTED: Record<string, string> = Object.fromEntries(EVIDENCE_CHECKS.map((c) => [c.key, c.read(MODEL_VALUES[c.task])]));

export const EVIDENCE: readonly EvidenceLine[] = EVIDENCE_CHECKS.map((c) => ({ key: c.key, task: c.task, title: c.title, accepted: ACCEPTED[c.key]!, hint: c.hint }));

export const evidenceOf = (task: EvidenceTask): EvidenceCheck[] => EVIDENCE_CHECKS.filter((c) => c.task === task);
export const acceptedOf = (key: string): string => ACCEPTED[key]!;
