// What a hostile submission must never get, as lists of violations (empty when none): a pass it
// did not earn, student text that acts on a terminal, a CI log, a spreadsheet, a web page, an XML
// reader or the evidence file. Each takes the grader's output as text and knows nothing of how
// the grader made it.
import { isDeepStrictEqual } from "node:util";
import { XMLValidator } from "fast-xml-parser";
import { EVIDENCE_KEYS } from "../../courses/mcp-ch2/course/evidence-keys.js";

/** The version-1 report, as far as these tests read it. */
export interface CheckV1 { name: string; kind: string; status: string; message?: string; actual?: string | null }
export interface TaskV1 { task: string; status: string; message?: string; checks: CheckV1[] }
export interface ReportV1 { submission: string; status: string; score: number; tasks: TaskV1[] }

/**
 * The checks that need no real implementation: those the honest wrong classmate passes (its
 * stdout rules, a behaviour check any code that leaves its input alone passes), and every type
 * check (about signatures, not behaviour). Any other pass by a hostile submission is forged.
 */
export function freeChecks(nothing: ReportV1): Set<string> {
  return new Set(nothing.tasks.flatMap((t) => t.checks.filter((c) => c.status === "pass" || c.kind === "types").map((c) => c.name)));
}

/** A live check left unjudged for a silence (src/live/time-limit.ts): an error, never scored, the machine's and not the code's. */
const silence = (c: CheckV1): boolean => c.status === "error" && /Nothing came back within \d+ ms/.test(c.message ?? "");
const TIMING = /^(durationMs|duration|elapsedMs|startedAt|finishedAt|time)$/;

/**
 * Where two reports of the same code differ, said in a line (undefined: they do not), beyond what
 * differs between any two runs: durations, and a live check a busy machine left unjudged in
 * either (with the per-kind counts it changes). Every verdict and message is compared.
 */
export function reportDifference(a: ReportV1 | undefined, b: ReportV1 | undefined): string | undefined {
  if (!a || !b) return a === b ? undefined : "one of the two has no report";
  const unjudged = new Set([a, b].flatMap((r) => r.tasks.flatMap((t) => t.checks.filter(silence).map((c) => `${t.task} ${c.name}`))));
  const steady = (r: ReportV1): ReportV1 => {
    const tasks = r.tasks.map((t) => ({ ...t, checks: t.checks.filter((c) => !unjudged.has(`${t.task} ${c.name}`)) }));
    const copy = { ...r, tasks } as ReportV1 & { byKind?: unknown };
    if (unjudged.size) delete copy.byKind;
    return JSON.parse(JSON.stringify(copy, (k, v: unknown) => (TIMING.test(k) ? undefined : v))) as ReportV1;
  };
  const [x, y] = [steady(a), steady(b)];
  if (isDeepStrictEqual(x, y)) return undefined;
  const shown = (c: CheckV1 | undefined): string => (c ? `${c.status}: ${JSON.stringify((c.message ?? "").slice(0, 160))}` : "absent");
  for (const t of x.tasks) {
    const other = y.tasks.find((u) => u.task === t.task);
    for (const c of t.checks) {
      const d = other?.checks.find((e) => e.name === c.name);
      if (!isDeepStrictEqual(c, d)) return `${t.task} ${c.name}: ${shown(c)}, against ${shown(d)}`;
    }
  }
  return `outside the checks: ${Object.keys(x).filter((k) => !isDeepStrictEqual((x as unknown as Record<string, unknown>)[k], (y as unknown as Record<string, unknown>)[k])).join(", ")}`;
}

export function reportViolations(report: ReportV1 | undefined, free: ReadonlySet<string>, earned: readonly string[] = []): string[] {
  if (!report) return ["there is no report for it"];
  const out: string[] = [];
  if (report.status === "pass") out.push("its report says pass");
  for (const t of report.tasks) {
    if (t.status === "pass") out.push(`${t.task} passes`);
    for (const c of t.checks) if (c.status === "pass" && !free.has(c.name) && c.kind !== "types" && !earned.includes(c.name)) out.push(`${c.name} (${c.kind}) passes`);
  }
  return out;
}

// C0 but tab and line feed, DEL, C1, and the bidirectional overrides and isolates (Trojan Source).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const hex = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
const around = (text: string, at: number): string => JSON.stringify(text.slice(Math.max(0, at - 40), at + 40));

/** Raw control characters in text meant for a terminal or a file a person opens. */
export function controlViolations(label: string, text: string): string[] {
  const found = [...text.matchAll(CONTROL)];
  if (!found.length) return [];
  const kinds = [...new Set(found.map((m) => hex(m[0])))].slice(0, 12).join(" ");
  return [`${label} holds ${found.length} raw control characters (${kinds}), first near ${around(text, found[0]!.index!)}`];
}

