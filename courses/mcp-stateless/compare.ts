// What a behaviour check of handle compares, so that one mistake fails the check about it and
// not every check whose inputs it touches: the result's envelope (resultType "complete",
// _meta, the cache hints) is judged by t2_result_envelope and the schema checks, the -32022
// error's data by t2_version_check; every other check compares the rest of the answer.
import { isObject, own, UNSUPPORTED_PROTOCOL_VERSION } from "./model.js";
import { sameJson } from "./reading.js";

export type Compared = "content" | "version" | "envelope";

const ENVELOPE = ["_meta", "cacheScope", "ttlMs"];

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
    out["result"] = r;
  }
  const error = own(answer, "error");
  if (compared === "content" && isObject(error) && error["code"] === UNSUPPORTED_PROTOCOL_VERSION) {
    const e: Record<string, unknown> = { ...error };
    delete e["data"];
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
