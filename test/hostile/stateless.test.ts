// Hostile submissions for the mcp-stateless pack (its server, checkArgs, client and stdio loop),
// through the real CLI: `grade --pack mcp-stateless --dir` on each, one at a time or a few at once,
// and `grade batch --pack mcp-stateless` on a class of honest classmates with every attack,
// against a batch of the classmates alone. Held to what chapter 2's suite holds (grade-dir,
// grade-batch, assess.ts): no pass it did not earn, classmates' rows unchanged, every row written,
// no leftover process, no file written outside the outputs, no network, peak memory bounded,
// reports free of injection; and, for the pack, its own rules: a server that remembers round 1
// (anywhere a submission can keep something: globalThis, a prototype, an intrinsic, a shared
// module) fails t2_stateless, and hard-coded fixture answers stay off full marks on every task.
// The submissions are test/fixtures/hostile-stateless/ (its README).
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import pack from "../../courses/mcp-stateless/pack.js";
import { machineViolations, OUTPUT_LIMIT, readJson, threadsOf } from "./assess.js";
import { newRoot, removeRoot, ROOT } from "./build.js";
import { HOSTILE, WHY_SKIPPED } from "./gate.js";
import { canary, limiter, runGrade, type CliRun } from "./run.js";
import {
  closingLines, commandViolations, controlViolations, csvViolations, githubViolations, junitViolations, parseCsv, passMarks,
  reportDifference, summaryViolations, type ReportV1,
} from "./verdicts.js";

const PACK = "mcp-stateless";
const FIXTURES = path.join(ROOT, "test", "fixtures", "hostile-stateless");
const WRONG = path.join(FIXTURES, "_wrong");
const KIT = path.join(ROOT, "test", "fixtures", "hostile", "_shared", "hostile.ts");
const SOLUTION = path.join(ROOT, "solutions", PACK);
const TASK_FILES = ["task1.ts", "task2.ts", "task3.ts", "task4.ts"];

type Base = "wrong" | "solution";

interface Attack {
  name: string;
  tries: string;
  /** What its files are laid over: the honest wrong tasks (default) or the reference solution. */
  base?: Base;
  /** Made at run time in its folder, after its files. */
  setup?: (dir: string) => void;
  /** In a batch of its own (one sandbox thread), classmates before and after it. */
  alone?: boolean;
  /** Its batch runs the live checks too (--live). */
  live?: boolean;
  /** Checks it passes honestly (its answer there is right), beyond what the honest wrong classmate passes. */
  earned?: string[];
  /**
   * "forged" (default): any check beyond what the honest wrong classmate passes is forged.
   * "fixtures": the evidence lines may pass (the answers are the fixtures'), but no task has full marks.
   * "stateful": a correct server that remembers: these checks must fail, and task2 is off full marks.
   */
  verdict?: "forged" | "fixtures" | { mustFail: string[] };
  /** What its report must show besides (violations, or none). */
  check?: (report: ReportV1) => string[];
  /**
   * Checks it passes today that it should not (a gap found by this suite, reported, not fixed
   * here): held apart in a test that fails until the gap is closed (it.fails), so that the rest
   * of its verdict still holds and closing the gap shows.
   */
  known?: { checks: string[]; why: string };
}

const task = (report: ReportV1, id: string) => report.tasks.find((t) => t.task === id);

/** Each task of the list is `error`, with a message matching each pattern. */
const errors = (tasks: Record<string, RegExp[]>) => (report: ReportV1): string[] => {
  const out: string[] = [];
  for (const [id, patterns] of Object.entries(tasks)) {
    const t = task(report, id);
    if (!t) { out.push(`${id} is missing from the report`); continue; }
    if (t.status !== "error") out.push(`${id} is ${t.status}, not error`);
    for (const p of patterns) if (!p.test(t.message ?? "")) out.push(`${id}'s message does not match ${p}: ${JSON.stringify((t.message ?? "").slice(0, 300))}`);
  }
  return out;
};

/** Each task of the list did not pass and says why: its code stopped (a fail), or a module it imports could not load (an error). */
const stopped = (...ids: string[]) => (report: ReportV1): string[] => ids.flatMap((id) => {
  const t = task(report, id);
  if (!t) return [`${id} is missing from the report`];
  return t.status === "pass" || !t.message ? [`${id} is ${t.status}${t.message ? "" : " with no message"}: it cannot have run to its end`] : [];
});

