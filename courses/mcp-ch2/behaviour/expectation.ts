// What the chapter's rules require of one answer. Most inputs have exactly one right answer; two
// kinds leave some freedom, and a check must accept every answer the chapter allows:
// - rule 5 fixes the messages and the "; " between them, not their order;
// - a call the chapter does not decide (arguments that are not an object, no tool name) needs
//   only what JSON-RPC asks of any response: the request's id, and a result or an error;
// - and every answer may carry what the specification allows beyond them (src/json/spec-extras.ts).
import type { JsonObject, JsonValue } from "../course/types.js";
import { canonicalJson } from "../../../src/json/python-json.js";
import { withoutSpecExtras } from "../../../src/json/spec-extras.js";

export type Expectation =
  | { kind: "exact"; value: unknown }
  | { kind: "messages"; value: JsonObject; messages: string[]; also?: string[] }
  | { kind: "protocol"; id: JsonValue; value: JsonObject };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Equality of JSON data, key order aside. Own keys only: a key named "__proto__" or "toString"
 * is compared as the data it is, never found on Object.prototype.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}


/** The text of a tool result, `result.content[0].text`, if the answer has one. */
function resultText(value: unknown): string | undefined {
  const result = isObject(value) ? value["result"] : undefined;
  const content = isObject(result) ? result["content"] : undefined;
  const first = Array.isArray(content) ? content[0] : undefined;
  const text = isObject(first) ? first["text"] : undefined;
  return typeof text === "string" ? text : undefined;
}

function isResponseTo(id: JsonValue, value: unknown): boolean {
  if (!isObject(value) || value["jsonrpc"] !== "2.0" || !Object.hasOwn(value, "id") || !sameJson(value["id"], id)) return false;
  const hasResult = Object.hasOwn(value, "result");
  if (hasResult === Object.hasOwn(value, "error")) return false;
  if (hasResult) return isObject(value["result"]);
  const error = value["error"];
  return isObject(error) && Number.isInteger(error["code"]) && typeof error["message"] === "string";
}

/**
 * serve's answer with what the specification lets a response carry beyond the chapter's (an
 * error's data, a result's _meta: the chapter's own answers have neither) taken out of each out
 * line written as the rule writes it (canonical JSON); any other line stays as printed, to be
 * judged so. Both sides of a comparison of serve's answers are read so: the expected lines are
 * the student's own handle's where serve is judged on it, and a trace id drawn there at random
 * differs from call to call.
 */
export function servedWithoutExtras(value: unknown): unknown {
  if (!isObject(value) || !Array.isArray(value["out"])) return value;
  const out = (value["out"] as unknown[]).map((line) => (typeof line === "string" ? lineWithoutExtras(line) : line));
  return { ...value, out };
}

function lineWithoutExtras(line: string): string {
  try {
    const parsed = JSON.parse(line) as unknown;
    return canonicalJson(parsed) === line ? canonicalJson(withoutSpecExtras(parsed, {})) : line;
  } catch { return line; }
}

export function accepts(expectation: Expectation, given: unknown): boolean {
  // What the specification lets a response carry beyond the rule's fields is not judged.
  const actual = expectation.kind === "protocol" ? given : withoutSpecExtras(given, expectation.value);
  switch (expectation.kind) {
    case "exact": return sameJson(servedWithoutExtras(actual), servedWithoutExtras(expectation.value));
    case "protocol": return isResponseTo(expectation.id, actual);
    case "messages": {
      const text = resultText(actual);
      if (text === undefined || !sameMessages(text.split("; "), expectation.messages, expectation.also ?? [])) return false;
      // The same messages: the rest of the answer must then be exactly the model's.
      return sameJson(withText(actual as JsonObject, resultText(expectation.value)!), expectation.value);
    }
  }
}

/** Whether `given` holds each of `required` and, beside them, only messages of `also`, each once, in any order. */
function sameMessages(given: readonly string[], required: readonly string[], also: readonly string[]): boolean {
  const rest = [...given];
  for (const m of required) {
    const at = rest.indexOf(m);
    if (at < 0) return false;
    rest.splice(at, 1);
  }
  return rest.every((m, i) => also.includes(m) && rest.indexOf(m) === i);
}

