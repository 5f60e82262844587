/**
 * Task 1 — Messages: build them, tell them apart
 *
 * "Every message on the wire is one of three shapes, and the entire dispatch logic keys off
 * structural predicates, not off a type field." Write the lab's message helpers:
 *
 * - `request(id, method, params?)` → {"jsonrpc": "2.0", "id", "method"} plus "params" only when
 *   params is given.
 * - `notification(method, params?)` → {"jsonrpc": "2.0", "method"} plus "params" only when given.
 *   No "id" key at all: not `id: null`, not `id: undefined` ("The absence of a key is
 *   load-bearing": `"id" in notification(...)` must be false).
 * - `response(id, result)` → {"jsonrpc": "2.0", "id", "result"}.
 * - `errorResponse(id, code, message, data?)` → {"jsonrpc": "2.0", "id", "error": {"code",
 *   "message"}} plus "data" in error only when given. id may be null (a parse error has no id).
 * - `kindOf(message)` → what the message is by its keys alone:
 *     a "method" key: "request" when it also has an "id" key ("A message with id: null is not a
 *     notification — null is a present key"), else "notification"; a method that is not a string
 *     makes it "invalid";
 *     no "method": "response" with "id" and "result", "error" with "id" and "error"; both or
 *     neither of result and error, or no id, is "invalid" ("result XOR error, never both, never
 *     neither"); anything that is not an object is "invalid".
 *
 * Graded: the page's trace (evidence lines t1_*) and generated calls (ids 0 and "", params
 * absent or holding an "id" of their own). Print nothing on stdout.
 *
 * Run `npx grade task1 --pack mcp-stateful`; `npx grade hint task1` helps.
 */
import { notWrittenYet, type JsonObject, type JsonRpcError, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResult, type JsonValue, type MessageKind, type RequestId } from "grade/course";

export function request(id: RequestId, method: string, params?: JsonObject): JsonRpcRequest {
  // TODO
  void id; void method; void params;
  return notWrittenYet("request");
}

export function notification(method: string, params?: JsonObject): JsonRpcNotification {
  // TODO
  void method; void params;
  return notWrittenYet("notification");
}

export function response(id: RequestId, result: JsonObject): JsonRpcResult {
  // TODO
  void id; void result;
  return notWrittenYet("response");
}

export function errorResponse(id: RequestId | null, code: number, message: string, data?: JsonValue): JsonRpcError {
  // TODO
  void id; void code; void message; void data;
  return notWrittenYet("errorResponse");
}

export function kindOf(message: unknown): MessageKind {
  // TODO
  void message;
  return notWrittenYet("kindOf");
}
