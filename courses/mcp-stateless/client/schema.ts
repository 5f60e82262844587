// The client's messages against the 2026-07-28 schema: each request the client sent, by its
// method's definition (CallToolRequest, DiscoverRequest…), JSONRPCRequest for a method the
// schema does not name. Only messages whose params the grader chose to be valid are judged: the
// fixture requests and every round of callWithInput, not request's generated params.
import type { CheckResult } from "../../../src/report/types.js";
import { clip, describeErrors } from "../../../src/schema/error-text.js";
import { isRecord, own, show } from "./messages.js";
import type { Sent } from "./trace.js";
import { SCHEMA_REVISION, validator } from "../schema/checks.js";

const DEFINITIONS: Record<string, string> = {
  "server/discover": "DiscoverRequest",
  "tools/list": "ListToolsRequest",
  "tools/call": "CallToolRequest",
  "resources/list": "ListResourcesRequest",
  "resources/read": "ReadResourceRequest",
  "prompts/list": "ListPromptsRequest",
  "prompts/get": "GetPromptRequest",
};

export interface SentBy { sent: Sent; call: string }

function problemOf(sent: Sent): string | undefined {
  if (!isRecord(sent.value)) return `it is ${sent.value === undefined ? "not JSON" : show(sent.value)}, not a request object`;
  const method = own(sent.value, "method");
  const definition = (typeof method === "string" && Object.hasOwn(DEFINITIONS, method) ? DEFINITIONS[method] : undefined) ?? "JSONRPCRequest";
  const fn = validator(definition);
  return fn(sent.value) ? undefined : `${describeErrors(fn.errors ?? [], "the message", sent.value)} (${definition})`;
}

export function clientSchemaCheck(messages: readonly SentBy[]): CheckResult {
  const base = {
    name: "t3_schema_requests", kind: "schema", title: `Every request the client sends is a request of the ${SCHEMA_REVISION} schema`,
    hint: `The ${SCHEMA_REVISION} schema: a request has jsonrpc "2.0", an id (a string or an integer), its method and params with _meta (protocolVersion and clientCapabilities required); tools/call's params need name, and inputResponses holds one result per key.`,
  } as const;
  if (messages.length === 0) return { ...base, status: "skip", message: "The client sent no request to check." };
  for (const { sent, call } of messages) {
    const problem = problemOf(sent);
    if (problem) return { ...base, status: "fail", actual: clip(show(sent.value), 400), message: `${call} sent a message the schema refuses: ${problem}.` };
  }
  return { ...base, status: "pass", message: `${messages.length} requests checked.` };
}
