// Reference solution, task 1: the three message shapes, built and told apart by structure.
import type { JsonObject, JsonRpcError, JsonRpcNotification, JsonRpcRequest, JsonRpcResult, JsonValue, MessageKind, RequestId } from "grade/course";

export function request(id: RequestId, method: string, params?: JsonObject): JsonRpcRequest {
  return params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}

// The id key is left out, never set to null: "the absence of a key is load-bearing".
export function notification(method: string, params?: JsonObject): JsonRpcNotification {
  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}

export function response(id: RequestId, result: JsonObject): JsonRpcResult {
  return { jsonrpc: "2.0", id, result };
}

export function errorResponse(id: RequestId | null, code: number, message: string, data?: JsonValue): JsonRpcError {
  return { jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } };
}

export function kindOf(message: unknown): MessageKind {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return "invalid";
  if ("method" in message) {
    if (typeof message.method !== "string") return "invalid";
    return "id" in message ? "request" : "notification";
  }
  if (!("id" in message)) return "invalid";
  const hasResult = "result" in message;
  const hasError = "error" in message;
  if (hasResult === hasError) return "invalid";
  return hasResult ? "response" : "error";
}
