// Slips in how answers are written (issue 20: one mistake costs one point). A helper that builds
// every answer (an `ok(id, result)` that leaves out "jsonrpc", a `fail()` that writes the code as
// a string) puts the same slip in every answer it writes, and every rule that reads those answers
// breaks with it. Each slip here is undone in the values the code returned, the submission judged
// again (src/grading/one-slip.ts), and the slip costs one point over that judgement. A slip is
// undone everywhere alike, fixtures and unseen inputs, and only in how an answer is written, never
// in what it says: code that answers only the fixtures is as wrong with its slip undone.
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export interface AnswerSlip {
  /** Stable id ("jsonrpc-missing"). */
  id: string;
  /** The slip in the student's words: what their answers do and what the rules ask. */
  says: string;
  /**
   * The answer (a JSON-RPC response object) with the slip undone, or undefined where it has none
   * of it. `asked`: what the call that answered it was given (its requests' ids, and the request
   * this answer answers).
   */
  undo(answer: Record<string, unknown>, asked: AskedBy): Record<string, unknown> | undefined;
}

/**
 * What a call was given: its requests' ids that are not strings (numbers, null) by their text
 * ("5" -> 5), its requests by their id's text in the order given, and the request the answer
 * being undone answers (the first of its id's, the second for its id's second answer...).
 */
export interface Asked { ids: ReadonlyMap<string, number | null>; requests: ReadonlyMap<string, readonly Record<string, unknown>[]>; request?: Record<string, unknown> }
/** What a call was given, read only when a slip asks. */
export type AskedBy = () => Asked;
export const NONE_ASKED: AskedBy = () => ({ ids: new Map(), requests: new Map() });

// Keys copied as data (a key "__proto__" stays a key), one replaced or added: where the answer's
// keys are in sorted order (a serve that sorts keys) an added key goes in its sorted place, else first.
function withKey(o: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const keys = Object.keys(o);
  const entries: [string, unknown][] = keys.map((k) => [k, k === key ? value : o[k]]);
  if (!Object.hasOwn(o, key)) {
    const at = isSorted(keys) ? keys.filter((k) => k < key).length : 0;
    entries.splice(at, 0, [key, value]);
  }
  return Object.fromEntries(entries);
}
const sortedDeep = (v: unknown): unknown => (Array.isArray(v) ? v.map(sortedDeep) : isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedDeep(v[k])])) : v);
const isSorted = (keys: readonly string[]): boolean => keys.length > 1 && keys.every((k, i) => i === 0 || keys[i - 1]! < k);
// A key renamed in its place, or in its sorted place where the keys were sorted.
function renamed(o: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const keys = Object.keys(o);
  const entries = keys.map((k): [string, unknown] => [k === from ? to : k, o[k]]);
  if (isSorted(keys)) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}
const inResult = (answer: Record<string, unknown>, undo: (r: Record<string, unknown>) => Record<string, unknown> | undefined): Record<string, unknown> | undefined => {
  const result = answer["result"];
  const fixed = isObject(result) ? undo(result) : undefined;
  return fixed ? withKey(answer, "result", fixed) : undefined;
};

// The answer with each of its result's content blocks that `fix` changes changed.
const inBlocks = (answer: Record<string, unknown>, fix: (block: Record<string, unknown>) => Record<string, unknown> | undefined): Record<string, unknown> | undefined =>
  inResult(answer, (r) => {
    const content = r["content"];
    if (!Array.isArray(content)) return undefined;
    let changed = false;
    const blocks = content.map((b) => { const fixed = isObject(b) ? fix(b) : undefined; if (fixed) changed = true; return fixed ?? b; });
    return changed ? withKey(r, "content", blocks) : undefined;
  });

