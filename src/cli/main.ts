// The command table. Each command is a function that returns data; this file only parses
// options, calls it, hands the data to a reporter, and maps the outcome to an exit code. It is
// also the one error boundary: a UserError is the user's to fix (2), anything else is our bug (3).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command, CommanderError, Option } from "commander";
import { EVIDENCE_DEFAULT_HELP } from "../evidence/location.js";
import { devCheck } from "../grading/dev-check.js";
import { renderDevCheck } from "../report/dev-check.js";
import { renderJson } from "../report/json.js";
import { renderPrettyFileCheck } from "../report/pretty.js";
import { renderGithubSummary } from "../report/github.js";
import { renderBatchSummary } from "../report/batch-summary.js";
import { renderRunSummary } from "../report/run-summary.js";
import { BATCH_REPORTERS, REPORTERS } from "../report/registry.js";
import { terminalText } from "../report/sanitize.js";
import { wantsColor } from "../report/style.js";
import { batchCommand, EXIT_INTERRUPTED, interruptedText, mergeCommand } from "./commands/batch.js";
import { checkCommand } from "./commands/check.js";
import { gradeCommand } from "./commands/grade.js";
import { serveCommand } from "./commands/serve.js";
import { EXIT, UserError } from "./errors.js";
import { parseHiddenKinds, parseReporters, parseSeed, parseTaskNames, parseTimeout } from "./options.js";
import { choosePack } from "./pack-choice.js";
import { defaultPackId, loadPack } from "../pack/registry.js";
import { packOfResults } from "../batch/outputs.js";
import { registerStudentCommands } from "./student-commands.js";
import { annotationRoot, appendStepSummary, emit, type Io } from "./output.js";

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const VERSION = (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string }).version;

interface CommonOptions {
  dir?: string;
  pack?: string;
  timeout?: string;
  color?: boolean;
  reporter: string[];
  gradescopeHide?: string;
}

interface ExtraFlags {
  seed?: string;
  behaviour: boolean;
  live: boolean;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];
const GRADESCOPE_HIDE = "--gradescope-hide <kinds>";
const GRADESCOPE_HIDE_HELP = "check kinds (comma-separated, e.g. behaviour) the gradescope reporter shows only after grades are published";

function common(command: Command, reporters: string[]): Command {
  return command
    .option("--dir <dir>", "the submission folder (default: the pack's starters, tasks/ or tasks/<pack>/)")
    .option("--pack <name>", "the exercise pack (a folder under courses/; default: the submission's grade.json, else the course's default)")
    .option("--timeout <ms>", "the clock's backstop for each run, in milliseconds (default 120000); limits count work, not time")
    .addOption(new Option("--reporter <name[=file]>", `report format: ${reporters.join(", ")}; repeatable, =FILE writes to a file`).default([]).argParser(collect))
    .option("--no-color", "plain text, no colour");
}

