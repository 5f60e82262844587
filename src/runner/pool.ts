// The batch sandbox: a few long-lived node processes, each under Node's permission model with no
// right to read or write files, start processes or workers, each running one job at a time in a
// fresh vm context (pool-child.ts). Starting a process costs ~100 ms here; a context ~1 ms. A
// process that runs past its job's limit, or dies (out of memory), is killed and replaced; the
// job it held becomes that task's error, and no other job is touched.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { Executor } from "./executor.js";
import type { HarnessReply, Job, JobRun, TaskFailure } from "./outcome.js";
import type { PoolReply, PoolRequest } from "./pool-child.js";
import { MEMORY_LIMIT_MB, OUT_OF_MEMORY, OUTPUT_CAP, outOfMemoryFailure, stripAnsi, timeoutFailure, type RunOptions } from "./run-job.js";
import { FRAMES } from "./vm-harness.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const GRADER_SRC = path.resolve(here, "..") + path.sep;
// The vm's own time limit stops a loop; this one is for whatever it cannot stop.
const HARD_KILL_GRACE_MS = 1500;

/** The flags every sandbox process runs with: no fs, child_process, worker or addon rights. */
export const SANDBOX_FLAGS = ["--experimental-permission", "--no-warnings", `--max-old-space-size=${MEMORY_LIMIT_MB}`];

let entryCode: string | undefined;
function poolEntryCode(): string {
  entryCode ??= buildSync({
    entryPoints: [path.join(here, "pool-entry.ts")], bundle: true, platform: "node", format: "cjs",
    target: "node20", write: false, logLevel: "silent",
  }).outputFiles[0]!.text;
  return entryCode;
}

export interface SandboxPool extends Executor {
  /**
   * An executor for one submission: its jobs run one after another and share one time budget,
   * so a submission that never returns holds a process for its limit once, not once per task.
   */
  forSubmission(budgetMs: number): Executor;
  close(): Promise<void>;
}

interface Pending {
  request: PoolRequest;
  file: string;
  job: Job;
  started: number;
  resolve: (run: JobRun) => void;
}

interface Slot {
  child: ChildProcess;
  stderr: string;
  busy?: Pending;
  timer?: NodeJS.Timeout;
}

export function createSandboxPool(options: { size: number }): SandboxPool {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const startSlot = (): Slot => {
    const child = spawn(process.execPath, [...SANDBOX_FLAGS, "-e", poolEntryCode()], { stdio: ["ignore", "ignore", "pipe", "ipc"], env: {} });
    const slot: Slot = { child, stderr: "" };
    child.stderr!.on("data", (c: Buffer) => { if (slot.stderr.length < OUTPUT_CAP) slot.stderr += c.toString("utf8"); });
    child.on("message", (reply: PoolReply) => {
      const pending = slot.busy;
      if (!pending || reply.id !== pending.request.id) return;
      finishSlot(slot);
      let run: JobRun;
      try {
        run = toJobRun(pending, reply);
      } catch (error) {
        run = failedRun(pending, { reason: "crash", message: `Its results could not be read (${(error as Error).message}).` });
      }
      pending.resolve(run);
      pump();
    });
    child.on("exit", (code, signal) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      const pending = slot.busy;
      finishSlot(slot);
      if (pending) {
        const failure: TaskFailure = OUT_OF_MEMORY.test(slot.stderr) ? outOfMemoryFailure()
          : { reason: "exit", message: `Its sandbox process ended (${signal ? `signal ${signal}` : `exit code ${code}`}) before the function returned. Does the code end the process or exhaust the stack? A task returns its answer.` };
        pending.resolve(failedRun(pending, failure));
      }
      pump();
    });
    child.on("error", () => { /* reported by exit */ });
    slots.push(slot);
    return slot;
  };

  const finishSlot = (slot: Slot): void => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.busy = undefined;
    slot.timer = undefined;
  };

  const pump = (): void => {
    if (closed) return;
    while (queue.length) {
      const slot = slots.find((s) => !s.busy) ?? (slots.length < options.size ? startSlot() : undefined);
      if (!slot) return;
      const pending = queue.shift()!;
      slot.busy = pending;
      slot.stderr = "";
      pending.started = Date.now();
      slot.timer = setTimeout(() => {
        // The vm did not stop it: kill the whole process and report the job as timed out.
        slot.busy = undefined;
        slots.splice(slots.indexOf(slot), 1);
        slot.child.kill("SIGKILL");
        pending.resolve(failedRun(pending, timeoutFailure(pending.request.timeoutMs)));
        pump();
      }, pending.request.timeoutMs + HARD_KILL_GRACE_MS);
      slot.child.send(pending.request, (error) => { if (error) slot.child.kill("SIGKILL"); });
    }
  };

  const runJob = async (file: string, job: Job, run: RunOptions): Promise<JobRun> => {
    if (closed) throw new Error("the sandbox pool is closed");
    const code = await readFile(file, "utf8");
    return new Promise((resolve) => {
      const request: PoolRequest = { id: nextId++, code, jobJson: JSON.stringify(job), timeoutMs: run.timeoutMs, outputCap: OUTPUT_CAP };
      queue.push({ request, file, job, started: Date.now(), resolve });
      pump();
    });
  };

  return {
    format: "vm",
    runJob,
    forSubmission(budgetMs: number): Executor {
      let left = budgetMs;
      let previous: Promise<unknown> = Promise.resolve();
      return {
        format: "vm",
        runJob(file, job) {
          const next = previous.then(async (): Promise<JobRun> => {
            if (left <= 0) return { task: job.task, calls: [], failure: { reason: "timeout", message: `It was not run: the earlier tasks used up the submission's time limit of ${budgetMs} ms.` }, stdout: "", stderr: "", durationMs: 0 };
            const run = await runJob(file, job, { timeoutMs: left });
            left -= run.durationMs;
            return run.failure?.reason === "timeout" ? { ...run, failure: timeoutFailure(budgetMs) } : run;
          });
          previous = next;
          return next;
        },
      };
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(slots.map((slot) => new Promise<void>((resolve) => {
        if (slot.child.exitCode !== null || slot.child.signalCode !== null) return resolve();
        slot.child.once("exit", () => resolve());
        slot.child.kill("SIGKILL");
      })));
    },
  };
}