/** The slips any JSON-RPC answer may carry, each in how the answer is written only. */
export const JSONRPC_SLIPS: readonly AnswerSlip[] = [
  // Left out, or "2.0" written otherwise ("2.0 ", 2): not another version (a handle that copies
  // the request's "1.0" breaks a rule of its own, t2_jsonrpc, which no undoing may mend).
  {
    id: "jsonrpc-missing",
    says: 'answers without "jsonrpc": "2.0" (every JSON-RPC message carries it)',
    undo: (a) => (isResponse(a) && !Object.hasOwn(a, "jsonrpc") ? withKey(a, "jsonrpc", "2.0") : undefined),
  },
  {
    id: "jsonrpc-written-otherwise",
    says: 'answers whose "jsonrpc" is "2.0" written otherwise (a number, a space)',
    undo: (a) => {
      const v = a["jsonrpc"];
      return isResponse(a) && v !== "2.0" && (typeof v === "string" || typeof v === "number") && Number(String(v).trim()) === 2 ? withKey(a, "jsonrpc", "2.0") : undefined;
    },
  },
  {
    id: "id-as-text",
    says: "answers' ids written as text (\"5\", \"null\") where the request's id is the number 5 or null",
    undo: (a, asked) => {
      const id = a["id"];
      const meant = isResponse(a) && typeof id === "string" ? asked().ids.get(id) : undefined;
      return meant === undefined ? undefined : withKey(a, "id", meant);
    },
  },
  {
    id: "code-as-text",
    says: "error codes written as text (\"-32601\"), where JSON-RPC's code is a number",
    undo: (a) => {
      const error = a["error"];
      const code = isObject(error) ? error["code"] : undefined;
      if (typeof code !== "string" || !/^\s*-?\d+\s*$/.test(code)) return undefined;
      return withKey(a, "error", withKey(error as Record<string, unknown>, "code", Number(code)));
    },
  },
  {
    id: "content-not-list",
    says: "a result's content written as one object, where MCP's content is a list of blocks",
    undo: (a) => inResult(a, (r) => (isObject(r["content"]) ? withKey(r, "content", [r["content"]]) : undefined)),
  },
  {
    id: "is-error-written-otherwise",
    says: 'a tool\'s error flag written otherwise than "isError": true or false (is_error, "true", 1)',
    undo: (a) => inResult(a, (r) => {
      if (Object.hasOwn(r, "is_error") && !Object.hasOwn(r, "isError")) return renamed(r, "is_error", "isError");
      const flag = r["isError"];
      return flag === "true" || flag === "false" || flag === 1 || flag === 0 ? withKey(r, "isError", flag === "true" || flag === 1) : undefined;
    }),
  },
  {
    id: "error-field-misnamed",
    says: "an error's code or message under another name than \"code\" and \"message\"",
    undo: (a) => {
      const error = a["error"];
      if (!isResponse(a) || !isObject(error)) return undefined;
      const message = misnamed(error, "message", ["code", "data"], (v) => typeof v === "string");
      const code = misnamed(message ?? error, "code", ["message", "data"], (v) => Number.isInteger(v));
      return code ?? message ? withKey(a, "error", code ?? message) : undefined;
    },
  },
  {
    id: "result-misnamed",
    says: "an answer's result or error under another name than \"result\" or \"error\"",
    undo: (a) => {
      // Only a message that says it is one ("jsonrpc"), so that no data with an id is taken for an answer.
      if (isResponse(a) || !Object.hasOwn(a, "jsonrpc")) return undefined;
      const others = Object.keys(a).filter((k) => k !== "jsonrpc" && k !== "id");
      const value = others.length === 1 ? a[others[0]!] : undefined;
      if (!isObject(value)) return undefined;
      return renamed(a, others[0]!, Object.hasOwn(value, "code") && Object.hasOwn(value, "message") ? "error" : "result");
    },
  },
  {
    id: "text-block-field-misnamed",
    says: 'a text content block whose text is under another name than "text"',
    undo: (a) => inBlocks(a, (b) => {
      if (b["type"] !== "text" || Object.hasOwn(b, "text")) return undefined;
      const others = Object.keys(b).filter((k) => k !== "type" && typeof b[k] === "string");
      return others.length === 1 ? renamed(b, others[0]!, "text") : undefined;
    }),
  },
  {
    id: "text-block-type-written-otherwise",
    says: 'a content block\'s type "text" written otherwise ("Text")',
    undo: (a) => inBlocks(a, (b) => (typeof b["type"] === "string" && b["type"] !== "text" && b["type"].trim().toLowerCase() === "text" ? withKey(b, "type", "text") : undefined)),
  },
  {
    id: "result-field-on-envelope",
    says: "a field of the result written beside it, on the message itself (only jsonrpc, id and result or error belong there)",
    undo: (a) => {
      const extra = Object.keys(a).filter((k) => !ENVELOPE.has(k));
      if (!isResponse(a) || !extra.length) return undefined;
      const result = a["result"];
      const kept = Object.fromEntries(Object.keys(a).filter((k) => ENVELOPE.has(k)).map((k) => [k, a[k]]));
      if (!isObject(result)) return kept;
      if (extra.some((k) => Object.hasOwn(result, k))) return undefined;
      const merged = [...Object.keys(result).map((k): [string, unknown] => [k, result[k]]), ...extra.map((k): [string, unknown] => [k, a[k]])];
      if (isSorted(Object.keys(a))) merged.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
      return withKey(kept, "result", Object.fromEntries(merged));
    },
  },
];

