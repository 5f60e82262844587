// npm run bench: issue 21's table (bench/table.ts), then the earlier issues' speed targets,
// measured on this machine and printed with their ratios, each against the previous build
// (PREVIOUS_BUILD, or --baseline <ref>: its files from git in a temporary folder) measured in the
// same run. Nothing here is asserted; machines are shared and noisy. Usage:
//   npm run bench                      # every measurement, the batches on 1,000 submissions
//   npm run bench -- --table           # issue 21's table only
//   npm run bench -- --size 200        # a smaller class
//   npm run bench -- --single-runs 5   # rounds of each single grade (default 9)
//   npm run bench -- --baseline none   # no previous build (or --baseline <ref>, e.g. b013eea, before the sandbox)
import { execFileSync } from "node:child_process";
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateClass, generateStatelessClass, ROOT } from "./generate.js";
import { buildOf, measure, median, seconds, THIS_BUILD, tmp, type Measured } from "./measure.js";
import { PREVIOUS_BUILD, table } from "./table.js";
import { RUN_FUEL, SUBMISSION_FUEL } from "../src/sandbox/fuel.js";

const GRADE = path.join(ROOT, "bin", "grade.js");
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const BASELINE = ((): string => { const i = process.argv.indexOf("--baseline"); return i >= 0 ? process.argv[i + 1]! : PREVIOUS_BUILD; })();
const SIZE = arg("--size", 1000);
const NAIVE_SAMPLE = arg("--naive-sample", 20);
const SINGLE_RUNS = arg("--single-runs", 9);

/**
 * The median of `grade` on the reference solution. `edited`: a copy whose task2.ts changes before
 * every run, as after a student's edit, so the compile cache (src/runner/compile-cache.ts) has
 * nothing for it; otherwise the same files every run, as when a submission is graded again.
 */
function single(extraArgs: string[], label: string, targetMs: number, edited = false, grade = GRADE): number {
  const evidence = path.join(tmp(), "evidence.txt");
  const dir = edited ? tmp() : path.join(ROOT, "solutions");
  if (edited) for (const file of ["task1.ts", "task2.ts", "task3.ts"]) copyFileSync(path.join(ROOT, "solutions", file), path.join(dir, file));
  const task2 = readFileSync(path.join(ROOT, "solutions", "task2.ts"), "utf8");
  const times: number[] = [];
  for (let i = 0; i < SINGLE_RUNS; i++) {
    if (edited) writeFileSync(path.join(dir, "task2.ts"), `// edit ${Date.now()} ${i}\n${task2}`);
    const started = performance.now();
    try {
      execFileSync(process.execPath, [grade, "--dir", dir, "--evidence", evidence, "--reporter", "json", ...extraArgs], { stdio: "ignore" });
    } catch { /* a non-zero exit still took its time */ }
    times.push(performance.now() - started);
  }
  const ms = median(times);
  console.log(`one submission, grade ${label}: median ${ms.toFixed(0)} ms over ${SINGLE_RUNS} runs (target <= ${targetMs} ms, ratio ${(ms / targetMs).toFixed(2)})`);
  return ms;
}

/** ms per submission of one `grade` process per submission, run by a shell loop. */
function naive(classDir: string, count: number, flags: string[]): number {
  const ids = readdirSync(classDir).sort().slice(0, count);
  const evidence = path.join(tmp(), "evidence.txt");
  const script = `for d in ${ids.map((id) => `'${path.join(classDir, id)}'`).join(" ")}; do node '${GRADE}' --dir "$d" --evidence '${evidence}' --reporter json ${flags.join(" ")} > /dev/null; done`;
  const started = performance.now();
  try {
    execFileSync("bash", ["-c", script], { stdio: "ignore" });
  } catch { /* grade exits 1 for a wrong submission: that is fine here */ }
  return (performance.now() - started) / ids.length;
}

