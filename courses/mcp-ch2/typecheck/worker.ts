// The type checker's thread (src/typecheck/thread.ts runs it with its limits). It keeps one
// TypeChecker, so files outside the submission are parsed once per thread.
import { workerData } from "node:worker_threads";
import { makeDisplay } from "../../../src/grading/paths.js";
import { serveTypeChecks } from "../../../src/typecheck/serve-checks.js";
import type { TaskId } from "../course/tasks.js";
import { TypeChecker } from "./check-types.js";

const checker = new TypeChecker((workerData as { packageRoot: string }).packageRoot);

serveTypeChecks((request) => checker.check(request.submissionDir, request.tasks as TaskId[], makeDisplay(request.cwd, request.submissionDir).path));
