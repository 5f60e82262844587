// The hostile submissions (issue 12, Deliver 8), as data: each is a folder of
// test/fixtures/hostile/, what it tries, what it must get beyond what every hostile submission must
// get (verdicts.ts), and what is made at run time (symbolic links, crafted names, a 200 KB chain).
import { readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ReportV1 } from "./verdicts.js";

export type AttackClass = "forge" | "escape" | "classmate" | "process" | "hang" | "bloat" | "inject" | "node-module";

export interface SetupContext {
  /** The repository's root (solutions/ is there). */
  repo: string;
}

export interface Attack {
  name: string;
  class: AttackClass;
  tries: string;
  /** The folder, so the student id, it is graded under, when it is not its name. */
  folder?: string;
  /** What is made at run time in its folder (after its files and the honest wrong tasks are there). */
  setup?: (dir: string, context: SetupContext) => void;
  /**
   * Graded in a batch of its own with the classmates (one sandbox process), not in the shared
   * batch: it may take a whole batch down, or taint the process for every submission after it.
   */
  alone?: boolean;
  /** What its report must show besides what every hostile report must (violations, or none). */
  check?: (report: ReportV1) => string[];
  /** Checks it passes honestly (its answer there is right), beyond what the honest wrong classmate passes. */
  earned?: string[];
}

const task = (report: ReportV1, id: string) => report.tasks.find((t) => t.task === id);

/** Every task of the list is `error` (it could not run), with a message matching each pattern. */
const errors = (tasks: Record<string, RegExp[]>) => (report: ReportV1): string[] => {
  const problems: string[] = [];
  for (const [id, patterns] of Object.entries(tasks)) {
    const t = task(report, id);
    if (!t) { problems.push(`${id} is missing from the report`); continue; }
    if (t.status !== "error") problems.push(`${id} is ${t.status}, not error (it cannot have run)`);
    for (const pattern of patterns) if (!pattern.test(t.message ?? "")) problems.push(`${id}'s message does not match ${pattern}: ${JSON.stringify((t.message ?? "").slice(0, 300))}`);
  }
  return problems;
};

