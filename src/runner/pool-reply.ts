// What a sandbox process reports for a job, read as untrusted data (the harness runs beside the
// student's code) and turned into a JobRun: time-outs, crashes, the harness's reply, and the
// student's stack frames mapped back through the bundle's source map.
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { timeoutFailure, stripAnsi } from "./limits.js";
import type { CallOutcome, HarnessReply, Job, JobRun, TaskFailure, WireCall, WireReply } from "./outcome.js";
import type { PoolReply, PoolRequest } from "./pool-child.js";
import { FRAMES } from "./vm-harness.js";
import type { FrameMapper } from "./bundle.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const GRADER_SRC = path.resolve(here, "..") + path.sep;

const shareOf = (limitMs: number, budgetMs: number): TaskFailure => ({ reason: "timeout", message: `It did not finish in the ${limitMs} ms it had of the submission's time limit of ${budgetMs} ms, which its tasks share, and was stopped. Look for a loop that never ends, here or in what it imports.` });

/** The bundle a job ran: its text, and where its frames map to. */
export interface RanBundle {
  file: string;
  code: string;
  sourceMap?: string;
  mapFrame?: FrameMapper;
}

/** A job that was not run, because the job it was to run after did not run clean (executor.ts). */
export function notRunAfter(job: Job): JobRun {
  const failure: TaskFailure = { reason: "crash", message: "It was not run: the run it depends on, on the fixtures, did not end with every call answered." };
  return { task: job.task, calls: [], failure, stdout: "", stderr: "", durationMs: 0 };
}

/** One job's end, as the sandbox reported it, turned into a JobRun. */
export function toJobRun(job: Job, bundle: RanBundle, request: PoolRequest, reply: PoolReply): JobRun {
  if (reply.skipped) return notRunAfter(job);
  const stdout = stripAnsi(reply.stdout);
  const stderr = stripAnsi(reply.stderr);
  const base = { task: job.task, stdout, stderr, durationMs: reply.durationMs };
  if (reply.timedOut) {
    const budget = request.budgetMs ?? request.timeoutMs;
    const failure = reply.cut ? shareOf(reply.limitMs, budget) : timeoutFailure(budget);
    return { ...base, calls: [], failure };
  }
  if (reply.replyJson === undefined) {
    return { ...base, calls: [], failure: { reason: "crash", message: `It stopped the grader's harness before the function returned (${reply.error ?? "no reply"}). Code at the top level of a module runs on import; a task only defines functions.` } };
  }
  const harness = readReply(mapFrames(reply.replyJson, bundle), job);
  if (!harness) {
    return { ...base, calls: [], failure: { reason: "crash", message: "Its results could not be read: the code replaced JavaScript's own built-ins (JSON, Object or Array methods) that the grader relies on. A task only defines its functions; it never changes the built-ins." } };
  }
  return harness.kind === "calls" ? { ...base, calls: harness.calls } : { ...base, calls: [], failure: harness.failure };
}

// Replies read lately, per job, by their text. A class's correct submissions (and those that
// share a mistake) answer the generated inputs with the same text: reading and checking it once,
// and handing the same frozen value to each, spares the grader most of its work per submission,
// and lets the judging be remembered by that value (extra-checks.ts).
const READ_REPLIES_KEPT = 32;
const readReplies = new WeakMap<Job, Map<string, HarnessReply | undefined>>();

function readReply(json: string, job: Job): HarnessReply | undefined {
  let read = readReplies.get(job);
  if (!read) readReplies.set(job, read = new Map());
  if (read.has(json)) return read.get(json);
  const reply = parseHarnessReply(json, job);
  if (read.size >= READ_REPLIES_KEPT) read.delete(read.keys().next().value!);
  read.set(json, reply && deepFreeze(reply));
  return reply;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The harness runs beside the student's code, so its reply is checked like any input. */
function parseHarnessReply(json: string, job: Job): HarnessReply | undefined {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const isFailure = (f: unknown): boolean => typeof f === "object" && f !== null && typeof (f as TaskFailure).reason === "string" && typeof (f as TaskFailure).message === "string";
  const reply = data as WireReply;
  if (reply?.kind === "failure" && isFailure(reply.failure)) return reply;
  if (reply?.kind !== "calls" || !Array.isArray(reply.calls)) return undefined;
  const calls: CallOutcome[] = [];
  for (const [i, call] of reply.calls.entries()) {
    const read = call?.ok === true ? okCall(call, i, job) : call?.ok === false && isFailure(call.failure) ? call : undefined;
    if (!read) return undefined;
    calls.push(read);
  }
  return { kind: "calls", calls };
}

/** An answered call, with what the harness left out put back (WireCall): undefined if unreadable. */
function okCall(call: Extract<WireCall, { ok: true }>, index: number, job: Job): CallOutcome | undefined {
  const value = call.same === true ? known(job, "expected", index) : call.value;
  if (call.same === true ? value === undefined : !("value" in call)) return undefined;
  if (!job.returnInputs) return { ok: true, value };
  return { ok: true, value, input: call.inputSame === true ? known(job, "input", index) : call.input };
}

// What the grader puts back for `same` and `inputSame`: read from the JSON the sandbox had, so
// exactly what it would have sent back; once per job and input, frozen, shared by every reply.
const knownValues = new WeakMap<Job, Map<string, unknown>>();
function known(job: Job, what: "expected" | "input", index: number): unknown {
  let values = knownValues.get(job);
  if (!values) knownValues.set(job, values = new Map());
  const key = `${what}${index}`;
  if (!values.has(key)) {
    const text = what === "expected" ? job.expected?.[index] : JSON.stringify(job.inputs[index]);
    values.set(key, typeof text === "string" ? deepFreeze(JSON.parse(text) as unknown) : undefined);
  }
  return values.get(key);
}

/** Replaces ` (at ⟦line:col;…⟧)` with the first frame that is the student's, through the source map. */
function mapFrames(json: string, bundle: RanBundle): string {
  if (!json.includes("⟦")) return json;
  const file = bundle.file;
  const map = bundle.mapFrame ? undefined : bundle.sourceMap ? parseSourceMap(bundle.sourceMap) : inlineSourceMap(bundle.code);
  return json.replace(/ \(at ⟦([\d:;]+)⟧\)/g, (_all, frames: string) => {
    for (const frame of frames.split(";")) {
      const [line, column] = frame.split(":").map(Number) as [number, number];
      if (bundle.mapFrame) {
        const at = bundle.mapFrame(line, column);
        if (at) return ` (at ${at})`;
        continue;
      }
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
  return match ? parseSourceMap(Buffer.from(match[1]!, "base64").toString("utf8")) : undefined;
}

function parseSourceMap(text: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(text));
  } catch {
    return undefined;
  }
}
