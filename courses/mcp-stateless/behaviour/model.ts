// The grader's own model of the pack's rules: checkArgs, the server's handle over a store of
// orders, and serve over any handle. It is the judge's answer key, never shipped to students.
// It follows the page's Python where the specification does not decide, and the 2026-07-28
// schema where the page departs from it (README.md lists each place).
import { ORDERS, PROTOCOL_VERSION, RESOURCES, SERVER_INFO, TOOLS, type Order } from "../course/index.js";
import { repr, str } from "./repr.js";

export const VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
export const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";
export const CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
export const CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** The schema's cache hints, which DiscoverResult, ListToolsResult, ListResourcesResult and ReadResourceResult require. */
export const CACHE_HINTS = { cacheScope: "public", ttlMs: 0 } as const;

export const PARSE_ERROR_RESPONSE = { jsonrpc: "2.0", id: null, error: { code: PARSE_ERROR, message: "Parse error" } };
export const INVALID_REQUEST_RESPONSE = { jsonrpc: "2.0", id: null, error: { code: INVALID_REQUEST, message: "Invalid Request" } };

type Obj = Record<string, unknown>;
export const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
/** An own field only: "constructor" or "__proto__" never reads the prototype. */
export const own = (o: unknown, key: string): unknown => (isObject(o) && Object.hasOwn(o, key) ? o[key] : undefined);

/** The problems of a call's arguments, in the page's order and words; empty when they are fine. */
export function checkArgs(schema: unknown, args: unknown): string[] {
  const properties = own(schema, "properties");
  const required = own(schema, "required");
  const given = isObject(args) ? Object.keys(args) : [];
  const known = (k: string): boolean => isObject(properties) && Object.hasOwn(properties, k);
  const missing = (Array.isArray(required) ? required : []).filter((k) => typeof k === "string" && !given.includes(k)) as string[];
  const extra = given.filter((k) => !known(k));
  const wrong = given.filter((k) => known(k) && typeof (args as Obj)[k] !== "string");
  return [
    ...missing.map((k) => `missing ${repr(k)}`),
    ...extra.map((k) => `unexpected ${repr(k)}`),
    ...wrong.map((k) => `${repr(k)} must be a string`),
  ];
}

type Routed = { result: Obj } | { error: { code: number; message: string; data?: unknown } };

const fail = (code: number, message: string, data?: unknown): Routed => ({ error: data === undefined ? { code, message } : { code, message, data } });

export function textResult(text: string, options: { structured?: Obj; isError?: boolean } = {}): Obj {
  const result: Obj = { content: [{ type: "text", text }], isError: options.isError ?? false, resultType: "complete" };
  if (options.structured !== undefined) result["structuredContent"] = options.structured;
  return result;
}

export function confirmRequest(orderId: string): Obj {
  return {
    method: "elicitation/create",
    params: {
      mode: "form", message: `Really cancel order ${orderId}?`,
      requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] },
    },
  };
}

/** Accepted only as {action: "accept", content: {confirm: true}}: confirm is a boolean in the form's schema. */
export function confirmed(answer: unknown): boolean {
  const content = own(answer, "content");
  return own(answer, "action") === "accept" && own(content, "confirm") === true;
}

function cancel(orders: Record<string, Order>, orderId: string, inputResponses: unknown): Obj {
  const answer = own(inputResponses, "confirm");
  if (answer === undefined || answer === null) {
    return { resultType: "input_required", inputRequests: { confirm: confirmRequest(orderId) } };
  }
  if (!confirmed(answer)) return textResult(`${orderId} kept: the user did not confirm`);
  orders[orderId]!.status = "cancelled";
  return textResult(`${orderId} cancelled`);
}

/** How the server checks arguments: the model's checkArgs, or the student's own answers replayed. */
export type ArgsChecker = (schema: unknown, args: unknown) => string[];

/** The (schema, args) pairs handle checks for these messages: each tools/call of a known tool. */
export function argsPairs(messages: readonly unknown[]): [unknown, Obj][] {
  const pairs: [unknown, Obj][] = [];
  for (const m of messages) {
    const params = own(m, "params");
    const name = own(params, "name");
    if (own(m, "method") !== "tools/call" || typeof name !== "string" || !Object.hasOwn(TOOLS, name)) continue;
    const raw = own(params, "arguments");
    pairs.push([TOOLS[name]!.inputSchema, isObject(raw) ? raw : {}]);
  }
  return pairs;
}

