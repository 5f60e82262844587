// What gradeSubmission does to whatever a pack judged, for every pack: the grader's absolute
// paths made relative in every text a student reads (the pack's checks, a task's failure and
// stderr, the extra and the live checks), the evidence values left exactly as the code printed
// them, and a task file the submission lacks named by the engine. A stand-in pack and sandbox,
// so that only grade.ts is under test.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Pack } from "../pack/types.js";
import type { SandboxPool } from "../sandbox/pool.js";
import type { RunSpec, SandboxRequest } from "../sandbox/protocol.js";
import { gradeSubmission } from "./grade.js";

const task = (n: number) => ({ id: `task${n}`, number: n, title: `Task ${n}`, file: `task${n}.ts`, exportName: `f${n}`, signature: "() => string" });

function standIn(abs: string, cwd: string): Pack {
  return {
    format: 1, id: "stand-in", title: "A stand-in pack", evidenceFile: "e.txt", schemaRevision: "2025-06-18",
    tasks: [task(1), task(2), task(3)],
    evidence: [1, 2, 3].map((n) => ({ key: `t${n}_k`, task: `task${n}`, title: "k", accepted: "v", hint: "h" })),
    score: { id: "p", kinds: { evidence: { earns: 1, costs: 0 } }, checks: {}, other: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true } },
    hints: {},
    course: { typesFile: "", sandboxSource: () => "" },
    live: { drivers: ["stdio"], run: async () => ({ task1: [{ name: "t1_live", kind: "stdio", title: "live", status: "fail", message: `the server at ${abs}/task1.ts` }] }) },
    plan: () => ({ runs: [] }),
    judge: () => ({
      task1: {
        checks: [{ name: "t1_k", kind: "evidence", title: "k", status: "fail", expected: "v", actual: `${abs}/x`, message: `at ${abs}/task1.ts:1:2 (file://${abs}/task1.ts), see ${cwd}/notes.txt` }],
        evidence: { t1_k: `${abs}/x` },
        stderr: `warning at ${abs}/task1.ts`,
        extra: [{ name: "t1_b", kind: "behaviour", title: "b", status: "fail", message: `at file://${abs}/task1.ts` }],
      },
      task2: { checks: [{ name: "t2_k", kind: "evidence", title: "k", status: "skip" }], evidence: {}, failure: { reason: "throw", message: `It threw at ${abs}/task2.ts:3` } },
      // Judged though its file is missing: its checks stay (skipped), the engine names the file.
      task3: { checks: [{ name: "t3_k", kind: "evidence", title: "k", status: "skip", message: "not run" }], evidence: {}, failure: { reason: "missing-file", message: "the pack's own words" }, extra: [{ name: "t3_b", kind: "behaviour", title: "b", status: "skip" }] },
    }),
  };
}

const noSandbox = { course: "", run: async () => ({ runs: [] }) } as unknown as SandboxPool;

