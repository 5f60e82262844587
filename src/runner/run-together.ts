// The together path of a sandbox request: all its jobs in one call, under one time limit.
import vm from "node:vm";
import { collectAfterStop, readCollected } from "./context-io.js";
import type { PoolReply, PoolRequest } from "./pool-child.js";

const RUN_ALL = new vm.Script("__grade.runAll(globalThis.__gradePlan)", { filename: "grade-run-all.js" });
const DONE = new vm.Script("__grade.done()", { filename: "grade-done.js" });

/**
 * Runs every job of the request in one call, under the first job's limit: every call with a
 * time limit starts a watchdog thread, which cost a batch a sixth of its sandbox time when each
 * job had its own. Returns how many jobs it answered for; the caller runs the rest one by one,
 * each under its own limit, beginning with the one that was running when the call stopped
 * (unless that is the first, which had its own whole limit and is answered as timed out). So a
 * job that runs long but ends may get up to its index times the floor less than it would alone:
 * at the default limit, only one that needs more than three seconds and a half.
 */
export function runTogether(request: PoolRequest, ctx: vm.Context, jobJsons: string[], limitMs: number, leftNow: number, clean: boolean[], send: (replies: PoolReply | PoolReply[]) => void): number {
  const g = ctx as Record<string, unknown>;
  let text: unknown;
  let stopped = false;
  try {
    // Each bundle as the body of a function, so that every job evaluates it anew.
    request.codes.forEach((code, i) => defineScript(code, i).runInContext(ctx));
    jobJsons.forEach((json, i) => { g[`__gradeJob${i}`] = json; });
    g["__gradePlan"] = JSON.stringify(request.jobs.map((j) => ({ code: j.codeIndex, ...(j.after !== undefined ? { after: j.after } : {}) })));
    text = RUN_ALL.runInContext(ctx, { timeout: limitMs });
  } catch (error) {
    stopped = isTimeout(error);
    text = collectAfterStop(ctx, 200, DONE);
  }
  const done = readDone(text, jobJsons.length);
  // Every job returned, and still the call did not end: the promise queue, which runs after the
  // call's last job, never emptied. Which job filled it is not known, so all run again alone.
  if (stopped && done.length === jobJsons.length) return 0;
  // All in one message: they ended together, and each message costs both processes a wake-up.
  const replies = done.map((entry, index) => {
    if (entry === null) return skippedReply(request.id, index);
    const reply: PoolReply = { id: request.id, index, stdout: "", stderr: "", timedOut: false, limitMs, cut: limitMs < leftNow, durationMs: entry[1] };
    clean[index] = readCollected(reply, entry[0]);
    return reply;
  });
  if (replies.length) send(replies);
  if (!stopped || done.length > 0) return done.length;
  const reply: PoolReply = { id: request.id, index: 0, stdout: "", stderr: "", timedOut: true, limitMs, cut: limitMs < leftNow, durationMs: limitMs };
  readCollected(reply, collectAfterStop(ctx, 200));
  send(reply);
  return 1;
}

/**
 * What runAll reported as done (vm-harness.ts frames it), read as untrusted data: the entries up
 * to the first that does not read as one.
 */
function readDone(text: unknown, count: number): ([string, number] | null)[] {
  const done: ([string, number] | null)[] = [];
  if (typeof text !== "string") return done;
  let at = 0;
  while (at < text.length && done.length < count) {
    if (text[at] === "S") {
      done.push(null);
      at += 1;
      continue;
    }
    const header = /^(\d+):(\d+):/.exec(text.slice(at, at + 40));
    if (!header) break;
    const start = at + header[0].length;
    const end = start + Number(header[2]);
    if (end > text.length) break;
    done.push([text.slice(start, end), Number(header[1])]);
    at = end;
  }
  return done;
}

/**
 * A bundle as the body of a function, __gradeDefine<index>, so that defining it runs none of its
 * code. The line offset keeps the bundle's own line numbers in its frames.
 */
export function defineScript(code: string, index: number): vm.Script {
  return new vm.Script(`globalThis.__gradeDefine${index} = function () {\n${code}\n};`, { filename: "grade-bundle.js", lineOffset: -1 });
}

export const skippedReply = (id: number, index: number): PoolReply => ({ id, index, stdout: "", stderr: "", timedOut: false, limitMs: 0, cut: false, skipped: true, durationMs: 0 });
export const isTimeout = (error: unknown): boolean => (error as { code?: string })?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT";

