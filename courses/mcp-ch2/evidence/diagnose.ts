// For a line that does not match its rule, name the chapter rule the student most likely
// broke. Each diagnosis looks at the value and, where that is not enough, at what the task's
// function actually returned.
import { EVIDENCE_RULES, type EvidenceKey } from "../course/evidence-keys.js";
import { MESSAGES, TOOL } from "../course/fixtures.js";
import { canonicalJson } from "../../../src/json/python-json.js";
import { describeMessage } from "../grading/describe.js";
import type { TaskValue } from "./task-value.js";

export interface DiagnosisInput {
  key: EvidenceKey;
  /** The printed value, or undefined when the line could not be computed. */
  actual: string | undefined;
  missing?: string;
  /** What the task returned; absent when only an evidence file is being checked. */
  value?: TaskValue;
}

type Diagnoser = (actual: string | undefined, value: TaskValue | undefined) => string | undefined;

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

const responseTo = (value: TaskValue | undefined, id: number): Record<string, unknown> | undefined =>
  value?.task === "task2" ? asRecord(value.responses[MESSAGES.findIndex((m) => "id" in m && m.id === id)]) : undefined;

const isErrorResult = (r: Record<string, unknown> | undefined): boolean => asRecord(r?.["result"])?.["isError"] === true;

