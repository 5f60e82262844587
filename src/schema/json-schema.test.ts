import { Ajv } from "ajv";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MCP_TOOL } from "../../courses/mcp-ch2/course/protocol.js";
import { COMPILE_BUDGET, judgeJsonSchema, type CompileBudget } from "./json-schema.js";

const D07 = "http://json-schema.org/draft-07/schema#";
const D2019 = "https://json-schema.org/draft/2019-09/schema";
const D2020 = "https://json-schema.org/draft/2020-12/schema";
const judge = (schema: unknown, budget?: CompileBudget): ReturnType<typeof judgeJsonSchema> =>
  judgeJsonSchema(schema, "inputSchema", { compile: true, ...(budget ? { budget } : {}) });
const message = (schema: unknown, budget?: CompileBudget): string | undefined => {
  const verdict = judge(schema, budget);
  return verdict.valid ? undefined : verdict.errorMessage;
};
const flat = (n: number, prefix = "p"): Record<string, unknown> =>
  ({ type: "object", properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { type: "string" }])) });

// Ajv's compile (on the class every dialect's class extends): called only for student schemas,
// the MCP and meta validators being made through getSchema.
const compileSpy = (): ReturnType<typeof vi.spyOn> => vi.spyOn(Object.getPrototypeOf(Ajv.prototype) as { compile: () => unknown }, "compile");
afterEach(() => vi.restoreAllMocks());

