// One step's outcome against the model's, in one of two parts, so that one mistake fails the
// check about it: the envelope (jsonrpc "2.0", the request's id echoed, never both result and
// error) or the body (null where nothing is due, the result, or the error's code with some
// message; an outbox's notifications). What the rules leave free is not compared: an error's
// message text and data, `isError: false` on a successful tool call (the spec: absent means
// false), -32002 for an unknown resource (the spec's code) where the lab raises -32602, a tool
// call refused whose arguments are not of its schema's types (the spec's reading), the
// place in tools/list of a tool added again under a name already there (the page never says), and
// in a list after a tool was added live, all but the names (t2_tools_added's; session.ts); a
// result's _meta and initialize's instructions, which the specification allows.
import type { ListTerms, Outcome, Step } from "./session.js";
import { withoutSpecExtras } from "../../../src/json/spec-extras.js";

export type Part = "envelope" | "body";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const NOT_DATA = "\u0000notData";

/** Deep equality of JSON values, key order free. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (!isObject(a) || !isObject(b) || Array.isArray(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

/**
 * An outcome with what no rule judges left out: an error's message and data, a result's _meta and
 * initialize's instructions. t2_isolation compares a server's answers with its own through it, so
 * a trace id or a time in those (random, or the clock's) is not taken for state leaking.
 */
export function judgedPart(outcome: unknown): unknown {
  if (!isObject(outcome) || !isObject(outcome["value"])) return outcome;
  const { error, result } = outcome["value"];
  const value: Record<string, unknown> = { ...outcome["value"] };
  if (isObject(error)) value["error"] = { code: error["code"] };
  if (isObject(result)) {
    const { _meta: _, instructions: __, ...rest } = result;
    value["result"] = rest;
  }
  return { ...outcome, value };
}

