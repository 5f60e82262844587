// Issue 21's table: each figure as a ratio against `node -e 0` and against the previous build,
// all measured in the same run, the two builds alternately (which goes first swaps every round),
// so that a machine busier at one moment weighs on both. Medians; nothing is asserted.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateClass, generateStatelessClass } from "./generate.js";
import { measure, median, tmp, type Build } from "./measure.js";

/** The last commit before issue 21's work: what "the previous build" means by default. */
export const PREVIOUS_BUILD = "68481a4";

/** One run of a command; its wall time in ms, or NaN when it could not run at all (exit 2 or more). */
function timed(command: string, args: string[], cwd: string): number {
  const started = performance.now();
  try {
    execFileSync(command, args, { cwd, stdio: "ignore" });
  } catch (e) {
    // 1 is a failing grade, which took its time like any other; 2 and up: it did not grade.
    if ((e as { status?: number }).status !== 1) return Number.NaN;
  }
  return performance.now() - started;
}

interface Row { what: string; args: (build: Build) => string[]; npx?: boolean }

const rowsOf = (evidence: string): Row[] => {
  const one = (dir: string, ...flags: string[]) => (b: Build): string[] => ["--dir", path.join(b.root, dir), "--evidence", evidence, "--reporter", "json", ...flags];
  return [
    { what: "grade --dir solutions, every default check (types, behaviour, schema, live stdio and SDK)", args: one("solutions") },
    { what: "  the same without the type check (--no-typecheck)", args: one("solutions", "--no-typecheck") },
    { what: "  without the type check and the live checks (--no-typecheck --no-live)", args: one("solutions", "--no-typecheck", "--no-live") },
    { what: "  evidence lines only, no type check (--no-behaviour --no-typecheck)", args: one("solutions", "--no-behaviour", "--no-typecheck") },
    { what: "  the same through npx (npx grade ...)", args: one("solutions", "--no-behaviour", "--no-typecheck"), npx: true },
    { what: "the stateless pack's reference, every default check", args: one(path.join("solutions", "mcp-stateless"), "--pack", "mcp-stateless") },
  ];
};

const REPORT_DONE = /── grade watch: graded at[^]*?\d+ passed, \d+ failed/g;

/**
 * `grade watch` on a copy of the solutions: after its first report, `saves` times an edit of
 * task2.ts and the time until the report for it is out (non-TTY watch prints a full report per
 * grading). NaN when a report does not come within three minutes.
 */
async function watchRedraw(build: Build, saves: number): Promise<number[]> {
  const cwd = tmp();
  const dir = path.join(cwd, "sub");
  for (const f of ["task1.ts", "task2.ts", "task3.ts"]) cpSync(path.join(build.root, "solutions", f), path.join(dir, f));
  const task2 = readFileSync(path.join(dir, "task2.ts"), "utf8");
  const child = spawn(process.execPath, [build.grade, "watch", "--dir", "sub", "--no-color"], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
  let err = "";
  child.stderr.on("data", (d: Buffer) => { err += d.toString(); });
  let out = "";
  let waiting: { count: number; resolve: (ok: boolean) => void } | undefined;
  const reports = (): number => out.match(REPORT_DONE)?.length ?? 0;
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
    if (waiting && reports() >= waiting.count) waiting.resolve(true);
  });
  const until = (count: number): Promise<boolean> => new Promise((resolve) => {
    if (reports() >= count) return resolve(true);
    const timer = setTimeout(() => resolve(false), 180_000);
    waiting = { count, resolve: (ok) => { clearTimeout(timer); resolve(ok); } };
  });
  const times: number[] = [];
  try {
    const first = await until(1);
    if (!first) times.push(Number.NaN);
    for (let i = 1; first && i <= saves; i++) {
      const started = performance.now();
      writeFileSync(path.join(dir, "task2.ts"), `// save ${i}\n${task2}`);
      times.push((await until(i + 1)) ? performance.now() - started : Number.NaN);
      if (Number.isNaN(times.at(-1))) break;
    }
  } finally {
    child.kill();
  }
  if (times.some((t) => Number.isNaN(t))) console.log(`  (${build.label}'s watch printed no report within three minutes after ${times.length - 1} saves; its stderr: ${JSON.stringify(err.slice(0, 300))})`);
  return times;
}