describe("judgeJsonSchema on the schemas a class returns", () => {
  it("passes the chapter's schema and each dialect's own keywords", () => {
    expect(judge(MCP_TOOL.inputSchema).valid).toBe(true);
    expect(message({ $schema: D07, type: "object" })).toBeUndefined();
    expect(message({ $schema: "http://json-schema.org/draft-06/schema#", type: "object", properties: { a: { const: 1 } } })).toBeUndefined();
    expect(message({ $schema: D2019, type: "object", $defs: { x: { type: "string" } }, properties: { a: { $ref: "#/$defs/x" } }, unevaluatedProperties: false })).toBeUndefined();
    expect(message({ $schema: D2020, type: "object", properties: { a: { type: "array", prefixItems: [{ type: "string" }] } } })).toBeUndefined();
    expect(message({ $schema: "http://json-schema.org/draft/2020-12/schema#", type: "object" })).toBeUndefined();
  });

  it("ignores unknown keywords and formats, as MCP clients' Ajv does, and writes nothing to the console", () => {
    const writes = [vi.spyOn(console, "warn"), vi.spyOn(console, "log"), vi.spyOn(console, "error"), vi.spyOn(process.stderr, "write")];
    expect(message({ type: "object", "x-internal": true, properties: { a: { type: "string", frobnicate: 1, format: "flux" }, b: { $ref: "#/properties/a", description: "beside a $ref" } } })).toBeUndefined();
    for (const write of writes) expect(write).not.toHaveBeenCalled();
  });

  it.each<[string, unknown, RegExp]>([
    ["draft-04", { $schema: "http://json-schema.org/draft-04/schema#", type: "object" }, /^\$schema in inputSchema is "http:\/\/json-schema.org\/draft-04\/schema#", a dialect this check cannot compile: it knows draft-06, draft-07, 2019-09 and 2020-12; without \$schema it uses draft-07$/],
    ["an unknown dialect", { $schema: "https://example.com/my-dialect", type: "object" }, /^\$schema in inputSchema is "https:\/\/example.com\/my-dialect", a dialect/],
    ["a $schema that is not a string", { $schema: 4, type: "object" }, /^\$schema in inputSchema must be a string \(the URI of a JSON Schema dialect\), but it is number 4$/],
    ["a misspelt type", { type: "strin" }, /^inputSchema is not a valid JSON Schema \(draft-07\): type in inputSchema must be one of "array", .*, but it is string "strin"$/],
    ["a type that is a number", { type: "object", properties: { a: { type: 5 } } }, /^inputSchema is not a valid JSON Schema \(draft-07\): properties\.a\.type in inputSchema must be one of/],
    ["required as a string", { type: "object", required: "service" }, /^inputSchema is not a valid JSON Schema \(draft-07\): required in inputSchema must be of type array, but it is string "service"$/],
    ["a 2020-12 keyword misused", { $schema: D2020, type: "array", prefixItems: { type: "string" } }, /^inputSchema is not a valid JSON Schema \(2020-12\): prefixItems in inputSchema must be of type array/],
    ["a $ref to nowhere", { type: "object", properties: { a: { $ref: "#/definitions/nowhere" } } }, /^inputSchema does not compile as a JSON Schema \(draft-07\): can't resolve reference #\/definitions\/nowhere/],
    ["a remote $ref (never fetched)", { type: "object", properties: { a: { $ref: "https://example.com/schema.json" } } }, /can't resolve reference https:\/\/example.com\/schema.json/],
    ["a pattern that is not a regular expression", { type: "object", properties: { a: { type: "string", pattern: "(" } } }, /^inputSchema does not compile as a JSON Schema \(draft-07\): Invalid regular expression: \/\(\/u: Unterminated group$/],
    ["one $id twice", { type: "object", properties: { a: { $id: "#x", type: "string" }, b: { $id: "#x", type: "number" } } }, /does not compile as a JSON Schema \(draft-07\): reference "#x" resolves to more than one schema$/],
    ["two refs that point at each other", { definitions: { a: { $ref: "#/definitions/b" }, b: { $ref: "#/definitions/a" } }, $ref: "#/definitions/a" }, /does not compile as a JSON Schema \(draft-07\): its \$ref chain is too long to follow, or goes round in a circle$/],
    ["a ref to itself, in 2020-12", { $schema: D2020, properties: { x: { $ref: "#/properties/x" } } }, /\(2020-12\): its \$ref chain is too long to follow, or goes round in a circle$/],
    ["1,500 properties", flat(1500), /^inputSchema is too large to check \(3,003 JSON values, cap 1,000\)$/],
    ["a schema nested 100,000 deep", JSON.parse(`${'{"items":'.repeat(100_000)}{}${"}".repeat(100_000)}`), /^inputSchema is too large to check \(more than 100,000 JSON values, cap 1,000\)$/],
    ["a schema nested 40 deep", JSON.parse(`${'{"items":'.repeat(40)}{}${"}".repeat(40)}`), /^inputSchema is nested too deeply to check \(41 levels, cap 32\)$/],
    ["null", null, /^inputSchema must be a JSON Schema object, but it is null$/],
    ["true", true, /^inputSchema must be a JSON Schema object, but it is boolean true$/],
    ["a list", [{ type: "object" }], /^inputSchema must be a JSON Schema object, but it is a list$/],
    ["a string", "object", /^inputSchema must be a JSON Schema object, but it is string "object"$/],
    ["nothing", undefined, /^inputSchema must be a JSON Schema object, but it is missing$/],
  ])("fails %s with a message that says why", (_name, schema, expected) => {
    expect(message(schema)).toMatch(expected);
  });

  it("takes keys named like Object.prototype's members as data, and changes no prototype", () => {
    const schema = JSON.parse('{"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "number"}, "toString": {}}, "required": ["__proto__"], "definitions": {}}') as object;
    expect(message(schema)).toBeUndefined();
    expect(judge({ type: "object", definitions: {}, properties: { a: { $ref: "#/definitions/constructor" } } })).toMatchObject({ valid: expect.any(Boolean) });
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>)["type"]).toBeUndefined();
  });
});

describe("judgeJsonSchema, one compilation apart from the next", () => {
  it("shares no $id between calls: a schema cannot lean on one compiled before it", () => {
    const first = { $id: "http://tool.test/s", type: "object", definitions: { d: { type: "string" } }, properties: { a: { $ref: "#/definitions/d" } } };
    const second = { $id: "http://tool.test/s", type: "object", properties: { a: { $ref: "http://tool.test/s#/definitions/d" } } };
    expect(message(first)).toBeUndefined();
    expect(message(second)).toMatch(/can't resolve reference http:\/\/tool.test\/s#\/definitions\/d/);
    expect(message({ ...first, properties: { b: { type: "integer" } } })).toBeUndefined();
  });

  it("refuses an oversized schema before Ajv sees it", () => {
    const compile = compileSpy();
    expect(message(flat(1500))).toMatch(/too large to check/);
    expect(compile).not.toHaveBeenCalled();
    // The spy sees compilations: a schema within the caps is compiled once.
    expect(message(flat(10, `fresh${Date.now()}_`))).toBeUndefined();
    expect(compile).toHaveBeenCalledTimes(1);
  });
});

describe("the compile budget of one check", () => {
  it("compiles schemas until it is spent, and checks the rest against the meta-schema only", () => {
    const compile = compileSpy();
    const budget: CompileBudget = { values: COMPILE_BUDGET };
    const schemas = Array.from({ length: 27 }, (_, k) => flat(450, `b${k}_${Date.now()}_`));
    for (const schema of schemas) expect(message(schema, budget)).toBeUndefined();
    expect(compile).toHaveBeenCalledTimes(Math.floor(COMPILE_BUDGET / 903));
    // Past the budget a $ref to nowhere is not seen: only compiling finds it.
    expect(budget.values).toBeLessThan(450);
    const broken = flat(225);
    (broken["properties"] as Record<string, unknown>)["a"] = { $ref: "#/nowhere" };
    expect(message(broken, budget)).toBeUndefined();
    expect(message(broken)).toMatch(/can't resolve reference #\/nowhere/);
  });

  it("is charged for a cached verdict as for a compiled one, so a classmate's schema changes nothing", () => {
    const broken = { type: "object", properties: { a: { $ref: `#/nowhere${Date.now()}` } } };
    expect(message(broken, { values: COMPILE_BUDGET })).toMatch(/can't resolve reference/);
    const spent: CompileBudget = { values: 0 };
    expect(message(broken, spent)).toBeUndefined();
    const room: CompileBudget = { values: 100 };
    expect(message(broken, room)).toMatch(/can't resolve reference/);
    expect(room.values).toBe(100 - 5);
  });

  it("is spent by a circle of refs, which costs time whatever its size", () => {
    const budget: CompileBudget = { values: COMPILE_BUDGET };
    const circle = (name: string): object => ({ definitions: { [name]: { $ref: `#/definitions/${name}` } }, $ref: `#/definitions/${name}` });
    expect(message(circle("a"), budget)).toMatch(/goes round in a circle/);
    expect(budget.values).toBe(0);
    expect(message(circle("b"), budget)).toBeUndefined();
  });
});
