/**
 * Task 3 — The client
 *
 * Write the page's client as two functions. They do not send anything themselves: `send` hands a
 * request to a server and returns its response (in grading, a mock server), `ask` shows one
 * question to the user and returns the answer.
 *
 * `request(method, params, send)`: builds {"jsonrpc": "2.0", "id": <a new id, never used before
 * by this client>, "method", "params": {...params, "_meta": <the client's meta>}}, sends it and
 * returns the response. The client's meta is
 *   {"io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
 *    "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
 *    "io.modelcontextprotocol/clientInfo": CLIENT_INFO}
 * on every request, server/discover included (spec: DiscoverRequest's params require _meta; the
 * page leaves it off there).
 *
 * `callWithInput(name, args, send, ask)`: calls tools/call with {"name", "arguments"} and, while
 * the result's resultType is "input_required", asks the user each of its inputRequests (by key)
 * and calls again with the same name and arguments plus "inputResponses": {<key>: <answer>}.
 * It returns the first result that is not input_required. At most 3 calls: when the third is
 * still input_required, throw new Error("too many input rounds").
 *
 * Run `npx grade task3`; `npx grade hint task3` helps.
 */
import { notWrittenYet, type Ask, type JsonObject, type JsonRpcResponse, type Send, type ToolResult } from "grade/course";

export function request(method: string, params: JsonObject | undefined, send: Send): JsonRpcResponse {
  // TODO: build the request as described above and send it.
  void method;
  void params;
  void send;
  return notWrittenYet("request");
}

export function callWithInput(name: string, args: JsonObject, send: Send, ask: Ask): ToolResult {
  // TODO: call the tool, answering its input requests, at most 3 rounds.
  void name;
  void args;
  void send;
  void ask;
  return notWrittenYet("callWithInput");
}