/** A batch of the class with `flags`, against the issue's targets and the naive way with `naiveFlags`; its time. */
async function batch(classDir: string, flags: string[], label: string, naiveFlags: string[]): Promise<number> {
  const run = await measure(GRADE, ["batch", classDir, "--out", path.join(tmp(), "out"), "--no-color", ...flags]);
  const rate = SIZE / (run.ms / 1000);
  console.log(`\nbatch of ${SIZE} generated submissions (3 in 4 correct, 1 in 4 wrong), ${label}: ${seconds(run.ms)}, ${rate.toFixed(1)} submissions/s (target >= 100, ratio ${(rate / 100).toFixed(2)}), peak memory of the whole process tree ${(run.peakBytes / 2 ** 20).toFixed(0)} MB (target <= 500), exit ${run.code}`);
  console.log(`  ${run.stdout.split("\n")[0]}`);
  const perEach = (seconds: number): string => `${((seconds * 1000) / SIZE).toFixed(1)} ms`;
  const children = [...run.cpu.children].map(([name, seconds]) => `${name === "node" ? "sandbox" : name} ${perEach(seconds)}`).join(", ");
  console.log(`  CPU per submission, sampled from /proc: grader ${perEach(run.cpu.grader)}, ${children || "no child process"}`);
  const perSubmission = naive(classDir, NAIVE_SAMPLE, naiveFlags);
  const naiveTotal = perSubmission * SIZE;
  console.log(`  naive way, the same checks (grade ${naiveFlags.join(" ")}, one process per submission in a shell loop): ${perSubmission.toFixed(0)} ms each over ${NAIVE_SAMPLE}; for ${SIZE}: ${seconds(naiveTotal)}; ratio naive / batch ${(naiveTotal / run.ms).toFixed(1)}x (target >= 20x)`);
  return run.ms;
}

/** The baseline's batch of the same class, and this build's time against it. */
async function baselineBatch(baseline: string, classDir: string, flags: string[], ours: number): Promise<void> {
  const run: Measured = await measure(baseline, ["batch", classDir, "--out", path.join(tmp(), "out"), "--no-color", ...flags]);
  console.log(`  baseline ${BASELINE}, the same batch: ${seconds(run.ms)}, ${(SIZE / (run.ms / 1000)).toFixed(1)} submissions/s, peak ${(run.peakBytes / 2 ** 20).toFixed(0)} MB; this build / baseline ${(ours / run.ms).toFixed(2)}x the time`);
}

async function main(): Promise<void> {
  console.log(`grade benchmarks on ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}\n`);
  const previous = BASELINE === "none" ? undefined : buildOf(BASELINE);
  const baseline = previous?.grade;
  await table(THIS_BUILD, previous, { runs: SINGLE_RUNS, size: SIZE, saves: arg("--saves", 5) });
  if (process.argv.includes("--table")) return;
  console.log("The earlier issues' targets (issue 12's single grade and batch, issue 15's packs):\n");
  const versus = (ours: number, theirs: number | undefined): void => {
    if (theirs !== undefined) console.log(`  baseline ${BASELINE}: median ${theirs.toFixed(0)} ms; this build / baseline ${(ours / theirs).toFixed(2)}x`);
  };
  const evidenceArgs = ["--no-behaviour", "--no-typecheck"];
  versus(single(evidenceArgs, "--no-behaviour --no-typecheck (the 17 evidence lines, unchanged files)", 300), baseline ? single(evidenceArgs, "(baseline)", 300, false, baseline) : undefined);
  versus(single(evidenceArgs, "--no-behaviour --no-typecheck, task2.ts edited before each run", 300, true), baseline ? single(evidenceArgs, "(baseline)", 300, true, baseline) : undefined);
  single(["--no-typecheck"], "--no-typecheck (every check: behaviour, schema, stdio, interop)", 1000);
  single([], "with every check, the type check too", 1000);

  const classDir = generateClass(SIZE);
  // The batch's default: every check but the live servers (behaviour and schema in the sandbox).
  const full = await batch(classDir, [], "every check but the live servers (the default)", ["--no-live", "--no-typecheck"]);
  if (baseline) await baselineBatch(baseline, classDir, [], full);
  const evidenceOnly = await batch(classDir, ["--no-behaviour"], "--no-behaviour (the 17 evidence lines)", ["--no-behaviour", "--no-typecheck"]);
  // The second pack's class, with the same defaults: the same kind of speed is the target (issue 15).
  const stateless = await batch(generateStatelessClass(SIZE), ["--pack", "mcp-stateless"], "the mcp-stateless pack, every check but the live servers", ["--pack", "mcp-stateless", "--no-live", "--no-typecheck"]);
  console.log(`  mcp-stateless / mcp-ch2, the same size of class: ${(stateless / full).toFixed(2)}x the time`);
  if (baseline) await baselineBatch(baseline, classDir, ["--no-behaviour"], evidenceOnly);

  const jobs = os.availableParallelism();
  const hanging = generateClass(20, { hanging: true });
  // Stopped by their work budget (src/sandbox/fuel.ts), not a time: the figure is what that costs here.
  const hang = await measure(GRADE, ["batch", hanging, "--out", path.join(tmp(), "out"), "--jobs", String(jobs), "--no-color"]);
  console.log(`\n20 submissions that never return, --jobs ${jobs}: ${seconds(hang.ms)} (each loop stopped by its work budget: ${RUN_FUEL} units a run, ${SUBMISSION_FUEL} a submission)`);
  console.log(`  ${hang.stdout.split("\n")[0]}`);
}

await main();
