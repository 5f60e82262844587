// What a behaviour check of handle compares, so that one mistake fails the check about it and
// not every check whose inputs it touches: the result's envelope (resultType "complete",
// _meta, the cache hints) is judged by t2_result_envelope and the schema checks, the -32022
// error's data by t2_version_check; every other check compares the rest of the answer. A check
// judges the fields a rule fixes and leaves what the 2026-07-28 specification lets a server add
// (README.md lists each): fields of a result no rule names, keys of _meta besides serverInfo,
// capabilities besides tools and resources, an error's data where no rule gives one.
import { PROTOCOL_VERSION, SERVER_INFO } from "../course/index.js";
import { isObject, own, SERVER_INFO_KEY, specAnswersTo, UNSUPPORTED_PROTOCOL_VERSION, type SpecAnswer } from "./model.js";
import { sameJson } from "../evidence/reading.js";

export type Compared = "content" | "version" | "envelope";

const ENVELOPE = ["_meta", "cacheScope", "ttlMs"];
/** What the results that carry the cache hints hold (discover, tools/list, resources/list and read). */
const CACHEABLE = ["supportedVersions", "tools", "resources", "contents"];
/** The fields of a result the rules name: each is judged where a rule puts it and where none does. */
const NAMED = new Set(["resultType", "_meta", "cacheScope", "ttlMs", "content", "isError", "structuredContent", "inputRequests", "tools", "resources", "contents", "supportedVersions", "capabilities", "serverInfo"]);

type Obj = Record<string, unknown>;

/** Keys sorted at every level: one text for one JSON value. */
const sortedText = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (isObject(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x));

/**
 * get_order_status's text is JSON.stringify(data) by the task, json.dumps(data) by the page (", "
 * and ": "), and rule 8 lists data's fields, not an order for its keys: a text that is the JSON of
 * an object reads the same in any key order and spacing.
 */
function textInAnyKeyOrder(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((item) => {
    const text = own(item, "text");
    if (typeof text !== "string" || !text.startsWith("{")) return item;
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch { return item; }
    return isObject(parsed) ? { ...(item as Obj), text: sortedText(parsed) } : item;
  });
}

/**
 * A serverInfo as the rules fix it: SERVER_INFO's name and version. The specification's
 * Implementation may add a title, a description, icons and a websiteUrl (spec-server-info-title
 * lost 2 points for a title).
 */
const IMPLEMENTATION_EXTRAS = new Set(["title", "description", "icons", "websiteUrl"]);
export const serverInfoPart = (info: unknown): unknown => (isObject(info) ? Object.fromEntries(Object.entries(info).filter(([k]) => !IMPLEMENTATION_EXTRAS.has(k))) : info);

/** _meta as the rules fix it: serverInfo; other keys are the server's to add (MetaObject is open). */
const metaPart = (meta: unknown): unknown => (isObject(meta) ? { [SERVER_INFO_KEY]: serverInfoPart(meta[SERVER_INFO_KEY]) } : meta);

/** A result without the fields no rule names, read as the specification reads it. */
function resultPart(result: Obj): Obj {
  const r: Obj = Object.fromEntries(Object.entries(result).filter(([k]) => NAMED.has(k)));
  // CallToolResult: isError "if not set, is assumed to be false".
  if (Object.hasOwn(r, "content") && r["isError"] === undefined) r["isError"] = false;
  // DiscoverResult has no serverInfo (it is in _meta): the page's copy in the result may be left out.
  if (Object.hasOwn(r, "supportedVersions") && r["serverInfo"] === undefined) r["serverInfo"] = { ...SERVER_INFO };
  if (Object.hasOwn(r, "serverInfo")) r["serverInfo"] = serverInfoPart(r["serverInfo"]);
  // ServerCapabilities is open: tools and resources are judged, as objects (their own fields are optional).
  const caps = r["capabilities"];
  if (isObject(caps)) r["capabilities"] = Object.fromEntries(["tools", "resources"].filter((k) => caps[k] !== undefined).map((k) => [k, isObject(caps[k]) ? {} : caps[k]]));
  // A Tool's title, annotations, outputSchema, icons and _meta are optional: rule 6 fixes name,
  // description and inputSchema (sl-tool-title-annotations lost a point).
  // Its inputSchema may name its dialect, "$schema" (2020-12 is the default: spec-input-schema-dialect).
  if (Array.isArray(r["tools"])) r["tools"] = r["tools"].map((t: unknown) => withoutExtras(t, TOOL_EXTRAS)).map((t: unknown) => (isObject(t) && Object.hasOwn(t, "inputSchema") ? { ...t, inputSchema: withoutDialect(t["inputSchema"]) } : t));
  // A question's requested field may carry a title, a description and a default (the
  // specification's PrimitiveSchemaDefinition): rule 9 fixes its type (sl-confirm-title-default);
  // the requested schema a "$schema" (spec-requested-schema-dialect).
  if (isObject(r["inputRequests"])) r["inputRequests"] = Object.fromEntries(Object.entries(r["inputRequests"]).map(([k, q]) => [k, withoutFieldExtras(q)]));
  // A Resource's title, description, size, annotations, icons and _meta, a TextResourceContents'
  // _meta and a TextContent's annotations and _meta are optional too: rules 10, 11, 7 and 8 fix
  // the others (spec-resource-fields, spec-content-annotations lost 1 each).
  for (const [field, extras] of ITEM_EXTRAS) if (Array.isArray(r[field])) r[field] = r[field].map((item: unknown) => withoutExtras(item, extras));
  return r;
}

