// Task 1 beyond TOOL: other tool definitions, nested and larger schemas.
import type { JsonSchema, ToolDefinition } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import type { Random } from "./random.js";

function schemaOf(random: Random, depth: number): JsonSchema {
  const kind = depth > 0 ? random.pick(["string", "integer", "number", "boolean", "object", "array"]) : random.pick(["string", "integer", "boolean"]);
  const schema: JsonSchema = { type: kind };
  if (random.bool()) schema.description = `${random.word(3, 8)} ${random.word(3, 8)} é ${random.word(2, 6)}`;
  if (kind === "string" && random.bool()) schema.enum = [random.word(2, 6), random.word(2, 6)];
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
  ];
  return [...fixed, ...Array.from({ length: 24 }, (_, i) => tool(random, i % 4))];
}

export const TASK1_CHECKS: BehaviourCheck[] = [
  {
    name: "t1_other_tools", task: "task1", judge: "output",
    title: "Any tool definition converts: same name and description, the same schema under inputSchema, no other keys",
    rule: "to_mcp works for every tool, not just logs_search: copy name and description, put input_schema unchanged under inputSchema, add nothing else.",
    inputs: tools,
  },
  {
    name: "t1_input_unchanged", task: "task1", judge: "input-unchanged",
    title: "The tool definition passed in is not changed",
    rule: "to_mcp returns a new object; it must not rename, delete or add keys in the tool it was given.",
    // The same tools as t1_other_tools, from the same calls: a second set of 26 cost a batch
    // about as much as all the other task 1 checks.
    inputs: tools, stream: "t1_other_tools",
  },
];
