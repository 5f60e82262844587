import { randomUUID } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CACHE_DIR } from "../runner/build-cache.js";
import { addFormats, newAjv } from "./ajv-classes.js";
import { keptValidators } from "./kept-validators.js";

// A schema of each dialect the packs use, made unique per run so that the first keptValidators
// compiles it and the second loads what the first kept.
const schemaText = (defs: "$defs" | "definitions"): string => JSON.stringify({
  $comment: randomUUID(),
  [defs]: {
    Result: { type: "object", required: ["content"], properties: { content: { type: "array", items: { $ref: `#/${defs}/Block` } }, isError: { type: "boolean" } } },
    Block: { type: "object", required: ["type", "text"], properties: { type: { const: "text" }, text: { type: "string" }, uri: { type: "string", format: "uri" } } },
  },
});

const values: unknown[] = [
  { content: [] }, { content: [{ type: "text", text: "hi" }] }, { content: [{ type: "image" }] }, { content: "no" }, {},
  { content: [{ type: "text", text: 5 }], isError: "yes" }, { content: [{ type: "text", text: "x", uri: "not a uri" }] }, null, [],
];

const kept = (): string[] => { try { return readdirSync(CACHE_DIR).filter((f) => f.startsWith("mcp-validators-")); } catch { return []; } };
const before = new Set(kept());
// This file's schemas are new every run: what it kept goes with it.
afterAll(() => { for (const f of kept()) if (!before.has(f)) rmSync(path.join(CACHE_DIR, f), { force: true }); });

describe("keptValidators", () => {
  it.each([["2020-12", "$defs"], ["draft-07", "definitions"]] as const)("%s: what is kept judges as Ajv's compiled validator does, errors included", (dialect, defs) => {
    const text = schemaText(defs);
    const ajv = addFormats(newAjv(dialect, { strict: false, validateSchema: false }));
    ajv.addSchema(JSON.parse(text) as object, "s.json");
    const compiled = ajv.getSchema(`s.json#/${defs}/Result`)!;
    const source = { dialect, text: () => text, id: "s.json", ref: (d: string) => `s.json#/${defs}/${d}`, definitions: ["Result", "Block"] };
    const first = keptValidators(source)("Result");
    // The second finds the first's code: a function of the kept module, not one Ajv compiled.
    const second = keptValidators(source)("Result");
    expect("schemaEnv" in first).toBe(true);
    expect("schemaEnv" in second).toBe(false);
    for (const value of values) {
      const verdict = compiled(value);
      for (const kept of [first, second]) {
        expect(kept(value), JSON.stringify(value)).toBe(verdict);
        expect(kept.errors ?? null).toEqual(compiled.errors ?? null);
      }
    }
  });

  it("refuses a definition that is not on its list", () => {
    const validator = keptValidators({ dialect: "2020-12", text: () => schemaText("$defs"), id: "s.json", ref: (d) => `s.json#/$defs/${d}`, definitions: ["Result"] });
    expect(() => validator("Block")).toThrow(/no kept validator for Block/);
    expect(() => validator("constructor")).toThrow(/no kept validator for constructor/);
  });
});