function withText(answer: JsonObject, text: string): JsonObject {
  const copy = structuredClone(answer) as { result: { content: [{ text: string }] } };
  copy.result.content[0].text = text;
  return copy as unknown as JsonObject;
}

/** A message's kind: the same message for another field or value ("unexpected field: " for any name). */
export const messageKind = (m: string): string => (m.includes(": ") ? m.slice(0, m.lastIndexOf(": ") + 2) : m);

/** The kinds of the messages the rules refuse this input with; none where they search. */
export function refusalKinds(expectation: Expectation): string[] {
  if (expectation.kind === "protocol") return [];
  const result = isObject(expectation.value) ? expectation.value["result"] : undefined;
  if (!isObject(result) || result["isError"] !== true) return [];
  const messages = expectation.kind === "messages" ? expectation.messages : (resultText(expectation.value) ?? "").split("; ");
  return messages.filter((m) => m !== "").map(messageKind);
}

/**
 * Where an answer refuses, the text it refuses with: a protocol error's message, or the texts of
 * a result the code marked as an error in any way (`isError: "true"` is a refusal written
 * wrong, not a search). Undefined for a search, or no answer at all.
 */
export function refusalText(given: unknown): string | undefined {
  if (!isObject(given)) return undefined;
  const error = given["error"];
  if (isObject(error)) return typeof error["message"] === "string" ? error["message"] : "";
  const result = given["result"];
  if (!isObject(result) || result["isError"] === undefined || result["isError"] === false) return undefined;
  const content = Array.isArray(result["content"]) ? result["content"] : [];
  return content.map((c) => (isObject(c) && typeof c["text"] === "string" ? c["text"] : "")).join("\n");
}

/**
 * Whether a response shows an argument rule left out: a search (no refusal at all) where the
 * rules refuse, with a kind of message the code refused with in none of its answers to inputs
 * whose rules ask for it (`said`, behaviour/judge.ts: a message hidden elsewhere in an answer
 * vouches for nothing). A message written or wrapped otherwise (decorated, a protocol error, an
 * isError of another type), a refusal with other messages (arguments read from the wrong
 * object), and a rule the code follows elsewhere but skips on one path (`errors.length > 1`) are
 * slips the fixture's lines show (BehaviourCheck.contradicts). A refusal where the rules search
 * is one rule's slip seen again (the enum's first value refused), and no response says nothing
 * either way.
 */
export function contradictsArguments(expectation: Expectation, given: unknown, said: (kind: string) => boolean): boolean {
  if (!isObject(given) || !Object.hasOwn(given, "result") || refusalText(given) !== undefined) return false;
  return refusalKinds(expectation).some((kind) => !said(kind));
}

/** The kind of the protocol error the rules answer this input with ("error:Unknown tool: "), if they answer one. */
export function errorKind(expectation: Expectation): string | undefined {
  if (expectation.kind !== "exact" || !isObject(expectation.value)) return undefined;
  const error = expectation.value["error"];
  return isObject(error) && typeof error["message"] === "string" ? `error:${messageKind(error["message"])}` : undefined;
}

/**
 * Whether a response shows a name rule left out: a result, or no answer, where the rules answer a
 * protocol error (an inherited name taken for a tool, a request named notifications/... left
 * unanswered), from code that answers with a protocol error, in any words, the inputs whose rules
 * ask for that kind of error (`said`, behaviour/judge.ts). A slip in how the error is written
 * (the fixture's line) never gives a result or silence; an unknown name answered as a tool
 * failure, or not at all, everywhere is that line's slip seen again.
 */
export function contradictsNames(expectation: Expectation, given: unknown, said: (kind: string) => boolean): boolean {
  const kind = errorKind(expectation);
  const notAnError = given === null || given === undefined || (isObject(given) && Object.hasOwn(given, "result") && !Object.hasOwn(given, "error"));
  return kind !== undefined && notAnError && said(kind);
}

const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The expected answer as the report shows it. */
export function describeExpectation(expectation: Expectation): string {
  switch (expectation.kind) {
    case "exact": return show(expectation.value);
    case "messages": return `${show(expectation.value)} (these messages in any order, joined with "; ")`;
    case "protocol":
      return `a response with "id": ${show(expectation.id)} and either a result or an error with a code and a message; the chapter fixes no more for this call (for example ${show(expectation.value)})`;
  }
}
