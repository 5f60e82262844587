// Sends rendered reports where the user asked: stdout, or files (never coloured).
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { terminalLine } from "../report/sanitize.js";
import { UserError } from "./errors.js";
import type { ReporterChoice } from "./options.js";

export interface Io {
  cwd: string;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  /** Whether stderr is a terminal (the batch's progress bar goes there). */
  stderrIsTTY?: boolean;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The terminal's input, for commands that read keys (grade watch); absent in tests. */
  stdin?: NodeJS.ReadStream;
}

/**
 * Renders each chosen reporter to stdout or its file. When every report goes to a file, the run
 * still says how it went: `summary` (a few lines) and a `Wrote FILE` line per file, on stderr,
 * so stdout stays empty for the scripts that read it.
 */
export async function emit<T>(io: Io, choices: ReporterChoice[], color: boolean, render: (name: string, data: T, color: boolean) => string, data: T, summary?: (color: boolean) => string): Promise<void> {
  const written: string[] = [];
  for (const choice of choices) {
    if (choice.file === undefined) {
      io.stdout(render(choice.name, data, color));
      continue;
    }
    const file = path.resolve(io.cwd, choice.file);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, render(choice.name, data, false));
      written.push(choice.file);
    } catch (error) {
      throw new UserError(`The ${choice.name} report could not be written to ${choice.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Choose a path you can write.`);
    }
  }
  // With a report on stdout, stderr stays clean (the report is the run's account).
  if (!written.length || choices.some((c) => c.file === undefined)) return;
  if (summary) io.stderr(summary(color && io.stderrIsTTY === true));
  for (const file of written) io.stderr(`Wrote ${terminalLine(file)}\n`);
}

/**
 * The folder a report's submission names are relative to, as GitHub sees it: from
 * GITHUB_WORKSPACE (the repository's root in Actions) when set, else from the working directory.
 */
export function annotationRoot(io: Pick<Io, "cwd" | "env">, folder: string): string {
  const workspace = io.env["GITHUB_WORKSPACE"];
  const base = workspace ? path.resolve(io.cwd, workspace) : io.cwd;
  return path.relative(base, path.resolve(io.cwd, folder)).split(path.sep).join("/");
}

/** GitHub Actions shows this file's Markdown on the job's page; grade adds to it, never replaces. */
export async function appendStepSummary(io: Io, markdown: string): Promise<void> {
  const file = io.env["GITHUB_STEP_SUMMARY"];
  if (!file) return;
  try {
    await appendFile(file, markdown);
  } catch (error) {
    throw new UserError(`The GitHub step summary could not be appended to $GITHUB_STEP_SUMMARY (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Unset it outside GitHub Actions.`);
  }
}
