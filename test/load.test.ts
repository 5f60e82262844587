// Issue 20 item 2: the same code and seed get the same report on a quiet machine and on one whose
// cores are kept busy, because limits count the engine's work (src/sandbox/fuel.ts), not time.
// Graded here: both packs' reference solutions and submissions that loop (in a call, in the
// promise queue) or are wrong, once quiet and once beside a busy loop per core (processes this
// test starts and kills). The live checks are left out: they are node processes judged by the
// packs' own clocks. Nothing here asserts a time.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../src/grading/grade.js";
import { loadPack } from "../src/pack/registry.js";
import type { Pack } from "../src/pack/types.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import { overlay, ROOT } from "./overlay.js";

const SEED = 7;
const STATELESS = path.join(ROOT, "solutions", "mcp-stateless");

/** A stateless submission: the pack's solution with a fixture's files laid over it. */
function statelessCopy(dir: string, fixture: string): string {
  cpSync(STATELESS, dir, { recursive: true, filter: (f) => !f.endsWith("quiz-key.txt") });
  cpSync(path.join(ROOT, "test", "fixtures", "mcp-stateless", fixture), dir, { recursive: true });
  return dir;
}

let root: string;
const packs = new Map<string, { pack: Pack; pool: SandboxPool }>();
const submissions: { pack: string; dir: string }[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "grade-load-"));
  for (const id of ["mcp-ch2", "mcp-stateless"]) {
    const pack = await loadPack(id);
    packs.set(id, { pack, pool: new SandboxPool(1, true, pack.course.sandboxSource()) });
  }
  const fixture = (name: string) => path.join(ROOT, "test", "fixtures", name);
  submissions.push(
    { pack: "mcp-ch2", dir: overlay(path.join(root, "reference")) },
    { pack: "mcp-ch2", dir: overlay(path.join(root, "infinite-loop"), fixture("submissions/infinite-loop")) },
    { pack: "mcp-ch2", dir: overlay(path.join(root, "spinning"), fixture("batch-class/spinning")) },
    { pack: "mcp-ch2", dir: overlay(path.join(root, "unsorted-keys"), fixture("submissions/unsorted-keys")) },
    { pack: "mcp-stateless", dir: statelessCopy(path.join(root, "stateless-reference"), readdirSync(fixture("mcp-stateless")).find((f) => f.startsWith("correct-"))!) },
    { pack: "mcp-stateless", dir: statelessCopy(path.join(root, "stateless-missing-is-error"), "missing-is-error") },
  );
});

afterAll(async () => {
  for (const { pool } of packs.values()) await pool.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every submission's report as JSON, durations left out. */
async function gradeAll(): Promise<string[]> {
  const reports: string[] = [];
  for (const s of submissions) {
    const { pack, pool } = packs.get(s.pack)!;
    const report = await gradeSubmission({ cwd: root, pack, dir: s.dir, tasks: pack.tasks.map((t) => t.id), pool, extra: { seed: SEED, live: false } });
    reports.push(JSON.stringify(report, (key, value: unknown) => (/duration|elapsed/i.test(key) ? undefined : value), 1));
  }
  return reports;
}

/** One busy loop per core, in processes of their own, until stopped. */
function busyCores(): () => void {
  const children: ChildProcess[] = Array.from({ length: os.availableParallelism() }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
  return () => { for (const child of children) child.kill("SIGKILL"); };
}

describe("verdicts under load", () => {
  it("are the same, report for report, with every core kept busy by other processes", async () => {
    const quiet = await gradeAll();
    const stop = busyCores();
    let busy: string[];
    try {
      busy = await gradeAll();
    } finally {
      stop();
    }
    expect(busy).toEqual(quiet);
    // The submissions differ from one another, and the loops were stopped by their fuel.
    expect(new Set(quiet).size).toBe(quiet.length);
    expect(quiet[1]).toMatch(/never returned for this input: it was stopped in handle \(at [^ ]*task2\.ts:\d+:\d+\) after using its whole work budget for one call/);
    expect(quiet.join("\n")).not.toMatch(/"backstop"|by the clock/);
  }, 900_000);
});
