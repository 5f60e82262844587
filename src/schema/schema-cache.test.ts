import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
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
