// Task 1 beyond TOOL: other tool definitions, nested and larger schemas, schemas with keywords
// the course's JsonSchema type does not list, and keys named like Object.prototype's members.
import { markReordered } from "../../../src/pack/key-orders.js";
import { TOOL } from "../course/fixtures.js";
import type { JsonSchema, ToolDefinition } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import { INHERITED_NAMES, withKey } from "./inherited.js";
import type { Random } from "../../../src/pack/random.js";

function schemaOf(random: Random, depth: number): JsonSchema {
  const kind = depth > 0 ? random.pick(["string", "integer", "number", "boolean", "object", "array"]) : random.pick(["string", "integer", "boolean"]);
  const schema: JsonSchema = { type: kind };
  if (random.bool()) schema.description = `${random.word(3, 8)} ${random.word(3, 8)} é ${random.word(2, 6)}`;
  // Two distinct values: JSON Schema wants an enum's items unique (a duplicate failed the
  // reference solution's t1_schema_compiles for some seeds).
  if (kind === "string" && random.bool()) { const first = random.word(2, 6); let second = random.word(2, 6); while (second === first) second = random.word(2, 6); schema.enum = [first, second]; }
  if (kind === "integer" || kind === "number") {
    if (random.bool()) schema.minimum = random.int(-5, 5);
    if (random.bool()) schema.maximum = random.int(10, 1000);
  }
  if (kind === "object") Object.assign(schema, objectSchema(random, depth - 1));
  if (kind === "array") schema.items = schemaOf(random, depth - 1);
  return schema;
}

function objectSchema(random: Random, depth: number): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const count = random.int(0, 6);
  for (let i = 0; i < count; i++) properties[random.word(2, 10, true)] = schemaOf(random, depth);
  const names = Object.keys(properties);
  const schema: JsonSchema = { type: "object", properties };
  if (names.length && random.bool()) schema.required = names.filter(() => random.bool());
  if (random.bool()) schema.additionalProperties = random.bool();
  return schema;
}

function tool(random: Random, depth: number): ToolDefinition {
  return {
    name: random.word(3, 20, true),
    description: Array.from({ length: random.int(1, 30) }, () => random.word(1, 9)).join(" ") + ".",
    input_schema: objectSchema(random, depth),
  };
}