function callTool(orders: Record<string, Order>, params: Obj, check: ArgsChecker): Routed {
  const name = own(params, "name");
  if (typeof name !== "string" || !Object.hasOwn(TOOLS, name)) return fail(INVALID_PARAMS, `unknown tool: ${str(name)}`);
  const raw = own(params, "arguments");
  const args = isObject(raw) ? raw : {};
  const problems = check(TOOLS[name]!.inputSchema, args);
  if (problems.length) return { result: textResult(`Error: ${problems.join("; ")}`, { isError: true }) };
  const orderId = args["order_id"] as string;
  if (!Object.hasOwn(orders, orderId)) return { result: textResult(`Error: order ${orderId} not found: IDs look like A100`, { isError: true }) };
  if (name === "cancel_order") return { result: cancel(orders, orderId, own(params, "inputResponses")) };
  const order = orders[orderId]!;
  const data = { order_id: orderId, status: order.status, eta: order.eta };
  return { result: textResult(JSON.stringify(data), { structured: data }) };
}

function route(orders: Record<string, Order>, method: unknown, params: Obj, check: ArgsChecker): Routed {
  if (method === "server/discover") {
    return { result: { supportedVersions: [PROTOCOL_VERSION], capabilities: { tools: {}, resources: {} }, serverInfo: { ...SERVER_INFO }, ...CACHE_HINTS } };
  }
  const version = own(own(params, "_meta"), VERSION_KEY);
  if (version !== PROTOCOL_VERSION) {
    return fail(UNSUPPORTED_PROTOCOL_VERSION, `unsupported protocol version ${repr(version)}`, { supported: [PROTOCOL_VERSION], requested: version ?? null });
  }
  switch (method) {
    case "tools/list":
      return { result: { tools: Object.entries(TOOLS).map(([name, spec]) => ({ name, ...structuredClone(spec) })), ...CACHE_HINTS } };
    case "tools/call":
      return callTool(orders, params, check);
    case "resources/list":
      return { result: { resources: Object.keys(RESOURCES).map((uri) => ({ uri, name: uri.split("//")[1]!, mimeType: "text/plain" })), ...CACHE_HINTS } };
    case "resources/read": {
      const uri = own(params, "uri");
      if (typeof uri !== "string" || !Object.hasOwn(RESOURCES, uri)) return fail(INVALID_PARAMS, `resource not found: ${str(uri)}`);
      return { result: { contents: [{ uri, mimeType: "text/plain", text: RESOURCES[uri]! }], ...CACHE_HINTS } };
    }
    default:
      return fail(METHOD_NOT_FOUND, `method not found: ${str(method)}`);
  }
}

/**
 * Where the 2026-07-28 specification answers a request otherwise than the page (README.md, "Where
 * the page and the specification disagree"): a request whose _meta lacks a field RequestMetaObject
 * requires (protocolVersion, a string; clientCapabilities, an object), or holds a clientInfo that
 * is not an Implementation, is malformed, -32602, and
 * server/discover naming a version the server does not support is refused with -32022, and a
 * message with an id but no string method is JSON-RPC's invalid request, -32600. The model
 * answers as the page does; the checks accept these too.
 */
export type SpecAnswer = { code: typeof INVALID_PARAMS } | { code: typeof INVALID_REQUEST } | { code: typeof UNSUPPORTED_PROTOCOL_VERSION; requested: unknown };

export function specAnswers(message: unknown): SpecAnswer[] {
  if (!isObject(message) || !Object.hasOwn(message, "id")) return [];
  const meta = own(own(message, "params"), "_meta");
  const version = own(meta, VERSION_KEY);
  const answers: SpecAnswer[] = [];
  // clientInfo is optional, but where it is given the schema makes it an Implementation (name and
  // version strings): a server that validates _meta against RequestMetaObject refuses the rest.
  const info = own(meta, CLIENT_INFO_KEY);
  const badInfo = info !== undefined && !(isObject(info) && typeof own(info, "name") === "string" && typeof own(info, "version") === "string");
  // Where the page reads a value of the wrong shape as absent (arguments or inputResponses that
  // are not an object: {}, or no answer), the schema makes the request invalid: -32602. Where
  // the page already answers -32602 (a name or uri that is not a string), its message stands.
  const params = own(message, "params");
  const method = own(message, "method");
  const notObject = (key: string): boolean => own(params, key) !== undefined && !isObject(own(params, key));
  const badShape = (method === "tools/call" && notObject("arguments")) || ((method === "tools/call" || method === "resources/read") && notObject("inputResponses"));
  if (typeof version !== "string" || !isObject(own(meta, CAPABILITIES_KEY)) || badInfo || badShape) answers.push({ code: INVALID_PARAMS });
  // Any version named, a string or not (a number, as rule 5 reads versions for other methods): the
  // task's header calls -32022 the answer to "server/discover naming a version other than
  // PROTOCOL_VERSION" (spec-discover-refuses-any-version). Not a version left out or null.
  if (method === "server/discover" && version !== undefined && version !== null && version !== PROTOCOL_VERSION) answers.push({ code: UNSUPPORTED_PROTOCOL_VERSION, requested: version });
  // JSON-RPC 2.0's Request object has a string method: without one, the message is not a request
  // (-32600 Invalid Request, any message), where the page answers "method not found: None".
  if (typeof method !== "string") answers.push({ code: INVALID_REQUEST });
  return answers;
}