const TOOL_EXTRAS = new Set(["title", "annotations", "outputSchema", "icons", "_meta"]);
const ITEM_EXTRAS: [string, Set<string>][] = [
  ["resources", new Set(["title", "description", "size", "annotations", "icons", "_meta"])],
  ["contents", new Set(["_meta"])],
  ["content", new Set(["annotations", "_meta"])],
];
const withoutExtras = (item: unknown, extras: Set<string>): unknown =>
  (isObject(item) ? Object.fromEntries(Object.entries(item).filter(([k]) => !extras.has(k))) : item);
const FIELD_EXTRAS = ["title", "description", "default"];

/** An input request with its requested schema's "$schema" and its fields' title, description and default left out. */
function withoutFieldExtras(request: unknown): unknown {
  const schema = own(own(request, "params"), "requestedSchema");
  const properties = own(schema, "properties");
  if (!isObject(properties)) return request;
  const trimmed = Object.fromEntries(Object.entries(properties).map(([k, f]) => [k, isObject(f) ? Object.fromEntries(Object.entries(f).filter(([x]) => !FIELD_EXTRAS.includes(x))) : f]));
  const params = own(request, "params") as Obj;
  // The requested schema may name its dialect ("$schema", a string in the specification's schema).
  return { ...(request as Obj), params: { ...params, requestedSchema: { ...(withoutDialect(schema) as Obj), properties: trimmed } } };
}

/** A JSON Schema without a "$schema" string naming its dialect (the schema's meaning is the same here). */
function withoutDialect(schema: unknown): unknown {
  if (!isObject(schema) || typeof schema["$schema"] !== "string") return schema;
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/**
 * Everything of an answer some check judges, and nothing the specification lets a server add
 * (an error's data where no rule gives one, keys of _meta besides serverInfo): what two answers
 * of the same code to the same message are compared by, so that a trace id drawn at random
 * there is no state kept.
 */
export const gradedPart = (answer: unknown): unknown => (["content", "version", "envelope"] as const).map((c) => comparedPart(answer, c));
export const sameGraded = (a: unknown, b: unknown): boolean => sameJson(gradedPart(a), gradedPart(b));

/** Two of serve's out lines alike: the same text, or JSON that reads as handle's checks read a response. */
export function sameLine(l: unknown, m: unknown): boolean {
  if (l === m) return true;
  try { return typeof l === "string" && typeof m === "string" && sameGraded(JSON.parse(l), JSON.parse(m)); } catch { return false; }
}

/** Two of serve's answers alike, line by line (sameLine). */
export function sameServed(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b) || !Array.isArray(a["out"]) || !Array.isArray(b["out"])) return sameJson(a, b);
  const [x, y] = [a["out"] as unknown[], b["out"] as unknown[]];
  return sameJson({ ...a, out: [] }, { ...b, out: [] }) && x.length === y.length && x.every((l, i) => sameLine(l, y[i]));
}

