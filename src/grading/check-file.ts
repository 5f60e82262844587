// `grade check`: a hand-written evidence file against the rules, without needing the code, and
// against what the code prints when the submission can be run.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Pack } from "../pack/types.js";
import { parseEvidence, type EvidenceProblem } from "../evidence/file.js";
import { UserError } from "../cli/errors.js";
import { REPORT_VERSION, type CheckResult, type Report, type TaskResult, type TaskStatus } from "../report/types.js";
import { gradeSubmission } from "./grade.js";

export interface FileCheckReport {
  version: typeof REPORT_VERSION;
  /** The evidence file, relative to the working directory. */
  file: string;
  status: TaskStatus;
  score: number;
  maxScore: number;
  /** Lines that break the file's format: unknown, duplicate, upper-case or missing keys. */
  problems: EvidenceProblem[];
  tasks: TaskResult[];
  /** Whether the code was run to compare with, and if not, why. */
  code: { compared: true; submission: string; /** Tasks still starters: their lines checked against the rules alone. */ leftOut?: string[] } | { compared: false; reason: string };
}

export interface CheckFileOptions {
  cwd: string;
  pack: Pack;
  file: string;
  dir: string;
  timeoutMs?: number;
}

function readEvidenceFile(cwd: string, file: string, name: string): string {
  const abs = path.resolve(cwd, file);
  if (!existsSync(abs)) throw new UserError(`There is no evidence file at ${file}. Run npx grade first to write it, or name your file: npx grade check path/to/${name}.`);
  if (statSync(abs).isDirectory()) throw new UserError(`${file} is a folder, not an evidence file. Name the file itself: npx grade check ${path.join(file, name)}.`);
  try {
    return readFileSync(abs, "utf8");
  } catch (error) {
    throw new UserError(`The evidence file ${file} could not be read (${(error as Error).message}). Check its permissions.`);
  }
}

async function codeReport(options: CheckFileOptions): Promise<Report | string> {
  if (!existsSync(path.resolve(options.cwd, options.dir))) return `there is no submission folder ${options.dir} to run`;
  return gradeSubmission({ cwd: options.cwd, pack: options.pack, dir: options.dir, tasks: options.pack.tasks.map((t) => t.id), timeoutMs: options.timeoutMs });
}

export async function checkEvidenceFile(options: CheckFileOptions): Promise<FileCheckReport> {
  const { pack } = options;
  const parsed = parseEvidence(readEvidenceFile(options.cwd, options.file, pack.evidenceFile), pack.evidence);
  const graded = await codeReport(options);
  // A task still a starter prints nothing to compare with: the file is checked against the rules
  // alone there, and the report says so (a hand-written file beside untouched starters is right).
  const unwritten = typeof graded === "string" ? [] : graded.tasks.filter((t) => /not written yet/.test(t.message ?? "")).map((t) => t.task);
  const code = typeof graded !== "string" && unwritten.length === graded.tasks.length
    ? `the code in ${options.dir}/ is still the starters (not written yet), so the comparison with what it prints was left out`
    : graded;
  const printed = typeof code === "string" ? undefined : code.evidence;
  const tasks = pack.tasks.map(({ id: task, title }): TaskResult => {
    const checks: CheckResult[] = [];
    for (const rule of pack.evidence.filter((e) => e.task === task)) {
      const key = rule.key;
      const entry = parsed.entries[key];
      const base = { name: key, kind: "evidence", title: rule.title, expected: rule.accepted, hint: rule.hint } as const;
      if (!entry) checks.push({ ...base, status: "fail", actual: null, message: `The file has no ${key} line.` });
      else if (entry.value === rule.accepted) checks.push({ ...base, status: "pass", actual: entry.value });
      else checks.push({ ...base, status: "fail", actual: entry.value, message: `line ${entry.line}: ${pack.diagnose ? pack.diagnose(key, entry.value) : `the rule accepts ${JSON.stringify(rule.accepted)}, not ${JSON.stringify(entry.value)}.`}` });
      const codeValue = printed?.[key];
      if (entry && printed && codeValue !== entry.value && !unwritten.includes(task)) {
        checks.push({
          name: `${key}_matches_code`, kind: "consistency", title: `${key} is what the code prints`, status: "fail",
          expected: codeValue ?? "", actual: entry.value,
          message: codeValue === undefined
            ? `line ${entry.line}: your file says ${JSON.stringify(entry.value)}, but your code prints no value for ${key} (see npx grade ${task}).`
            : `line ${entry.line}: your file says ${JSON.stringify(entry.value)}, your code prints ${JSON.stringify(codeValue)}. Write what your code printed, not what you expected it to print.`,
        });
      }
    }
    const evidence = checks.filter((c) => c.kind === "evidence");
    const score = evidence.filter((c) => c.status === "pass").length;
    return { task, title, status: checks.every((c) => c.status === "pass") ? "pass" : "fail", score, maxScore: evidence.length, checks };
  });
  const formatProblems = parsed.problems.filter((p) => p.line !== undefined);
  const score = tasks.reduce((n, t) => n + t.score, 0);
  return {
    version: REPORT_VERSION, file: options.file.split(path.sep).join("/"),
    status: formatProblems.length || tasks.some((t) => t.status !== "pass") ? "fail" : "pass",
    score, maxScore: pack.evidence.length, problems: parsed.problems, tasks,
    code: typeof code === "string" ? { compared: false, reason: code } : { compared: true, submission: code.submission, ...(unwritten.length ? { leftOut: unwritten } : {}) },
  };
}