/** Task 3 does not pass, and its lines say the client was stopped (task 3 is a fail with each line's reason, not an error). */
const stoppedClient = (report: ReportV1): string[] => {
  const t = task(report, "task3");
  if (!t) return ["task3 is missing from the report"];
  // Each call stopped at its own work budget ("never returned"), or the run stopped ("did not finish").
  const stopped = t.checks.filter((c) => /did not finish|never returned for this input/.test(c.message ?? "")).length;
  return [...(t.status === "pass" ? ["task3 passes"] : []), ...(stopped ? [] : ["no line of task3 says the client never returned"])];
};

/** The report is the stateless pack's: its four tasks, its own check names. */
const statelessReport = (report: ReportV1): string[] => {
  const ids = report.tasks.map((t) => t.task).join(",");
  const names = report.tasks.flatMap((t) => t.checks.map((c) => c.name));
  return ids === "task1,task2,task3,task4" && names.includes("t2_stateless") && names.includes("t1_bad_args") ? [] : [`graded as another pack: tasks ${ids}, checks ${names.slice(0, 4).join(",")}`];
};

const link = (dir: string, name: string, target: string): void => {
  rmSync(path.join(dir, name), { force: true, recursive: true });
  symlinkSync(target, path.join(dir, name));
};

const REMEMBER = { mustFail: ["t2_stateless"] };