const lines = (text: string): string[] => text.split(/\r\n|\r|\n/);
// What a CI runner reads as a command at the start of a line (after trimming): GitHub's ::cmd::,
// Azure's ##vso[ and ##[.
const COMMAND = /^(::|##vso\[|##\[)/;

/** Lines of student text that a CI runner would take as commands, in output of the pretty kind. */
export function commandViolations(label: string, text: string): string[] {
  const found = lines(text).filter((l) => COMMAND.test(l.trimStart()));
  return found.length ? [`${label} has ${found.length} lines a CI runner takes as workflow commands, e.g. ${JSON.stringify(found[0]!.slice(0, 120))}`] : [];
}

/**
 * The github reporter's output: each line that is a command is one of the grader's own
 * annotations (error, warning or notice, with a title), never one written by student text, and
 * the grader's closing notice is there once.
 */
export function githubViolations(label: string, text: string): string[] {
  const out: string[] = [];
  const notices = lines(text).filter((l) => l.startsWith("::notice title=grade::")).length;
  if (notices !== 1) out.push(`${label} has ${notices} '::notice title=grade::' lines, not 1`);
  for (const line of lines(text)) {
    const trimmed = line.trimStart();
    if (!COMMAND.test(trimmed)) continue;
    // The grader's own: an annotation of a file, line and title, or its one closing notice.
    const own = /^::(error|warning) file=[^,:]*,line=\d+,title=[^,:]*::/.test(line) || /^::notice title=grade::/.test(line);
    if (trimmed !== line || !own) {
      out.push(`${label} has a workflow command that is not the grader's: ${JSON.stringify(line.slice(0, 120))}`);
      break;
    }
  }
  return [...out, ...controlViolations(label, text)];
}

/** The step summary: Markdown, where student text must not become HTML, links or images. */
export function summaryViolations(label: string, text: string): string[] {
  const out: string[] = [];
  for (const pattern of [/<\s*(script|img|iframe|svg|a|b)\b/i, /\]\(\s*(javascript:|https?:\/\/evil)/i, /<!--/]) {
    const m = pattern.exec(text);
    if (m) out.push(`${label} holds raw markup ${JSON.stringify(m[0])} near ${around(text, m.index)}`);
  }
  return [...out, ...controlViolations(label, text)];
}

/** JUnit XML: well formed, and no element of its own made by student text. */
export function junitViolations(label: string, text: string): string[] {
  const out: string[] = [];
  const valid = XMLValidator.validate(text);
  if (valid !== true) out.push(`${label} is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  if (/<testcase[^>]*name="forged-testcase"/.test(text) || /<testsuite[^>]*name="forged"/.test(text)) out.push(`${label} holds a testcase or testsuite that student text made`);
  return [...out, ...controlViolations(label, text)];
}

// Every line break a reader may split on, Python's str.splitlines included.
const BREAKS = /\r\n|[\n\r\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/;
const KEYS: ReadonlySet<string> = new Set(EVIDENCE_KEYS);

/** The evidence file: at most one line per key of the chapter, each `key: value`, nothing else. */
export function evidenceViolations(label: string, text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const strays: string[] = [];
  for (const line of text.split(BREAKS)) {
    if (line === "") continue;
    const key = /^([a-z0-9_]+): /.exec(line)?.[1];
    if (!key || !KEYS.has(key)) { strays.push(line); continue; }
    if (seen.has(key)) out.push(`${label} has ${key} twice`);
    seen.add(key);
  }
  if (strays.length) out.unshift(`${label} has ${strays.length} lines that are not evidence lines, e.g. ${strays.slice(0, 3).map((l) => JSON.stringify(l.slice(0, 80))).join(", ")}`);
  return [...out, ...controlViolations(label, text.replace(/\n/g, ""))];
}

/** RFC 4180, as a spreadsheet reads it: the grader's own reader (merge uses it too). */
export { parseCsv } from "../../src/batch/csv.js";

/** grades.csv: no cell a spreadsheet runs as a formula, no raw control character in a cell. */
export function csvViolations(label: string, rows: string[][]): string[] {
  const out: string[] = [];
  for (const row of rows) {
    for (const cell of row) {
      if (/^[=+\-@\t\r]/.test(cell)) out.push(`${label}: a cell starts with ${JSON.stringify(cell[0])}, which a spreadsheet runs as a formula: ${JSON.stringify(cell.slice(0, 80))}`);
      out.push(...controlViolations(`${label}: a cell of ${JSON.stringify(row[0]?.slice(0, 40))}`, cell.replace(/\n/g, "")));
    }
  }
  return out;
}

/** Lines a CI log reader takes for a test runner's closing line ("N passed, M failed"). */
export const closingLines = (text: string): string[] => lines(text).filter((l) => /^\s*\d+ passed, \d+ failed\b/.test(l));
/** Lines that show a pass mark, as the pretty report marks a passing check. */
export const passMarks = (text: string): number => lines(text).filter((l) => /^\s*\u2713/.test(l)).length;