function failedRun(pending: Pending, failure: TaskFailure, stdout = "", stderr = ""): JobRun {
  return { task: pending.job.task, calls: [], failure, stdout, stderr, durationMs: Date.now() - pending.started };
}

function toJobRun(pending: Pending, reply: PoolReply): JobRun {
  const stdout = stripAnsi(reply.stdout);
  const stderr = stripAnsi(reply.stderr);
  if (reply.timedOut) return failedRun(pending, timeoutFailure(pending.request.timeoutMs), stdout, stderr);
  if (reply.replyJson === undefined) {
    return failedRun(pending, { reason: "crash", message: `It stopped the grader's harness before the function returned (${reply.error ?? "no reply"}). Code at the top level of a module runs on import; a task only defines functions.` }, stdout, stderr);
  }
  const harness = parseHarnessReply(mapFrames(reply.replyJson, pending.request.code, pending.file));
  if (!harness) {
    return failedRun(pending, { reason: "crash", message: "Its results could not be read: the code replaced JavaScript's own built-ins (JSON, Object or Array methods) that the grader relies on. A task only defines its functions; it never changes the built-ins." }, stdout, stderr);
  }
  const base = { task: pending.job.task, stdout, stderr, durationMs: Date.now() - pending.started };
  return harness.kind === "calls" ? { ...base, calls: harness.calls } : { ...base, calls: [], failure: harness.failure };
}

/** The harness runs beside the student's code, so its reply is checked like any input. */
function parseHarnessReply(json: string): HarnessReply | undefined {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const isFailure = (f: unknown): boolean => typeof f === "object" && f !== null && typeof (f as TaskFailure).reason === "string" && typeof (f as TaskFailure).message === "string";
  const reply = data as HarnessReply;
  if (reply?.kind === "failure" && isFailure(reply.failure)) return reply;
  if (reply?.kind === "calls" && Array.isArray(reply.calls) && reply.calls.every((c) => c?.ok === true ? "value" in c : c?.ok === false && isFailure(c.failure))) return reply;
  return undefined;
}

/** Replaces ` (at ⟦line:col;…⟧)` with the first frame that is the student's, through the source map. */
function mapFrames(json: string, code: string, file: string): string {
  if (!json.includes("⟦")) return json;
  const map = inlineSourceMap(code);
  return json.replace(/ \(at ⟦([\d:;]+)⟧\)/g, (_all, frames: string) => {
    for (const frame of frames.split(";")) {
      const [line, column] = frame.split(":").map(Number) as [number, number];
      const entry = map?.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
      if (!entry?.originalSource) continue;
      const source = entry.originalSource.startsWith("file://") ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(file), entry.originalSource);
      if (source.startsWith(GRADER_SRC)) continue;
      return ` (at ${source}:${entry.originalLine! + 1}:${entry.originalColumn! + 1})`;
    }
    return "";
  }).replace(FRAMES, "");
}

function inlineSourceMap(code: string): SourceMap | undefined {
  const match = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(code);
  if (!match) return undefined;
  try {
    return new SourceMap(JSON.parse(Buffer.from(match[1]!, "base64").toString("utf8")));
  } catch {
    return undefined;
  }
}
