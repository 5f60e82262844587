// Task 2's evidence lines: handle's answer to each of the fixture messages, in order.
import { MESSAGES, TOOL } from "../course/fixtures.js";
import {
  INITIALIZE_RESULT, MCP_TOOL, METHOD_NOT_FOUND, SERVER_PROTOCOL_VERSION, UNKNOWN_TOOL_CODE, foundText, unknownToolMessage,
} from "../course/protocol.js";
import { describeMessage } from "../grading/describe.js";
import { linesOfTask, type ValueOf } from "./line.js";
import { asRecord, data, describeType, dig, need, printed } from "./reading.js";

const indexOfId = (id: number): number => MESSAGES.findIndex((m) => "id" in m && m.id === id);

function responseTo(responses: unknown[], id: number): unknown {
  const response = responses[indexOfId(id)];
  need(response !== null, `handle returned null for ${describeMessage(MESSAGES[indexOfId(id)])}, which needs a response`);
  return response;
}

function textOf(responses: unknown[], id: number): string {
  return printed(data(dig(responseTo(responses, id), ["result", "content", 0, "text"], `the response to id ${id}`), `the response to id ${id}: result.content[0].text`));
}

/** The response to an id as an object, for a diagnosis; undefined when there is none. */
const answerTo = (value: ValueOf<"task2"> | undefined, id: number): Record<string, unknown> | undefined => asRecord(value?.responses[indexOfId(id)]);

const isErrorResult = (r: Record<string, unknown> | undefined): boolean => asRecord(r?.["result"])?.["isError"] === true;

const enumValues = (TOOL.input_schema.properties?.["service"]?.enum ?? []).join(", ");

