// What a client's message must carry, read from the grader's parse of what it sent: the
// 2026-07-28 schema's RequestMetaObject (protocolVersion and clientCapabilities required, every
// request, server/discover too, since DiscoverRequest requires params._meta like the rest;
// clientInfo a SHOULD there, and asked for by the task), plus JSON helpers the judging shares.
import { NotData } from "../../../src/sandbox/value.js";
import { PROTOCOL_VERSION } from "./mock-server.js";
import type { Sent } from "./trace.js";

export const META_VERSION = "io.modelcontextprotocol/protocolVersion";
export const META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
/** The capabilities task 3's client declares: it answers form elicitations. */
export const CLIENT_CAPABILITIES = { elicitation: { form: {} } };

export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof NotData);
/** An own key's value only: "constructor" on a parsed object is not a key it has. */
export const own = (v: unknown, key: string): unknown => (isRecord(v) && Object.hasOwn(v, key) ? v[key] : undefined);

/** JSON data equal regardless of key order; own keys only. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && sameJson(own(a, k), own(b, k)));
}

/** JSON with keys sorted at every level (by UTF-16 order): one text for one value. */
export function sortedJson(value: unknown): string {
  if (value instanceof NotData) return `<${value.what}>`;
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(",")}]`;
  if (isRecord(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${sortedJson(value[k])}`).join(",")}}`;
  return JSON.stringify(value) ?? "undefined";
}

const SHOW_LIMIT = 300;
export function show(value: unknown): string {
  const text = value === undefined ? "undefined" : sortedJson(value);
  return text.length > SHOW_LIMIT ? `${text.slice(0, SHOW_LIMIT)}…` : text;
}

export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return `a ${typeof value} (${show(value)})`;
}

export const paramsOf = (sent: Sent): unknown => own(sent.value, "params");
export const metaOf = (sent: Sent): unknown => own(paramsOf(sent), "_meta");

/** What is wrong with a message as a request, before its _meta: not JSON, not an object. */
export function notARequest(sent: Sent): string | undefined {
  if (sent.value === undefined) return `the message could not be read (${sent.problem ?? "its text is not JSON"})`;
  if (typeof sent.value === "string") return "send was given a string (JSON text?), not the request object";
  if (!isRecord(sent.value)) return `send was given ${describeType(sent.value)}, not the request object`;
  return undefined;
}

/**
 * Whether capabilities declare form elicitation: `elicitation.form`, or an empty `elicitation`,
 * which the 2026-07-28 specification (client/elicitation) makes "equivalent to declaring support
 * for form mode only" (slips-round-2026-12-07n sl-client-mistake-elicitation-capability-empty
 * lost a point for it).
 */
export function declaresForm(caps: unknown): boolean {
  const elicitation = own(caps, "elicitation");
  return isRecord(own(elicitation, "form")) || (isRecord(elicitation) && Object.keys(elicitation).length === 0);
}

/** Capabilities as the page writes them: an empty elicitation (declaresForm) as {form: {}}. */
export const pageCapabilities = (caps: unknown): unknown => {
  const elicitation = own(caps, "elicitation");
  return isRecord(caps) && isRecord(elicitation) && Object.keys(elicitation).length === 0 ? { ...caps, elicitation: { form: {} } } : caps;
};

/** Why a message's _meta is not what every request carries, or undefined when it is. */
export function metaProblem(sent: Sent): string | undefined {
  const wrong = notARequest(sent);
  if (wrong) return wrong;
  const params = paramsOf(sent);
  if (!isRecord(params)) return `its params are ${describeType(params)}, not an object with _meta`;
  const meta = own(params, "_meta");
  if (!isRecord(meta)) return `params._meta is ${describeType(meta)}`;
  const version = own(meta, META_VERSION);
  if (version !== PROTOCOL_VERSION) return `_meta["${META_VERSION}"] is ${describeType(version)}, not "${PROTOCOL_VERSION}"`;
  const caps = own(meta, META_CAPABILITIES);
  if (!isRecord(caps)) return `_meta["${META_CAPABILITIES}"] is ${describeType(caps)}, not an object`;
  if (!declaresForm(caps)) return `_meta["${META_CAPABILITIES}"] is ${show(caps)}: it does not declare elicitation.form, which this client answers`;
  const info = own(meta, META_CLIENT_INFO);
  if (typeof own(info, "name") !== "string" || typeof own(info, "version") !== "string") return `_meta["${META_CLIENT_INFO}"] is ${show(info)}, not {name, version} with two strings`;
  return undefined;
}

/** Whether an id can identify a request: a string or an integer (never null). */
export const isRequestId = (id: unknown): boolean => typeof id === "string" || Number.isInteger(id);

/** result.content[0].text, when it is a string. */
export function firstText(result: unknown): string | undefined {
  const content = own(result, "content");
  const text = Array.isArray(content) ? own(content[0], "text") : undefined;
  return typeof text === "string" ? text : undefined;
}
