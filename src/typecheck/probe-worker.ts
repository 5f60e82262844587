// The thread of a pack whose type check is a ProbeSpec (probe-check.ts): the spec comes as plain
// data, made in the grader's thread, so that this bundle holds the checker and nothing of the pack.
import { workerData } from "node:worker_threads";
import { makeDisplay } from "../grading/paths.js";
import { openCompiler, type CompilerChoice } from "./compilers.js";
import { ProbeChecker } from "./probe-check.js";
import type { ProbeSpec } from "./probe-spec.js";
import { serveTypeChecks } from "./serve-checks.js";

const data = workerData as { packageRoot: string; spec: ProbeSpec; compiler?: CompilerChoice };

void openCompiler(data.packageRoot, data.compiler).then((compiler) => {
  const checker = new ProbeChecker(data.packageRoot, data.spec, compiler);
  serveTypeChecks((request) => checker.check(request.submissionDir, request.tasks, makeDisplay(request.cwd, request.submissionDir).path));
});
