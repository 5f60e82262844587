// Progressive hints for each task, course data like the evidence rules: level 1 is a nudge,
// the last level states the exact rule. None gives the answer or the code, and every hint names
// the part of the chapter to reread (section titles as the chapter prints them). Each names the
// checks it is about: grade hint follows the first failing check through the hints about it,
// then the exact rule, so a student stuck on rule 4 is not walked through rules 1 to 3 first.
import type { TaskId } from "./tasks.js";

import type { Hint } from "../../../src/pack/types.js";
export type { Hint };

export const HINTS: Record<TaskId, readonly Hint[]> = {
  task1: [
    {
      text: "Task 1 is a rename and a wrapper, not a transformation. Put the Chapter 1 tool and the MCP tool listing side by side: which parts are the same idea under the same name, and which one has a new name?",
      reread: "Discovering and calling a tool (the list of the parts of a tool definition)",
      checks: ["t1_keys", "t1_types", "t1_schema_tool"],
    },
    {
      text: "Build a new object and return it; do not rename a key inside the object you were given. The result has exactly three keys, and the old schema key must not be one of them. Return it, never print it: nothing goes to stdout.",
      reread: "Hands-on Project, Task 1 — Convert a tool definition",
      checks: ["t1_keys", "t1_input_unchanged", "t1_other_tools", "t1_inherited_names", "t1_json_data", "t1_no_stdout"],
    },
    {
      text: "The schema is carried over as it is: do not copy it field by field or rebuild it, and do not add a title or an outputSchema. The same goes for name and description, character for character.",
      reread: "Discovering and calling a tool (\"the description and the schema you wrote are carried over unchanged\")",
      checks: ["t1_schema_unchanged", "t1_name_description_unchanged", "t1_schema_extra_keys", "t1_schema_compiles", "t1_schema_tool", "t1_other_tools"],
    },
    {
      text: "The exact rule: toMcp returns a new object with the same name and description and the schema under inputSchema instead of input_schema, unchanged, and no other keys. t1_keys lists the result's keys sorted and joined with commas.",
      reread: "Hands-on Project, Task 1 — Convert a tool definition",
      checks: [],
    },
  ],
  task2: [
    {
      text: "Start with the question every server asks first: does this message need an answer at all? Write that branch, then one branch per method the server knows, then one for everything else. Every answer is returned, never printed: stdout belongs to the protocol.",
      reread: "The messages are JSON-RPC (the three kinds of message)",
      checks: ["t2_responses", "t2_notifications_unanswered", "t2_id_null_answered", "t2_id6_error_code", "t2_other_methods", "t2_inherited_methods", "t2_types", "t2_no_stdout", "t2_stdio_clean"],
    },
    {
      text: "A notification is a message with no id key. An id whose value is null is still an id: test whether the key is present, not whether its value is truthy. Every answer repeats the request's id and has jsonrpc \"2.0\".",
      reread: "The messages are JSON-RPC, and Task 2's rule 1",
      checks: ["t2_responses", "t2_notifications_unanswered", "t2_id_null_answered", "t2_ids_echoed", "t2_odd_params", "t2_json_data", "t2_schema_envelope", "t2_schema_one_of", "t2_schema_id"],
    },
    {
      text: "initialize does not echo the client's version: the server answers with the one version it supports, whatever was asked. tools/list answers with the converted tool, so reuse your toMcp from task1 rather than writing the MCP shape by hand.",
      reread: "Starting a connection: initialize and capabilities",
      checks: ["t2_init_version", "t2_initialize_any_version", "t2_tool_names", "t2_schema_initialize", "t2_schema_tools_list", "t2_interop_initialize", "t2_interop_list_tools"],
    },
    {
      text: "tools/call can fail in two ways, and they travel on two channels. A tool the server does not have means the request could not be handled: an error object. Arguments that fail the schema mean the request was handled and the tool reports a problem the model can read: a normal result with isError true.",
      reread: "When something goes wrong: two kinds of error",
      checks: ["t2_id4_error", "t2_id5_is_error", "t2_id5_text", "t2_unknown_tools", "t2_inherited_tool_names", "t2_interop_unknown_tool", "t2_missing_field", "t2_unexpected_field", "t2_enum_value", "t2_string_type", "t2_integer_type", "t2_limit_bounds", "t2_several_errors", "t2_no_arguments", "t2_null_required", "t2_null_optional", "t2_inherited_argument_names", "t2_schema_tools_call"],
    },
    {
      text: "The exact rules: (1) no id key: null. (2) initialize: the fixed result with protocolVersion 2025-06-18. (3) tools/list: {tools: [toMcp(TOOL)]}. (4) unknown tool: error code -32602, message \"Unknown tool: <name>\". (5) arguments that fail the schema: result, content one text item with the messages joined by \"; \", isError true; an enum message is \"<field> must be one of: <values joined by comma and space>\". (6) valid call: the fixed text \"found 3 lines for <query> in <service>\", isError false. (7) any other method: error -32601 \"Method not found\".",
      reread: "Hands-on Project, Task 2 — Answer the protocol's messages (rules 1 to 7)",
      checks: [],
    },
  ],
  task3: [
    {
      text: "serve is the stdio transport without the pipes: out stands for standard output and log for standard error. Ask of every string you push to out: is this a protocol message? Everything else belongs in log, or nowhere.",
      reread: "The failure, before the explanation",
      checks: ["t3_no_stdout", "t3_no_stderr", "t3_out_count", "t3_log_count", "t3_notifications", "t3_types", "t3_json_data"],
    },
    {
      text: "The number in \"line N\" is the line's position in the input, counting from 1 and counting the empty lines too. Use the loop's index, not a counter you only increase for the lines you keep. A line that is empty after trim() adds nothing to either list.",
      reread: "Hands-on Project, Task 3, step 1",
      checks: ["t3_log_count", "t3_blank_lines", "t3_parse_error_line", "t3_out_count", "t3_spaces_around_json", "t3_exact_lines"],
    },
    {
      text: "Put only the parsing inside try/catch. A line that does not parse is answered with the Parse error response (id null, code -32700). A line that parses goes to your handle; a notification gets null back, and null adds nothing to out.",
      reread: "When something goes wrong: two kinds of error (the JSON-RPC codes), and Task 3, steps 2 and 3",
      checks: ["t3_parse_errors", "t3_parse_error_line", "t3_out_count", "t3_notifications", "t3_not_objects"],
    },
    {
      text: "JSON.stringify writes keys in the order they were inserted, and with no spaces. Python's sort_keys=True sorts them alphabetically at every level, inside result, error and each tool too, so the line's length depends on it. Write a small function that walks arrays and objects and builds the string with sorted keys.",
      reread: "Hands-on Project, Task 3 (\"Serialise every output line ...\")",
      checks: ["t3_list_line_length", "t3_no_embedded_newline", "t3_long_input", "t3_exact_lines"],
    },
    {
      text: "The exact rule: for every line not empty after trim(), log gets \"line N\"; a line JSON cannot parse puts the Parse error response on out; otherwise handle's answer goes on out unless it is null. Every out line is the response serialised with keys sorted at every level, separators \",\" and \":\" with no spaces, and no newline inside it.",
      reread: "Hands-on Project, Task 3 — Serve lines, keep the output clean",
      checks: [],
    },
  ],
};
