// grade watch, for real: spawn it on a fixture submission, edit a file, read the new report.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { OutputWait } from "../output-wait.js";
import { makeSubmission, ROOT, solution } from "./submission.js";

const BIN = path.join(ROOT, "bin", "grade.js");
const REPORT_HEADER = /^── grade watch: graded at/m;

class Session {
  private readonly stdout: OutputWait;
  err = "";
  readonly exited: Promise<number | null>;
  constructor(readonly child: ChildProcess) {
    this.stdout = new OutputWait(child.stdout!);
    child.stderr!.on("data", (d: Buffer) => { this.err += d.toString(); });
    this.exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  }

  get out(): string {
    return this.stdout.text;
  }

  reports(): string[] {
    return this.out.split(REPORT_HEADER).slice(1);
  }

  /** The n-th report, once complete (its closing count line is out): waits on the output, not a clock. */
  async report(n: number): Promise<string> {
    const complete = (): string | undefined => {
      const all = this.reports();
      return all.length >= n && /\d+ passed, \d+ failed/.test(all[n - 1]!) ? all[n - 1] : undefined;
    };
    await this.stdout.until(() => complete() !== undefined);
    return complete()!;
  }
}

let session: Session | undefined;
afterEach(() => { if (session?.child.exitCode === null) session.child.kill("SIGKILL"); });

function start(cwd: string, ...args: string[]): Session {
  session = new Session(spawn(process.execPath, [BIN, "watch", "--dir", "sub", "--no-color", ...args], { cwd, env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] }));
  return session;
}

describe("grade watch without a terminal", () => {
  it("prints a full report, then a new one after each save, survives a half-written file, and stops cleanly on SIGTERM", async () => {
    const sub = makeSubmission({ files: { "task1.ts": solution("task1.ts").replace("inputSchema: tool.input_schema", "input_schema: tool.input_schema") } });
    const s = start(sub.cwd, "--no-typecheck", "--no-behaviour");
    const first = await s.report(1);
    expect(first).toContain("✗ t1_keys: description,input_schema,name");
    expect(first).toContain("The result still has input_schema");

    writeFileSync(path.join(sub.abs, "task1.ts"), "export function toMcp(tool) {\n  return { name: tool.name,\n");
    const second = await s.report(2);
    expect(second).toMatch(/sub\/task1\.ts:3:\d+: '}' expected/);

    writeFileSync(path.join(sub.abs, "task1.ts"), solution("task1.ts"));
    const third = await s.report(3);
    expect(third).toContain("Task 1 · Convert a tool definition  PASS · evidence 3/3 · all ");
    expect(third).toContain("evidence 17/17");
    expect(readFileSync(path.join(sub.cwd, "evidence", "sub", "chapter2-evidence.txt"), "utf8")).toContain("t1_keys: description,inputSchema,name\n");

    s.child.kill("SIGTERM");
    expect(await s.exited).toBe(0);
    expect(s.err).toBe("");
    // grade's own writes (the progress file) did not set off gradings of their own.
    expect(s.reports()).toHaveLength(3);
  });

  it("includes the type check by default, with the check's name and file:line", async () => {
    const sub = makeSubmission({ fixture: "wrong-signature" });
    const s = start(sub.cwd, "--no-behaviour");
    const first = await s.report(1);
    expect(first).toContain("✗ task1.ts type-checks against the chapter's interface");
    expect(first).toMatch(/sub\/task1\.ts:5:17 toMcp does not fit the chapter's signature/);
    s.child.kill("SIGTERM");
    expect(await s.exited).toBe(0);
  });

  it("refuses a submission folder that does not exist, with exit code 2", async () => {
    const sub = makeSubmission();
    const s = new Session(spawn(process.execPath, [BIN, "watch", "--dir", "nowhere"], { cwd: sub.cwd, stdio: ["ignore", "pipe", "pipe"] }));
    expect(await s.exited).toBe(2);
    expect(s.err).toContain("The submission folder nowhere does not exist");
  });
});
