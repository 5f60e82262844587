// The live checks: the submission's handle served over a real pipe by the sandbox's live server
// (sandbox/live.ts), first with the chapter's LINES written to its stdin (the stdio check), then
// to the official MCP SDK client (the interop checks). Both belong to task 2, whose code they run.
import { LINES } from "../course/fixtures.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { interopChecks, INTEROP_STEPS, loadSdk } from "../live/interop.js";
import { runStdio, stdioChecks, STDIO_TITLES } from "../live/stdio.js";
import type { CheckResult } from "../../../src/report/types.js";
import { prepareServer } from "../../../src/sandbox/live.js";
import type { SandboxRequest } from "../../../src/sandbox/protocol.js";
import type { SubmissionFiles } from "../../../src/grading/files.js";
import { liveLimits } from "../../../src/grading/limits.js";
import { liveTurn } from "../../../src/live/turns.js";
import { sandboxCourseSource } from "../course/sandbox-source.js";


const skipped = (why: string): CheckResult[] =>
  [STDIO_TITLES.clean, ...INTEROP_STEPS].map((c) => ({ ...c, kind: c.name.includes("stdio") ? "stdio" : "interop", status: "skip", message: why }));


/** `files.standIns`: the pack's copies in place of files handle imports (src/grading/stand-ins.ts). */
export function runLiveChecks(files: SubmissionFiles & Pick<SandboxRequest, "standIns">, tasks: readonly TaskId[], timeoutMs: number, shownAs: string, signal?: AbortSignal): Promise<Partial<Record<TaskId, CheckResult[]>>> {
  return liveTurn(() => liveChecks(files, tasks, timeoutMs, shownAs, signal));
}

async function liveChecks(files: SubmissionFiles & Pick<SandboxRequest, "standIns">, tasks: readonly TaskId[], timeoutMs: number, shownAs: string, signal?: AbortSignal): Promise<Partial<Record<TaskId, CheckResult[]>>> {
  if (!tasks.includes("task2")) return {};
  const { file, exportName } = TASKS.task2;
  if (files.files[file] === undefined) return { task2: skipped(`${file} could not be read, so there is no server to run.`) };
  // The SDK loads while the server starts and the sandbox runs, not after the stdio check.
  void loadSdk().catch(() => undefined);
  const server = await prepareServer({ files: files.files, refused: files.refused, limits: liveLimits(timeoutMs), shownAs, ...(files.standIns ? { standIns: files.standIns } : {}) }, file, exportName, shownAs + file, sandboxCourseSource(), signal);
  try {
    const run = await runStdio(server, LINES, timeoutMs);
    const stdio = run ? stdioChecks(run) : [];
    const interop = await interopChecks(server, timeoutMs);
    return { task2: [...stdio, ...interop] };
  } finally {
    await server.close();
  }
}
