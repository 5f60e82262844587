// The 17 evidence keys in the chapter's order, each with the value its rule accepts, a
// student-facing title and a hint. Accepted values are derived from the chapter's own data and
// rules (fixtures.ts, protocol.ts) rather than typed in, and pinned as literals in the tests.
import { canonicalJson, pythonLength } from "../../../src/json/python-json.js";
import { MESSAGES, TOOL } from "./fixtures.js";
import {
  INITIALIZE_RESULT, MCP_TOOL, METHOD_NOT_FOUND, PARSE_ERROR_RESPONSE, SERVER_PROTOCOL_VERSION,
  UNKNOWN_TOOL_CODE, foundText, unknownToolMessage,
} from "./protocol.js";
import type { TaskId } from "./tasks.js";

export const EVIDENCE_KEYS = [
  "t1_keys", "t1_schema_unchanged", "t1_name_description_unchanged",
  "t2_responses", "t2_init_version", "t2_tool_names", "t2_id3_text", "t2_id4_error",
  "t2_id5_is_error", "t2_id5_text", "t2_id6_error_code", "t2_id7_text",
  "t3_out_count", "t3_log_count", "t3_no_embedded_newline", "t3_parse_error_line",
  "t3_list_line_length",
] as const;
export type EvidenceKey = (typeof EVIDENCE_KEYS)[number];

export interface EvidenceRule {
  key: EvidenceKey;
  task: TaskId;
  /** What the line shows, as the chapter words it. */
  title: string;
  /** The one value the chapter's rules accept. */
  accepted: string;
  /** The rule to reread, without giving the value away. */
  hint: string;
}

const requestsWithId = MESSAGES.filter((m) => "id" in m).length;
const listResponse = { jsonrpc: "2.0", id: 2, result: { tools: [MCP_TOOL] } };
const enumValues = (TOOL.input_schema.properties?.["service"]?.enum ?? []).join(", ");

const rule = (key: EvidenceKey, task: TaskId, title: string, accepted: string | number, hint: string): EvidenceRule =>
  ({ key, task, title, accepted: String(accepted), hint });

export const EVIDENCE_RULES: Record<EvidenceKey, EvidenceRule> = Object.fromEntries([
  rule("t1_keys", "task1", "The converted tool has exactly name, description and inputSchema",
    Object.keys(MCP_TOOL).sort().join(","),
    "to_mcp returns a new object with the same name and description and the schema under inputSchema instead of input_schema, and no other keys."),
  rule("t1_schema_unchanged", "task1", "inputSchema equals the original input_schema", "true",
    "Move the schema across as it is: do not add, drop or change anything inside it."),
  rule("t1_name_description_unchanged", "task1", "Name and description are unchanged", "true",
    "Copy name and description as they are, character for character."),
  rule("t2_responses", "task2", "Every request is answered and no notification is", requestsWithId,
    "Rule 1: a message with no id key is a notification and gets null. Every message that has an id (even \"id\": null) gets a response."),
  rule("t2_init_version", "task2", "initialize answers with the server's protocol version",
    String(INITIALIZE_RESULT["protocolVersion"]),
    `Rule 2: the server always answers with the version it supports, ${SERVER_PROTOCOL_VERSION}, whatever version the client asked for.`),
  rule("t2_tool_names", "task2", "tools/list lists the converted tool", MCP_TOOL.name,
    "Rule 3: tools/list answers {\"tools\": [<the converted logs_search tool>]}: use your to_mcp."),
  rule("t2_id3_text", "task2", "A valid call returns the fixed text", foundText("timeout", "api"),
    "Rule 6: a call whose arguments pass the schema returns a result with content [{type: \"text\", text: \"found 3 lines for <query> in <service>\"}] and isError false."),
  rule("t2_id4_error", "task2", "An unknown tool is a protocol error", `${UNKNOWN_TOOL_CODE} ${unknownToolMessage("deploy_nuke")}`,
    "Rule 4: a tools/call for a tool the server does not have is a protocol error: an error object with code -32602 and message \"Unknown tool: <name>\", not a result."),
  rule("t2_id5_is_error", "task2", "Invalid arguments are a tool execution error", "true",
    "Rule 5: arguments that fail the schema give a result (not an error) with isError true, so the model can read what to change."),
  rule("t2_id5_text", "task2", "The validation message follows the rule set", `service must be one of: ${enumValues}`,
    "Rule 5's message for a value outside an enum: <field> must be one of: <values separated by comma and space>. Several messages are joined with \"; \"."),
  rule("t2_id6_error_code", "task2", "An unknown method is -32601", METHOD_NOT_FOUND.code,
    "Rule 7: any method the server does not handle gets an error {\"code\": -32601, \"message\": \"Method not found\"}."),
  rule("t2_id7_text", "task2", "A call with a valid limit returns the fixed text", foundText("retry", "worker"),
    "Rule 6 again: limit is an integer from 1 to 50, so 5 is valid and the call succeeds."),
  rule("t3_out_count", "task3", "One output line per answered message", 4,
    "out gets one line for each message handle answers and one Parse error line per line that is not JSON; a notification and an empty line add nothing."),
  rule("t3_log_count", "task3", "One log line per non-empty line", 5,
    "log gets \"line N\" for every line that is not empty after strip(). Empty lines add no log line, but they still count in the numbering."),
  rule("t3_no_embedded_newline", "task3", "No output line contains a newline", "true",
    "The stdio transport: messages MUST NOT contain embedded newlines. Serialise without indentation."),
  rule("t3_parse_error_line", "task3", "The not-JSON line is answered with the exact Parse error line",
    canonicalJson(PARSE_ERROR_RESPONSE),
    "A line json.loads cannot parse is answered with {\"jsonrpc\": \"2.0\", \"id\": null, \"error\": {\"code\": -32700, \"message\": \"Parse error\"}}, serialised with keys sorted at every level and no spaces after , or :."),
  rule("t3_list_line_length", "task3", "The tools/list line has the canonical length",
    pythonLength(canonicalJson(listResponse)),
    "Serialise every output line as json.dumps(response, separators=(\",\", \":\"), sort_keys=True) does: keys sorted at every level, no spaces, no newline."),
].map((r) => [r.key, r])) as Record<EvidenceKey, EvidenceRule>;

export function isEvidenceKey(value: string): value is EvidenceKey {
  return (EVIDENCE_KEYS as readonly string[]).includes(value);
}

export function keysOfTask(task: TaskId): EvidenceKey[] {
  return EVIDENCE_KEYS.filter((k) => EVIDENCE_RULES[k].task === task);
}
