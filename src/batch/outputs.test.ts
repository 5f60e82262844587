import { appendFileSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import pack from "../../courses/mcp-ch2/pack.js";
import type { Report } from "../report/types.js";
import { openStateLog, prepareOut } from "./outputs.js";

const report = (id: string, score: number): Report => ({ version: 1, submission: id, status: "pass", score, maxScore: 17, evidence: {}, tasks: [] } as unknown as Report);
const LOG = path.join(".grade-state", "graded.jsonl");

describe("the state log", () => {
  it("keeps the last line of each id, skips a line cut short, and is rewritten with one line per id", () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "grade-state-"));
    prepareOut(out);
    const first = openStateLog(out, pack);
    first.save("a", { fingerprint: "f", hash: "1", report: report("a", 1) });
    first.save("b", { fingerprint: "f", hash: "2", report: report("b", 2) });
    first.close(["a", "b"]);
    expect(readFileSync(path.join(out, LOG), "utf8").split("\n")).toHaveLength(3); // nothing to rewrite
    appendFileSync(path.join(out, LOG), '{"id":"c","fingerprint":"f","hash":"3","rep'); // interrupted

    const second = openStateLog(out, pack);
    expect(second.saved("a")).toMatchObject({ hash: "1", report: { score: 1 } });
    expect(second.saved("c")).toBeUndefined(); // cut short: graded again
    second.save("a", { fingerprint: "f", hash: "9", report: report("a", 9) });
    second.close(["a", "b"]);

    const lines = readFileSync(path.join(out, LOG), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: string; hash: string });
    expect(lines.map((l) => [l.id, l.hash])).toEqual([["a", "9"], ["b", "2"]]);
  });
});
