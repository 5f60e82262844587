/**
 * The shapes the chapter's three tasks work with. Students import these (and the fixtures) from
 * `grade/course`; a submission may also declare its own copies, since only the shapes matter:
 * grade checks that its runner can call each export on the chapter's fixtures and use what it
 * returns, not that the types carry these names.
 *
 * They are type aliases, not interfaces, so that a value of one of them also fits a parameter
 * typed as a record (`Record<string, unknown>`, `{ [key: string]: JsonValue }`): an interface
 * does not, since it may be extended by declaration merging.
 */

/** Any value JSON can hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
/** A JSON object (a Python dict in the chapter). */
export type JsonObject = { [key: string]: JsonValue };

/** The part of JSON Schema the chapter's tool uses. */
export type JsonSchema = {
  type?: string;
  description?: string;
  properties?: { [name: string]: JsonSchema };
  required?: string[];
  enum?: JsonValue[];
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean;
  items?: JsonSchema;
};

/** A Chapter 1 tool definition: name, description and `input_schema`. */
export type ToolDefinition = {
  name: string;
  description: string;
  input_schema: JsonSchema;
};

/** The MCP tool shape: the same name and description, the schema under `inputSchema`. */
export type McpTool = {
  name: string;
  description: string;
  inputSchema: JsonSchema;
};

/** A JSON-RPC id. `null` is a present id (the message is a request), not a missing one. */
export type RequestId = string | number | null;

/** A request: has an `id`, so it must be answered. */
export type JsonRpcRequest = {
  jsonrpc: "2.0";
  id: RequestId;
  method: string;
  params?: JsonObject;
};

/** A notification: has no `id` key at all, so it gets no response. */
export type JsonRpcNotification = {
  jsonrpc: "2.0";
  method: string;
  params?: JsonObject;
};

/** One parsed message, as `handle` receives it. Tell the two apart with `"id" in message`. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification;

/** A successful response: the request's id and a `result`. */
export type JsonRpcResult = {
  jsonrpc: "2.0";
  id: RequestId;
  /** Built by your code, so any object; the grader checks that it is valid JSON. */
  result: { [key: string]: unknown };
};

/** A protocol error: the request's id and an `error` with a code and a message. */
export type JsonRpcError = {
  jsonrpc: "2.0";
  id: RequestId;
  error: { code: number; message: string; data?: JsonValue };
};

/** What `handle` returns for a request: a result or an error, never both. */
export type JsonRpcResponse = JsonRpcResult | JsonRpcError;

/** What `serve` returns: the lines for standard output and the lines for standard error. */
export type ServeResult = {
  out: string[];
  log: string[];
};

/** Task 1: convert a tool definition to the MCP tool shape. */
export type ToMcp = (tool: ToolDefinition) => McpTool;
/** Task 2: answer one message; `null` when no response is due. */
export type Handle = (message: JsonRpcMessage) => JsonRpcResponse | null;
/** Task 3: the stdio loop over a list of lines. */
export type Serve = (lines: string[]) => ServeResult;