const DIAGNOSERS: Partial<Record<EvidenceKey, Diagnoser>> = {
  t1_keys: (actual) => {
    const keys = actual?.split(",") ?? [];
    if (keys.includes("input_schema")) return "The result still has input_schema: the MCP shape has the schema under inputSchema instead, and the old key must not stay.";
    const extra = keys.filter((k) => !["name", "description", "inputSchema"].includes(k));
    if (extra.length) return `to_mcp must not add other keys, but the result also has ${extra.join(", ")}.`;
    return undefined;
  },
  t1_schema_unchanged: (actual) => actual !== "false" ? undefined : "inputSchema must be the same schema as input_schema, unchanged: no key renamed, added or removed inside it.",
  t1_name_description_unchanged: (actual, value) => {
    const r = value?.task === "task1" ? asRecord(value.result) : undefined;
    if (actual !== "false" || !r) return undefined;
    const changed = (["name", "description"] as const).filter((k) => r[k] !== TOOL[k]);
    return `${changed.join(" and ")} changed on the way: copy ${changed.length > 1 ? "them" : "it"} exactly as the tool definition has ${changed.length > 1 ? "them" : "it"}.`;
  },
  t2_responses: (actual, value) => {
    if (value?.task !== "task2") {
      const n = Number(actual);
      if (n > 7) return "More responses than requests: a message with no id is a notification and gets no response (rule 1).";
      if (n < 7) return "Fewer responses than requests: every message with an id gets a response, even an error; only a message with no id key is a notification.";
      return undefined;
    }
    const answeredNotes = MESSAGES.filter((m, i) => !("id" in m) && value.responses[i] !== null);
    if (answeredNotes.length) return `You answered ${answeredNotes.map(describeMessage).join(", ")}. A message with no id is a notification: handle returns null for it (rule 1).`;
    const silent = MESSAGES.filter((m, i) => "id" in m && value.responses[i] === null);
    if (silent.length) return `handle returned null for ${silent.map(describeMessage).join(", ")}. Every message with an id is a request and gets a response; only a message with no id key at all is a notification.`;
    return undefined;
  },
  t2_init_version: (actual) => actual === "2025-03-26"
    ? "You echoed the client's protocolVersion. The server answers with the version it supports, 2025-06-18, whatever the client asked for (rule 2)."
    : undefined,
  t2_id4_error: (actual, value) => {
    const r = responseTo(value, 4);
    if (r && "result" in r && !("error" in r)) return `The unknown tool was answered with a result${isErrorResult(r) ? " with isError true" : ""}. An unknown tool is a protocol error: answer with an error object {"code": -32602, "message": "Unknown tool: deploy_nuke"} (rule 4); isError results are for a tool that exists and failed.`;
    if (actual?.startsWith("-32601")) return "-32601 means the method does not exist, but tools/call does exist. An unknown tool name is invalid params: code -32602 (rule 4).";
    if (actual?.startsWith("-32602")) return "The code is right; the message must be exactly \"Unknown tool: <name>\" with the name that was asked for.";
    return undefined;
  },
  t2_id5_is_error: (_actual, value) => {
    const r = responseTo(value, 5);
    if (r && "error" in r) return "Arguments that fail the schema were answered with a protocol error. In this project they are a tool execution error: a result with isError true and the messages as text (rule 5).";
    return undefined;
  },
  t2_id5_text: (actual) => {
    if (actual === "service must be one of: api,worker,billing") return "The enum values are separated by a comma and a space: \"api, worker, billing\".";
    if (actual?.includes("payments")) return "The message names the field and the allowed values, not the value that was given: <field> must be one of: <values>.";
    return undefined;
  },
  t2_id6_error_code: (actual, value) => {
    const r = responseTo(value, 6);
    if (r && "result" in r) return "resources/list is a method this server does not have, so it gets an error, not a result: -32601 Method not found (rule 7).";
    if (actual === "-32602") return "-32602 is for an unknown tool inside tools/call; a method the server does not have is -32601 (rule 7).";
    return undefined;
  },
  t2_id7_text: (actual) => actual?.includes("limit")
    ? "limit 5 is an integer between 1 and 50, so the call is valid. Check your minimum, maximum and integer checks."
    : undefined,
  t2_id3_text: (actual) => actual?.includes("must")
    ? "A valid call was rejected by your validator: service api and query timeout pass the schema, and limit is optional."
    : undefined,
  t3_out_count: (actual) => {
    const n = Number(actual);
    if (n === 5) return "One line too many. The notification on line 2 gets no response (handle returns null), so nothing goes to out for it; nor does the empty line 6.";
    if (n === 3) return "One line too few. The line that is not JSON must still be answered on out, with the Parse error response.";
    return undefined;
  },
  t3_log_count: (actual) => {
    const n = Number(actual);
    if (n === 6) return "Empty lines (after strip()) get no \"line N\" log entry; they only count in the numbering.";
    if (n === 4) return "Every non-empty line is logged, including the one that is not JSON and the notification.";
    return undefined;
  },
  t3_no_embedded_newline: (actual) => actual !== "false" ? undefined : "A line in out contains a newline: the stdio transport's messages MUST NOT contain embedded newlines. Serialise without indentation.",
  t3_parse_error_line: (actual) => diagnoseSerialisation(actual),
  t3_list_line_length: (_actual, value) => {
    if (value?.task !== "task3") return undefined;
    const out = asRecord(value.result)?.["out"];
    const line = Array.isArray(out) ? out.find((l) => typeof l === "string" && l.includes('"tools"')) : undefined;
    return typeof line === "string" ? diagnoseSerialisation(line) : undefined;
  },
};

function diagnoseSerialisation(line: string | undefined): string | undefined {
  if (line === undefined) return undefined;
  let parsed: unknown;
  try { parsed = JSON.parse(line); } catch { return "That line is not valid JSON."; }
  const canonical = canonicalJson(parsed);
  if (line === canonical) return undefined;
  if (line.includes("\n")) return "The line is pretty-printed across several lines. Serialise with no indentation, no spaces after , or : and keys sorted.";
  if (line.replace(/", "|": |, "/g, "").length !== line.length && line.length > canonical.length) return "The line has spaces after , or :. Task 3 serialises with separators (\",\", \":\"): no spaces at all.";
  if (line.length === canonical.length) return "The keys are not sorted: sort_keys=True sorts them alphabetically at every level, nested objects included.";
  return undefined;
}

/** One paragraph: what is wrong, and the rule. */
export function diagnose(input: DiagnosisInput): string {
  const specific = DIAGNOSERS[input.key]?.(input.actual, input.value);
  if (specific) return specific;
  if (input.actual === undefined) return `This line could not be computed: ${input.missing}.`;
  return `Expected ${EVIDENCE_RULES[input.key].accepted}, got ${input.actual}.`;
}