/** Issue 13 item 2: one clear error naming the module, pointing at the import, not at "top-level code". */
const nodeModule = (modules: Record<string, string>) => (report: ReportV1): string[] => {
  const problems = errors(Object.fromEntries(Object.entries(modules).map(([id, module]) => [id, [new RegExp(module.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")), new RegExp(`${id}\\.ts:\\d+`)]])))(report);
  for (const id of Object.keys(modules)) {
    const message = task(report, id)?.message ?? "";
    if (/top[- ]level/i.test(message)) problems.push(`${id}'s message blames top-level code, not the import: ${JSON.stringify(message.slice(0, 300))}`);
  }
  return problems;
};

/**
 * A module that loads (a main guard may import it) whose every function is refused where it is
 * called: the task runs, and its code's call fails with a message naming the function.
 */
const refusedAtCall = (id: string, call: string) => (report: ReportV1): string[] => {
  const t = task(report, id);
  const pattern = new RegExp(`${call.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is not available in the grader's sandbox`);
  if (!t) return [`${id} is missing from the report`];
  if (t.status !== "fail") return [`${id} is ${t.status}, not fail (its code ran and its call was refused)`];
  return [t.message, ...t.checks.filter((c) => c.status === "fail").map((c) => c.message)].some((m) => pattern.test(m ?? "")) ? [] : [`${id}'s message names no refusal of ${call}: ${JSON.stringify((t.message ?? "").slice(0, 300))}`];
};

/** Each task's message shows the exit code cut short (issue 19 item 4: no text copied out of the engine whole). */
const exitCut = (...ids: string[]) => (report: ReportV1): string[] => ids.flatMap((id) => {
  const message = task(report, id)?.message ?? "";
  return /process\.exit\([^)]{20,600}…\)/.test(message) && message.length < 2000 ? [] : [`${id}'s message does not show the exit code cut: ${JSON.stringify(message.slice(0, 300))}`];
});

/** Issue 19 item 4: the invalid nest is task 1's compile failure at its place; the valid one compiles, so task 2 runs. */
const compileNest = (report: ReportV1): string[] => {
  const problems = errors({ task1: [/nest\.ts:3:\d+: '\)' expected\. Fix the code at that place and save\./] })(report);
  const task2 = task(report, "task2");
  if (!task2 || task2.status === "error") problems.push(`task2 did not run: ${JSON.stringify((task2?.message ?? "missing").slice(0, 300))}`);
  return problems;
};

/** Each task stopped by the sandbox's processor-time limit on built-in calls (watchdog.ts), or not run after it. */
const nativeStopped = (...ids: string[]) => (report: ReportV1): string[] => ids.flatMap((id) => {
  const message = task(report, id)?.message ?? "";
  return /processor's time .*in built-in calls|stopped in a built-in call that ran too long/.test(message) ? [] : [`${id} was not stopped as built-in work: ${JSON.stringify(message.slice(0, 300))}`];
});

/**
 * Every task of the list stopped on its own code (a loop, the heap, a hang at its top level): it
 * did not pass, and says why. A task that ran is a `fail`; one that imports a module whose load
 * was stopped could not load, an `error`. Neither is the grader's trouble.
 */
const hangs = (...ids: string[]) => (report: ReportV1): string[] => ids.flatMap((id) => {
  const t = task(report, id);
  if (!t) return [`${id} is missing from the report`];
  return t.status === "pass" || !t.message ? [`${id} is ${t.status}${t.message ? "" : " with no message"}: it cannot have run to its end`] : [];
});

const link = (dir: string, name: string, target: string): void => {
  rmSync(path.join(dir, name), { force: true, recursive: true });
  symlinkSync(target, path.join(dir, name));
};

/** `._a` repeated to about 200 KB. */
const memberChain = (dir: string): void => {
  const file = path.join(dir, "task1.ts");
  writeFileSync(file, readFileSync(file, "utf8").replace("/*__MEMBER_CHAIN__*/", "._a".repeat(68_000)));
};

/** The folder forge-crafted-filename is graded in: a piece of JSON that makes a thrown call "as expected". */
export const CRAFTED_FOLDER = 'forge-crafted-filename"},"ok":true,"same":true,"inputSame":true,"q":{"r":"x';
export const CRAFTED_ID = 'crafted-id\u001b]8;;http://evil.example/\u0007\r::error::forged-id\n::add-mask::hostile-id\t"quoted",<b>x</b>+1';
export const FORMULA_ID = '=HYPERLINK("http:evil.example","x")+1';

// handle's fixture run goes on past a call that threw (src/pack/failed-call.ts), so the checks of
// the answers it did give are made. Two pass on what these attacks answer, by their own narrow
// rules, and earn nothing (the score is the lines'):
// - the inject attacks answer every fourth message in five with an error object the schema's
//   JSONRPCError accepts (a result beside it is t2_schema_one_of's to refuse);
// - the live server of these forge and bloat attacks writes only JSON-RPC frames on stdout: where
//   handle threw or gave what cannot be sent, the grader's loop answers -32603 Internal error
//   (src/sandbox/live-connection.ts); t2_stdio_clean judges only that the stream is clean.
const ENVELOPE_ONLY = ["t2_schema_envelope"];
const STDIO_FRAMES_ONLY = ["t2_stdio_clean"];

export const ATTACKS: readonly Attack[] = [
  // Forging a pass.
  { name: "forge-tojson", class: "forge", tries: "a non-enumerable Object.prototype.toJSON turns every reply the harness serialises into 'as expected'" },
  { name: "forge-global-accessor", class: "forge", tries: "accessors on the globals the harness writes its reply and verdict to (__gradeReply, __gradeClean) rewrite them" },
  { name: "forge-json-builtins", class: "forge", tries: "JSON.stringify/parse, Object.keys, String.prototype and Function.prototype.call replaced to lie to the harness" },
  { name: "forge-array-methods", class: "forge", tries: "Array.prototype.every/map/iterator/toJSON and setters on its indices rewrite the outcomes the harness collects" },
  { name: "forge-to-primitive", class: "forge", earned: STDIO_FRAMES_ONLY, tries: "Symbol.toPrimitive/toString/getters that forge late, from inside the harness, and values that read differently each time" },
  { name: "forge-proxy", class: "forge", earned: STDIO_FRAMES_ONLY, tries: "Proxies that lie about their keys, break invariants, are revoked, turn thenable, or claim 4e9 elements" },
  {
    name: "forge-crafted-filename", class: "forge", folder: CRAFTED_FOLDER,
    tries: "a folder named with a piece of JSON, so that a stack frame's path pasted unescaped into the reply says 'same'",
  },
  { name: "forge-grader-message", class: "forge", tries: "stdout, stderr, messages and values that look like the grader's report: pass marks, '17 passed, 0 failed', a JSON report, a notice" },
  // Escaping the language context.
  { name: "escape-import-rejection", class: "escape", tries: "import() inside Function: the rejection's constructor.constructor gives the real process (files, network, environment)" },
  { name: "escape-ctor-chain", class: "escape", tries: "constructor.constructor from every object in reach, Function, eval, GeneratorFunction, AsyncFunction, globalThis.process, require('process')" },
  { name: "escape-prepare-stack-trace", class: "escape", tries: "Error.prepareStackTrace's CallSites (getThis/getFunction), also from callbacks the host calls" },
  { name: "escape-wasm", class: "escape", tries: "WebAssembly: a module that loops forever, the async and streaming entry points' promises" },
  { name: "escape-eval", class: "escape", tries: "direct and indirect eval of import(), of the global object, of constructor chains, eval inside with()" },
  { name: "escape-require", class: "escape", tries: "require at call time, the module wrapper's objects, process.binding, process.dlopen, require.cache" },
  { name: "leak-env", class: "escape", tries: "the grader's environment (a secret the test sets) put into answers, stderr and thrown messages" },
  // Reaching a classmate, the solutions, the outputs.
  { name: "read-classmate-import", class: "classmate", tries: "importing ../classmate-correct/task2.ts and the repository's solutions/ by absolute and relative paths",
    check: errors({ task1: [/solutions\/task1\.ts/], task2: [/classmate-correct\/task2\.ts/], task3: [/solutions\/task3\.ts/] }) },
  {
    name: "symlink-task-files", class: "classmate", tries: "task files that are symbolic links to solutions/task1.ts and to a classmate's task2.ts and task3.ts",
    setup: (dir, { repo }) => {
      link(dir, "task1.ts", path.join(repo, "solutions", "task1.ts"));
      link(dir, "task2.ts", "../classmate-correct/task2.ts");
      link(dir, "task3.ts", "../classmate-correct/task3.ts");
    },
    check: errors({ task1: [/task1\.ts/, /link/i], task2: [/task2\.ts/, /link/i], task3: [/task3\.ts/, /link/i] }),
  },
  {
    name: "symlink-folder", class: "classmate", tries: "folders that are symbolic links (sol -> solutions/, lib -> ../classmate-correct) the tasks import through",
    setup: (dir, { repo }) => {
      link(dir, "sol", path.join(repo, "solutions"));
      link(dir, "lib", "../classmate-correct");
    },
    check: errors({ task1: [/sol/, /link/i], task2: [/lib/, /link/i], task3: [/lib/, /link/i] }),
  },
  { name: "write-classmate", class: "classmate", tries: "once out, overwrite a classmate's task2.ts, grades.csv, results.json and a classmate's evidence file" },
  { name: "live-server-forge", class: "classmate", tries: "as the live server (plain node), answer through `grade serve --dir solutions` to pass the stdio and interop checks" },
  { name: "live-server-harm", class: "classmate", tries: "as the live server, read the solutions, rewrite a classmate's task, start processes that write grades.csv after the run" },
  // Processes.
  { name: "kill-grader", class: "process", tries: "once out, SIGKILL the grader (the sandbox's parent, or the live server's)", alone: true },
  { name: "freeze-grader", class: "process", tries: "once out, SIGSTOP the grader", alone: true },
  { name: "spawn-detached", class: "process", tries: "once out, start detached processes that outlive the grader and write the outputs 2 s later, and a worker thread", alone: true },
  { name: "linger-timer", class: "process", tries: "once out, keep the process alive (no exit on disconnect or signals) with an interval writing grades.csv", alone: true },
  { name: "process-exit", class: "process", tries: "process.exit(0) at the top level and in a call, exitCode 0, the real process's exit(0), a fake ExitCalled" },
  { name: "ipc-garbage", class: "process", tries: "once out, send the grader garbage on the sandbox's channel (non-objects, other requests' ids, 64 MB) and a fake fatal error", alone: true },
  { name: "ipc-rewrite", class: "process", tries: "once out, wrap process.send to forge every later reply and answer later students' requests first", alone: true },
  // Hanging and bloating the grader.
  { name: "hang-loop", class: "hang", tries: "an endless loop in every task's function", check: hangs("task1", "task2", "task3") },
  { name: "hang-toplevel", class: "hang", tries: "while(true){} at the top level of every module", check: hangs("task1", "task2", "task3") },
  { name: "hang-atomics", class: "hang", tries: "Atomics.wait forever, at the top level and in calls", check: hangs("task1", "task2", "task3") },
  { name: "hang-microtask", class: "hang", tries: "promise and queueMicrotask loops left behind by the top level and by calls that returned", check: hangs("task1", "task2", "task3") },
  { name: "hang-regex", class: "hang", tries: "regular expressions with exponential backtracking", check: hangs("task1", "task2", "task3") },
  { name: "hang-native", class: "hang", tries: "built-in calls on huge values (indexOf, includes, lastIndexOf) in endless loops, at the top level and in calls: a few ticks a turn", check: nativeStopped("task1", "task2", "task3") },
  { name: "bloat-heap", class: "bloat", tries: "unbounded allocation on the JavaScript heap (arrays, a Map, doubling strings)", check: hangs("task1", "task2", "task3"), alone: true },
  { name: "bloat-arraybuffer", class: "bloat", tries: "2 GB of ArrayBuffers, 1 GB of WebAssembly memory, 1 GB of SharedArrayBuffer, all written to", alone: true },
  { name: "deep-nesting", class: "bloat", earned: STDIO_FRAMES_ONLY, tries: "values nested 3,000 to 1,000,000 deep, and recursion with no base case" },
  { name: "compile-nest", class: "bloat", tries: "a 22-level nest of a ? (…): c => in an imported file, which kept the compiler busy for minutes (issue 19 item 4), and the same nest as valid TypeScript", check: compileNest },
  { name: "huge-string", class: "bloat", tries: "a 100 MB string in toMcp's result", alone: true },
  { name: "exit-huge", class: "bloat", tries: "process.exit with a 24 MB code (a string, a toString, many lines) at the top level and in calls", check: exitCut("task1", "task2", "task3") },
  { name: "huge-reply", class: "bloat", tries: "10 MB in every answer of every task", alone: true },
  { name: "member-chain", class: "bloat", tries: "a 200 KB member chain ._a._a… in the source, for the grader's own regular expressions and compiler", setup: memberChain },
  // Its enormous schemas are JSON Schemas, and its tools MCP Tools: t1_schema_tool is earned.
  { name: "huge-schema", class: "bloat", earned: ["t1_schema_tool"], tries: "a different enormous schema from every toMcp call (1,500 properties, patterns, $ref cycles, an unknown dialect)" },
  { name: "flood-output", class: "bloat", tries: "100 MB of console output in small writes, 64 MB in one write, console.table/dir of a huge object", alone: true },
  // Report injection.
  { name: "inject-terminal", class: "inject", earned: ENVELOPE_ONLY, tries: "ESC/CSI/OSC sequences (clear, title, OSC 8 link, OSC 52 clipboard), \\r overprinting, C1 controls, bidi overrides" },
  { name: "inject-workflow", class: "inject", earned: ENVELOPE_ONLY, tries: "::error::, ::add-mask::, ::stop-commands::, ::set-output, ##[error], ##vso[ at line starts, after \\r, %0A" },
  { name: "inject-evidence", class: "inject", earned: ENVELOPE_ONLY, tries: "evidence values with every kind of line break, each followed by a forged evidence line" },
  { name: "inject-markup", class: "inject", earned: ENVELOPE_ONLY, tries: "HTML, Markdown links and images, table rows, XML that closes the JUnit elements, ]]>, characters XML cannot hold" },
  { name: "inject-csv", class: "inject", earned: ENVELOPE_ONLY, tries: "a spreadsheet formula (=HYPERLINK) as its student id and in every text", folder: FORMULA_ID },
  { name: "crafted-id", class: "inject", tries: "a student id (folder name) with an OSC 8 link, \\r, workflow commands on lines of their own, a tab, quotes, a comma, HTML, a +", folder: CRAFTED_ID },
  // Node's modules (issue 13, item 2).
  { name: "node-fs", class: "node-module", tries: "import from node:fs (and from fs) to read the solutions and write a file", check: nodeModule({ task1: "node:fs", task2: "fs" }) },
  { name: "node-child-process", class: "node-module", tries: "import from node:child_process to run commands and leave a process", check: nodeModule({ task3: "node:child_process" }) },
  { name: "node-net", class: "node-module", tries: "import from node:net to call the test's canary port", check: nodeModule({ task2: "node:net" }) },
  // node:os loads (a main guard may import it for EOL); os.userInfo() is refused where it is called (os.hostname() is a fixed "localhost").
  { name: "node-others", class: "node-module", tries: "node:os, node:http and node:worker_threads, one per task",
    check: (report) => [...nodeModule({ task2: "node:http", task3: "node:worker_threads" })(report), ...refusedAtCall("task1", "os.userInfo")(report)] },
];

export const folderOf = (attack: Attack): string => attack.folder ?? attack.name;
