// What a behaviour check of handle compares, so that one mistake fails the check about it and
// not every check whose inputs it touches: the result's envelope (resultType "complete",
// _meta, the cache hints) is judged by t2_result_envelope and the schema checks, the -32022
// error's data by t2_version_check; every other check compares the rest of the answer.
import { isObject, own, UNSUPPORTED_PROTOCOL_VERSION } from "./model.js";
import { sameJson } from "./reading.js";

export type Compared = "content" | "version" | "envelope";

const ENVELOPE = ["_meta", "cacheScope", "ttlMs"];

/** Keys sorted at every level: one text for one JSON value. */
const sortedText = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (isObject(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x));

/**
 * get_order_status's text is JSON.stringify(data), and rule 8 lists data's fields, not an order
 * for its keys: a text that is the compact JSON of an object reads the same in any key order.
 */
function textInAnyKeyOrder(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((item) => {
    const text = own(item, "text");
    if (typeof text !== "string" || !text.startsWith("{")) return item;
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch { return item; }
    return isObject(parsed) && JSON.stringify(parsed) === text ? { ...(item as Record<string, unknown>), text: sortedText(parsed) } : item;
  });
}

/** The answer without what `compared` leaves to other checks. */
export function comparedPart(answer: unknown, compared: Compared): unknown {
  if (compared === "envelope") {
    const r = own(answer, "result");
    if (!isObject(r)) return undefined;
    return Object.fromEntries(["resultType", ...ENVELOPE].map((k) => [k, Object.hasOwn(r, k) ? r[k] : null]));
  }
  if (!isObject(answer)) return answer;
  const out: Record<string, unknown> = { ...answer };
  const result = own(answer, "result");
  if (isObject(result)) {
    const r: Record<string, unknown> = { ...result };
    for (const k of ENVELOPE) delete r[k];
    if (r["resultType"] === "complete" || r["resultType"] === undefined) delete r["resultType"];
    if (Object.hasOwn(r, "structuredContent") && Object.hasOwn(r, "content")) r["content"] = textInAnyKeyOrder(r["content"]);
    out["result"] = r;
  }
  const error = own(answer, "error");
  if (isObject(error) && error["code"] === UNSUPPORTED_PROTOCOL_VERSION) {
    const e: Record<string, unknown> = { ...error };
    // Rule 5 spells <v>'s repr for null, booleans, numbers and strings only: for a version that
    // is a list or an object, the message is judged up to <v> (the refusal and its data still are).
    const requested = own(own(error, "data"), "requested");
    if (typeof e["message"] === "string" && requested !== null && typeof requested === "object") e["message"] = `${e["message"].split(" ").slice(0, 3).join(" ")} …`;
    if (compared === "content") delete e["data"];
    out["error"] = e;
  }
  return out;
}

/** The expected part of the model's answer; undefined when this check does not judge it (no result to hold an envelope). */
export function expectedPart(model: unknown, compared: Compared): { value: unknown } | undefined {
  const part = comparedPart(model, compared);
  return compared === "envelope" && part === undefined ? undefined : { value: part };
}

/** Whether the code's answer has the expected part; an answer of another shape is not the envelope check's to judge. */
export function acceptsPart(compared: Compared): (want: unknown, actual: unknown) => boolean {
  return (want, actual) => {
    const part = comparedPart(actual, compared);
    return compared === "envelope" && part === undefined ? true : sameJson(part, want);
  };
}
