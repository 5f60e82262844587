// Task 1's evidence lines: what toMcp returned for the fixture tool.
import { compareCodePoints } from "../../../src/json/python-json.js";
import { TOOL } from "../course/fixtures.js";
import { MCP_TOOL } from "../course/protocol.js";
import { linesOfTask, type ValueOf } from "./line.js";
import { asRecord, data, deepEqual, describeType, dig, isObject, need, printed, shallow } from "./reading.js";

// Compared with the tool object that was passed in, as it was after the call (the chapter's
// runner compares with TOOL, the very object it passed); the fixture when it was not sent back.
const toolOf = (value: ValueOf<"task1">): Record<string, unknown> => (isObject(value.input) ? value.input : TOOL) as Record<string, unknown>;

function resultObject(r: unknown): Record<string, unknown> {
  shallow(r, "the result");
  need(isObject(r), `toMcp returned ${describeType(r)}, not an object`);
  return r as Record<string, unknown>;
}

export const TASK1_LINES = linesOfTask("task1", [
  {
    key: "t1_keys", task: "task1", rules: ["t1_same_keys"], title: "The converted tool has exactly name, description and inputSchema",
    accepted: Object.keys(MCP_TOOL).sort().join(","),
    hint: "to_mcp returns a new object with the same name and description and the schema under inputSchema instead of input_schema, and no other keys.",
    // Own keys, as Python's sorted(out) reads them: a key whose value is undefined is a key.
    compute: ({ result }) => Object.keys(resultObject(result)).sort(compareCodePoints).join(","),
    diagnose: (actual) => {
      // A hand-written line with spaces after the commas: the keys may be right, the spacing is not.
      if (actual !== undefined && /\s/.test(actual) && actual.split(",").map((k) => k.trim()).join(",") === Object.keys(MCP_TOOL).sort().join(",")) {
        return `The keys are right, but the line has spaces in it: the runner prints them joined by a comma alone, with no space (${Object.keys(MCP_TOOL).sort().join(",")}).`;
      }
      const keys = actual?.split(",") ?? [];
      if (keys.includes("input_schema")) return "The result still has input_schema: the MCP shape has the schema under inputSchema instead, and the old key must not stay.";
      const extra = keys.filter((k) => !["name", "description", "inputSchema"].includes(k));
      if (extra.length) return `to_mcp must not add other keys, but the result also has ${extra.join(", ")}.`;
      return undefined;
    },
  },
  {
    key: "t1_schema_unchanged", task: "task1", rules: ["t1_same_schema", "t1_schema_extra_keys", "t1_inherited_names"], title: "inputSchema equals the original input_schema", accepted: "true",
    hint: "Move the schema across as it is: do not add, drop or change anything inside it.",
    compute: (value) => printed(deepEqual(data(dig(value.result, ["inputSchema"], "the result"), "the result's inputSchema"), data(toolOf(value)["input_schema"], "the tool's input_schema"))),
    diagnose: (actual, value) => {
      if (actual !== "false") return undefined;
      // The root cause when the tool passed in came back changed: toMcp edited it on the way.
      if (value && isObject(value.input) && !deepEqual(value.input, TOOL)) return "toMcp changed the tool it was given, and the schema with it: build a new object and leave the input alone (copy the schema with structuredClone if you change anything). inputSchema must be the same schema as the original input_schema, unchanged.";
      return "inputSchema must be the same schema as input_schema, unchanged: no key renamed, added or removed inside it.";
    },
  },
  {
    key: "t1_name_description_unchanged", task: "task1", rules: ["t1_same_name_description"], title: "Name and description are unchanged", accepted: "true",
    hint: "Copy name and description as they are, character for character.",
    compute: (value) => {
      const tool = toolOf(value);
      const o = resultObject(value.result);
      return printed(data(o["name"], "the result's name") === tool["name"] && data(o["description"], "the result's description") === tool["description"]);
    },
    diagnose: (actual, value) => {
      const r = asRecord(value?.result);
      if (actual !== "false" || !r) return undefined;
      const changed = (["name", "description"] as const).filter((k) => r[k] !== TOOL[k]);
      return `${changed.join(" and ")} changed on the way: copy ${changed.length > 1 ? "them" : "it"} exactly as the tool definition has ${changed.length > 1 ? "them" : "it"}.`;
    },
  },
]);
