// End-to-end: the mcp-stateful pack through the real CLI — init --pack, the starters not written
// yet, the reference solution at full marks with its evidence file, a mistake's counterexample as
// a session to paste, a hint, grade check on a hand-written evidence file, and grade serve: one
// LabServer for the whole stdio session.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli, tempDir } from "./cli.js";

const SOLUTION = path.join(ROOT, "solutions", "mcp-stateful");
const FILES = ["task1.ts", "task2.ts", "task3.ts"];

interface JsonReport { pack: string; score: number; maxScore: number; tasks: { task: string; message?: string; checks: { name: string; status: string; message?: string }[] }[] }

/** `grade ARGS` with `input` on its stdin, run to its end. */
function runWithInput(args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "bin", "grade.js"), ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

function solutionCopy(into: string): string {
  mkdirSync(into, { recursive: true });
  for (const f of FILES) copyFileSync(path.join(SOLUTION, f), path.join(into, f));
  return into;
}

describe.concurrent("the mcp-stateful pack through the CLI", () => {
  it("init --pack makes its starters, which are not written yet; a hint names the page", async () => {
    const cwd = tempDir();
    expect((await runCli(["init", "lab", "--pack", "mcp-stateful"], { cwd })).code).toBe(0);
    expect(readdirSync(path.join(cwd, "lab")).sort()).toEqual(["grade.json", ...FILES, "tsconfig.json"].sort());
    const graded = await runCli(["--dir", "lab", "--reporter", "json"], { cwd });
    expect(graded.code).toBe(1);
    const report = JSON.parse(graded.stdout) as JsonReport;
    expect(report.pack).toBe("mcp-stateful");
    expect(report.tasks.every((t) => /not written yet/.test(t.message ?? ""))).toBe(true);
    const hint = await runCli(["hint", "task2", "--dir", "lab"], { cwd });
    expect(hint.code).toBe(0);
    expect(hint.stdout).toMatch(/handshake/);
  });

  it("grades the reference solution at full marks, writes the pack's evidence file, and checks it back", async () => {
    const cwd = tempDir();
    solutionCopy(path.join(cwd, "mcp-stateful"));
    const graded = await runCli(["--dir", "mcp-stateful", "--seed", "4", "--reporter", "json"], { cwd });
    expect(graded.code, graded.stderr).toBe(0);
    const report = JSON.parse(graded.stdout) as JsonReport;
    expect([report.score, report.maxScore]).toEqual([18, 18]);
    const evidence = path.join(cwd, "evidence", "mcp-stateful", "stateful-evidence.txt");
    expect(readFileSync(evidence, "utf8")).toMatch(/^t2_delete_db_code: -32600$/m);
    writeFileSync(evidence, readFileSync(evidence, "utf8").replace("t2_delete_db_code: -32600", "t2_delete_db_code: -32601"));
    const check = await runCli(["check", "--dir", "mcp-stateful"], { cwd });
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/not permitted \(-32600\)/);
  });

  it("shows a server that queues list_changed before initialization a session to paste", async () => {
    const cwd = tempDir();
    const dir = solutionCopy(path.join(cwd, "work"));
    const file = path.join(dir, "task2.ts");
    writeFileSync(file, readFileSync(file, "utf8").replace("if (options.notify && this.initialized)", "if (options.notify)"));
    writeFileSync(path.join(dir, "grade.json"), JSON.stringify({ pack: "mcp-stateful" }));
    // A behaviour check's counterexample: the type check and the live servers are not this test's.
    const graded = await runCli(["task2", "--dir", "work", "--seed", "4", "--reporter", "json", "--no-typecheck", "--no-live"], { cwd });
    expect(graded.code).toBe(1);
    const check = (JSON.parse(graded.stdout) as JsonReport).tasks[0]!.checks.find((c) => c.name === "t2_list_changed");
    expect(check?.status).toBe("fail");
    expect(check?.message).toMatch(/const server = new LabServer\([\s\S]*server\.drainOutbox\(\);[\s\S]*--seed 4/);
  });

  it("grade serve serves one LabServer for the whole session: the gate holds until initialized, then the trace's tools", async () => {
    const lines = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } } },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 3, method: "tools/list" },
    ];
    const { code, stdout, stderr } = await runWithInput(["serve", "--pack", "mcp-stateful", "--dir", "solutions/mcp-stateful"], lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    expect(code, stderr).toBe(0);
    const answers = stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { id: number; result?: { protocolVersion?: string; tools?: { name: string }[] }; error?: { code: number } });
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(answers[0]!.result?.protocolVersion).toBe("2025-06-18");
    expect(answers[1]!.error?.code).toBe(-32600);
    expect(answers[2]!.result?.tools?.map((t) => t.name)).toEqual(["add", "weather", "delete_db"]);
    expect(stderr).toMatch(/serving handle from solutions\/mcp-stateful\/task2\.ts/);
  });
});