const ms = (x: number): string => (Number.isNaN(x) ? "n/a" : `${x.toFixed(0)} ms`);
const ratio = (a: number, b: number): string => (Number.isNaN(a) || Number.isNaN(b) ? "n/a" : `${(a / b).toFixed(2)}x`);

function line(what: string, ours: number, theirs: number | undefined, node: number, unit = ms): void {
  const previous = theirs === undefined ? "" : `   previous ${unit(theirs).padStart(9)} (${ratio(theirs, node).padStart(6)} node)   this / previous ${ratio(ours, theirs).padStart(6)}`;
  console.log(`${what.padEnd(92)} ${unit(ours).padStart(9)} (${ratio(ours, node).padStart(6)} node -e 0)${previous}`);
}

/** Prints issue 21's table for this build against `previous` (if any): `runs` rounds each, batches of `size`. */
export async function table(ours: Build, previous: Build | undefined, options: { runs: number; size: number; saves: number }): Promise<void> {
  const builds = previous ? [ours, previous] : [ours];
  console.log(`Issue 21's figures: this build${previous ? ` and the previous build (${previous.label})` : ""}, medians of ${options.runs} alternate rounds, each against node -e 0 measured in the same rounds\n`);
  const evidence = path.join(tmp(), "evidence.txt");
  const rows = rowsOf(evidence);
  const times = new Map<string, number[]>();
  const add = (key: string, t: number): void => { times.set(key, [...(times.get(key) ?? []), t]); };
  for (let round = 0; round < options.runs; round++) {
    add("node", timed(process.execPath, ["-e", "0"], ours.root));
    for (const row of rows) {
      for (const b of round % 2 ? [...builds].reverse() : builds) {
        const run = row.npx ? timed("npx", ["--no-install", "grade", ...row.args(b)], b.root) : timed(process.execPath, [b.grade, ...row.args(b)], b.root);
        add(`${row.what}|${b.label}`, run);
      }
    }
  }
  const node = median(times.get("node")!);
  console.log(`${"node -e 0".padEnd(92)} ${ms(node).padStart(9)}`);
  const of = (key: string): number => median(times.get(key)!.map((t) => (Number.isNaN(t) ? Infinity : t)));
  const finite = (x: number): number => (Number.isFinite(x) ? x : Number.NaN);
  for (const row of rows) line(row.what, finite(of(`${row.what}|${ours.label}`)), previous ? finite(of(`${row.what}|${previous.label}`)) : undefined, node);

  const redraw = new Map<string, number>();
  for (const b of builds) redraw.set(b.label, median(await watchRedraw(b, options.saves)));
  line(`grade watch, save -> report printed (median of ${options.saves} saves, every default check)`, redraw.get(ours.label)!, previous ? redraw.get(previous.label) : undefined, node);

  // Batches: the same generated classes for both builds; ms per submission against node -e 0.
  const perSubmission = (x: number): string => (Number.isNaN(x) ? "n/a" : `${x.toFixed(1)} ms/sub (${(1000 / x).toFixed(1)}/s)`);
  for (const [label, classDir, flags] of [["chapter 2", generateClass(options.size), []], ["the stateless pack", generateStatelessClass(options.size), ["--pack", "mcp-stateless"]]] as const) {
    const each = new Map<string, number>();
    for (const b of label === "chapter 2" ? builds : [...builds].reverse()) {
      const run = await measure(b.grade, ["batch", classDir, "--out", path.join(tmp(), "out"), "--no-color", ...flags]);
      each.set(b.label, run.code === 0 || run.code === 1 ? run.ms / options.size : Number.NaN);
    }
    line(`grade batch of ${options.size} generated submissions, ${label}, every default check`, each.get(ours.label)!, previous ? each.get(previous.label) : undefined, node, perSubmission);
  }
  console.log("");
}
