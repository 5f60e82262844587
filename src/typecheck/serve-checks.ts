// The type checker's side of its thread (thread.ts): first where its CPU time can be read, then
// one request at a time, each answered with every task's findings or the error that stopped the
// check (a bug in grade).
import { readlinkSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { saveCodeCaches } from "../runner/cached-script.cjs";
import type { TypeCheckReply, TypeCheckRequest } from "./thread.js";
import type { TaskTypes } from "./types-check.js";

/** /proc/PID/task/TID of this thread, where its CPU time is read (Linux), or null. */
function ownThread(): string | null {
  try {
    return `/proc/${readlinkSync("/proc/thread-self")}`;
  } catch {
    return null;
  }
}

export function serveTypeChecks(check: (request: TypeCheckRequest) => Record<string, TaskTypes>): void {
  parentPort!.postMessage({ ready: true, thread: ownThread() } satisfies TypeCheckReply);
  parentPort!.on("message", (request: TypeCheckRequest) => {
    let reply: TypeCheckReply;
    try {
      reply = { ok: true, result: check(request) };
    } catch (error) {
      reply = { ok: false, error: (error as Error)?.stack ?? String(error) };
    }
    // Before the reply, so that a grader that closes the thread on it cannot cut the write short;
    // only the first check after an install (or a Node upgrade) pays for it.
    saveCodeCaches();
    parentPort!.postMessage(reply);
  });
}