/** A value to show: JSON, with what JSON could not carry named. */
export function shown(v: unknown): string {
  if (isObject(v) && typeof v[NOT_DATA] === "string") return `<${v[NOT_DATA]}>`;
  const text = JSON.stringify(v, (_, x: unknown) => (isObject(x) && typeof x[NOT_DATA] === "string" ? `<${x[NOT_DATA]}>` : x));
  return text === undefined ? String(v) : text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

function withoutIsErrorFalse(result: unknown): unknown {
  if (!isObject(result) || result["isError"] !== false || !Object.hasOwn(result, "content")) return result;
  const { isError: _, ...rest } = result;
  return rest;
}

function envelope(expected: Record<string, unknown>, actual: Record<string, unknown>): string | undefined {
  if (actual["jsonrpc"] !== "2.0") return `its jsonrpc is ${shown(actual["jsonrpc"])}, not "2.0"`;
  // An Invalid Request for an id that is no string or number may say id null instead (JSON-RPC:
  // "If there was an error in detecting the id in the Request object ... it MUST be Null").
  const notAnId = Object.hasOwn(expected, "error") && typeof expected["id"] !== "string" && typeof expected["id"] !== "number" && actual["id"] === null;
  if (!notAnId && (!Object.hasOwn(actual, "id") || !same(actual["id"], expected["id"]))) return `its id is ${Object.hasOwn(actual, "id") ? shown(actual["id"]) : "missing"}, not the request's ${shown(expected["id"])}`;
  if (Object.hasOwn(actual, "result") && Object.hasOwn(actual, "error")) return "it has both result and error";
  // How every error is written (JSON-RPC: "message: a String providing a short description"), not
  // what a method's rule answers: one slip, t2_envelope's, where an empty message once failed
  // the check of every method that refuses (helper 98's m-error-message-empty, 14/18).
  const error = actual["error"];
  if (isObject(error) && (typeof error["message"] !== "string" || error["message"] === "")) return "its error has no message (a non-empty string)";
  return undefined;
}

const nameOf = (tool: unknown): unknown => (isObject(tool) ? tool["name"] : undefined);
const byName = (a: unknown, b: unknown): number => String(nameOf(a)).localeCompare(String(nameOf(b)));

/** A result with the `movable` tools' entries taken out of its list, and those entries by name. */
function apart(result: unknown, movable: readonly string[]): { rest: unknown; moved: unknown[] } {
  if (!isObject(result) || !Array.isArray(result["tools"])) return { rest: result, moved: [] };
  const tools = result["tools"] as unknown[];
  const free = (t: unknown): boolean => movable.includes(nameOf(t) as string);
  return { rest: { ...result, tools: tools.filter((t) => !free(t)) }, moved: tools.filter(free).sort(byName) };
}

/** A tools/list result with each tool's name alone, or the value as it is when it holds no list. */
const namesOf = (result: unknown): unknown =>
  (isObject(result) && Array.isArray(result["tools"]) ? { tools: (result["tools"] as unknown[]).map((t) => ({ name: nameOf(t) })) } : result);

/** The same result under a list's terms: tools added again anywhere (each once, as registered last), and names alone when only they count. */
function sameResult(actual: unknown, expected: unknown, terms: ListTerms | undefined): boolean {
  if (!terms) return same(actual, expected);
  const [a, e] = terms.namesOnly ? [namesOf(actual), namesOf(expected)] : [actual, expected];
  if (terms.movable.length === 0) return same(a, e);
  const pa = apart(a, terms.movable);
  const pe = apart(e, terms.movable);
  // Names alone (a tool added to the live session, t2_tools_added's rule): a name added again and
  // listed twice is t2_tools_list's mistake ("the same name again replaces it"), on the lists
  // before; here it counts once, so that one mistake fails one check (both lines' points before).
  const moved = terms.namesOnly ? pa.moved.filter((t, i) => pa.moved.findIndex((u) => nameOf(u) === nameOf(t)) === i) : pa.moved;
  return same(pa.rest, pe.rest) && same(moved, pe.moved);
}

const listed = (result: unknown): string => {
  const named = namesOf(result);
  return isObject(named) && Array.isArray(named["tools"]) ? shown((named["tools"] as { name: unknown }[]).map((t) => t.name)) : shown(result);
};

function body(expected: Record<string, unknown>, given: Record<string, unknown>, step: Step, terms: ListTerms | undefined): string | undefined {
  // A result's _meta and initialize's instructions, which the specification allows, are not judged (src/json/spec-extras.ts).
  const actual = withoutSpecExtras(given, expected) as Record<string, unknown>;
  if (Object.hasOwn(expected, "error")) {
    const code = (expected["error"] as { code: number }).code;
    const error = actual["error"];
    if (!isObject(error)) return `an error with code ${code} is due, and it ${Object.hasOwn(actual, "result") ? "has a result instead" : "has no error"}`;
    const method = step.op === "handle" && isObject(step.message) ? step.message["method"] : undefined;
    const codes = method === "resources/read" && code === -32602 ? [code, -32002] : [code];
    if (!codes.includes(error["code"] as number)) return `its error code is ${shown(error["code"])}, not ${code}`;
    // Its message is the envelope's (above): judged there for every error.
    return undefined;
  }
  if (!Object.hasOwn(actual, "result")) return `a result is due, and it ${Object.hasOwn(actual, "error") ? `is error ${shown(actual["error"])}` : "has none"}`;
  if (!sameResult(withoutIsErrorFalse(actual["result"]), expected["result"], terms)) {
    return terms?.namesOnly ? `it lists the tools ${listed(actual["result"])}, not ${listed(expected["result"])}` : `its result is ${shown(actual["result"])}, where the rules give ${shown(expected["result"])}`;
  }
  return undefined;
}

function notifications(expected: unknown[], actual: unknown, part: Part): string | undefined {
  if (!Array.isArray(actual)) return part === "body" ? `drainOutbox() returned ${shown(actual)}, not a list` : undefined;
  for (const [i, n] of actual.entries()) {
    if (!isObject(n)) return part === "body" ? `item ${i} is ${shown(n)}` : undefined;
    if (part === "envelope") {
      if (Object.hasOwn(n, "id")) return `notification ${i} has an id key (${shown(n["id"])}): a notification has none`;
      if (n["jsonrpc"] !== "2.0") return `notification ${i}'s jsonrpc is ${shown(n["jsonrpc"])}`;
    }
  }
  if (part === "envelope") return undefined;
  const methods = actual.map((n) => (n as Record<string, unknown>)["method"]);
  const want = expected.map((n) => (n as Record<string, unknown>)["method"]);
  if (!same(methods, want)) return `it held ${shown(methods)}, not ${shown(want)}`;
  const params = actual.find((n) => Object.hasOwn(n as object, "params") && !same((n as Record<string, unknown>)["params"], {}));
  return params ? `list_changed carries no payload, and this one has params ${shown((params as Record<string, unknown>)["params"])}` : undefined;
}

/** Why the actual outcome of a step is not the model's in this part, or undefined when it is. */
export function compareStep(step: Step, expected: Outcome, actual: Outcome, part: Part): string | undefined {
  // Once per step, answer and part: the judge's windows and checks compare the same pairs again.
  let byExpected = compared.get(step);
  if (!byExpected) compared.set(step, byExpected = new WeakMap());
  let byActual = byExpected.get(expected);
  if (!byActual) byExpected.set(expected, byActual = new WeakMap());
  let parts = byActual.get(actual);
  if (!parts) byActual.set(actual, parts = {});
  const known = parts[part];
  if (known !== undefined) return known ?? undefined;
  const why = compareOnce(step, expected, actual, part);
  parts[part] = why ?? null;
  return why;
}
const compared = new WeakMap<Step, WeakMap<Outcome, WeakMap<Outcome, Partial<Record<Part, string | null>>>>>();

function compareOnce(step: Step, expected: Outcome, actual: Outcome, part: Part): string | undefined {
  const call = step.op === "handle" ? "handle" : step.op === "addTool" ? "addTool" : "drainOutbox";
  if ("threw" in actual) return part === "body" ? `${call} threw ${actual.threw.name ? `${actual.threw.name}: ` : ""}${actual.threw.message}` : undefined;
  const want = (expected as { value: unknown }).value;
  if (step.op === "addTool") return undefined;
  if (step.op === "drain") return notifications(want as unknown[], actual.value, part);
  if (want === null) return actual.value === null || part === "envelope" ? undefined : `it answered ${shown(actual.value)}; nothing is due (null)`;
  if (!isObject(actual.value)) return part === "body" ? `it answered ${shown(actual.value)}; a response is due` : undefined;
  const w = want as Record<string, unknown>;
  if (part === "body" && (expected as { mistyped?: true }).mistyped && refusesArguments(actual.value)) return undefined;
  return part === "envelope" ? envelope(w, actual.value) : body(w, actual.value, step, (expected as { list?: ListTerms }).list);
}

/**
 * A tool call refused for its arguments, as the specification lets a server refuse one whose
 * values are not of its inputSchema's types: a -32602 error with a message (2025-06-18, "Invalid
 * arguments") or a result with isError true (2025-11-25: input validation errors are tool
 * execution errors). The page runs the tool; either answer is accepted there.
 */
function refusesArguments(actual: Record<string, unknown>): boolean {
  const { error, result } = actual;
  if (Object.hasOwn(actual, "result") && Object.hasOwn(actual, "error")) return false;
  if (isObject(error)) return error["code"] === -32602 && typeof error["message"] === "string" && error["message"] !== "";
  return isObject(result) && result["isError"] === true && Array.isArray(result["content"]);
}
