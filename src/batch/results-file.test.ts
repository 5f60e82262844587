import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resultsText, writeResultsAsTheyCome } from "./results-file.js";

const tmp = (): string => mkdtempSync(path.join(os.tmpdir(), "grade-results-"));

describe("results.json written as the reports come", () => {
  it("writes them in id order whatever order they finish in, the same text as all at once", () => {
    const out = tmp();
    const jsons = [0, 1, 2, 3].map((i) => JSON.stringify({ version: 1, submission: `s${i}` }));
    const writer = writeResultsAsTheyCome(out, 4);
    for (const i of [1, 0, 3, 2]) writer.add(i, jsons[i]!);
    expect(existsSync(path.join(out, "results.json"))).toBe(false);
    writer.finish();
    const text = readFileSync(path.join(out, "results.json"), "utf8");
    expect(text).toBe(resultsText(jsons));
    expect(JSON.parse(text)).toEqual([0, 1, 2, 3].map((i) => ({ version: 1, submission: `s${i}` })));
    expect(readdirSync(out)).toEqual(["results.json"]);
  });

  it("writes a valid empty array, refuses to finish short, and leaves nothing when abandoned", () => {
    const empty = tmp();
    writeResultsAsTheyCome(empty, 0).finish();
    expect(JSON.parse(readFileSync(path.join(empty, "results.json"), "utf8"))).toEqual([]);
    const short = tmp();
    const writer = writeResultsAsTheyCome(short, 2);
    writer.add(1, "{}");
    expect(() => writer.finish()).toThrow(/0 of 2 reports/);
    writer.abandon();
    expect(readdirSync(short)).toEqual([]);
  });
});
