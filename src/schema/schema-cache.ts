// What Ajv compiles of the MCP schema, kept between runs as code: Ajv's standalone validators, a
// CommonJS module text, in node_modules/.cache/grade. Any failure to read, load or write it only
// means compiling again.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Ajv, ValidateFunction } from "ajv";
import { CACHE_DIR } from "../runner/build-cache.js";

const require = createRequire(import.meta.url);
const fileFor = (key: string): string => path.join(CACHE_DIR, `mcp-validators-${createHash("sha256").update(key).digest("hex").slice(0, 16)}.cjs`);

/** The validators kept under `key` (what they were made from), or undefined. */
export function loadValidators(key: string): Record<string, ValidateFunction> | undefined {
  let text: string;
  try {
    text = readFileSync(fileFor(key), "utf8");
  } catch {
    return undefined;
  }
  try {
    const module = { exports: {} as Record<string, ValidateFunction> };
    // The module's requires (Ajv's runtime helpers, ajv-formats' formats) resolve from here.
    new Function("require", "module", "exports", text)(require, module, module.exports);
    return module.exports;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the validators of `refs` (export name to schema reference) that `ajv` has compiled;
 * returns the file, or undefined if it could not be written.
 */
export function saveValidators(key: string, ajv: Ajv, refs: Record<string, string>): string | undefined {
  try {
    const standalone = (require("ajv/dist/standalone") as { default: (ajv: Ajv, refs: Record<string, string>) => string }).default;
    const file = fileFor(key);
    mkdirSync(CACHE_DIR, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, standalone(ajv, refs));
    renameSync(temp, file);
    return file;
  } catch {
    return undefined; // the next run compiles again
  }
}