/** The answer without what `compared` leaves to other checks. */
export function comparedPart(answer: unknown, compared: Compared): unknown {
  if (compared === "envelope") {
    const r = own(answer, "result");
    if (!isObject(r)) return undefined;
    // The cache hints are judged where rules 4, 6, 10 and 11 put them; elsewhere (a tool's result,
    // the question) they are keys of the server's own, which rule 3 leaves ungraded.
    const keys = CACHEABLE.some((k) => Object.hasOwn(r, k)) ? ENVELOPE : ["_meta"];
    return Object.fromEntries(["resultType", ...keys].map((k) => [k, !Object.hasOwn(r, k) ? null : k === "_meta" ? metaPart(r[k]) : r[k]]));
  }
  if (!isObject(answer)) return answer;
  const out: Obj = { ...answer };
  const result = own(answer, "result");
  if (isObject(result)) {
    const r = resultPart(result);
    for (const k of ENVELOPE) delete r[k];
    if (r["resultType"] === "complete" || r["resultType"] === undefined) delete r["resultType"];
    if (Object.hasOwn(r, "structuredContent") && Object.hasOwn(r, "content")) r["content"] = textInAnyKeyOrder(r["content"]);
    out["result"] = r;
  }
  const error = own(answer, "error");
  if (isObject(error)) {
    const e: Obj = { ...error };
    if (error["code"] === UNSUPPORTED_PROTOCOL_VERSION) {
      // Rule 5 spells <v>'s repr for null, booleans, numbers and strings only: for a version that
      // is a list or an object, the message is judged up to <v> (the refusal and its data still are).
      const requested = own(own(error, "data"), "requested");
      if (typeof e["message"] === "string" && requested !== null && typeof requested === "object") e["message"] = `${e["message"].split(" ").slice(0, 3).join(" ")} …`;
      if (compared === "content") delete e["data"];
      else if (isObject(e["data"])) e["data"] = { supported: e["data"]["supported"], requested: e["data"]["requested"] };
    } else if (compared === "version" && isObject(e["data"]) && Object.hasOwn(e["data"], "supported")) {
      // A version refused under another code with a refusal's data: the code is the refusal code's
      // rule (t2_old_version_code), what the data says still t2_version_data's.
      e["data"] = { supported: e["data"]["supported"], requested: e["data"]["requested"] };
    } else delete e["data"]; // Error.data is "defined by the sender" where no rule gives one (the uri of a resource not found, say)
    out["error"] = e;
  }
  return out;
}

// The specification's answers to the request an expected part stands for (model.ts specAnswers).
const specFor = new WeakMap<object, { id: unknown; answers: SpecAnswer[] }>();

/** The expected part of the model's answer; undefined when this check does not judge it (no result to hold an envelope). */
export function expectedPart(model: unknown, compared: Compared): { value: unknown } | undefined {
  const part = comparedPart(model, compared);
  if (compared === "envelope" && part === undefined) return undefined;
  const answers = specAnswersTo(model);
  if (answers.length && isObject(part)) specFor.set(part, { id: own(model, "id"), answers });
  return { value: part };
}

/** Whether `actual` is the specification's answer `spec` to a request with this id: an error with its code (and for -32022 the data it requires), any message. */
export function isSpecAnswer(spec: SpecAnswer, id: unknown, actual: unknown, compared: Compared): boolean {
  if (!isObject(actual) || Object.keys(actual).some((k) => !["jsonrpc", "id", "error"].includes(k) && actual[k] !== undefined)) return false;
  const error = actual["error"];
  if (actual["jsonrpc"] !== "2.0" || !sameJson(actual["id"], id) || !isObject(error) || error["code"] !== spec.code || typeof error["message"] !== "string") return false;
  if (spec.code !== UNSUPPORTED_PROTOCOL_VERSION || compared === "content") return true;
  return sameJson(own(error["data"], "supported"), [PROTOCOL_VERSION]) && sameJson(own(error["data"], "requested"), spec.requested);
}

/** Whether the code's answer has the expected part, or is an answer the specification gives there instead; an answer of another shape is not the envelope check's to judge. */
export function acceptsPart(compared: Compared): (want: unknown, actual: unknown) => boolean {
  return (want, actual) => {
    const part = comparedPart(actual, compared);
    if (compared === "envelope") return part === undefined || sameJson(part, want);
    if (sameJson(part, want)) return true;
    const spec = isObject(want) ? specFor.get(want) : undefined;
    return spec !== undefined && spec.answers.some((a) => isSpecAnswer(a, spec.id, actual, compared));
  };
}