// The spec's answers to the request each of the model's responses answers (compare.ts reads them).
const specOf = new WeakMap<object, SpecAnswer[]>();
export const specAnswersTo = (response: unknown): SpecAnswer[] => (isObject(response) ? specOf.get(response) ?? [] : []);

export type ModelHandle = (message: unknown) => Obj | null;

/**
 * A server instance of the model: its own copy of ORDERS, as a fresh module instance has, or the
 * `orders` given, which its calls change (grading/stand-ins.ts reads the state they leave).
 */
export function newServer(check: ArgsChecker = checkArgs, orders: Record<string, Order> = structuredClone(ORDERS)): ModelHandle {
  return (message) => {
    if (!isObject(message) || !Object.hasOwn(message, "id")) return null;
    const params = own(message, "params");
    const routed = route(orders, own(message, "method"), isObject(params) ? params : {}, check);
    let response: Obj;
    if ("error" in routed) response = { jsonrpc: "2.0", id: message["id"], error: routed.error };
    else {
      const result = routed.result;
      if (!Object.hasOwn(result, "resultType")) result["resultType"] = "complete";
      result["_meta"] = { [SERVER_INFO_KEY]: { ...SERVER_INFO } };
      response = { jsonrpc: "2.0", id: message["id"], result };
    }
    const spec = specAnswers(message);
    if (spec.length) specOf.set(response, spec);
    return response;
  };
}

/** The model's answers to messages sent in order to one server instance. */
export function answersOf(messages: readonly unknown[]): (Obj | null)[] {
  const handle = newServer();
  return messages.map((m) => handle(m));
}

/** Thrown by an ArgsChecker that has no answer for a pair (the student's checkArgs failed on it): the input is not judged. */
export class Unjudged extends Error {}

/** The answers, each undefined where the checker had no answer; the server goes on after it. */
export function answersWith(messages: readonly unknown[], check: ArgsChecker, fresh = false): ({ value: Obj | null } | undefined)[] {
  let handle = newServer(check);
  return messages.map((m) => {
    if (fresh) handle = newServer(check);
    try { return { value: handle(m) }; } catch (error) { if (error instanceof Unjudged) return undefined; throw error; }
  });
}

/** The messages serve passes to handle for these lines, in order: every line that parses to an object. */
export function messagesOfLines(lines: readonly unknown[]): Obj[] {
  const out: Obj[] = [];
  for (const line of lines) {
    if (typeof line !== "string" || line.trim() === "") continue;
    try {
      const message: unknown = JSON.parse(line);
      if (isObject(message)) out.push(message);
    } catch { /* a parse error: serve's own answer */ }
  }
  return out;
}

/** What serve returns for `lines`, given the handle it calls (the model's, or the student's answers replayed). */
export function serveWith(lines: readonly string[], handle: (message: Obj) => unknown): { out: string[]; log: string[] } {
  const out: string[] = [];
  const log: string[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    log.push(`line ${index + 1}`);
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      out.push(JSON.stringify(PARSE_ERROR_RESPONSE));
      return;
    }
    if (!isObject(message)) {
      out.push(JSON.stringify(INVALID_REQUEST_RESPONSE));
      return;
    }
    const response = handle(message);
    if (response !== null && response !== undefined) out.push(JSON.stringify(response));
  });
  return { out, log };
}

export function serve(lines: readonly string[], handle: ModelHandle = newServer()): { out: string[]; log: string[] } {
  return serveWith(lines, handle);
}
