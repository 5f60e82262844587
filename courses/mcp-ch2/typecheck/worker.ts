// The type checker's thread (src/typecheck/thread.ts runs it with its limits). It keeps one
// TypeChecker over one compiler, so files outside the submission are parsed once per thread.
import { workerData } from "node:worker_threads";
import { makeDisplay } from "../../../src/grading/paths.js";
import { openCompiler, type CompilerChoice } from "../../../src/typecheck/compilers.js";
import { serveTypeChecks } from "../../../src/typecheck/serve-checks.js";
import type { TaskId } from "../course/tasks.js";
import { TypeChecker } from "./check-types.js";

const data = workerData as { packageRoot: string; compiler?: CompilerChoice };

void openCompiler(data.packageRoot, data.compiler).then((compiler) => {
  const checker = new TypeChecker(data.packageRoot, compiler);
  serveTypeChecks((request) => checker.check(request.submissionDir, request.tasks as TaskId[], makeDisplay(request.cwd, request.submissionDir).path));
});
