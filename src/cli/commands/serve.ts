// `grade serve`: the submission's handle as a real stdio MCP server, for an MCP host or the MCP
// Inspector. The server runs in a child process (plain node on a bundle of task2.ts and the
// server loop) that inherits this process's stdin, stdout and stderr; grade itself writes
// nothing to stdout, so the pipe carries protocol messages only.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { resolveSubmission } from "../../grading/grade.js";
import { makeDisplay } from "../../grading/paths.js";
import { bundleServer, serverCommand } from "../../live/bundle-server.js";
import { UserError } from "../errors.js";

export interface ServeCommandOptions {
  cwd: string;
  dir: string;
  env: NodeJS.ProcessEnv;
}

/** Runs the server until its input ends; resolves with its exit code. */
export async function serveCommand(options: ServeCommandOptions): Promise<number> {
  const submissionDir = resolveSubmission(options.cwd, options.dir);
  const display = makeDisplay(options.cwd, submissionDir);
  const workDir = await mkdtemp(path.join(os.tmpdir(), "grade-serve-"));
  try {
    const bundle = await bundleServer(submissionDir, workDir, display.path);
    if (!bundle.ok) throw new UserError(`There is no server to run: ${bundle.failure.message}`);
    const { command, args } = serverCommand(bundle.file);
    const child = spawn(command, args, { stdio: "inherit", env: { ...options.env, NODE_OPTIONS: "" } });
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
    await rm(workDir, { recursive: true, force: true });
  }
}