function tools(random: Random): ToolDefinition[] {
  const fixed: ToolDefinition[] = [
    { name: "ping", description: "", input_schema: { type: "object", properties: {} } },
    { name: "écho", description: "Says \"hi\"\nand ☃.", input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
    // Capitals and whitespace at the ends, which a name or description "cleaned" on the way loses.
    { name: "Search_Logs", description: " Searches logs.\n", input_schema: { type: "object", properties: {} } },
    { name: "notes ", description: "\tLists notes. ", input_schema: { type: "object", properties: { tag: { type: "string" } } } },
    // A name past 64 characters and a description past 1,024 (a copy that caps them kept every
    // point), letters NFC would compose (e + U+0301: a copy that normalises them did too), and a
    // schema with no properties at all, which a copy filling in defaults changes (helper 108,
    // ch2-round-2026-12-06t mistake-tomcp-*).
    { name: `search_${"recent_".repeat(15)}logs`, description: `${"Searches the logs of one service for a topic. ".repeat(30)}Read only.`, input_schema: { type: "object", properties: { q: { type: "string" } } } },
    { name: "cafe\u0301_menu", description: "Lists the cafe\u0301's menu, re\u0301sume\u0301 included.", input_schema: { type: "object" } },
  ];
  // Every other generated tool lists its keys in another order than the chapter's TOOL: a tool
  // read from a file may, and a toMcp that converts only name, description, input_schema in that
  // order kept every point.
  return [...fixed, ...Array.from({ length: 24 }, (_, i) => {
    const made = tool(random, i % 4);
    return i % 2 ? markReordered({ input_schema: made.input_schema, description: made.description, name: made.name }) : made;
  })];
}

// JSON Schema keywords a real tool's schema carries beside the ones logs_search uses: at the top
// level (where a toMcp that rebuilds the schema from the keys it knows drops them) and nested.
const TOP_LEVEL: Record<string, unknown>[] = [
  { $schema: "https://json-schema.org/draft/2020-12/schema" }, { title: "Search logs" },
  { description: "What to search, and where." }, { $defs: { service: { type: "string", enum: ["api", "worker"] } } },
  { examples: [{ service: "api", query: "timeout" }] }, { $id: "urn:tool:logs" }, { $comment: "v2" },
  { default: {} }, { minProperties: 1 }, { propertyNames: { pattern: "^[a-z_]+$" } }, { "x-internal": true },
];
const NESTED: Record<string, unknown>[] = [{ format: "date-time" }, { pattern: "^[a-z]+$" }, { default: "x" }, { examples: ["a"] }, { deprecated: true }];

const extended = (schema: JsonSchema, ...extra: Record<string, unknown>[]): JsonSchema => Object.assign(structuredClone(schema), ...structuredClone(extra));

function toolsWithMore(random: Random): ToolDefinition[] {
  const fixed = TOP_LEVEL.map((extra) => ({ ...structuredClone(TOOL), input_schema: extended(TOOL.input_schema, extra) }));
  const refs = extended({ type: "object", properties: { service: { $ref: "#/$defs/service" } as JsonSchema } }, TOP_LEVEL[3]!);
  const generated = Array.from({ length: 10 }, (_, i) => {
    const base = tool(random, i % 3);
    const properties = Object.fromEntries(Object.entries(base.input_schema.properties ?? {}).map(([k, v]) => [k, random.bool() ? extended(v, random.pick(NESTED)) : v]));
    const extra = TOP_LEVEL.filter(() => random.next() < 0.3);
    return { ...base, input_schema: extended({ ...base.input_schema, properties }, ...(extra.length ? extra : [random.pick(TOP_LEVEL)])) };
  });
  // Last, a schema holding null (a default, an example, a const): a copy that drops null-valued
  // keys kept every point while no schema had one (helper 102's mistake-tomcp-compact-drops-null).
  const nulls = extended({ type: "object", properties: { service: { type: "string", default: null } as JsonSchema, query: { const: null } as JsonSchema } }, { examples: [null] });
  return [...fixed, { name: "with_refs", description: "d", input_schema: refs }, ...generated, { name: "with_nulls", description: "d", input_schema: nulls }];
}

function toolsWithInheritedNames(random: Random): ToolDefinition[] {
  // Parsed, as a tool.json would be: "__proto__" is then an own key, not the prototype.
  const fixed = [
    '{"name": "constructor", "description": "toString", "input_schema": {"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "integer"}, "toString": {}}, "required": ["__proto__", "constructor"]}}',
    '{"name": "__proto__", "description": "valueOf", "input_schema": {"type": "object", "properties": {"hasOwnProperty": {"type": "boolean"}, "valueOf": {"type": "number"}}}}',
    '{"name": "t", "description": "d", "input_schema": {"type": "object", "properties": {"__proto__": {}}}}',
    '{"name": "t", "description": "d", "input_schema": {"type": "object", "properties": {"config": {"type": "object", "properties": {"__proto__": {"type": "string"}, "toString": {"type": "string"}}}}}}',
  ].map((text) => JSON.parse(text) as ToolDefinition);
  const generated = Array.from({ length: 6 }, (_, i) => {
    const base = tool(random, i % 3);
    const properties = withKey(base.input_schema.properties ?? {}, random.pick(INHERITED_NAMES), schemaOf(random, 1));
    return { ...base, input_schema: { ...base.input_schema, properties } };
  });
  return [...fixed, ...generated];
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
// The schema checks read inputSchema alone: a key added or a name changed is t1_same_keys' and
// t1_same_name_description's, and failing here too would take t1_schema_unchanged's point for it.
const schemaOnly = (a: unknown): unknown => (isRecord(a) ? a["inputSchema"] ?? null : a);

export const TASK1_CHECKS: BehaviourCheck[] = [
  {
    name: "t1_other_tools", task: "task1", judge: "output",
    title: "Any tool definition converts: same name and description, the same schema under inputSchema, no other keys",
    rule: "to_mcp works for every tool, not just logs_search: copy name and description, put input_schema unchanged under inputSchema, add nothing else.",
    inputs: tools,
  },
  // The evidence lines' own rules, on the same tools and calls: each compares what its line reads.
  ...([
    ["t1_same_keys", "Any tool converts to exactly name, description and inputSchema", "to_mcp returns an object with exactly the keys name, description and inputSchema, for every tool.", (a: unknown) => (isRecord(a) ? Object.keys(a).sort() : a)],
    ["t1_same_name_description", "Any tool keeps its name and description", "to_mcp copies name and description unchanged, for every tool.", (a: unknown) => (isRecord(a) ? [a["name"], a["description"]] : a)],
    ["t1_same_schema", "Any tool's input_schema reaches inputSchema unchanged", "to_mcp puts input_schema unchanged under inputSchema, for every tool.", schemaOnly],
  ] as const).map(([name, title, rule, part]): BehaviourCheck => ({
    name, task: "task1", judge: "output", title, rule, part, inputs: tools, stream: "t1_other_tools",
    hint: "Look for code that recognises the chapter's TOOL (a table, a test of its name) instead of converting the tool it is given.",
  })),
  {
    name: "t1_input_unchanged", task: "task1", judge: "input-unchanged",
    title: "The tool definition passed in is not changed",
    rule: "to_mcp returns a new object; it must not rename, delete or add keys in the tool it was given.",
    // The same tools as t1_other_tools, from the same calls: a second set of 28 cost a batch
    // about as much as all the other task 1 checks.
    inputs: tools, stream: "t1_other_tools",
  },
  {
    name: "t1_schema_extra_keys", task: "task1", judge: "output", part: schemaOnly,
    title: "A schema with more keywords ($schema, title, $defs, examples...) reaches inputSchema whole",
    rule: "to_mcp must not change the schema's contents: every key of input_schema, at the top level and nested, those logs_search does not use included, appears under inputSchema with the same value.",
    hint: "Building the new schema from the keys you know (type, properties, required...) loses the others. Carry the schema over as it is.",
    inputs: toolsWithMore,
  },
  {
    name: "t1_inherited_names", task: "task1", judge: "output", part: schemaOnly,
    title: "Keys named __proto__, constructor or toString in a schema are kept",
    rule: "to_mcp carries the schema over unchanged, whatever its keys are called: a property named __proto__, constructor or toString is data like any other and must appear under inputSchema with the same value.",
    hint: "A copy made key by key with assignment turns a key called \"__proto__\" into the copy's prototype, and a method called on the data, such as hasOwnProperty, may find a key of that name instead. Copy in a way that keeps every own key, or do not copy.",
    inputs: toolsWithInheritedNames,
  },
];
