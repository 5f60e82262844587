// What the MCP specification lets any response carry beyond the fields a course's rule fixes
// (issue 20 item 5: where the page and the specification differ, accept both): an error's `data`
// (JSON-RPC 2.0, 5.1: "may be omitted"), a result's `_meta` (Result._meta, an object) and
// initialize's `instructions` (InitializeResult, an optional string) and its serverInfo's `title`
// (Implementation's, an optional string, from 2025-06-18). A check that compares a
// response with the rules' answer judges it without them when that answer has none, so a student
// who follows the specification there loses nothing, and one who writes the page's answer neither.
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

const without = (o: Record<string, unknown>, key: string): Record<string, unknown> => {
  const { [key]: _, ...rest } = o;
  return rest;
};

/** `actual` without the extras above that `expected` does not have; `actual` itself when it has none. */
export function withoutSpecExtras(actual: unknown, expected: unknown): unknown {
  if (!isObject(actual) || !isObject(expected)) return actual;
  let out = actual;
  const error = actual["error"];
  if (isObject(error) && Object.hasOwn(error, "data") && !(isObject(expected["error"]) && Object.hasOwn(expected["error"], "data"))) out = { ...out, error: without(error, "data") };
  const result = actual["result"];
  const want = isObject(expected["result"]) ? expected["result"] : {};
  if (isObject(result)) {
    let r = result;
    if (isObject(r["_meta"]) && !Object.hasOwn(want, "_meta")) r = without(r, "_meta");
    if (typeof r["instructions"] === "string" && !Object.hasOwn(want, "instructions") && typeof want["protocolVersion"] === "string") r = without(r, "instructions");
    const info = r["serverInfo"];
    if (isObject(info) && typeof info["title"] === "string" && typeof want["protocolVersion"] === "string" && !(isObject(want["serverInfo"]) && Object.hasOwn(want["serverInfo"], "title"))) r = { ...r, serverInfo: without(info, "title") };
    if (r !== result) out = { ...out, result: r };
  }
  return out;
}