export const TASK2_LINES = linesOfTask("task2", [
  {
    key: "t2_responses", task: "task2", rules: ["t2_notifications_unanswered", "t2_id_null_answered"], title: "Every request is answered and no notification is",
    accepted: String(MESSAGES.filter((m) => "id" in m).length),
    hint: "Rule 1: a message with no id key is a notification and gets null. Every message that has an id (even \"id\": null) gets a response.",
    compute: ({ responses }) => String(responses.filter((x, i) => data(x, `the answer to ${describeMessage(MESSAGES[i])}`) !== null).length),
    diagnose: (actual, value) => {
      if (!value) {
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
  },
  {
    key: "t2_init_version", task: "task2", rules: ["t2_same_initialize"], title: "initialize answers with the server's protocol version",
    accepted: String(INITIALIZE_RESULT["protocolVersion"]),
    hint: `Rule 2: the server always answers with the version it supports, ${SERVER_PROTOCOL_VERSION}, whatever version the client asked for.`,
    compute: ({ responses }) => printed(data(dig(responseTo(responses, 1), ["result", "protocolVersion"], "the response to id 1"), "the response to id 1: result.protocolVersion")),
    diagnose: (actual) => actual === "2025-03-26"
      ? "You echoed the client's protocolVersion. The server answers with the version it supports, 2025-06-18, whatever the client asked for (rule 2)."
      : undefined,
  },
  {
    key: "t2_tool_names", task: "task2", rules: ["t2_same_tools_list"], title: "tools/list lists the converted tool", accepted: MCP_TOOL.name,
    hint: "Rule 3: tools/list answers {\"tools\": [<the converted logs_search tool>]}: use your to_mcp.",
    compute: ({ responses }) => {
      const tools = dig(responseTo(responses, 2), ["result", "tools"], "the response to id 2");
      need(Array.isArray(tools), `result.tools in the response to id 2 is ${describeType(tools)}, not a list`);
      return (tools as unknown[]).map((t, i) => printed(data(dig(t, ["name"], `result.tools[${i}]`), `result.tools[${i}].name`))).join(",");
    },
  },
  {
    key: "t2_id3_text", task: "task2", rules: ["t2_same_valid_call"], title: "A valid call returns the fixed text", accepted: foundText("timeout", "api"),
    hint: "Rule 6: a call whose arguments pass the schema returns a result with content [{type: \"text\", text: \"found 3 lines for <query> in <service>\"}] and isError false.",
    compute: ({ responses }) => textOf(responses, 3),
    diagnose: (actual) => actual?.includes("must")
      ? "A valid call was rejected by your validator: service api and query timeout pass the schema, and limit is optional."
      : undefined,
  },
  {
    key: "t2_id4_error", task: "task2", rules: ["t2_same_unknown_tool"], title: "An unknown tool is a protocol error", accepted: `${UNKNOWN_TOOL_CODE} ${unknownToolMessage("deploy_nuke")}`,
    hint: "Rule 4: a tools/call for a tool the server does not have is a protocol error: an error object with code -32602 and message \"Unknown tool: <name>\", not a result.",
    compute: ({ responses }) => {
      const r = responseTo(responses, 4);
      return `${printed(data(dig(r, ["error", "code"], "the response to id 4"), "error.code"))} ${printed(data(dig(r, ["error", "message"], "the response to id 4"), "error.message"))}`;
    },
    diagnose: (actual, value) => {
      const r = answerTo(value, 4);
      if (r && "result" in r && !("error" in r)) return `The unknown tool was answered with a result${isErrorResult(r) ? " with isError true" : ""}. An unknown tool is a protocol error: answer with an error object {"code": -32602, "message": "Unknown tool: deploy_nuke"} (rule 4); isError results are for a tool that exists and failed.`;
      if (actual?.startsWith("-32601")) return "-32601 means the method does not exist, but tools/call does exist. An unknown tool name is invalid params: code -32602 (rule 4).";
      if (actual?.startsWith("-32602")) return "The code is right; the message must be exactly \"Unknown tool: <name>\" with the name that was asked for.";
      return undefined;
    },
  },
  {
    key: "t2_id5_is_error", task: "task2", rules: ["t2_same_invalid_call"], title: "Invalid arguments are a tool execution error", accepted: "true",
    hint: "Rule 5: arguments that fail the schema give a result (not an error) with isError true, so the model can read what to change.",
    compute: ({ responses }) => printed(data(dig(responseTo(responses, 5), ["result", "isError"], "the response to id 5"), "result.isError")),
    diagnose: (_actual, value) => {
      const r = answerTo(value, 5);
      if (r && "error" in r) return "Arguments that fail the schema were answered with a protocol error. In this project they are a tool execution error: a result with isError true and the messages as text (rule 5).";
      return undefined;
    },
  },
  {
    key: "t2_id5_text", task: "task2", rules: ["t2_same_invalid_text"], title: "The validation message follows the rule set", accepted: `service must be one of: ${enumValues}`,
    hint: "Rule 5's message for a value outside an enum: <field> must be one of: <values separated by comma and space>. Several messages are joined with \"; \".",
    compute: ({ responses }) => textOf(responses, 5),
    diagnose: (actual) => {
      if (actual === "service must be one of: api,worker,billing") return "The enum values are separated by a comma and a space: \"api, worker, billing\".";
      if (actual?.includes("payments")) return "The message names the field and the allowed values, not the value that was given: <field> must be one of: <values>.";
      return undefined;
    },
  },
  {
    key: "t2_id6_error_code", task: "task2", rules: ["t2_same_unknown_method"], title: "An unknown method is -32601", accepted: String(METHOD_NOT_FOUND.code),
    hint: "Rule 7: any method the server does not handle gets an error {\"code\": -32601, \"message\": \"Method not found\"}.",
    compute: ({ responses }) => printed(data(dig(responseTo(responses, 6), ["error", "code"], "the response to id 6"), "error.code")),
    diagnose: (actual, value) => {
      const r = answerTo(value, 6);
      if (r && "result" in r) return "resources/list is a method this server does not have, so it gets an error, not a result: -32601 Method not found (rule 7).";
      if (actual === "-32602") return "-32602 is for an unknown tool inside tools/call; a method the server does not have is -32601 (rule 7).";
      return undefined;
    },
  },
  {
    key: "t2_id7_text", task: "task2", rules: ["t2_same_call_with_limit"], title: "A call with a valid limit returns the fixed text", accepted: foundText("retry", "worker"),
    hint: "Rule 6 again: limit is an integer from 1 to 50, so 5 is valid and the call succeeds.",
    compute: ({ responses }) => textOf(responses, 7),
    diagnose: (actual) => actual?.includes("limit")
      ? "limit 5 is an integer between 1 and 50, so the call is valid. Check your minimum, maximum and integer checks."
      : undefined,
  },
]);
