// The invariants every hostile run is held to, whatever it graded: on the machine (processes,
// files, network, memory, the grader alive) and on every output the grader wrote (no student
// text that acts, no unbounded size, no secret). Each returns violations, empty when none.
import os from "node:os";
import path from "node:path";
import { LIMITS } from "../../src/grading/limits.js";
import { MEMORY_HEADROOM_BYTES } from "../../src/sandbox/session.js";
import { changes, type Change, type CliRun } from "./run.js";
import { commandViolations, controlViolations, csvViolations, evidenceViolations, githubViolations, junitViolations, parseCsv, summaryViolations } from "./verdicts.js";

/** Issue 12, Deliver 5: the whole process tree of one grading stays under this. */
export const MEMORY_LIMIT_MB = 500;
/**
 * A batch grades one submission per sandbox thread at once, each in an engine of its own up to
 * its cap (the student's limit and the engine's headroom): each submission beyond the first may
 * hold that much more. Two hostile submissions at their cap at once in a 2-thread batch held
 * 531 to 576 MB (docs/speed.md, "Memory of a batch").
 */
export const memoryLimitMb = (inFlight: number): number => MEMORY_LIMIT_MB + Math.max(0, inFlight - 1) * ((LIMITS.memoryBytes + MEMORY_HEADROOM_BYTES) / 2 ** 20);
/** Student output is quoted short: no report or stream the grader writes reaches this. */
export const OUTPUT_LIMIT = 1024 * 1024;

const shown = (list: readonly string[], n = 5): string => list.slice(0, n).join("; ") + (list.length > n ? `; … (${list.length} in all)` : "");
const describeChanges = (list: Change[]): string => shown(list.map((c) => `${c.change} ${JSON.stringify(c.path)}`));

/** How many submissions a batch with these options grades at once: its --jobs, or one per core. */
export function threadsOf(args: readonly string[]): number {
  const at = args.indexOf("--jobs");
  return at >= 0 ? Number(args[at + 1]) : os.availableParallelism();
}

/**
 * `where` says which paths under the root the grader writes (its outputs); all else must stay.
 * `inFlight`: how many submissions the run grades at once (a batch's threads).
 */
export function machineViolations(cli: CliRun, heard: readonly string[], where: (rel: string) => boolean, inFlight = 1): string[] {
  const out: string[] = [];
  if (cli.frozen) out.push("the grader never ended: it was stopped, frozen, after the test's limit");
  else if (cli.signal) out.push(`the grader was killed by ${cli.signal}`);
  if (cli.leftovers.length) out.push(`processes were left running after the grader ended: ${shown(cli.leftovers, 3)}`);
  const outside = changes(cli.files.before, cli.files.atExit).filter((c) => !where(c.path));
  if (outside.length) out.push(`files outside the grader's outputs changed during the run: ${describeChanges(outside)}`);
  const later = changes(cli.files.atExit, cli.files.after);
  if (later.length) out.push(`files changed after the grader ended: ${describeChanges(later)}`);
  if (cli.markersOutside.length) out.push(`files were written outside the run's folder: ${shown(cli.markersOutside)}`);
  if (heard.length) out.push(`the network was reached: the canary port heard ${shown(heard.map((h) => JSON.stringify(h.slice(0, 80))))}`);
  const limit = memoryLimitMb(inFlight);
  if (cli.peakMb > limit) out.push(`the grader's processes held ${cli.peakMb} MB at their peak (limit ${limit} MB for ${inFlight} submission${inFlight > 1 ? "s" : ""} at once): ${shown(cli.peakBy, 8)}`);
  return out;
}

/** Every output: the streams, and each file under out/ by what it is. */
export function outputViolations(cli: CliRun): string[] {
  const out: string[] = [];
  for (const [label, text] of [["stdout", cli.stdout], ["stderr", cli.stderr]] as const) {
    if (text.length > OUTPUT_LIMIT) out.push(`${label} is ${text.length} characters: student output is not quoted short`);
    out.push(...controlViolations(label, text), ...commandViolations(label, text));
    if (text.includes(cli.secret)) out.push(`${label} shows the grader's environment (the test's secret)`);
  }
  for (const [rel, { text, size }] of cli.outputs) {
    const name = path.basename(rel);
    // A batch's own state (.grade-state/) is no report: only its reports are held to the cap.
    if (!rel.includes(`${path.sep}.grade-state${path.sep}`) && size > OUTPUT_LIMIT * (name === "results.json" || name === "junit.xml" || name === "github.txt" ? 40 : 1)) out.push(`${rel} is ${size} bytes: student output is not quoted short`);
    if (text.includes(cli.secret)) out.push(`${rel} shows the grader's environment (the test's secret)`);
    if (name.endsWith(".xml")) out.push(...junitViolations(rel, text));
    else if (name === "github.txt") out.push(...githubViolations(rel, text));
    else if (name === "summary.md") out.push(...summaryViolations(rel, text));
    else if (name.endsWith(".csv")) out.push(...csvViolations(rel, parseCsv(text)));
    else if (name.endsWith(".txt")) out.push(...evidenceViolations(rel, text));
  }
  return out;
}

export const readJson = (cli: CliRun, rel: string): unknown => {
  const file = cli.outputs.get(rel);
  if (!file) return undefined;
  try {
    return JSON.parse(file.text);
  } catch {
    return undefined;
  }
};