/**
 * A refusal of a call to one of the server's tools written as a JSON-RPC error where MCP (and the
 * course's page) answers it with the tool's error result: `toolError` writes that result from the
 * error's message. Only an invalid-params error (-32602) to a call whose arguments are an object,
 * or absent: one that names no tool of the server, or whose arguments are no object, is the
 * protocol's to refuse with an error.
 */
export function toolRefusalAsError(tools: readonly string[], toolError: (text: string) => Record<string, unknown>): AnswerSlip {
  return {
    id: "tool-refusal-as-error",
    says: "a tool call refused with a JSON-RPC error where the tool's own error result (isError: true) belongs",
    undo: (a, asked) => {
      const error = a["error"];
      // Invalid params only: a version or capability refused is the protocol's (-32022).
      const message = isResponse(a) && isObject(error) && Number(error["code"]) === -32602 ? error["message"] : undefined;
      const request = typeof message === "string" ? asked().request : undefined;
      const params = request?.["method"] === "tools/call" ? request["params"] : undefined;
      if (typeof message !== "string" || !isObject(params) || !tools.includes(params["name"] as string) || !(params["arguments"] === undefined || isObject(params["arguments"]))) return undefined;
      // The error's place taken by the result, the keys' order kept: sorted at every level where
      // the answer's are (a serve that sorts keys).
      if (!isSorted(Object.keys(a))) return Object.fromEntries(Object.keys(a).map((k) => (k === "error" ? ["result", toolError(message)] : [k, a[k]])));
      const { error: _, ...rest } = a;
      return sortedDeep({ ...rest, result: toolError(message) }) as Record<string, unknown>;
    },
  };
}

// A string under the one name that is not the field's (error.msg for error.message).
function misnamed(o: Record<string, unknown>, name: string, known: readonly string[], fits: (v: unknown) => boolean): Record<string, unknown> | undefined {
  if (Object.hasOwn(o, name)) return undefined;
  const others = Object.keys(o).filter((k) => !known.includes(k) && fits(o[k]));
  return others.length === 1 ? renamed(o, others[0]!, name) : undefined;
}

const ENVELOPE: ReadonlySet<string> = new Set(["jsonrpc", "id", "result", "error"]);

/** Whether a value is a JSON-RPC response: an id, and a result or an error, and no method. */
export const isResponse = (v: unknown): v is Record<string, unknown> =>
  isObject(v) && Object.hasOwn(v, "id") && (Object.hasOwn(v, "result") || Object.hasOwn(v, "error")) && !Object.hasOwn(v, "method");
