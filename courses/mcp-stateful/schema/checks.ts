// What the server answers and what the client sends, against the 2025-06-18 schema (the engine's
// vendored copy, src/schema/mcp/2025-06-18: the revision this pack speaks). The server: every
// response of every session (the trace and the generated ones) against JSONRPCResponse or
// JSONRPCError, its result against the definition its method names, every drained notification
// against ToolListChangedNotification. The client: every message it sent against its request's
// or notification's definition. Each check fails with the first message that breaks it.
import type { CheckResult } from "../../../src/report/types.js";
import { describeErrors } from "../../../src/schema/error-text.js";
import { keptValidators } from "../../../src/schema/kept-validators.js";
import { MCP_SCHEMA_TEXT } from "../../../src/schema/validator.js";
import { shown } from "../behaviour/compare.js";
import type { Outcome, Session } from "../behaviour/session.js";

const validator = keptValidators({
  dialect: "draft-07", text: MCP_SCHEMA_TEXT, id: "mcp-2025-06-18.json", ref: (d) => `mcp-2025-06-18.json#/definitions/${d}`,
  definitions: [
    "JSONRPCResponse", "JSONRPCError", "ToolListChangedNotification", "JSONRPCRequest", "JSONRPCNotification",
    "InitializeResult", "ListToolsResult", "CallToolResult", "ListResourcesResult", "ReadResourceResult", "ListPromptsResult", "GetPromptResult",
    "InitializeRequest", "InitializedNotification", "ListToolsRequest", "CallToolRequest",
  ],
});

/** Why the value is not the definition, or undefined when it is. */
export function schemaProblem(definition: string, value: unknown): string | undefined {
  const fn = validator(definition);
  return fn(value) ? undefined : `${definition}: ${describeErrors(fn.errors ?? [], "", value)}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** A table's entry for a method name, never Object.prototype's ("constructor" is a method name too). */
const ownOf = (table: Record<string, string>, method: unknown): string | undefined => (typeof method === "string" && Object.hasOwn(table, method) ? table[method] : undefined);

export const RESULT_OF: Record<string, string> = {
  initialize: "InitializeResult", "tools/list": "ListToolsResult", "tools/call": "CallToolResult",
  "resources/list": "ListResourcesResult", "resources/read": "ReadResourceResult",
  "prompts/list": "ListPromptsResult", "prompts/get": "GetPromptResult",
};
const SENT: Record<string, string> = {
  initialize: "InitializeRequest", "notifications/initialized": "InitializedNotification", "tools/list": "ListToolsRequest", "tools/call": "CallToolRequest",
};

interface Rule { name: string; title: string; hint: string }
export const SCHEMA_RULES = {
  responses: { name: "t2_schema_responses", title: "Every response is a 2025-06-18 JSONRPCResponse or JSONRPCError", hint: "jsonrpc \"2.0\", the request's id, and result (an object) or error ({code: an integer, message: a string})." },
  results: { name: "t2_schema_results", title: "Every result is its method's 2025-06-18 result (InitializeResult, ListToolsResult, CallToolResult, …)", hint: "Each result's required fields, by the schema: capabilities and serverInfo; tools; content; resources; contents; prompts; messages." },
  notifications: { name: "t2_schema_notifications", title: "Every drained notification is a ToolListChangedNotification", hint: "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/tools/list_changed\"}: no id." },
  client: { name: "t3_schema_messages", title: "Every message the client sends is its 2025-06-18 request or notification", hint: "initialize's params need protocolVersion, capabilities and clientInfo (name, version); tools/call's need name." },
} as const satisfies Record<string, Rule>;

function verdict(rule: Rule, count: number, failure: string | undefined): CheckResult {
  const base = { name: rule.name, kind: "schema", title: rule.title, hint: rule.hint } as const;
  if (failure) return { ...base, status: "fail", message: failure };
  return count === 0 ? { ...base, status: "skip", message: "No message could be checked: the runs it needs did not run." } : { ...base, status: "pass", message: `${count} checked.` };
}

/** The server's schema checks over every session whose outcomes came back. */
export function serverSchemaChecks(sessions: readonly { session: Session; outcomes: readonly Outcome[] }[]): CheckResult[] {
  const counts = { responses: 0, results: 0, notifications: 0 };
  const fails: Partial<Record<keyof typeof counts, string>> = {};
  const fail = (key: keyof typeof counts, why: string | undefined, where: string): void => {
    counts[key]++;
    if (why && !fails[key]) fails[key] = `${where}\n→ ${why}`;
  };
  for (const { session, outcomes } of sessions) {
    session.steps.forEach((step, j) => {
      const got = outcomes[j];
      if (!got || "threw" in got) return;
      if (step.op === "drain") {
        if (Array.isArray(got.value)) for (const n of got.value) fail("notifications", schemaProblem("ToolListChangedNotification", n), `drainOutbox() gave ${shown(n)}`);
        return;
      }
      if (step.op !== "handle" || !isObject(got.value) || !isObject(step.message)) return;
      // A request MCP does not allow ("id": null) has no schema-valid answer: JSONRPCError's id is a RequestId.
      const id = step.message["id"];
      if (typeof id !== "string" && typeof id !== "number") return;
      const where = `handle(${shown(step.message)}) answered ${shown(got.value)}`;
      const isError = Object.hasOwn(got.value, "error");
      fail("responses", schemaProblem(isError ? "JSONRPCError" : "JSONRPCResponse", got.value), where);
      const definition = ownOf(RESULT_OF, step.message["method"]);
      if (!isError && definition) fail("results", schemaProblem(definition, got.value["result"]), where);
    });
  }
  return (["responses", "results", "notifications"] as const).map((k) => verdict(SCHEMA_RULES[k], counts[k], fails[k]));
}

/** The client's schema check over every message it sent (the peers' record). */
export function clientSchemaCheck(sent: readonly unknown[]): CheckResult {
  let count = 0;
  let failure: string | undefined;
  for (const m of sent) {
    const definition = isObject(m) ? ownOf(SENT, m["method"]) : undefined;
    if (!definition || !isObject(m)) continue;
    count++;
    const envelope = Object.hasOwn(m, "id") ? "JSONRPCRequest" : "JSONRPCNotification";
    const why = schemaProblem(envelope, m) ?? schemaProblem(definition, m);
    if (why && !failure) failure = `The client sent ${shown(m)}\n→ ${why}`;
  }
  return verdict(SCHEMA_RULES.client, count, failure);
}
