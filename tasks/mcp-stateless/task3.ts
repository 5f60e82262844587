/**
 * Task 3 — The client
 *
 * Write the page's client as two functions. They do not send anything themselves: `send` hands a
 * request to a server and returns its response (in grading, a mock server), `ask` shows one
 * question to the user and returns the answer.
 *
 * `request(method, params, send)`: sends exactly one message, {"jsonrpc": "2.0", "id", "method",
 * "params"} (these four keys), and returns the response send returned, as it is (result or
 * error: request neither unwraps nor throws).
 *  - "id": a string or an integer, never used before by this client (retries and later calls
 *    included).
 *  - "params": every key of the given params as given ("__proto__" and "constructor" too), plus
 *    "_meta": the client's meta, which replaces any _meta in params. params may be left out:
 *    request("server/discover", undefined, send) is the page's request("server/discover"), and
 *    sends "params": {"_meta": ...}.
 *  - The client's meta is
 *      {"io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
 *       "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
 *       "io.modelcontextprotocol/clientInfo": CLIENT_INFO}
 *    on every request, server/discover included (spec: DiscoverRequest's params require _meta;
 *    the page leaves it off there). {"elicitation": {}} is accepted too: the spec makes it the
 *    same declaration of form support.
 *
 * `callWithInput(name, args, send, ask)`: calls the tool through request, at most 3 times.
 *  1. Round 1 sends tools/call with params {"name": name, "arguments": args} and no
 *     inputResponses: the user has been asked nothing yet in this call, whatever earlier calls
 *     were answered (keep no answers between calls).
 *  2. A response with "error" instead of "result" ends the call: throw new Error(<the error's
 *     message>), exactly that text, and send nothing more.
 *  3. A result whose resultType is not "input_required" (or that has no resultType, as from an
 *     older server) is returned: the response's result, as the server sent it.
 *  4. An "input_required" result: call ask(request) once for each entry of its inputRequests,
 *     with the entry as the server sent it, then send the same call again (same name, same
 *     arguments, a new id) plus "inputResponses": {<key>: <what ask returned for that key>}, with
 *     exactly the keys of that result's inputRequests. (Echoing a requestState back is allowed,
 *     not required.)
 *  5. When the third round is still input_required: throw new Error("too many input rounds").
 *
 * Every message goes over the wire as JSON, and must be a request the 2026-07-28 schema accepts:
 * plain objects, strings, numbers, booleans and null (no undefined inside lists, no functions).
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
