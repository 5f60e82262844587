import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { DIALECTS, META_SCHEMA, newAjv } from "./ajv-classes.js";
import { loadValidators, saveValidators } from "./schema-cache.js";
import { loadMcpSchema } from "./validator.js";

describe("the kept MCP validators", () => {
  it("judge as the compiled ones do, errors included, and a different key finds nothing", () => {
    const ajv = addFormats.default(new Ajv({ strict: false, validateSchema: false, code: { source: true } }));
    ajv.addSchema(loadMcpSchema(), "mcp.json");
    const compiled = ajv.getSchema("mcp.json#/definitions/ListToolsResult")!;
    const key = `test ${mkdtempSync(path.join(os.tmpdir(), "grade-schema-key-"))}`;
    const file = saveValidators(key, ajv, { ListToolsResult: "mcp.json#/definitions/ListToolsResult" });
    expect(file).toBeDefined();
    const kept = loadValidators(key)!["ListToolsResult"]!;
    for (const value of [{ tools: [] }, { tools: [{ name: "x" }] }, { tools: [{ name: "x", inputSchema: { type: "object" }, icons: [{ src: 5 }] }] }, { tools: "no" }]) {
      expect(kept(value), JSON.stringify(value)).toBe(compiled(value));
      expect(kept.errors ?? null).toEqual(compiled.errors ?? null);
    }
    expect(loadValidators(`${key} and more`)).toBeUndefined();
    rmSync(file!);
  });
});

describe("the kept meta-schema validators", () => {
  // What json-schema.ts keeps of each dialect's meta-schema: the same verdicts and errors as the
  // validator Ajv compiles, on schemas valid and not in each dialect's own keywords.
  const schemas: unknown[] = [
    {}, true, false, 5, "x", null, [], { type: "object" }, { type: 5 }, { type: ["string", "string"] }, { type: "thing" },
    { properties: [] }, { properties: { a: { type: "string", minLength: -1 } } }, { required: "a" }, { required: ["a", "a"] },
    { items: [{ type: "x" }] }, { items: { $ref: 5 } }, { enum: [] }, { additionalProperties: "no" }, { definitions: { a: { type: 1 } } },
    { $defs: { a: { type: 1 } } }, { dependentRequired: { a: 5 } }, { prefixItems: {} }, { $dynamicRef: 5 }, { $recursiveRef: "#" },
    { $id: 7 }, { const: undefined, allOf: [] }, { anyOf: [{}, { not: { type: "nothing" } }] }, { pattern: 5, format: 3 },
    { type: "object", properties: { a: { type: "array", items: { type: "object", properties: { b: { type: ["integer", "bogus"] } } } } } },
    { unevaluatedProperties: 4, contains: { minContains: "1" } },
  ];
  it.each(DIALECTS.map((d) => [d]))("%s: judge as the compiled one does, errors included", (dialect) => {
    const ajv = newAjv(dialect, { strict: false, code: { source: true } });
    const compiled = ajv.getSchema(META_SCHEMA[dialect])!;
    const key = `test meta ${dialect} ${mkdtempSync(path.join(os.tmpdir(), "grade-schema-key-"))}`;
    const file = saveValidators(key, ajv, { validate: META_SCHEMA[dialect] });
    expect(file).toBeDefined();
    const kept = loadValidators(key)!["validate"]!;
    let failed = 0;
    for (const schema of schemas) {
      const verdict = compiled(schema);
      failed += verdict ? 0 : 1;
      expect(kept(schema), JSON.stringify(schema)).toBe(verdict);
      expect(kept.errors ?? null, JSON.stringify(schema)).toEqual(compiled.errors ?? null);
    }
    expect(failed).toBeGreaterThan(10);
    rmSync(file!);
  });
});
