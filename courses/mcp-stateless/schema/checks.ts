// Every response handle gave (on the fixtures and on the generated messages) against the
// 2026-07-28 schema: the envelope against JSONRPCResultResponse or JSONRPCErrorResponse, the
// result against its own definition, picked by the request's method and the result's resultType.
// One check per kind of result; each fails with the first response that breaks it.
import { readFileSync } from "node:fs";
import type { CheckResult } from "../../../src/report/types.js";
import { clip, describeErrors } from "../../../src/schema/error-text.js";
import { keptValidators } from "../../../src/schema/kept-validators.js";
import type { Outcome } from "../behaviour/check.js";
import { isObject, own, UNSUPPORTED_PROTOCOL_VERSION, VERSION_KEY } from "../behaviour/model.js";
import { show } from "../evidence/reading.js";

export const SCHEMA_REVISION = "2026-07-28";
const SCHEMA_URL = new URL(`./${SCHEMA_REVISION}/schema.json`, import.meta.url);
const SCHEMA_ID = "mcp-2026-07-28.json";

/** The definitions this pack validates against, server's responses and client's requests (client/schema.ts). */
const DEFINITIONS = [
  "JSONRPCResultResponse", "JSONRPCErrorResponse", "UnsupportedProtocolVersionError", "DiscoverResult", "ListToolsResult", "CallToolResult",
  "InputRequiredResult", "ListResourcesResult", "ReadResourceResult", "JSONRPCRequest", "DiscoverRequest", "ListToolsRequest",
  "CallToolRequest", "ListResourcesRequest", "ReadResourceRequest", "ListPromptsRequest", "GetPromptRequest",
];

export const validator = keptValidators({
  dialect: "2020-12", text: () => readFileSync(SCHEMA_URL, "utf8"), id: SCHEMA_ID, ref: (d) => `${SCHEMA_ID}#/$defs/${d}`,
  definitions: DEFINITIONS, options: { allErrors: false },
});

interface SchemaCheck {
  id: string;
  title: string;
  hint: string;
  /** The definitions the response must meet, or undefined when this check does not judge it. */
  applies(request: Record<string, unknown>, response: Record<string, unknown>): { definition: string; part: "response" | "result" | "error" }[] | undefined;
}

const method = (request: Record<string, unknown>): unknown => own(request, "method");
const resultOf = (response: Record<string, unknown>): unknown => own(response, "result");
const resultFor = (m: string, definition: string) => (request: Record<string, unknown>, response: Record<string, unknown>) =>
  method(request) === m && Object.hasOwn(response, "result") && own(resultOf(response), "resultType") !== "input_required"
    ? [{ definition: "JSONRPCResultResponse", part: "response" as const }, { definition, part: "result" as const }] : undefined;

export const SCHEMA_CHECKS: readonly SchemaCheck[] = [
  { id: "t2_schema_discover", title: "server/discover's result is a DiscoverResult", hint: "DiscoverResult requires supportedVersions, capabilities, resultType and the cache hints cacheScope and ttlMs.", applies: resultFor("server/discover", "DiscoverResult") },
  { id: "t2_schema_tools_list", title: "tools/list's result is a ListToolsResult", hint: "ListToolsResult requires tools (each with name and an inputSchema of type object), resultType, cacheScope and ttlMs.", applies: resultFor("tools/list", "ListToolsResult") },
  { id: "t2_schema_tools_call", title: "tools/call's finished result is a CallToolResult", hint: "CallToolResult requires content (a list of content blocks such as {type: \"text\", text}) and resultType; isError is a boolean.", applies: resultFor("tools/call", "CallToolResult") },
  {
    id: "t2_schema_input_required", title: "cancel_order's question is an InputRequiredResult", hint: "InputRequiredResult: resultType \"input_required\" and inputRequests, each an elicitation/create request with mode \"form\", a message and a requestedSchema of type object.",
    applies: (request, response) => (own(resultOf(response), "resultType") === "input_required" ? [{ definition: "JSONRPCResultResponse", part: "response" }, { definition: "InputRequiredResult", part: "result" }] : undefined),
  },
  {
    id: "t2_schema_resources", title: "resources/list and resources/read give a ListResourcesResult and a ReadResourceResult", hint: "Both require resultType, cacheScope and ttlMs; a resource has uri and name, a content has uri and text.",
    applies: (request, response) => resultFor("resources/list", "ListResourcesResult")(request, response) ?? resultFor("resources/read", "ReadResourceResult")(request, response),
  },
  {
    id: "t2_schema_errors", title: "Protocol errors are JSONRPCErrorResponses; -32022 is an UnsupportedProtocolVersionError", hint: "An error response has jsonrpc, id and error {code (an integer), message}; the -32022 error's data has supported and requested.",
    applies: (request, response) => {
      if (!Object.hasOwn(response, "error")) return undefined;
      const version = own(own(own(request, "params"), "_meta"), VERSION_KEY);
      // requested must be a string in the schema: judged so when the request's version was one
      // (an absent or non-string version has requested null or the value, README.md).
      const unsupported = own(own(response, "error"), "code") === UNSUPPORTED_PROTOCOL_VERSION && typeof version === "string";
      return [{ definition: "JSONRPCErrorResponse", part: "response" }, ...(unsupported ? [{ definition: "UnsupportedProtocolVersionError", part: "response" as const }] : [])];
    },
  },
];

const partOf = (response: Record<string, unknown>, part: string): unknown => (part === "response" ? response : own(response, part));

/** The problem of one response with one check's definitions, or undefined when it meets them. */
function problemOf(check: SchemaCheck, request: Record<string, unknown>, response: Record<string, unknown>): string | undefined | null {
  const defs = check.applies(request, response);
  if (!defs) return null;
  if (Object.hasOwn(response, "result") && Object.hasOwn(response, "error")) return "the response has both result and error; JSON-RPC allows exactly one";
  if (check.id === "t2_schema_input_required" && !isObject(own(resultOf(response), "inputRequests")) && own(resultOf(response), "requestState") === undefined) {
    return "result has neither inputRequests nor requestState; InputRequiredResult needs at least one";
  }
  for (const { definition, part } of defs) {
    const value = partOf(response, part);
    const fn = validator(definition);
    if (!fn(value)) return `${describeErrors(fn.errors ?? [], part === "response" ? "the response" : `the response's ${part}`, value)} (${definition})`;
  }
  return undefined;
}

/** One input and handle's answer; errorDue: the model answers it with an error (a result there is judged by behaviour, not by shape). */
export interface Exchange { input: unknown; outcome: Outcome | undefined; errorDue?: boolean }

export function schemaChecks(exchanges: readonly Exchange[]): CheckResult[] {
  return SCHEMA_CHECKS.map((check): CheckResult => {
    const base = { name: check.id, kind: "schema", title: check.title, hint: `The ${SCHEMA_REVISION} schema: ${check.hint}` };
    let judged = 0;
    for (const { input, outcome, errorDue } of exchanges) {
      if (!outcome?.ok || !isObject(input) || !isObject(outcome.value)) continue;
      if (errorDue && Object.hasOwn(outcome.value, "result")) continue;
      const problem = problemOf(check, input, outcome.value);
      if (problem === null) continue;
      judged++;
      if (problem !== undefined) {
        return { ...base, status: "fail", actual: clip(show(outcome.value), 400), message: `handle(${clip(show(input), 300)}) answered a response the schema refuses: ${problem}.` };
      }
    }
    return judged ? { ...base, status: "pass", message: `${judged} responses checked.` } : { ...base, status: "skip", message: "No response of this kind came back to check." };
  });
}
