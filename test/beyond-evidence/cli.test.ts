// End-to-end runs of the real CLI for the checks beyond the evidence lines: the JSON report with
// the extra kinds, the seed, the switches, and `grade serve` driven through a pipe.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Report } from "../../src/report/types.js";
import { ROOT, overlaySubmission } from "./overlay.js";

const BIN = path.join(ROOT, "bin", "grade.js");
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

interface Ran { code: number | null; stdout: string; stderr: string }

function run(args: string[], cwd: string, input?: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? "");
  });
}

function submission(name?: string): string {
  const { dir, cleanup } = overlaySubmission(name);
  cleanups.push(cleanup);
  return dir;
}

describe("grade with the checks beyond the evidence lines (real CLI)", () => {
  it("reports a behaviour failure in the JSON report, a point off the score (course/score.ts), and exits 1", async () => {
    const dir = submission("whitespace-as-message");
    const { code, stdout, stderr } = await run(["--dir", ".", "--seed", "5", "--reporter", "json"], dir);
    expect(stderr).toBe("");
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(report.version).toBe(1);
    expect(report.seed).toBe(5);
    expect([report.score, report.maxScore]).toEqual([16, 17]);
    const failed = report.tasks.flatMap((t) => t.checks).find((c) => c.name === "t3_blank_lines");
    expect(failed).toMatchObject({ kind: "behaviour", status: "fail" });
    expect(failed?.message).toMatch(/The smallest: serve\(\[/);
    expect(report.byKind?.["behaviour"]?.passed).toBeLessThan(report.byKind?.["behaviour"]?.total ?? 0);
    expect(stdout).not.toMatch(/\u001b\[/);
    expect(stdout).not.toContain(dir);
  });

  it("passes the reference solution with every kind, and --no-behaviour leaves evidence only", async () => {
    const dir = submission();
    const full = await run(["--dir", ".", "--reporter", "json"], dir);
    expect(full.code).toBe(0);
    const report = JSON.parse(full.stdout) as Report;
    expect(Object.keys(report.byKind ?? {}).sort()).toEqual(["behaviour", "evidence", "interop", "output", "schema", "stdio", "types"]);
    expect(typeof report.seed).toBe("number");
    const strict = JSON.parse((await run(["--dir", ".", "--reporter", "json", "--no-behaviour", "--no-typecheck"], dir)).stdout) as Report;
    expect(strict.byKind).toBeUndefined();
    expect(strict.tasks.flatMap((t) => t.checks).every((c) => c.kind === "evidence" || c.kind === "output")).toBe(true);
    expect(strict.seed).toBeUndefined();
    const noLive = JSON.parse((await run(["--dir", ".", "--reporter", "json", "--no-live"], dir)).stdout) as Report;
    expect(Object.keys(noLive.byKind ?? {}).sort()).toEqual(["behaviour", "evidence", "output", "schema", "types"]);
  });

  it("rejects a seed that is not a whole number with a usage error", async () => {
    const { code, stdout, stderr } = await run(["--dir", "solutions", "--seed", "abc"], ROOT);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/--seed takes a whole number/);
  });
});

describe("grade serve (real CLI, real pipe)", () => {
  it("answers one JSON-RPC line per message on stdout, logs on stderr, and exits 0 at end of input", async () => {
    const dir = submission();
    const input = [
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} }),
      "",
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      "{not json",
      JSON.stringify({ jsonrpc: "2.0", id: "x", method: "tools/call", params: { name: "logs_search", arguments: { service: "api", query: "disk" } } }),
    ].join("\n") + "\n";
    const { code, stdout, stderr } = await run(["serve", "--dir", dir], ROOT, input);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { id: unknown });
    expect(lines.map((l) => l.id)).toEqual([1, null, "x"]);
    expect(stdout).toContain("found 3 lines for disk in api");
    expect(stderr).toMatch(/line 1\nline 3\nline 4\nline 5/);
  });

  it("says why when the folder does not exist, exit 2", async () => {
    const { code, stdout, stderr } = await run(["serve", "--dir", "no-such-folder"], ROOT);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/no-such-folder does not exist/);
  });
});
