import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCachedScript, saveCodeCaches } from "./cached-script.cjs";

const dir = (): string => mkdtempSync(path.join(os.tmpdir(), "grade-cached-script-"));

describe("a script run through a code cache", () => {
  it("runs a module as Node would, then writes its cache once, which the next run uses", () => {
    const file = path.join(dir(), "m.cjs");
    writeFileSync(file, 'const path = require("node:path"); module.exports = { twice: (n) => 2 * n, base: path.basename(__filename), self: this === exports };');
    const first = runCachedScript(file) as { twice: (n: number) => number; base: string; self: boolean };
    expect([first.twice(21), first.base, first.self]).toEqual([42, "m.cjs", true]);
    saveCodeCaches();
    const cache = `${file}.v8cache`;
    const written = statSync(cache).mtimeMs;
    expect((runCachedScript(file) as { twice: (n: number) => number }).twice(4)).toBe(8);
    saveCodeCaches(); // the cache was used: nothing to write
    expect(statSync(cache).mtimeMs).toBe(written);
  });

  it("runs a wrapped script with the require it is given, and keeps its cache where it is told", () => {
    const d = dir();
    const file = path.join(d, "w.cjs");
    writeFileSync(file, '(function (exports, require, module) { module.exports = require("answer") + "\\u00e9"; })', "latin1");
    const cacheFile = path.join(d, "elsewhere.v8cache");
    expect(runCachedScript(file, { wrapped: true, require: (spec) => `${spec}:42`, cacheFile })).toBe("answer:42é");
    saveCodeCaches();
    expect(statSync(cacheFile).size).toBeGreaterThan(0);
  });

  it("makes a new cache when the one it finds does not fit (another file, a damaged one)", () => {
    const file = path.join(dir(), "m.cjs");
    writeFileSync(file, "module.exports = 1;");
    writeFileSync(`${file}.v8cache`, "not a cache");
    expect(runCachedScript(file)).toBe(1);
    saveCodeCaches();
    expect(readFileSync(`${file}.v8cache`, "latin1")).not.toBe("not a cache");
    expect(runCachedScript(file)).toBe(1);
  });
});
