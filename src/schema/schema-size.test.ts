import { describe, expect, it } from "vitest";
import { TASK1_CHECKS } from "../../courses/mcp-ch2/behaviour/task1-checks.js";
import { makeRandom } from "../pack/random.js";
import { TOOL } from "../../courses/mcp-ch2/course/fixtures.js";
import { COUNT_CEILING, measureSchema, oversize, SCHEMA_CAPS } from "./schema-size.js";

const nested = (levels: number): unknown => {
  let schema: unknown = { type: "string" };
  for (let i = 0; i < levels; i++) schema = { items: schema };
  return schema;
};

describe("measureSchema", () => {
  it("counts every JSON value, the levels, the text and the refs", () => {
    const schema = { type: "object", properties: { a: { $ref: "#/definitions/x" } }, required: ["a"], definitions: { x: { $id: "urn:x:y" } } };
    expect(measureSchema(schema)).toEqual({
      values: 10, depth: 4, refs: 1, ids: 1, longestUri: "#/definitions/x".length,
      text: "typeobjectpropertiesa$ref#/definitions/xrequiredadefinitionsx$idurn:x:y".length,
    });
    expect(measureSchema("object")).toMatchObject({ values: 1, depth: 1, text: 6 });
    // A property called $ref holds a schema, not a reference.
    expect(measureSchema({ properties: { $ref: { type: "string" } } }).refs).toBe(0);
  });

  it("walks a schema nested a million deep without overflowing the stack, and stops counting", () => {
    const size = measureSchema(nested(1_000_000));
    expect(size.values).toBe(COUNT_CEILING + 1);
    expect(oversize(size, "inputSchema")).toBe("inputSchema is too large to check (more than 100,000 JSON values, cap 1,000)");
  });

  it("ends on a value that holds itself", () => {
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic["properties"] = { self: cyclic };
    expect(measureSchema(cyclic).values).toBe(COUNT_CEILING + 1);
  });
});

describe("oversize", () => {
  const flat = (n: number): object => ({ type: "object", properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string" }])) });

  it("says which cap a schema is over, with its size", () => {
    expect(oversize(measureSchema(flat(1500)), "inputSchema")).toBe("inputSchema is too large to check (3,003 JSON values, cap 1,000)");
    expect(oversize(measureSchema(nested(40)), "inputSchema")).toBe("inputSchema is nested too deeply to check (42 levels, cap 32)");
    expect(oversize(measureSchema({ description: "x".repeat(70_000) }), "inputSchema")).toMatch(/^inputSchema holds too much text to check \(70,011 characters in its keys and strings, cap 64,000\)$/);
    const refs = { properties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { $ref: "#" }])) };
    expect(oversize(measureSchema(refs), "inputSchema")).toBe("inputSchema has too many references to check (101 $ref, cap 100)");
    expect(oversize(measureSchema({ $id: `urn:x:${"y".repeat(3000)}` }), "inputSchema")).toBe("inputSchema has a $ref or $id too long to check (3,006 characters, cap 2,048)");
  });

  it("lets through a schema at every cap", () => {
    expect(oversize(measureSchema(flat(498)), "inputSchema")).toBeUndefined();
    expect(measureSchema(flat(498)).values).toBe(999);
    expect(oversize(measureSchema(nested(30)), "inputSchema")).toBeUndefined();
  });

  it("lets through the fixture and every schema the course generates, with room to spare", () => {
    const schemas = [TOOL.input_schema, ...[1, 2, 3, 42, 999].flatMap((seed) => TASK1_CHECKS.flatMap((c) => (c.inputs(makeRandom(seed)) as { input_schema: unknown }[]).map((t) => t.input_schema)))];
    expect(schemas.length).toBeGreaterThan(100);
    for (const schema of schemas) {
      const size = measureSchema(schema);
      expect(oversize(size, "inputSchema"), JSON.stringify(schema)).toBeUndefined();
      expect(size.values).toBeLessThan(SCHEMA_CAPS.values / 2);
    }
  });
});
