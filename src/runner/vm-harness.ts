// The sandbox's harness, compiled once per sandbox process and run in every fresh vm
// context before the student's bundle (see pool-child.ts). It provides the course module to the
// bundle (as globalThis.__gradeCourse) and two entries: __grade.runAll(plan), a request's jobs
// one after another, and __grade.runOne(job), one job alone. Each loads the bundle's module
// through globalThis.__gradeLoad(s) (a lazy require, so the whole job runs in one synchronous
// call). The reply is left as a JSON string in the context, so no object ever
// crosses between the context and the grader.
import * as course from "../course/index.js";
import { ExitCalled, executeJob, type Locate } from "./harness-core.js";
import { decodeJob, type SafeStrings } from "./job-text.js";
import type { WireReply } from "./outcome.js";

/** Frames in the bundle (pool-child.ts names it grade-bundle.js) are handed out as ⟦line:column;…⟧, for the grader to map through the source map. */
export const FRAMES = /⟦([\d:;]+)⟧/g;

const locateInBundle: Locate = (error) => {
  const stack = error instanceof Error ? String(error.stack ?? "") : "";
  const frames = [...stack.matchAll(/grade-bundle\.js:(\d+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
  return frames.length ? `⟦${frames.join(";")}⟧` : undefined;
};

// Taken before the student's module runs, so a submission that replaces JSON cannot stop the
// harness from reading its job or writing its reply.
const { parse, stringify } = JSON;
// Bound now, so that calling them looks nothing up that the student's code could have replaced.
const safe: SafeStrings = {
  parse,
  indexOf: Function.prototype.call.bind(String.prototype.indexOf) as SafeStrings["indexOf"],
  slice: Function.prototype.call.bind(String.prototype.slice) as SafeStrings["slice"],
};

type Global = Record<string, unknown> & { process: { exit: unknown } };
const g = globalThis as unknown as Global;
// Also taken before: the prelude's collecting of a job's reply and output, and the clock.
const collect = g["__gradeCollect"] as () => string;
const now = Date.now;

// Each task's bundle gets its own copy of the course's data, as each task's process would: a
// task that changes TOOL in place must not change what the next task of the submission sees.
// Each export is copied when it is first read: most tasks read TOOL alone, and copying all of
// them for every task's every run was a fair part of a sandbox's time per submission.
const { defineProperty } = Object;
const courseEntries = Object.entries(course);
g["__gradeCourse"] = () => {
  const copy = {};
  // So that an `import * as course` takes the object as it is, without reading every export.
  defineProperty(copy, "__esModule", { value: true });
  for (let i = 0; i < courseEntries.length; i++) {
    const [name, value] = courseEntries[i]!;
    if (typeof value !== "object" || value === null) {
      defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
      continue;
    }
    let made: unknown;
    defineProperty(copy, name, {
      enumerable: true, configurable: true,
      get: () => (made ??= parse(stringify(value))),
      set: (v: unknown) => { made = v; },
    });
  }
  return copy;
};
g.process.exit = (code?: unknown) => { throw new ExitCalled(code); };
/** Runs one job and returns the reply as JSON; synchronous, so the same call can collect it. */
function run(jobText: string): string {
  const { job, expected } = decodeJob(jobText, safe);
  // A submission's shared bundle defines a loader per task; a single task's bundle, one.
  const loads = g["__gradeLoads"] as Record<string, () => Record<string, unknown>> | undefined;
  const load = loads?.[job.task] ?? (g["__gradeLoad"] as () => Record<string, unknown>);
  let reply: WireReply;
  try {
    reply = executeJob(load, job, locateInBundle, expected);
  } catch (error) {
    reply = { kind: "failure", failure: { reason: "crash", message: `The grader's harness failed: ${String(error)}` } };
  }
  g["__gradeClean"] = reply.kind === "calls" && reply.calls.every((c) => c.ok);
  return (g["__gradeReply"] = stringify(reply)) as string;
}

// What runAll has done so far, one entry per job: "S" for a job skipped, else
// "<ms>:<length>:<what was collected>". Framed by lengths, not JSON: what is collected holds the
// reply's JSON, which a JSON list would escape once more for the grader to unescape.
let done = "";

/**
 * Runs a request's jobs one after another in one call (the together path of pool-child.ts):
 * each evaluates its bundle anew (__gradeDefine<n>, so it has its own modules), runs its job
 * (__gradeJob<i>) and is collected. A job that runs after another is skipped unless that one
 * ran clean. If the call is stopped, done() tells what had ended.
 */
function runAll(planJson: string): string {
  const plan = parse(planJson) as { code: number; after?: number }[];
  // Every job taken out of the globals before the first one's code runs, and only ever read by
  // index, in a plain loop: a later job may hold the expected answers (Job.expected), and an
  // earlier task's code may have replaced the array methods.
  const jobs: string[] = [];
  for (let i = 0; i < plan.length; i++) {
    jobs[i] = g[`__gradeJob${i}`] as string;
    delete g[`__gradeJob${i}`];
  }
  const clean: boolean[] = [];
  done = "";
  for (let i = 0; i < plan.length; i++) {
    const { code, after } = plan[i]!;
    if (after !== undefined && !clean[after]) {
      done += "S";
      continue;
    }
    const started = now();
    (g[`__gradeDefine${code}`] as () => void)();
    run(jobs[i]!);
    clean[i] = g["__gradeClean"] === true;
    const collected = collect();
    done += `${now() - started}:${collected.length}:${collected}`;
  }
  return done;
}

/**
 * Runs one job in a context of its own (the one-by-one path of pool-child.ts): the job is taken
 * out of the globals before its bundle's code runs at all, since it may hold the expected answers.
 */
function runOne(jobJson: string): string {
  delete g["__gradeJob"];
  (g["__gradeDefine0"] as () => void)();
  run(jobJson);
  return collect();
}

g["__grade"] = { runOne, runAll, done: () => done };
