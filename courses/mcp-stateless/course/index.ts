/**
 * The course module of "The protocol from scratch": what `import ... from "grade/course"` gives
 * in this pack. It holds the server's data (so that nobody retypes it), the shapes the four tasks
 * work with, and `notWrittenYet`, which the starters call.
 *
 * The shapes are type aliases, not interfaces, so that a value of one of them also fits a
 * parameter typed as a record (`Record<string, unknown>`, `{ [key: string]: JsonValue }`). A
 * submission may declare its own copies instead: only the shapes matter.
 *
 * In the sandbox every module instance gets its own copy of the data (sandbox-source.ts), so a
 * cancelled order in one instance is still "processing" in the next.
 */

/** Any value JSON can hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
/** A JSON object (a Python dict in the page). */
export type JsonObject = { [key: string]: JsonValue };

/** The part of JSON Schema this server's tools use: an object of named string properties. */
export type InputSchema = {
  type: "object";
  properties: { [name: string]: { type: string } };
  required: string[];
};

/** A tool as TOOLS holds it (the name is its key there). */
export type ToolSpec = { description: string; inputSchema: InputSchema };
/** A tool as tools/list lists it. */
export type Tool = { name: string } & ToolSpec;

export type Order = { status: string; eta: string; total_inr: number };
/** The MCP Implementation shape: who is talking (serverInfo, clientInfo). */
export type Implementation = { name: string; version: string };

/** A JSON-RPC id. MCP allows a string or an integer. */
export type RequestId = string | number;

/** A request: it has an `id`, so it must be answered. */
export type JsonRpcRequest = { jsonrpc: "2.0"; id: RequestId; method: string; params?: JsonObject };
/** A notification: no `id` key at all, so it gets no response. */
export type JsonRpcNotification = { jsonrpc: "2.0"; method: string; params?: JsonObject };
/** One parsed message, as `handle` receives it. Tell the two apart with `"id" in message`. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification;

/** A successful response: the request's id and a `result`. */
export type JsonRpcResult = { jsonrpc: "2.0"; id: RequestId; result: JsonObject };
/** A protocol error. `id` is null only when the request could not be read (a parse error). */
export type JsonRpcError = {
  jsonrpc: "2.0";
  id: RequestId | null;
  error: { code: number; message: string; data?: JsonValue };
};
/** What `handle` returns for a request: a result or an error, never both. */
export type JsonRpcResponse = JsonRpcResult | JsonRpcError;

export type TextContent = { type: "text"; text: string };

/** A finished tools/call result. */
export type ToolResult = {
  resultType: "complete";
  content: TextContent[];
  isError: boolean;
  structuredContent?: JsonObject;
  _meta?: JsonObject;
};

/** One question a server asks mid-call: an elicitation form. */
export type InputRequest = {
  method: "elicitation/create";
  params: { mode: "form"; message: string; requestedSchema: JsonObject };
};
/** The user's answer to one InputRequest. */
export type InputResponse = { action: "accept" | "decline" | "cancel"; content?: JsonObject };

/** A tools/call result that asks for input before the call can finish. */
export type InputRequiredResult = {
  resultType: "input_required";
  inputRequests: { [key: string]: InputRequest };
  _meta?: JsonObject;
};

/** Task 3: how the client hands a request to a server and gets its response. */
export type Send = (message: JsonRpcRequest) => JsonRpcResponse;
/** Task 3: how the client asks the user one question. */
export type Ask = (question: InputRequest) => InputResponse;

/** What `serve` returns: the lines for standard output and the log lines. */
export type ServeResult = { out: string[]; log: string[] };

/** Task 1. */
export type CheckArgs = (schema: InputSchema, args: JsonObject) => string[];
/** Task 2. */
export type Handle = (message: JsonRpcMessage) => JsonRpcResponse | null;
/** Task 4. */
export type Serve = (lines: string[]) => ServeResult;

export const PROTOCOL_VERSION = "2026-07-28";

export const SERVER_INFO: Implementation = { name: "orders", version: "0.1.0" };

/** Task 3's client names itself with this in every request's `_meta`. */
export const CLIENT_INFO: Implementation = { name: "notes-client", version: "1.0" };

export const ORDERS: { [id: string]: Order } = {
  A100: { status: "shipped", eta: "Friday", total_inr: 2499 },
  A101: { status: "processing", eta: "Monday", total_inr: 899 },
};

const ORDER_ID_SCHEMA: InputSchema = {
  type: "object",
  properties: { order_id: { type: "string" } },
  required: ["order_id"],
};

export const TOOLS: { [name: string]: ToolSpec } = {
  get_order_status: {
    description: "Shipping status of an order. Use when the user gives an order ID like A100.",
    inputSchema: ORDER_ID_SCHEMA,
  },
  cancel_order: {
    description: "Cancel an order. The user is asked to confirm first.",
    inputSchema: structuredClone(ORDER_ID_SCHEMA),
  },
};

export const RESOURCES: { [uri: string]: string } = {
  "policy://refunds": "Refunds within 7 days of delivery. Damaged items: full refund.",
};

// The starters throw this so that an untouched task reads as "not written yet", a normal step of
// the course, rather than as a crash (the same name as the engine's, src/course/not-written-yet.ts).
export const NOT_WRITTEN_YET = "GradeNotWrittenYet";

/** Throw from a task you have not written yet; `grade` reports it as "not written yet". */
export function notWrittenYet(task: string): never {
  const error = new Error(`${task} is not written yet`);
  error.name = NOT_WRITTEN_YET;
  throw error;
}