export const ATTACKS: readonly Attack[] = [
  // Forging a pass.
  {
    // It calls ask once whatever the server asked: t3_ask_calls counts only asks with the server's input request.
    // Its handle answers every request (with its id) with a result whose resultType is "complete": each result has one.
    name: "read-answers", earned: ["t2_without_result_type"],
    tries: "read the expected answers from globalThis, the course module, require's cache, the peers' source (Function.prototype.toString), their caller/arguments, the errors and stacks they throw, and resend the mock's replies" },
  { name: "hardcode-fixtures", verdict: "fixtures", tries: "answer the fixtures from a table of the accepted answers (task1, task2, task4) and anything else with a fixed answer: every evidence line passes, the behaviour checks must keep every task off full marks" },
  {
    // It sends anything three times and returns the last result: the final texts and the cap count read what was sent.
    name: "client-forge",
    tries: "a client that sends nothing right but makes its messages look right to a second read: toJSON (own and on Object.prototype), getters and Proxies that change between reads, patched JSON.stringify and Object.keys, the right request as a pre-made string" },
  // Doing nothing, or junk: a line is earned only by code that does its work.
  // checkArgs' [] is the right answer to valid arguments (t1_same_valid), and null the same answer
  // to a notification alone as after earlier calls (t2_no_session_state judges only those here): earned.
  { name: "do-nothing-null", earned: ["t1_same_valid", "t2_no_session_state"], tries: "checkArgs returns [] for everything, handle null, request and callWithInput null having sent nothing, serve empty lists: no result to read an envelope on, nothing sent to read _meta or ids on" },
  { name: "do-nothing-empty", tries: "checkArgs and serve throw, handle returns {} for everything, request and callWithInput {} having sent nothing" },
  {
    // The same answer to a message alone as after earlier calls (t2_no_session_state judges the notifications here): earned too.
    name: "junk-answers", earned: ["t2_responses", "t2_stdio_clean", "t2_no_session_state"],
    tries: "checkArgs the same problem for all, handle the same error for every request (its id, null for the notification: rule 1's work, t2_responses, earned, and as a live server only JSON-RPC frames on stdout, t2_stdio_clean), a client that sends anything three times, asks once whatever was asked and returns or throws what came back (the cap's Error when it still asked), serve a parse error for every line and every line logged",
  },
  { name: "client-flood", alone: true, tries: "send called a million times per call, a 100 MB string in one message, a message of a million keys, ask as often" },
  { name: "client-never-returns", tries: "a request that loops on send forever, a callWithInput that waits forever", check: stoppedClient },
  { name: "async-tricks", tries: "Promises and thenables for answers, queueMicrotask/nextTick that rewrite the answer and the module's state after the call, promise loops left running, a client that talks to the mock after its call returned with peers it kept" },
  // Statelessness (a correct server that remembers round 1 where a fresh module instance does not reset it).
  { name: "remember-global", base: "solution", verdict: REMEMBER, tries: "a handle that remembers round 1 of the cancel on globalThis, to pass t2_stateless in 'fresh' module instances" },
  { name: "remember-prototype", base: "solution", verdict: REMEMBER, tries: "the same memory under a non-enumerable symbol on Object.prototype" },
  { name: "remember-intrinsic", base: "solution", verdict: REMEMBER, tries: "the same memory in a WeakMap kept on the JSON object, keyed by Array.prototype" },
  { name: "remember-pure-module", base: "solution", verdict: REMEMBER, tries: "the same memory on node:events' exports (one library instance per context)" },
  { name: "remember-course-module", base: "solution", verdict: REMEMBER, tries: "the same memory on the course module's exports (fresh per module instance)" },
  { name: "session-global", base: "solution", verdict: { mustFail: ["t2_no_session_state"] }, tries: "a session (nothing before server/discover) whose flag is kept on globalThis, to pass t2_no_session_state" },
  // Reaching a classmate, the solutions.
  {
    name: "read-classmate-import", tries: "import a classmate's handle and client, and solutions/mcp-stateless by absolute and relative paths",
    check: errors({ task1: [/absolute path/], task2: [/classmate-correct\/task2\.ts|out of the submission/], task3: [/out of the submission/], task4: [/out of the submission/] }),
  },
  {
    name: "symlink-solutions", tries: "task files that are symbolic links to solutions/mcp-stateless and to a classmate's, and a folder link the tasks import through",
    setup: (dir) => {
      link(dir, "task1.ts", path.join(SOLUTION, "task1.ts"));
      link(dir, "task2.ts", "../classmate-correct/task2.ts");
      link(dir, "sol", SOLUTION);
      writeFileSync(path.join(dir, "task4.ts"), 'export { serve } from "./sol/task4.ts";\n');
    },
    check: errors({ task1: [/task1\.ts/, /link/i], task2: [/task2\.ts/, /link/i], task4: [/sol/, /link/i] }),
  },
  {
    name: "grade-json-other-pack", tries: "a grade.json naming mcp-ch2 beside chapter 2's reference tasks (a pass there): a batch graded with --pack mcp-stateless must ignore it",
    setup: (dir) => { for (const f of ["task1.ts", "task2.ts", "task3.ts"]) cpSync(path.join(ROOT, "solutions", f), path.join(dir, f)); },
    check: statelessReport,
  },
  {
    name: "grade-json-traversal", tries: "a grade.json whose pack is the path from courses/ to its own folder, holding a pack.ts that would run as the grader if imported",
    setup: (dir) => writeFileSync(path.join(dir, "grade.json"), JSON.stringify({ pack: path.relative(path.join(ROOT, "courses"), dir) })),
    check: statelessReport,
  },
  { name: "escape-and-leak", tries: "every route out of the language (given process, constructor chains from the peers too, stack traces, import() rejections), the grader's environment put into answers and messages" },
  // The live checks (grade --dir runs them; a batch with --live): the handle as a real server process.
  {
    name: "live-harm", alone: true, live: true, earned: ["t2_sdk_connect"],
    tries: "wrong in the sandbox, and as the live stdio server (told apart by the harness's frames on its stack): escape routes, a right discover answer (so the SDK goes on), 10,000 forged replies and 8 MB on stdout, escapes and workflow commands on stderr, a loop on tools/call, process.exit on resources/read",
  },
  // Processes and hangs.
  { name: "process-exit", tries: "process.exit(0) at the top level and in calls (one swallowed), exitCode 0, a thrown look-alike ExitCalled" },
  { name: "hang-toplevel", tries: "an endless loop at the top level of task1.ts, which task2.ts imports; a catastrophic regex and an endless loop in serve", check: stopped("task1", "task2", "task4") },
  // Bloat and injection.
  { name: "huge-deep", alone: true, tries: "10 MB strings, a million problems, values nested a million deep, cycles, unbounded recursion, 20 MB of out lines" },
  { name: "serve-forge-output", tries: "serve and handle print forged report lines (pass marks, '41 passed, 0 failed', a JSON report), ANSI, ::error/::add-mask::/##vso commands on stdout and stderr, and answer with them" },
  // handle is judged with its own checkArgs' answers: with its checkArgs reporting problems for every call, A100's answer is a tool error
  // without an order, as its handle gives (t2_same_a100): earned.
  { name: "inject-report", earned: ["t2_same_a100"], tries: "answers with evidence lines after every kind of line break, terminal escapes, workflow commands, HTML, JUnit-closing XML, a spreadsheet formula" },
];

