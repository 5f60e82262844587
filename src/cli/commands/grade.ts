// `grade [task...]`: grade the submission and rewrite its lines of its evidence file (by default
// the one that belongs to the --dir, see evidence/location.ts).
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Pack } from "../../pack/types.js";
import { writeEvidence } from "../../evidence/file.js";
import { evidenceFileFor } from "../../evidence/location.js";
import { gradeSubmission, type ExtraCheckOptions, type GradeOptions } from "../../grading/grade.js";
import { readProgress, recordReport, writeProgress } from "../../progress/progress-file.js";
import type { Report } from "../../report/types.js";
import { UserError } from "../errors.js";

export interface GradeCommandOptions {
  cwd: string;
  pack: Pack;
  dir: string;
  tasks: string[];
  /** The evidence file to write; by default the submission's own (evidenceFileFor). */
  evidence?: string;
  timeoutMs?: number;
  typecheck?: GradeOptions["typecheck"];
  /** Checks beyond the evidence lines; see ExtraCheckOptions. */
  extra?: ExtraCheckOptions;
  /** A sandbox kept across gradings (watch mode); see GradeOptions.pool. */
  pool?: GradeOptions["pool"];
}

export async function gradeCommand(options: GradeCommandOptions): Promise<Report> {
  const report = await gradeSubmission(options);
  const evidence = options.evidence ?? evidenceFileFor(options.cwd, options.dir, options.pack);
  const file = path.resolve(options.cwd, evidence);
  try {
    const existing = existsSync(file) ? readFileSync(file, "utf8") : undefined;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, writeEvidence(existing, options.tasks, report.evidence, options.pack.evidence));
  } catch (error) {
    throw new UserError(`The evidence file ${evidence} could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Choose a file you can write with --evidence FILE.`);
  }
  // grade status and grade watch show progress since the last run, whichever command ran it.
  await writeProgress(options.cwd, options.dir, recordReport(readProgress(options.cwd, options.dir), report, new Date().toISOString()));
  return { ...report, evidenceFile: path.relative(options.cwd, file).split(path.sep).join("/") };
}
