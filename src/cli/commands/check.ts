// `grade check [FILE]`: the evidence file of the --dir given (or the one named) against the
// rules and the code. A key written with a typo is one problem, told at the key it was meant to
// be ("did you mean ...?"), not an unknown key plus a missing one.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Pack } from "../../pack/types.js";
import { parseEvidence } from "../../evidence/file.js";
import { evidenceFileFor } from "../../evidence/location.js";
import { checkEvidenceFile, type FileCheckReport } from "../../grading/check-file.js";
import { gradeCommandLine } from "../../report/command-line.js";
import { UserError } from "../errors.js";

export interface CheckCommandOptions {
  cwd: string;
  pack: Pack;
  /** The evidence file; by default the one that belongs to `dir`. */
  file?: string;
  dir: string;
  timeoutMs?: number;
}

export async function checkCommand(options: CheckCommandOptions): Promise<FileCheckReport> {
  const { pack } = options;
  const file = options.file ?? evidenceFileFor(options.cwd, options.dir, pack);
  if (options.file === undefined && !existsSync(path.resolve(options.cwd, file))) {
    throw new UserError(`There is no evidence file for ${options.dir}/ yet (it would be ${file}). ${gradeCommandLine("", options.dir)} writes it; or name your file: ${gradeCommandLine(`check path/to/${pack.evidenceFile}`, options.dir)}.`);
  }
  const report = await checkEvidenceFile({ cwd: options.cwd, pack, file, dir: options.dir, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
  let text: string;
  try {
    text = readFileSync(path.resolve(options.cwd, file), "utf8");
  } catch {
    return report;
  }
  return withTyposAtTheirKeys(pack, report, typos(pack, text));
}

interface Typo {
  line: number;
  written: string;
  value: string;
  meant: string;
}

const DID_YOU_MEAN = /; did you mean ([a-z0-9_]+)\?$/;

/** Lines whose key is not the chapter's but close to one the file lacks. */
function typos(pack: Pack, text: string): Typo[] {
  const parsed = parseEvidence(text, pack.evidence);
  const isEvidenceKey = (key: string): boolean => pack.evidence.some((e) => e.key === key);
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const found: Typo[] = [];
  for (const problem of parsed.problems) {
    const meant = DID_YOU_MEAN.exec(problem.message)?.[1];
    if (problem.line === undefined || problem.key === undefined || !meant || !isEvidenceKey(meant) || parsed.entries[meant]) continue;
    if (found.some((t) => t.meant === meant)) continue;
    const raw = lines[problem.line - 1] ?? "";
    found.push({ line: problem.line, written: problem.key, value: raw.slice(raw.indexOf(":") + 1).trim(), meant });
  }
  return found;
}

function withTyposAtTheirKeys(pack: Pack, report: FileCheckReport, found: Typo[]): FileCheckReport {
  if (found.length === 0) return report;
  const byKey = new Map(found.map((t) => [t.meant, t]));
  const lines = new Set(found.map((t) => t.line));
  const problems = report.problems.filter((p) => !(p.line !== undefined && lines.has(p.line)) && !(p.line === undefined && p.key !== undefined && byKey.has(p.key)));
  const tasks = report.tasks.map((task) => ({
    ...task,
    checks: task.checks.map((check) => {
      const typo = check.kind === "evidence" ? byKey.get(check.name) : undefined;
      if (!typo) return check;
      const right = typo.value === pack.evidence.find((e) => e.key === typo.meant)?.accepted ? " Its value is right; only the key is misspelt." : "";
      return { ...check, actual: typo.value, message: `line ${typo.line} writes the key as ${JSON.stringify(typo.written)}: did you mean ${typo.meant}? Write the key exactly as the chapter prints it.${right}` };
    }),
  }));
  return { ...report, problems, tasks };
}