// ---- building ----

function fill(text: string, root: string, attack: string, dir: string, canaryPort: number): string {
  return text
    .replaceAll("__RUN_ROOT__", root)
    .replaceAll("__REPO_FROM_SUBMISSION__", path.relative(dir, ROOT))
    .replaceAll("__REPO__", ROOT)
    .replaceAll("__ATTACK__", attack)
    .replaceAll("__CANARY_PORT__", String(canaryPort))
    .replaceAll("__TEST_PID__", String(process.pid));
}

const copyTasks = (from: string, dir: string): void => {
  for (const f of readdirSync(from).filter((f) => f.endsWith(".ts"))) cpSync(path.join(from, f), path.join(dir, f));
};

export function buildAttack(attack: Attack, dir: string, root: string, canaryPort: number): string {
  mkdirSync(dir, { recursive: true });
  copyTasks(attack.base === "solution" ? SOLUTION : WRONG, dir);
  writeFileSync(path.join(dir, "hostile.ts"), fill(readFileSync(KIT, "utf8"), root, attack.name, dir, canaryPort));
  const own = path.join(FIXTURES, attack.name);
  for (const file of readdirSync(own)) {
    if (file.endsWith(".md")) continue;
    writeFileSync(path.join(dir, file), fill(readFileSync(path.join(own, file), "utf8"), root, attack.name, dir, canaryPort));
  }
  attack.setup?.(dir);
  return dir;
}

const CLASSMATES = ["classmate-correct", "classmate-wrong", "classmate-nothing", "zz-classmate-correct"] as const;
const NOTHING = "classmate-nothing";

/** correct: the solution; wrong: a real mistake (remembers round 1 in a module variable); nothing: the honest wrong tasks. */
function buildClassmate(name: (typeof CLASSMATES)[number], dir: string): void {
  mkdirSync(dir, { recursive: true });
  if (name === NOTHING) return copyTasks(WRONG, dir);
  copyTasks(SOLUTION, dir);
  if (name === "classmate-wrong") copyTasks(path.join(ROOT, "test", "fixtures", PACK, "remembers-round-one"), dir);
}

function common(root: string): void {
  writeFileSync(path.join(root, "CANARY.txt"), "nothing may change this file\n");
  mkdirSync(path.join(root, "out"), { recursive: true });
}

// ---- what every output must be ----

