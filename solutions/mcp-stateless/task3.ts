// Reference solution for Task 3 of "The protocol from scratch" (instructors only).
import {
  CLIENT_INFO, PROTOCOL_VERSION,
  type Ask, type InputRequiredResult, type InputResponse, type JsonObject, type JsonRpcResponse, type Send, type ToolResult,
} from "grade/course";

// The specification's DiscoverRequest carries _meta too (RequestParams requires it), so every
// request gets it, server/discover included (the page leaves it off there).
const CLIENT_META: JsonObject = {
  "io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
  "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
};

const MAX_ROUNDS = 3;
let lastId = 0;

export function request(method: string, params: JsonObject | undefined, send: Send): JsonRpcResponse {
  lastId += 1;
  return send({ jsonrpc: "2.0", id: lastId, method, params: { ...params, _meta: CLIENT_META } });
}

export function callWithInput(name: string, args: JsonObject, send: Send, ask: Ask): ToolResult {
  let responses: Record<string, InputResponse> | undefined;
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const params: JsonObject = { name, arguments: args };
    if (responses) params["inputResponses"] = responses as unknown as JsonObject;
    const response = request("tools/call", params, send);
    if ("error" in response) throw new Error(response.error.message);
    const result = response.result as ToolResult | InputRequiredResult;
    if (result.resultType !== "input_required") return result;
    responses = Object.fromEntries(Object.entries(result.inputRequests).map(([key, question]) => [key, ask(question)]));
  }
  throw new Error("too many input rounds");
}