describe("gradeSubmission, for any pack", () => {
  it("makes the grader's paths relative in every text the pack judged, and leaves the evidence values as printed", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-engine-"));
    const abs = path.join(cwd, "sub");
    mkdirSync(abs);
    for (const f of ["task1.ts", "task2.ts"]) writeFileSync(path.join(abs, f), "");
    const report = await gradeSubmission({ cwd, pack: standIn(abs, cwd), dir: "sub", tasks: ["task1", "task2", "task3"], pool: noSandbox, extra: { seed: 1 } });
    expect(report.pack).toBe("stand-in");
    const [t1, t2, t3] = report.tasks;
    expect(t1!.checks.map((c) => [c.name, c.message, c.actual ?? null])).toEqual([
      ["t1_k", "at sub/task1.ts:1:2 (sub/task1.ts), see notes.txt", "sub/x"],
      ["t1_b", "at sub/task1.ts", null],
      ["t1_live", "the server at sub/task1.ts", null],
    ]);
    expect(t1!.stderr).toBe("warning at sub/task1.ts");
    expect(t2!.message).toBe("It threw at sub/task2.ts:3");
    expect(t3).toMatchObject({ status: "error", message: "sub/task3.ts does not exist. Every submission has task1.ts, task2.ts and task3.ts; create it (npx grade init DIR makes a fresh set of starters)." });
    expect(t3!.checks.map((c) => [c.name, c.status])).toEqual([["t3_k", "skip"], ["t3_b", "skip"]]);
    expect(t3!.maxScore).toBe(1);
    // What the code printed is the evidence line, paths and all: it is the student's own text.
    expect(report.evidence).toEqual({ t1_k: `${abs}/x` });
    const { evidence: _printed, ...shown } = report;
    expect(JSON.stringify(shown)).not.toContain(cwd);
  });

  it("stops the live run whose tasks did not run on the fixtures, and lets it run where one did", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-engine-"));
    const abs = path.join(cwd, "sub");
    mkdirSync(abs);
    for (const f of ["task1.ts", "task2.ts", "task3.ts"]) writeFileSync(path.join(abs, f), "");
    const stopped = async (tasks: string[]): Promise<boolean> => {
      let signal: AbortSignal | undefined;
      const base = standIn(abs, cwd);
      // The live run lasts until the grading has judged the sandbox's reply (one turn of the loop).
      const live = { drivers: ["stdio"], tasks, run: async (input: { signal?: AbortSignal }) => { signal = input.signal; await new Promise((r) => setTimeout(r, 20)); return {}; } };
      await gradeSubmission({ cwd, pack: { ...base, live }, dir: "sub", tasks: ["task1", "task2", "task3"], pool: noSandbox, extra: { seed: 1 } });
      return signal?.aborted === true;
    };
    // task2 failed (it threw on the fixtures), task3 has no file: their live checks would be skipped.
    expect(await stopped(["task2"])).toBe(true);
    expect(await stopped(["task2", "task3"])).toBe(true);
    // task1 ran: its live checks are shown.
    expect(await stopped(["task1", "task2"])).toBe(false);
  });

  it("asks a failure's follow-up as a second request of the same files and limits, and shows its text with its paths made relative", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-engine-"));
    const abs = path.join(cwd, "sub");
    mkdirSync(abs);
    for (const f of ["task1.ts", "task2.ts"]) writeFileSync(path.join(abs, f), "");
    const asked: SandboxRequest[] = [];
    const pool = { course: "", run: async (r: SandboxRequest) => { asked.push(r); return { runs: r.runs.map(() => ({ status: "skipped" })) }; } } as unknown as SandboxPool;
    const followed: { runs: RunSpec[] } = { runs: [{ entry: "task1.ts", exportName: "f1", inputs: ["1"], instance: "fresh", stopOnFailure: false }] };
    const pack: Pack = { ...standIn(abs, cwd), refine: () => ({ runs: [...followed.runs], recheck: () => ({ task1: [{ name: "t1_b", kind: "behaviour", title: "b", status: "fail", message: `smaller, at ${abs}/task1.ts` }] }) }) };
    const report = await gradeSubmission({ cwd, pack, dir: "sub", tasks: ["task1", "task2", "task3"], pool, extra: { seed: 1, live: false } });
    expect(asked.map((r) => r.runs)).toEqual([[], followed.runs]);
    expect(asked[1]!.files).toEqual(asked[0]!.files);
    expect(asked[1]!.limits).toEqual(asked[0]!.limits);
    expect(report.tasks[0]!.checks.find((c) => c.name === "t1_b")).toMatchObject({ status: "fail", message: "smaller, at sub/task1.ts" });
  });

  it("refuses a sandbox pool made for another pack's course module (a bug in the grader, not the student's)", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-engine-"));
    mkdirSync(path.join(cwd, "sub"));
    const other = { course: "exports.OTHER = 1;", run: async () => ({ runs: [] }) } as unknown as SandboxPool;
    await expect(gradeSubmission({ cwd, pack: standIn(path.join(cwd, "sub"), cwd), dir: "sub", tasks: ["task1"], pool: other })).rejects.toThrow(/another course module/);
  });
});
