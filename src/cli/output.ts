// Sends rendered reports where the user asked: stdout, or files (never coloured).
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
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

export async function emit<T>(io: Io, choices: ReporterChoice[], color: boolean, render: (name: string, data: T, color: boolean) => string, data: T): Promise<void> {
  for (const choice of choices) {
    if (choice.file === undefined) {
      io.stdout(render(choice.name, data, color));
      continue;
    }
    const file = path.resolve(io.cwd, choice.file);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, render(choice.name, data, false));
    } catch (error) {
      throw new UserError(`The ${choice.name} report could not be written to ${choice.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Choose a path you can write.`);
    }
  }
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
