// The type checker's thread. The compiler takes a second or so to load and to check; in a thread
// of its own it never blocks the grader's event loop (watch mode's keyboard, the sandboxes' IPC),
// and it keeps one TypeChecker, so files outside the submission are parsed once per thread.
import { parentPort, workerData } from "node:worker_threads";
import { makeDisplay } from "../../../src/grading/paths.js";
import { TypeChecker } from "./check-types.js";
import { saveCodeCaches } from "../../../src/runner/cached-script.cjs";
import type { TypeCheckReply, TypeCheckRequest } from "./worker-client.js";

const checker = new TypeChecker((workerData as { packageRoot: string }).packageRoot);

parentPort!.on("message", (request: TypeCheckRequest) => {
  let reply: TypeCheckReply;
  try {
    const display = makeDisplay(request.cwd, request.submissionDir);
    reply = { id: request.id, ok: true, result: checker.check(request.submissionDir, request.tasks, display.path) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: (error as Error)?.stack ?? String(error) };
  }
  // Before the reply, so that a grader that closes the thread on it cannot cut the write short;
  // only the first check after an install (or a Node upgrade) pays for it.
  saveCodeCaches();
  parentPort!.postMessage(reply);
});
