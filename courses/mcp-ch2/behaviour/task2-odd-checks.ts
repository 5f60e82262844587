// Task 2 on messages a lookup or a careless read gets wrong: tools/call with params the chapter
// does not decide (only JSON-RPC's rule applies to them), and methods, tool names and argument
// names that every plain object inherits from Object.prototype.
import { TOOL } from "../course/fixtures.js";
import type { JsonObject, JsonValue } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import type { Random } from "../../../src/pack/random.js";
import { INHERITED_NAMES, withKey } from "./inherited.js";
import { contradictsNames } from "./expectation.js";
import { argumentCheck, call, request, times, validArgs } from "./task2-inputs.js";

const toolsCall = (id: JsonValue, params: JsonValue): JsonObject => ({ jsonrpc: "2.0", id, method: "tools/call", params });
const NOT_AN_OBJECT: JsonValue[] = [null, [], ["api", "x"], "service=api&query=x", "", 5, true];

function oddParams(random: Random): JsonObject[] {
  const id = (i: number): JsonValue => (random.bool() ? i : `c${i}`);
  return [
    request(1, "tools/call"), toolsCall(2, null), toolsCall(3, [TOOL.name, { service: "api", query: "x" }]),
    toolsCall(4, {}), toolsCall(5, { arguments: validArgs(random) }), toolsCall(6, { name: null, arguments: {} }),
    toolsCall(7, { name: 5, arguments: validArgs(random) }),
    ...NOT_AN_OBJECT.map((args, i) => toolsCall(id(10 + i), { name: TOOL.name, arguments: args })),
  ];
}

export const ODD_MESSAGE_CHECKS: BehaviourCheck[] = [
  {
    name: "t2_odd_params", task: "task2", judge: "output",
    title: "A tools/call with odd params still gets a response with its id, and handle does not throw",
    rule: "For a tools/call with no params, params that are not an object, no tool name, or arguments that are null, a list, a string or a number, the chapter fixes no particular answer, but JSON-RPC does: the request gets a response with its id and either a result or an error (with a numeric code and a message). Any such answer passes; a throw or no response does not.",
    hint: "Look at the shape of params and of arguments before reading fields from them, and answer whatever you decide (a protocol error or a tool error) instead of letting an exception escape.",
    inputs: oddParams,
  },
  {
    name: "t2_inherited_methods", task: "task2", judge: "output",
    // A result where the rules answer an error, from code that answers that error elsewhere: the
    // rule's own mistake, whatever the fixture's line shows (expectation.ts contradictsNames).
    contradicts: contradictsNames,
    title: "Methods named toString, constructor, __proto__ and the like are not found",
    rule: "Rule 7: the server handles initialize, tools/list and tools/call only, so toString, constructor, __proto__, hasOwnProperty, valueOf and every other method get {\"code\": -32601, \"message\": \"Method not found\"}.",
    hint: "If your methods are keys of a plain object, looking up \"toString\" finds what every object inherits. Use a switch, a Map, or ask whether the name is the object's own key.",
    inputs: (random) => [
      ...INHERITED_NAMES.map((method, i) => request(i + 1, method)),
      ...times(4, (i) => request(20 + i, random.pick(INHERITED_NAMES), {})),
    ],
  },
  {
    name: "t2_inherited_tool_names", task: "task2", judge: "output",
    // A result where the rules answer an error, from code that answers that error elsewhere: the
    // rule's own mistake, whatever the fixture's line shows (expectation.ts contradictsNames).
    contradicts: contradictsNames,
    title: "Tool names like toString or __proto__ are unknown tools",
    rule: "Rule 4: a tools/call for toString, constructor, __proto__ or any other name but logs_search asks for a tool the server does not have: {\"code\": -32602, \"message\": \"Unknown tool: <name>\"}.",
    hint: "A table of tools that is a plain object also finds the names every object inherits. Compare with the one tool's name, use a Map, or ask whether the name is the table's own key.",
    inputs: (random) => [
      ...INHERITED_NAMES.map((name, i) => call(i + 1, {}, name)),
      ...times(4, (i) => call(20 + i, validArgs(random), random.pick(INHERITED_NAMES))),
    ],
  },
  argumentCheck("t2_inherited_argument_names", {
    title: "Arguments named toString, constructor or __proto__ are unexpected fields",
    rule: "Rule 5 with the rule set: the schema lists service, query and limit only, so an argument called toString, constructor, __proto__, hasOwnProperty or valueOf gives \"unexpected field: <name>\".",
    hint: "The schema's properties are a plain object: looking a field up in it also finds what it inherits, and so may calling a method on the arguments themselves. Ask whether the name is one of the object's own keys.",
  }, (random) => [
    // No null values: an unlisted field is unexpected whatever its value, and null has its own check.
    ...INHERITED_NAMES.map((name) => withKey(validArgs(random), name, random.pick<JsonValue>([1, "x", {}, [], true]))),
    withKey({ service: "api", query: "x" }, "__proto__", { limit: 5 }), withKey({ service: "api", query: "x" }, "hasOwnProperty", "service"),
    ...times(3, () => withKey(validArgs(random), random.pick(INHERITED_NAMES), random.int(0, 9))),
  ]),
];
