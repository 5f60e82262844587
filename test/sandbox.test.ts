// Each claim the README makes about the batch sandbox, tried by a submission that attempts it.
import { execFile } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINES, MESSAGES, TOOL } from "../src/course/fixtures.js";
import { TASK_IDS } from "../src/course/tasks.js";
import { gradeSubmission } from "../src/grading/grade.js";
import { createSandboxPool, floorFor, SANDBOX_FLAGS, type SandboxPool } from "../src/runner/pool.js";
import type { Report } from "../src/report/types.js";
import type { JobRun } from "../src/runner/outcome.js";
import { makeClass, ROOT } from "./batch-class.js";

const run = promisify(execFile);
const MARKERS = ["/tmp/grade-sandbox-write-attempt.txt", "/tmp/grade-sandbox-spawn-attempt.txt", "/tmp/grade-sandbox-escape-attempt.txt"];

describe("the batch sandbox", () => {
  let pool: SandboxPool;
  let classDir: string;
  const grade = (id: string): Promise<Report> => gradeSubmission({ cwd: classDir, dir: id, tasks: TASK_IDS, timeoutMs: 5000, executor: pool.forSubmission(5000) });

  beforeAll(() => {
    for (const m of MARKERS) rmSync(m, { force: true });
    classDir = makeClass(["correct", "sandbox-import-other", "sandbox-read-other", "sandbox-read-solutions", "sandbox-write", "sandbox-spawn", "sandbox-escape", "sandbox-tamper", "sandbox-victim"]);
    // One process, so consecutive submissions share it: the worst case for leaks between them.
    pool = createSandboxPool({ size: 1 });
  });
  afterAll(() => pool.close());

  it("keeps a submission from compiling another submission's files into its own", async () => {
    const task1 = (await grade("sandbox-import-other")).tasks[0]!;
    expect(task1.status).toBe("error");
    expect(task1.message).toMatch(/"\.\.\/correct\/task1\.ts" is outside the submission folder/);
  });

  it("keeps a submission from reading another submission's files", async () => {
    const task1 = (await grade("sandbox-read-other")).tasks[0]!;
    expect(task1.status).toBe("error");
    expect(task1.message).toMatch(/node:fs is not available in the grader's sandbox/);
  });

  it("keeps a submission from reading the solutions (or any file of the grader's)", async () => {
    const task1 = (await grade("sandbox-read-solutions")).tasks[0]!;
    expect(task1.status).toBe("error");
    expect(task1.message).toMatch(/node:fs is not available/);
  });

  it("keeps a submission from writing files", async () => {
    const task1 = (await grade("sandbox-write")).tasks[0]!;
    expect(task1.status).toBe("error");
    expect(existsSync(MARKERS[0]!)).toBe(false);
  });

  it("keeps a submission from starting processes", async () => {
    const task1 = (await grade("sandbox-spawn")).tasks[0]!;
    expect(task1.status).toBe("error");
    expect(task1.message).toMatch(/node:child_process is not available/);
    expect(existsSync(MARKERS[1]!)).toBe(false);
  });

  it("leaves the classic vm escape (this.constructor.constructor) nothing to climb out to", async () => {
    const task1 = (await grade("sandbox-escape")).tasks[0]!;
    expect(task1.status).toBe("error");
    expect(task1.message).toMatch(/toMcp threw TypeError/);
    expect(existsSync(MARKERS[2]!)).toBe(false);
  });

  it("gives every submission fresh built-ins and globals, whatever the one before it did", async () => {
    const tamper = await grade("sandbox-tamper");
    // Its own results cannot be read (it broke JSON for everything), and that is its own error.
    expect(tamper.tasks[0]!.status).toBe("error");
    expect(tamper.tasks[0]!.message).toMatch(/replaced JavaScript's own built-ins/);
    const victim = await grade("sandbox-victim");
    expect(victim.status).toBe("pass");
    expect(victim.score).toBe(17);
    expect((await grade("correct")).status).toBe("pass");
  });
});

/** The three tasks of a hand-made bundle, run as one submission in a pool of their own. */
async function runSubmission(code: string, budgetMs: number): Promise<JobRun[]> {
  const pool = createSandboxPool({ size: 1 });
  try {
    const executor = pool.forSubmission(budgetMs);
    return await Promise.all(TASK_IDS.map((task) => executor.runJob("hand-made.js", { task, inputs: [{}], stopOnFailure: true }, { timeoutMs: budgetMs, code })));
  } finally {
    await pool.close();
  }
}

describe("the batch sandbox's time limit", () => {
  it("gives each task its own copy of the course's data, whatever an earlier task did to its own", async () => {
    const code = `globalThis.__gradeLoads = {
      task1: () => { const c = globalThis.__gradeCourse(); return { toMcp: () => { c.TOOL.name = "changed"; c.MESSAGES.length = 0; c.LINES = []; return { name: c.TOOL.name, lines: c.LINES.length }; } }; },
      task2: () => { const c = globalThis.__gradeCourse(); return { handle: () => ({ name: c.TOOL.name, messages: c.MESSAGES.length, lines: c.LINES.length, keys: Object.keys(c).sort() }) }; },
      task3: () => ({ serve: () => ({ out: [], log: [] }) }),
    };`;
    const runs = await runSubmission(code, 5000);
    expect(runs.map((r) => r.failure?.message ?? (r.calls[0] as { value: unknown }).value)).toEqual([
      { name: "changed", lines: 0 },
      { name: TOOL.name, messages: MESSAGES.length, lines: LINES.length, keys: ["LINES", "MESSAGES", "NOT_WRITTEN_YET", "TOOL", "notWrittenYet"] },
      { out: [], log: [] },
    ]);
  });

  it("stops a loop in the promise queue as well as a plain one", async () => {
    const pool = createSandboxPool({ size: 1 });
    try {
      const classDir = makeClass(["spinning"]);
      const report = await gradeSubmission({ cwd: classDir, dir: "spinning", tasks: TASK_IDS, timeoutMs: 1500, executor: pool.forSubmission(1500) });
      expect(report.tasks.map((t) => t.status)).toEqual(["pass", "pass", "error"]);
      expect(report.tasks[2]!.message).toMatch(/did not finish within 1500 ms/);
    } finally {
      await pool.close();
    }
  });

  it("replaces a process after its share of requests without losing a job, and sends a large job to each process once", async () => {
    const pool = createSandboxPool({ size: 1, recycleAfter: 3 });
    const code = "globalThis.__gradeLoads = { task2: () => ({ handle: (m) => ({ jsonrpc: '2.0', id: m.id, result: { n: String(m.params.pad).length } }) }) };";
    // Over the size at which a job is sent once and then named by its key (pool.ts).
    const large = { task: "task2" as const, inputs: [{ jsonrpc: "2.0", id: 0, method: "ping", params: { pad: "x".repeat(10_000) } }], stopOnFailure: true };
    try {
      const runs = [];
      for (let id = 1; id <= 4; id++) runs.push(await pool.runJob("hand-made.js", { task: "task2", inputs: [{ jsonrpc: "2.0", id, method: "ping", params: { pad: "" } }], stopOnFailure: true }, { timeoutMs: 5000, code }));
      for (let i = 0; i < 4; i++) runs.push(await pool.runJob("hand-made.js", large, { timeoutMs: 5000, code }));
      expect(runs.map((r) => r.failure ?? (r.calls[0] as { value: { id: number; result: { n: number } } }).value)).toEqual([
        ...[1, 2, 3, 4].map((id) => ({ jsonrpc: "2.0", id, result: { n: 0 } })),
        ...[0, 0, 0, 0].map((id) => ({ jsonrpc: "2.0", id, result: { n: 10_000 } })),
      ]);
    } finally {
      await pool.close();
    }
  });

  it("sends a process its next request while it runs one, and gives that request to another process when the first goes down", async () => {
    const pool = createSandboxPool({ size: 1, pipeline: true });
    const ok = "globalThis.__gradeLoads = { task1: () => ({ toMcp: () => ({ fine: true }) }) };";
    // Ends its process: it allocates past the sandbox's heap limit.
    const crash = "globalThis.__gradeLoads = { task1: () => ({ toMcp: () => { const a = []; for (;;) a.push(new Array(1e5).fill(1.5)); } }) };";
    const job = { task: "task1" as const, inputs: [{}], stopOnFailure: true };
    try {
      await pool.runJob("hand-made.js", job, { timeoutMs: 5000, code: ok }); // the process is ready
      // Handed over in one turn: the second goes to the one process behind the first.
      const runs = await Promise.all([crash, ok, ok].map((code) => pool.runJob("hand-made.js", job, { timeoutMs: 20_000, code })));
      expect(runs[0]!.failure?.reason).toBe("out-of-memory");
      expect(runs.slice(1).map((r) => r.failure ?? (r.calls[0] as { value: unknown }).value)).toEqual([{ fine: true }, { fine: true }]);
    } finally {
      await pool.close();
    }
  });

  it("runs a request's jobs together, and after one that never returns, runs the rest alone within the limit", async () => {
    // The second task loops; the first answered before it, the third answers after it.
    const runs = await runSubmission("globalThis.__gradeLoads = { task1: () => ({ toMcp: () => ({ first: true }) }), task2: () => ({ handle() { for (;;) {} } }), task3: () => ({ serve: () => ({ out: ['third'], log: [] }) }) };", 1000);
    expect(runs.map((r) => r.failure?.reason ?? (r.calls[0] as { value: unknown }).value)).toEqual([{ first: true }, "timeout", { out: ["third"], log: [] }]);
  });

  it("runs a job handed over `after` another only if that one ran clean, in one request or in two", async () => {
    const pool = createSandboxPool({ size: 1 });
    // handle throws on a message whose id is "bad", and answers any other.
    const code = "globalThis.__gradeLoads = { task2: () => ({ handle: (m) => { if (m.id === 'bad') throw new Error('no'); return { jsonrpc: '2.0', id: m.id, result: {} }; } }) };";
    const job = (id: string) => ({ task: "task2" as const, inputs: [{ jsonrpc: "2.0", id, method: "ping" }], stopOnFailure: true });
    const pair = async (runJob: SandboxPool["runJob"], first: string): Promise<[boolean, string | undefined]> => {
      const before = runJob("hand-made.js", job(first), { timeoutMs: 5000, code });
      const after = await runJob("hand-made.js", job("next"), { timeoutMs: 5000, code, after: before });
      return [(await before).calls[0]?.ok ?? false, after.failure?.message ?? (after.calls[0] as { value: { id: string } }).value.id];
    };
    try {
      const together = pool.forSubmission(5000);
      for (const runJob of [together.runJob, pool.runJob]) {
        expect(await pair(runJob, "good")).toEqual([true, "next"]);
        expect(await pair(runJob, "bad")).toEqual([false, expect.stringMatching(/^It was not run: the run it depends on/)]);
      }
    } finally {
      await pool.close();
    }
  });

  it("keeps the later tasks' share of a submission's limit back from a first task that never returns", async () => {
    // A hand-made bundle: the first task loops, the other two answer at once.
    const runs = await runSubmission("globalThis.__gradeLoads = { task1: () => ({ toMcp() { for (;;) {} } }), task2: () => ({ handle: () => null }), task3: () => ({ serve: () => ({ out: [], log: [] }) }) };", 1000);
    const floor = floorFor(1000);
    const had = Number(/in the (\d+) ms it had of the submission's time limit of 1000 ms, which its tasks share/.exec(runs[0]!.failure?.message ?? "")?.[1]);
    expect(had).toBeLessThanOrEqual(1000 - 2 * floor);
    expect(runs.slice(1).map((r) => [r.failure, r.calls.length])).toEqual([[undefined, 1], [undefined, 1]]);
  });
});

describe("the answer key a job carries (Job.expected)", () => {
  // Each task's code looks everywhere it could for the expected answers of the task2 job: the
  // globals (as soon as its bundle runs, and when called), a setter on the global for the jobs
  // handed in, and `this` of the array methods.
  const SNOOP = `
    // What it finds is kept in a global, so each task's bundle sees what the ones before it found.
    let keeping = false;
    const keep = (v) => {
      if (keeping) return;
      keeping = true;
      try { globalThis.__snooped = (globalThis.__snooped ?? "") + " " + JSON.stringify(v); } catch { /* not data */ } finally { keeping = false; }
    };
    const look = () => { for (const name of Object.getOwnPropertyNames(globalThis)) { try { keep(globalThis[name]); } catch { /* a getter */ } } return globalThis.__snooped; };
    look();
    for (const name of ["__gradeJob", "__gradeJob0", "__gradeJob1", "__gradeJob2", "__gradeJob3"]) {
      let held = globalThis[name];
      try { Object.defineProperty(globalThis, name, { configurable: true, get() { return held; }, set(v) { held = v; keep(v); } }); } catch { keep("cannot trap " + name); }
    }
    for (const m of ["map", "forEach", "every", "some", "filter", "entries", "push", Symbol.iterator]) {
      const was = Array.prototype[m];
      Array.prototype[m] = function (...a) { keep(this); return was.apply(this, a); };
    }
    globalThis.__gradeLoads = {
      task1: () => ({ toMcp: (t) => { look(); if (t.loop) for (;;) {} return {}; } }),
      task2: () => ({ handle: () => ({ leaked: look().includes("THE-ANSWER") }) }),
      task3: () => ({ serve: () => ({ out: [look().includes("THE-ANSWER") ? "leaked" : "kept"], log: [] }) }),
    };`;

  async function snoop(loopFirst: boolean): Promise<unknown[]> {
    const pool = createSandboxPool({ size: 1 });
    try {
      const executor = pool.forSubmission(2000);
      const jobs = [
        { task: "task1" as const, inputs: [{ loop: loopFirst }], stopOnFailure: true },
        { task: "task2" as const, inputs: [{ id: 1 }], stopOnFailure: false, expected: [JSON.stringify({ answer: "THE-ANSWER" })] },
        { task: "task3" as const, inputs: [[]], stopOnFailure: true },
      ];
      const runs = await Promise.all(jobs.map((job) => executor.runJob("hand-made.js", job, { timeoutMs: 2000, code: SNOOP })));
      return runs.map((r) => r.failure?.reason ?? (r.calls[0] as { value: unknown }).value);
    } finally {
      await pool.close();
    }
  }

  it("is a shortcut only: what comes back is what the code returned, the answer and the input", async () => {
    const pool = createSandboxPool({ size: 1 });
    // toMcp echoes its input's n, and marks the input it was given when n is 2.
    const code = "globalThis.__gradeLoads = { task1: () => ({ toMcp: (t) => { if (t.n === 2) t.seen = true; return { n: t.n }; } }) };";
    const job = { task: "task1" as const, inputs: [{ n: 1 }, { n: 2 }, { n: 3 }], stopOnFailure: false, returnInputs: true, expected: ['{"n":1}', '{"n":2}', '{"n":4}'] };
    try {
      const run = await pool.runJob("hand-made.js", job, { timeoutMs: 5000, code });
      expect(run.calls).toEqual([
        { ok: true, value: { n: 1 }, input: { n: 1 } },
        { ok: true, value: { n: 2 }, input: { n: 2, seen: true } },
        { ok: true, value: { n: 3 }, input: { n: 3 } },
      ]);
    } finally {
      await pool.close();
    }
  });

  it("is out of reach of a submission's code, when its tasks run together", async () => {
    expect(await snoop(false)).toEqual([{}, { leaked: false }, { out: ["kept"], log: [] }]);
  });

  it("is out of reach of a submission's code, when its tasks run one by one after a stop", async () => {
    expect(await snoop(true)).toEqual(["timeout", { leaked: false }, { out: ["kept"], log: [] }]);
  });
});

describe("the sandbox processes' own permissions, for code that got out of its vm context", () => {
  const attempt = async (code: string): Promise<string> => {
    const { stdout } = await run(process.execPath, [...SANDBOX_FLAGS, "-e", `try { ${code}; console.log("allowed") } catch (e) { console.log(e.code ?? e.message) }`], { cwd: ROOT, env: {} });
    return stdout.trim();
  };

  it("cannot read any file: not the solutions, not another submission, not the system's", async () => {
    expect(await attempt(`require("fs").readFileSync(${JSON.stringify(path.join(ROOT, "solutions", "task1.ts"))})`)).toBe("ERR_ACCESS_DENIED");
    expect(await attempt(`require("fs").readdirSync(${JSON.stringify(ROOT)})`)).toBe("ERR_ACCESS_DENIED");
    expect(await attempt(`require("fs").readFileSync("/etc/passwd")`)).toBe("ERR_ACCESS_DENIED");
  });

  it("cannot write a file", async () => {
    expect(await attempt(`require("fs").writeFileSync("/tmp/grade-sandbox-flags-write.txt", "x")`)).toBe("ERR_ACCESS_DENIED");
    expect(existsSync("/tmp/grade-sandbox-flags-write.txt")).toBe(false);
  });

  it("cannot start a process or a worker thread, nor reach Node's internals or native addons", async () => {
    expect(await attempt(`require("child_process").spawnSync("true")`)).toBe("ERR_ACCESS_DENIED");
    expect(await attempt(`new (require("worker_threads").Worker)("1", { eval: true })`)).toBe("ERR_ACCESS_DENIED");
    expect(await attempt(`process.binding("fs")`)).toBe("ERR_ACCESS_DENIED");
    expect(await attempt(`process.dlopen({ exports: {} }, "/nonexistent.node")`)).toBe("ERR_DLOPEN_DISABLED");
  });
});