const EVIDENCE_KEYS: ReadonlySet<string> = new Set(pack.evidence.map((e) => e.key));
const BREAKS = /\r\n|[\n\r\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/;

/** The pack's evidence file: at most one line per key of the pack, each `key: value`, nothing else. */
function evidenceViolations(label: string, text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const strays: string[] = [];
  for (const line of text.split(BREAKS)) {
    if (line === "") continue;
    const key = /^([a-z0-9_]+): /.exec(line)?.[1];
    if (!key || !EVIDENCE_KEYS.has(key)) { strays.push(line); continue; }
    if (seen.has(key)) out.push(`${label} has ${key} twice`);
    seen.add(key);
  }
  if (strays.length) out.unshift(`${label} has ${strays.length} lines that are not evidence lines, e.g. ${strays.slice(0, 3).map((l) => JSON.stringify(l.slice(0, 80))).join(", ")}`);
  return [...out, ...controlViolations(label, text.replace(/\n/g, ""))];
}

/** assess.ts's outputViolations, with this pack's evidence keys. */
function outputViolations(cli: CliRun): string[] {
  const out: string[] = [];
  for (const [label, text] of [["stdout", cli.stdout], ["stderr", cli.stderr]] as const) {
    if (text.length > OUTPUT_LIMIT) out.push(`${label} is ${text.length} characters: student output is not quoted short`);
    out.push(...controlViolations(label, text), ...commandViolations(label, text));
    if (text.includes(cli.secret)) out.push(`${label} shows the grader's environment (the test's secret)`);
  }
  for (const [rel, { text, size }] of cli.outputs) {
    const name = path.basename(rel);
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

/** What honest wrong code passes: only these may a forging submission pass (and type checks). */
const freeChecks = (nothing: ReportV1): Set<string> => new Set(nothing.tasks.flatMap((t) => t.checks.filter((c) => c.status === "pass" || c.kind === "types").map((c) => c.name)));

interface ScoredTask { task: string; status: string; score?: number; maxScore?: number; checks: { name: string; kind: string; status: string }[] }

/** What the attack's report must not say, by its verdict. */
function reportViolations(report: ReportV1 | undefined, attack: Attack, free: ReadonlySet<string>): string[] {
  if (!report) return ["there is no report for it"];
  const out: string[] = [];
  if (report.status === "pass") out.push("its report says pass");
  const verdict = attack.verdict ?? "forged";
  for (const t of report.tasks as unknown as ScoredTask[]) {
    // A remembering server's other tasks are the reference solution's: they may pass.
    if (t.status === "pass" && (typeof verdict !== "object" || t.task === "task2")) out.push(`${t.task} passes`);
    if (verdict === "forged") {
      for (const c of t.checks) if (c.status === "pass" && !free.has(c.name) && c.kind !== "types" && !(attack.earned ?? []).includes(c.name)) out.push(`${c.name} (${c.kind}) passes`);
    } else if (verdict === "fixtures") {
      // Right answers to the fixtures earn their lines (the score policy's design); what they
      // must not earn is full marks: a behaviour check fails on the first generated input.
      if (t.checks.some((c) => c.kind === "evidence") && t.score !== undefined && t.score >= (t.maxScore ?? 0)) out.push(`${t.task} has full marks (${t.score}/${t.maxScore}) on hard-coded answers`);
      if (!t.checks.some((c) => c.kind === "behaviour" && c.status === "fail") && t.checks.some((c) => c.kind === "behaviour")) out.push(`no behaviour check of ${t.task} fails on hard-coded answers`);
    } else {
      for (const name of verdict.mustFail) {
        const c = t.checks.find((x) => x.name === name);
        if (c && c.status !== "fail") out.push(`${name} is ${c.status}, not fail: a server that remembers between fresh module instances is not judged stateful`);
      }
      if (t.task === "task2" && t.score !== undefined && t.score >= (t.maxScore ?? 0)) out.push(`task2 has full marks (${t.score}/${t.maxScore}) while it remembers`);
    }
  }
  if (typeof verdict === "object") for (const name of verdict.mustFail) if (!report.tasks.some((t) => t.checks.some((c) => c.name === name))) out.push(`${name} is not in the report`);
  return [...out, ...statelessReport(report), ...(attack.check ? attack.check(report) : [])];
}

/** A violation that is one of the attack's known gaps (a check it passes that it should not). */
const isKnown = (attack: Attack) => (v: string): boolean => (attack.known?.checks ?? []).some((name) => v.startsWith(`${name} (`));
const unknownOnes = (attack: Attack, list: string[]): string[] => list.filter((v) => !isKnown(attack)(v));
const knownOnes = (attack: Attack, list: string[]): string[] => list.filter(isKnown(attack));

// ---- grade --dir ----

const DIR_ARGS = ["--pack", PACK, "--evidence", "out/evidence.txt", "--reporter", "pretty", "--reporter", "json=out/report.json", "--reporter", "junit=out/junit.xml", "--reporter", "github=out/github.txt"];
const atOnce = limiter(3);

async function gradeDir(attack: Attack | undefined): Promise<{ report: ReportV1 | undefined; violations: string[] }> {
  const ear = await canary();
  const root = newRoot(`stateless-dir-${attack?.name ?? NOTHING}`);
  try {
    common(root);
    buildClassmate("classmate-correct", path.join(root, "classmate-correct"));
    let folder: string = NOTHING;
    if (attack) buildAttack(attack, path.join(root, (folder = attack.name)), root, ear.port);
    else buildClassmate(NOTHING, path.join(root, NOTHING));
    const cli = await runGrade(["--dir", folder, ...DIR_ARGS], root);
    const report = readJson(cli, path.join("out", "report.json")) as ReportV1 | undefined;
    const violations: string[] = [];
    if (!cli.frozen && !cli.signal && cli.code !== 1) violations.push(`grade exited ${cli.code}, not 1${cli.code === 0 ? ": it got exit 0" : ""}${cli.code === 3 ? ": the grader broke on it" : ""}`);
    const closing = closingLines(cli.stdout);
    if (closing.length !== 1) violations.push(`stdout has ${closing.length} lines a CI log reader takes for the closing "N passed, M failed", not 1: ${JSON.stringify(closing.slice(0, 3))}`);
    if (report) {
      const passed = report.tasks.flatMap((t) => t.checks).filter((c) => c.status === "pass").length;
      const marks = passMarks(cli.stdout);
      if (marks > passed) violations.push(`stdout shows ${marks} pass marks for ${passed} passing checks`);
    }
    violations.push(
      ...machineViolations(cli, ear.heard, (rel) => rel === "out" || rel.startsWith(`out${path.sep}`) || rel === ".grade" || rel.startsWith(`.grade${path.sep}`)),
      ...outputViolations(cli),
    );
    return { report, violations };
  } finally {
    await ear.close();
    removeRoot(root);
  }
}

// ---- grade batch ----

interface Batch { cli: CliRun; rows: Map<string, string[]>; reports: Map<string, ReportV1>; evidence: Map<string, string>; violations: string[] }

const OUT = path.join("out", "batch");
const BATCH_ARGS = ["--pack", PACK, "--out", OUT, "--reporter", "junit=out/junit.xml", "--reporter", "github=out/github.txt"];

async function gradeBatch(prefix: string, attacks: readonly Attack[], extra: string[] = []): Promise<Batch> {
  const ear = await canary();
  const root = newRoot(`stateless-batch-${prefix}`);
  try {
    common(root);
    const cls = path.join(root, "class");
    mkdirSync(cls);
    writeFileSync(path.join(cls, "CANARY.txt"), "nothing may change this file either\n");
    for (const name of CLASSMATES) buildClassmate(name, path.join(cls, name));
    for (const attack of attacks) buildAttack(attack, path.join(cls, attack.name), root, ear.port);
    const cli = await runGrade(["batch", "class", ...BATCH_ARGS, ...extra], root);
    const ids = [...CLASSMATES, ...attacks.map((a) => a.name)];
    const violations: string[] = [];
    if (cli.frozen || cli.signal) violations.push(`the batch did not end by itself (signal ${cli.signal}, frozen ${cli.frozen})`);
    else if (cli.code !== 0) violations.push(`grade batch exited ${cli.code}, not 0 (every submission graded)`);
    const list = readJson(cli, path.join(OUT, "results.json"));
    const all = (Array.isArray(list) ? list : (list as { submissions?: unknown[] } | undefined)?.submissions ?? []) as ReportV1[];
    const reports = new Map<string, ReportV1>();
    for (const r of all) if (r && typeof r.submission === "string") reports.set(path.basename(r.submission), r);
    if (reports.size !== ids.length || ids.some((id) => !reports.has(id))) violations.push(`results.json has ${reports.size} reports for ${ids.length} submissions; missing: ${JSON.stringify(ids.filter((id) => !reports.has(id)))}`);
    const csv = cli.outputs.get(path.join(OUT, "grades.csv"));
    const table = csv ? parseCsv(csv.text) : [];
    const rows = new Map(table.slice(1).map((r) => [r[0] ?? "", r]));
    if (!csv) violations.push("grades.csv was not written");
    else if (table.length - 1 !== ids.length || ids.some((id) => !rows.has(id))) violations.push(`grades.csv has ${table.length - 1} rows for ${ids.length} submissions; missing: ${JSON.stringify(ids.filter((id) => !rows.has(id)))}`);
    const evidence = new Map<string, string>();
    for (const id of ids) {
      const file = cli.outputs.get(path.join(OUT, "evidence", `${id}.txt`));
      if (file) evidence.set(id, file.text);
    }
    violations.push(...machineViolations(cli, ear.heard, (rel) => rel === "out" || rel.startsWith(`out${path.sep}`), threadsOf(extra)), ...outputViolations(cli));
    return { cli, rows, reports, evidence, violations };
  } finally {
    await ear.close();
    removeRoot(root);
  }
}

function classmateViolations(batch: Batch, baseline: Batch): string[] {
  const out: string[] = [];
  for (const id of CLASSMATES) {
    if (!isDeepStrictEqual(batch.rows.get(id), baseline.rows.get(id))) out.push(`${id}'s grades.csv row changed: ${JSON.stringify(batch.rows.get(id)?.slice(0, 8))} instead of ${JSON.stringify(baseline.rows.get(id)?.slice(0, 8))}`);
    const differs = reportDifference(batch.reports.get(id), baseline.reports.get(id));
    if (differs) out.push(`${id}'s report in results.json changed (status ${batch.reports.get(id)?.status}, score ${batch.reports.get(id)?.score}; alone: ${baseline.reports.get(id)?.status}, ${baseline.reports.get(id)?.score}): ${differs}`);
    if (batch.evidence.get(id) !== baseline.evidence.get(id)) out.push(`${id}'s evidence file changed`);
  }
  return out;
}

function rowViolations(batch: Batch, attack: Attack, free: ReadonlySet<string>): string[] {
  const out = reportViolations(batch.reports.get(attack.name), attack, free);
  const row = batch.rows.get(attack.name);
  if (row && row[6] === "pass") out.push(`its grades.csv row says pass: ${JSON.stringify(row.slice(0, 8))}`);
  const evidence = batch.evidence.get(attack.name);
  if (evidence !== undefined) out.push(...evidenceViolations("its evidence file", evidence));
  return out;
}

describe.skipIf(!HOSTILE)(`mcp-stateless: grade --dir on hostile submissions (${WHY_SKIPPED})`, () => {
  let free: ReadonlySet<string> = new Set();
  let nothing: ReportV1 | undefined;
  const graded = new Map<string, Promise<{ report: ReportV1 | undefined; violations: string[] }>>();
  const gradedOnce = (attack: Attack) => {
    if (!graded.has(attack.name)) graded.set(attack.name, atOnce(() => gradeDir(attack)));
    return graded.get(attack.name)!;
  };

  beforeAll(async () => {
    // The attacks' own runs queue behind the baseline at once (each test reads its run), so that
    // the cores do not wait while the baseline runs alone; a run's failure stays its test's.
    const baseline = atOnce(() => gradeDir(undefined));
    for (const attack of ATTACKS) gradedOnce(attack).catch(() => undefined);
    const { report, violations } = await baseline;
    expect(violations).toEqual([]);
    expect(report?.status).toBe("fail");
    nothing = report;
    free = freeChecks(report!);
  }, 600_000);

  it("the honest wrong tasks (implementing nothing) earn no evidence line, so no attack is let off one", () => {
    const earned = nothing!.tasks.flatMap((t) => t.checks.filter((c) => c.kind === "evidence" && c.status === "pass").map((c) => c.name));
    expect(earned).toEqual([]);
  });

  for (const attack of ATTACKS) {
    it.concurrent(`${attack.name}: ${attack.tries}`, async ({ expect }) => {
      const { report, violations } = await gradedOnce(attack);
      const found = unknownOnes(attack, [...reportViolations(report, attack, free), ...violations]);
      expect(found, found.join("\n")).toEqual([]);
    }, 1_200_000);
    if (attack.known) {
      it.fails(`${attack.name}: known gap, fails until closed: ${attack.known.why}`, async () => {
        const { report } = await gradedOnce(attack);
        expect(knownOnes(attack, reportViolations(report, attack, free))).toEqual([]);
      }, 1_200_000);
    }
  }

  it("grade --dir without --pack refuses a grade.json naming a path or a name with escapes and workflow commands: nothing imported, nothing graded, stderr inert", async () => {
    const traversal = ATTACKS.find((a) => a.name === "grade-json-traversal")!;
    const ear = await canary();
    const root = newRoot("stateless-dir-grade-json-refused");
    try {
      common(root);
      buildAttack(traversal, path.join(root, "by-path"), root, ear.port);
      buildAttack(traversal, path.join(root, "by-name"), root, ear.port);
      writeFileSync(path.join(root, "by-name", "grade.json"), JSON.stringify({ pack: "x\u001b[2J\u001b]0;PWNED\u0007\n::error::forged\n##vso[task.complete result=Succeeded;]\u009b\u202e" }));
      for (const folder of ["by-path", "by-name"]) {
        const cli = await runGrade(["--dir", folder, "--reporter", "json=out/report.json"], root);
        expect([folder, cli.code, cli.outputs.has(path.join("out", "report.json"))]).toEqual([folder, 2, false]);
        expect(cli.stderr).toMatch(/There is no pack/);
        expect([...machineViolations(cli, ear.heard, (rel) => rel === "out" || rel.startsWith(`out${path.sep}`)), ...outputViolations(cli)]).toEqual([]);
      }
    } finally {
      await ear.close();
      removeRoot(root);
    }
  }, 300_000);

  it("grade --dir honours a submission's grade.json naming another pack when --pack is not given (documented: the teacher's batch passes --pack)", async () => {
    const attack = ATTACKS.find((a) => a.name === "grade-json-other-pack")!;
    const root = newRoot("stateless-dir-grade-json");
    try {
      common(root);
      buildAttack(attack, path.join(root, attack.name), root, 1);
      const cli = await runGrade(["--dir", attack.name, "--no-live", "--reporter", "json=out/report.json"], root);
      const report = readJson(cli, path.join("out", "report.json")) as ReportV1 | undefined;
      // Chapter 2's reference tasks, graded as chapter 2: its three tasks, and they pass.
      expect(report?.tasks.map((t) => t.task)).toEqual(["task1", "task2", "task3"]);
      expect(statelessReport(report!)).not.toEqual([]);
    } finally {
      removeRoot(root);
    }
  }, 300_000);
});

describe.skipIf(!HOSTILE)(`mcp-stateless: grade batch with hostile submissions (${WHY_SKIPPED})`, () => {
  let baseline: Batch;
  let free: ReadonlySet<string> = new Set();
  const shared = ATTACKS.filter((a) => !a.alone);
  let sharedBatch: Promise<Batch>;

  beforeAll(async () => {
    // The shared batch needs nothing of the baseline's but its rows to compare with afterwards:
    // both run at once, so that neither leaves a core idle while the other ends.
    sharedBatch = gradeBatch("shared", shared);
    sharedBatch.catch(() => undefined);
    baseline = await gradeBatch("baseline", []);
    expect([baseline.cli.code, baseline.reports.size, baseline.rows.size, baseline.violations]).toEqual([0, CLASSMATES.length, CLASSMATES.length, []]);
    expect(baseline.reports.get("classmate-correct")?.status).toBe("pass");
    expect(baseline.reports.get("classmate-wrong")?.status).toBe("fail");
    free = freeChecks(baseline.reports.get(NOTHING)!);
  }, 600_000);

  describe("many hostile submissions in one batch", () => {
    let batch: Batch;
    beforeAll(async () => { batch = await sharedBatch; }, 1_200_000);

    it("completes with every row, harms nothing, writes reports with no live student text", () => {
      expect(batch.violations).toEqual([]);
    });
    it("gives every classmate exactly the row, report and evidence it gets without them", () => {
      expect(classmateViolations(batch, baseline)).toEqual([]);
    });
    for (const attack of shared) {
      it(`${attack.name}: ${attack.tries}`, () => {
        expect(unknownOnes(attack, rowViolations(batch, attack, free))).toEqual([]);
      });
      if (attack.known) it.fails(`${attack.name}: known gap, fails until closed: ${attack.known.why}`, () => {
        expect(knownOnes(attack, rowViolations(batch, attack, free))).toEqual([]);
      });
    }
  });

  describe("each attack that could take a batch down, in a batch of its own", () => {
    // Two batches at once: each alone batch has one sandbox thread (--jobs 1), and the machine two cores.
    const twoAtOnce = limiter(2);
    for (const attack of ATTACKS.filter((a) => a.alone)) {
      it.concurrent(`${attack.name}: ${attack.tries}`, async ({ expect }) => {
        const live = attack.live ? ["--live"] : [];
        // Its own baseline (with --live) and its batch at once: they are compared once both have ended.
        const [base, batch] = await Promise.all([
          attack.live ? twoAtOnce(() => gradeBatch(`${attack.name}-baseline`, [], live)) : baseline,
          twoAtOnce(() => gradeBatch(attack.name, [attack], ["--jobs", "1", ...live])),
        ]);
        const liveFree = attack.live ? freeChecks(base.reports.get(NOTHING)!) : free;
        expect(unknownOnes(attack, [...rowViolations(batch, attack, liveFree), ...classmateViolations(batch, base), ...batch.violations])).toEqual([]);
      }, 600_000);
    }
  });
});

describe("the stateless pack's hostile submissions", () => {
  it("are exactly the folders of test/fixtures/hostile-stateless (but _wrong), each building into four tasks with no placeholder left", () => {
    const folders = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith("_")).map((d) => d.name).sort();
    expect(ATTACKS.map((a) => a.name).sort()).toEqual(folders);
    const root = newRoot("stateless-build");
    try {
      for (const attack of ATTACKS) {
        const dir = buildAttack(attack, path.join(root, attack.name), root, 1);
        for (const f of TASK_FILES) expect(readdirSync(dir), attack.name).toContain(f);
        for (const f of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
          try { expect(readFileSync(path.join(dir, f), "utf8"), `${attack.name}/${f}`).not.toMatch(/__[A-Z_]+__/); } catch (e) { if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e; }
        }
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