export async function main(argv: string[], io: Io): Promise<number> {
  let exitCode: number = EXIT.pass;
  const color = (flag: boolean | undefined): boolean => wantsColor(flag, io.env, io.isTTY);
  const program = new Command("grade")
    .description("Run, check and explain a course's MCP exercises (one pack of tasks at a time).")
    .version(VERSION, "-v, --version")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showSuggestionAfterError(true)
    .helpCommand("help [command]", "display help for a command")
    .enablePositionalOptions();

  common(program, Object.keys(REPORTERS))
    .argument("[tasks...]", "the pack's tasks (task1, task2, ...) or all", [])
    .option("--evidence <file>", `the evidence file to write (default: ${EVIDENCE_DEFAULT_HELP})`)
    .option("--seed <n>", "seed of the behaviour checks' generated inputs (printed in the report)")
    .option("--no-behaviour", "evidence only: no behaviour, schema, stdio or interop checks")
    .option("--no-live", "no live server checks (stdio, interop)")
    .option("--no-typecheck", "skip the type check against the chapter's interface")
    .option(GRADESCOPE_HIDE, GRADESCOPE_HIDE_HELP)
    .action(async (tasks: string[], opts: CommonOptions & ExtraFlags & { evidence?: string; typecheck: boolean }) => {
      const choices = parseReporters(opts.reporter, Object.keys(REPORTERS));
      const seed = parseSeed(opts.seed);
      const extra = opts.behaviour ? { ...(seed !== undefined ? { seed } : {}), live: opts.live } : undefined;
      const { pack, dir } = await choosePack(io.cwd, opts);
      const options = { cwd: io.cwd, pack, dir, tasks: parseTaskNames(pack, tasks, dir), ...(opts.evidence !== undefined ? { evidence: opts.evidence } : {}), timeoutMs: parseTimeout(opts.timeout), typecheck: opts.typecheck, ...(extra ? { extra } : {}) };
      const report = await gradeCommand(options);
      const reporterOptions = { gradescopeHide: parseHiddenKinds(opts.gradescopeHide), githubRoot: annotationRoot(io, "."), pack, namePack: pack.id !== defaultPackId() };
      await emit(io, choices, color(opts.color), (name, r, c) => REPORTERS[name]!(r, c, reporterOptions), report, (c) => renderRunSummary(report, c));
      if (choices.some((c) => c.name === "github")) await appendStepSummary(io, renderGithubSummary([report]));
      exitCode = report.status === "pass" ? EXIT.pass : EXIT.fail;
    });

  const batchReporters = Object.keys(BATCH_REPORTERS);
  program.command("batch")
    .description("grade every subfolder of DIR as one student's submission, in parallel, each in the sandbox")
    .argument("<dir>", "the class folder: one subfolder per student")
    .option("--out <dir>", "where results.json, grades.csv and evidence/ go", "grade-results")
    .option("--pack <name>", "the exercise pack every submission is graded against (default: the class folder's grade.json, else the course's default)")
    .option("--jobs <n>", "sandbox threads to run at once (default: one per core)")
    .option("--timeout <ms>", "the clock's backstop for each run, in milliseconds (default 120000); limits count work, not time")
    .option("--shard <i/n>", "grade only part I of N of the class, split by student id (for CI matrices)")
    .option("--force", "regrade submissions that did not change since the last run with this --out")
    .option("--no-behaviour", "evidence only: no behaviour or schema checks")
    .option("--live", "also the live server checks (stdio, interop): a sandboxed server process per submission, many times slower")
    .option("--seed <n>", "seed of the behaviour checks' generated inputs (default 0, the same for every student)")
    .option("--typecheck", "also the type check against the chapter's interface (checks of kind types, shown, not scored; off by default: about a second per submission)")
    .option("--no-typecheck", "no type check (the default)")
    .addOption(new Option("--reporter <name[=file]>", `report format: ${batchReporters.join(", ")}; repeatable, =FILE writes to a file`).default([]).argParser(collect))
    .option(GRADESCOPE_HIDE, GRADESCOPE_HIDE_HELP)
    .option("--no-color", "plain text, no colour")
    .action(async (dir: string, opts: { out: string; pack?: string; jobs?: string; timeout?: string; shard?: string; force?: boolean; behaviour: boolean; live?: boolean; typecheck?: boolean; seed?: string; reporter: string[]; gradescopeHide?: string; color?: boolean }) => {
      const choices = parseReporters(opts.reporter, batchReporters);
      const seed = parseSeed(opts.seed);
      const extra = opts.behaviour ? { seed: seed ?? 0, live: opts.live ?? false } : undefined;
      const { pack } = await choosePack(io.cwd, { dir, ...(opts.pack ? { pack: opts.pack } : {}) });
      const outcome = await batchCommand({ cwd: io.cwd, pack, dir, out: opts.out, jobs: opts.jobs, timeoutMs: parseTimeout(opts.timeout), shard: opts.shard, force: opts.force, typecheck: opts.typecheck ?? false, ...(extra ? { extra } : {}) }, io);
      if ("interrupted" in outcome) {
        io.stderr(interruptedText(outcome.interrupted, opts.out, argv));
        exitCode = EXIT_INTERRUPTED;
        return;
      }
      const { reports, view, result } = outcome;
      const reporterOptions = { gradescopeHide: parseHiddenKinds(opts.gradescopeHide), githubRoot: annotationRoot(io, dir), pack };
      await emit(io, choices, color(opts.color), (name, v, c) => BATCH_REPORTERS[name]!(reports, v, c, reporterOptions), view, (c) => renderBatchSummary(view, c));
      if (choices.some((c) => c.name === "github")) await appendStepSummary(io, renderGithubSummary(reports));
      exitCode = result.broken.length ? EXIT.bug : EXIT.pass;
    });

  program.command("merge")
    .description("join the outputs of sharded batch runs into one results.json and grades.csv")
    .argument("<outs...>", "the --out folders of the batch runs")
    .option("--out <dir>", "where the joined results go", "grade-results")
    .option("--class <dir>", "the class folder the batches graded (github annotations name files from it)", ".")
    .addOption(new Option("--reporter <name[=file]>", `report format: ${batchReporters.join(", ")}; repeatable, =FILE writes to a file`).default([]).argParser(collect))
    .option(GRADESCOPE_HIDE, GRADESCOPE_HIDE_HELP)
    .option("--no-color", "plain text, no colour")
    .action(async (outs: string[], opts: { out: string; class: string; reporter: string[]; gradescopeHide?: string; color?: boolean }) => {
      const choices = parseReporters(opts.reporter, batchReporters);
      // The reports name their pack: its task files, points and columns are the outputs' to read.
      const pack = await loadPack(packOfResults(io.cwd, outs) ?? defaultPackId());
      const { reports, view } = mergeCommand({ cwd: io.cwd, inputs: outs, out: opts.out, pack });
      const reporterOptions = { gradescopeHide: parseHiddenKinds(opts.gradescopeHide), githubRoot: annotationRoot(io, opts.class), pack };
      await emit(io, choices, color(opts.color), (name, v, c) => BATCH_REPORTERS[name]!(reports, v, c, reporterOptions), view, (c) => renderBatchSummary(view, c));
      exitCode = EXIT.pass;
    });

  common(program.command("check"), ["pretty", "json"])
    .description("check an evidence file against the rules, and against what the code prints")
    .argument("[file]", `the evidence file (default: ${EVIDENCE_DEFAULT_HELP})`)
    .action(async (file: string | undefined, opts: CommonOptions) => {
      const choices = parseReporters(opts.reporter, ["pretty", "json"]);
      const { pack, dir } = await choosePack(io.cwd, opts);
      const report = await checkCommand({ cwd: io.cwd, pack, ...(file !== undefined ? { file } : {}), dir, timeoutMs: parseTimeout(opts.timeout) });
      await emit(io, choices, color(opts.color), (name, r, c) => (name === "json" ? renderJson(r) : renderPrettyFileCheck(r, c)), report);
      exitCode = report.status === "pass" ? EXIT.pass : EXIT.fail;
    });

  program.command("serve")
    .description("run the submission's handle as a stdio MCP server (one JSON-RPC message per line on stdin and stdout, logs on stderr) for an MCP host or the MCP Inspector")
    .option("--dir <dir>", "the submission folder (the task the pack names as its server is served; default: the pack's starters)")
    .option("--pack <name>", "the exercise pack (default: the submission's grade.json, else the course's default)")
    .action(async (opts: { dir?: string; pack?: string }) => {
      const { pack, dir } = await choosePack(io.cwd, opts);
      exitCode = await serveCommand({ cwd: io.cwd, pack, dir, env: io.env });
    });

  program.command("dev").description("tools for course authors")
    .command("check").description("lint the course: every starter fails, every solution passes, every check has a title and a hint")
    .option("--pack <name>", "lint only this pack (repeatable; default: every pack under courses/)", (v: string, all: string[] = []) => [...all, v])
    .option("--no-color", "plain text, no colour")
    .action(async (opts: { color?: boolean; pack?: string[] }) => {
      // An unknown name is the user's to fix, before minutes of linting the others.
      for (const id of opts.pack ?? []) await loadPack(id);
      const report = await devCheck({ root: PACKAGE_ROOT, ...(opts.pack ? { packs: opts.pack } : {}) });
      io.stdout(renderDevCheck(report, color(opts.color)));
      exitCode = report.ok ? EXIT.pass : EXIT.fail;
    });

  registerStudentCommands(program, { io, root: PACKAGE_ROOT, color, setExit: (code) => { exitCode = code; } });

  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (error) {
    return boundary(error, io);
  }
}

function boundary(error: unknown, io: Io): number {
  if (error instanceof CommanderError) {
    // Help and --version end here too; commander has already printed what it had to say.
    return ["commander.helpDisplayed", "commander.version", "commander.help"].includes(error.code) ? EXIT.pass : EXIT.usage;
  }
  // A message may quote a submission's own text (its grade.json's pack name, a folder's name):
  // inert on a terminal and in a CI log, as every report's student text is.
  if (error instanceof UserError) {
    io.stderr(`grade: ${terminalText(error.message)}\n`);
    return EXIT.usage;
  }
  const detail = io.env["GRADE_DEBUG"] ? `\n${(error as Error)?.stack ?? String(error)}` : " (set GRADE_DEBUG=1 to see where)";
  io.stderr(`grade: internal error, a bug in grade itself, not in your code: ${terminalText(`${(error as Error)?.message ?? String(error)}${detail}`)}. Please report it with the command you ran.\n`);
  return EXIT.bug;
}
