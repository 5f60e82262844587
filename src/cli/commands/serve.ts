// `grade serve`: the submission's handle as a real stdio MCP server, for an MCP host or the MCP
// Inspector (a class, through the pack's entry file: Pack.serves). The server is the sandbox's live server (sandbox/live-server.ts): a child process
// that inherits this process's stdin, stdout and stderr, with the student's code in the same
// engine the grader runs it in. grade itself writes nothing to stdout, so the pipe carries
// protocol messages only.
import { spawn } from "node:child_process";
import { readSubmission } from "../../grading/files.js";
import { resolveSubmission } from "../../grading/grade.js";
import { makeDisplay } from "../../grading/paths.js";
import { LIMITS } from "../../grading/limits.js";
import type { Pack } from "../../pack/types.js";
import { prepareServer } from "../../sandbox/live.js";
import { UserError } from "../errors.js";

export interface ServeCommandOptions {
  cwd: string;
  pack: Pack;
  dir: string;
  env: NodeJS.ProcessEnv;
}

// A server answers each message within this, as grade's checks do by default.
const CALL_LIMIT_MS = 5000;

/** Runs the server until its input ends; resolves with its exit code. */
export async function serveCommand(options: ServeCommandOptions): Promise<number> {
  const { pack } = options;
  const submissionDir = resolveSubmission(options.cwd, options.dir, pack);
  const serves = typeof pack.serves === "string" ? { task: pack.serves } : pack.serves;
  const served = serves && pack.tasks.find((t) => t.id === serves.task);
  if (!serves || !served) throw new UserError(`The pack ${pack.id} has no server to run: grade serve runs the task a pack names as its server, and ${pack.id} names none.`);
  const display = makeDisplay(options.cwd, submissionDir);
  const files = readSubmission(submissionDir, display.submission);
  const { file, exportName } = served;
  const shown = display.submission === "." ? file : `${display.submission}/${file}`;
  if (files.files[file] === undefined) throw new UserError(files.refused[file] ?? `There is no server to run: ${shown} does not exist.`);
  // A task served through the pack's entry: that file is added, and its export answers each line.
  const through = "entry" in serves ? serves.entry : undefined;
  const run = through
    ? { files: { ...files.files, [through.file]: through.source() }, entry: through.file, exportName: through.exportName }
    : { files: files.files, entry: file, exportName };
  const server = await prepareServer({ ...files, files: run.files, limits: { ...LIMITS, timeMs: CALL_LIMIT_MS } }, run.entry, run.exportName, shown, pack.course.sandboxSource());
  try {
    const child = spawn(server.command.command, server.command.args, { stdio: "inherit", env: server.command.env });
    // A host stops its server with a signal: pass it on, so the child never outlives grade.
    const forward = (signal: NodeJS.Signals): void => { child.kill(signal); };
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    try {
      return await new Promise<number>((resolve, reject) => {
        child.once("error", (e) => reject(new UserError(`The server process could not be started: ${e.message}.`)));
        child.once("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      });
    } finally {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
    }
  } finally {
    await server.close();
  }
}
