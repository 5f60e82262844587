// The student's workflow commands (issue 5): hint, quiz, status, init, dist, watch. Registered
// from main.ts with one call, kept here so the command table there stays short.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Option, type Command } from "commander";
import { renderQuizMarkdown } from "../quiz/markdown.js";
import { defaultPackId, loadPack, packFolder, packIds } from "../pack/registry.js";
import type { Pack } from "../pack/types.js";
import { choosePack } from "./pack-choice.js";
import { gradeCommandLine } from "../report/command-line.js";
import { renderHint } from "../report/hint.js";
import { listed } from "../report/words.js";
import { renderJson } from "../report/json.js";
import { renderQuiz } from "../report/quiz.js";
import { firstUnfinishedTask, parseLevel, showHint } from "../student/hint.js";
import { quizCommand } from "../student/quiz.js";
import { initSubmission } from "../student/init.js";
import { renderDist, renderInit } from "../report/student.js";
import { renderStatus } from "../report/status.js";
import { statusCommand } from "../student/status.js";
import { EVIDENCE_DEFAULT_HELP } from "../evidence/location.js";
import { watchCommand } from "./commands/watch.js";
import { EXIT, UserError } from "./errors.js";
import { parseReporters, parseTimeout } from "./options.js";
import { emit, type Io } from "./output.js";

export interface CommandContext {
  io: Io;
  /** The package's root: starters, solutions and the student edition's sources. */
  root: string;
  color: (flag: boolean | undefined) => boolean;
  setExit: (code: number) => void;
}

export function parseTask(pack: Pack, arg: string, dir?: string): string {
  const name = arg.toLowerCase();
  const found = pack.tasks.find((t) => t.id === name || String(t.number) === name);
  if (found) return found.id;
  const ids = pack.tasks.map((t) => t.id);
  throw new UserError(`"${arg}" is not a task. Name one of ${listed(ids, "or")}, for example: ${gradeCommandLine(`hint ${ids[1] ?? ids[0]}`, dir)} (or ${gradeCommandLine("hint", dir)} alone, for the first task that does not pass).`);
}

export function registerStudentCommands(program: Command, ctx: CommandContext): void {
  const { io } = ctx;

  program.command("hint")
    .description("the next hint for the task's first failing check, from a nudge to the exact rule (never the answer)")
    .argument("[task]", "the task: task1, task2, ... (default: the first that does not pass)")
    .option("--level <n>", "show this hint level instead of the next one")
    .option("--dir <dir>", "the submission folder (graded to find its first failing check; default: the pack's starters)")
    .option("--pack <name>", "the exercise pack (default: the submission's grade.json, else the course's default)")
    .option("--timeout <ms>", "the clock's backstop for each run, in milliseconds (default 120000); limits count work, not time")
    .option("--no-color", "plain text, no colour")
    .action(async (taskArg: string | undefined, opts: { level?: string; dir?: string; pack?: string; timeout?: string; color?: boolean }) => {
      const { pack, dir } = await choosePack(io.cwd, opts);
      const timeoutMs = parseTimeout(opts.timeout);
      const { task, report } = taskArg === undefined ? await firstUnfinishedTask({ cwd: io.cwd, pack, dir, ...(timeoutMs !== undefined ? { timeoutMs } : {}) }) : { task: parseTask(pack, taskArg, dir), report: undefined };
      const result = await showHint({ cwd: io.cwd, pack, dir, task, level: parseLevel(pack, opts.level, task), ...(report ? { report } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
      io.stdout(renderHint(result, ctx.color(opts.color)));
    });

  program.command("quiz")
    .description("mark the pack's quiz (questions in its starters folder's quiz.md)")
    .argument("[answers]", "the answers file, one qN: answer line per question (default: the pack's)")
    .option("--key <file>", "the quiz key (or set GRADE_QUIZ_KEY); without it, multiple-choice answers are checked for format only")
    .option("--pack <name>", "the exercise pack (default: the course's default)")
    .addOption(reporterOption())
    .option("--no-color", "plain text, no colour")
    .action(async (answersArg: string | undefined, opts: { key?: string; pack?: string; reporter: string[]; color?: boolean }) => {
      const choices = parseReporters(opts.reporter, ["pretty", "json"]);
      const { pack } = await choosePack(io.cwd, opts);
      if (!pack.quiz) throw new UserError(`The pack ${pack.id} has no quiz. The packs with one: ${(await Promise.all(packIds().map(loadPack))).filter((p) => p.quiz).map((p) => p.id).join(", ") || "none"}.`);
      const answers = answersArg ?? pack.quiz.answersFile;
      const report = quizCommand({ cwd: io.cwd, env: io.env, quiz: pack.quiz, questionsFile: `${packFolder("tasks", pack.id)}/quiz.md`, answers, ...(opts.key !== undefined ? { key: opts.key } : {}) });
      await emit(io, choices, ctx.color(opts.color), (name, r, c) => (name === "json" ? renderJson(r) : renderQuiz(r, c)), report);
      ctx.setExit(report.status === "pass" ? EXIT.pass : EXIT.fail);
    });

  program.command("status")
    .description("each task's state, evidence lines right, and the next thing to do (remembered between runs)")
    .option("--dir <dir>", "the submission folder (default: the pack's starters)")
    .option("--pack <name>", "the exercise pack (default: the submission's grade.json, else the course's default)")
    .option("--evidence <file>", `the evidence file to read (default: ${EVIDENCE_DEFAULT_HELP})`)
    .option("--timeout <ms>", "the clock's backstop for each run, in milliseconds (default 120000); limits count work, not time")
    .option("--no-typecheck", "skip the type check against the chapter's interface")
    .option("--no-behaviour", "evidence only: no behaviour, schema, stdio or interop checks")
    .option("--no-live", "no live server checks (stdio, interop)")
    .addOption(reporterOption())
    .option("--no-color", "plain text, no colour")
    .action(async (opts: { dir?: string; pack?: string; evidence?: string; timeout?: string; typecheck: boolean; behaviour: boolean; live: boolean; reporter: string[]; color?: boolean }) => {
      const choices = parseReporters(opts.reporter, ["pretty", "json"]);
      const { pack, dir } = await choosePack(io.cwd, opts);
      const report = await statusCommand({
        cwd: io.cwd, pack, dir, timeoutMs: parseTimeout(opts.timeout), typecheck: opts.typecheck,
        ...(opts.evidence !== undefined ? { evidence: opts.evidence } : {}),
        ...(opts.behaviour ? { extra: { live: opts.live } } : {}),
      });
      await emit(io, choices, ctx.color(opts.color), (name, r, c) => (name === "json" ? renderJson(r) : renderStatus(r, c)), report);
      ctx.setExit(report.tasksDone === report.tasks.length ? EXIT.pass : EXIT.fail);
    });

  program.command("watch")
    .description("re-grade on every save, with a progress bar, the first thing to fix and hints on a key")
    .argument("[task]", "the task to focus on (default: the first that does not pass)")
    .option("--dir <dir>", "the submission folder (default: the pack's starters)")
    .option("--pack <name>", "the exercise pack (default: the submission's grade.json, else the course's default)")
    .option("--evidence <file>", `the evidence file to write (default: ${EVIDENCE_DEFAULT_HELP})`)
    .option("--timeout <ms>", "the clock's backstop for each run, in milliseconds (default 120000); limits count work, not time")
    .option("--no-typecheck", "skip the type check against the chapter's interface")
    .option("--no-behaviour", "evidence only: no behaviour, schema, stdio or interop checks")
    .option("--no-live", "no live server checks (stdio, interop)")
    .option("--no-color", "plain text, no colour")
    .action(async (taskArg: string | undefined, opts: { dir?: string; pack?: string; evidence?: string; timeout?: string; typecheck: boolean; behaviour: boolean; live: boolean; color?: boolean }) => {
      const { pack, dir } = await choosePack(io.cwd, opts);
      await watchCommand(io, {
        pack, dir, ...(opts.evidence !== undefined ? { evidence: opts.evidence } : {}), timeoutMs: parseTimeout(opts.timeout), typecheck: opts.typecheck,
        ...(opts.behaviour ? { extra: { live: opts.live } } : {}),
        color: ctx.color(opts.color), ...(taskArg ? { focus: parseTask(pack, taskArg, dir) } : {}),
      });
    });

  program.commands.find((c) => c.name() === "dev")?.command("quiz-md")
    .description("rewrite each pack's quiz.md (in its starters folder) from its quiz data")
    .action(async () => {
      for (const pack of await Promise.all(packIds().map(loadPack))) {
        if (!pack.quiz) continue;
        const file = `${packFolder("tasks", pack.id)}/quiz.md`;
        await writeFile(path.join(ctx.root, file), renderQuizMarkdown(pack.quiz, pack.id));
        io.stdout(`Wrote ${file} from the quiz of ${pack.id}.\n`);
      }
    });

  program.command("init")
    .description("create a fresh submission folder from the starters (never overwrites)")
    .argument("<dir>", "the new submission folder")
    .option("--pack <name>", "the exercise pack (default: the submission's grade.json, else the course's default)")
    .action(async (dir: string, opts: { pack?: string }) => {
      const { pack } = await choosePack(io.cwd, opts);
      io.stdout(renderInit(await initSubmission({ root: ctx.root, cwd: io.cwd, dir, pack })));
    });

  program.command("dist")
    .description("write an edition of the course repository: grade dist student OUT")
    .argument("<edition>", "which edition: student")
    .argument("<out>", "a new folder for it")
    .option("--no-color", "plain text, no colour")
    .action(async (edition: string, out: string, opts: { color?: boolean }) => {
      if (edition !== "student") throw new UserError(`There is no "${edition}" edition. npx grade dist student OUT writes the student edition (everything but the solutions and the quiz key) to the folder OUT.`);
      // The edition is of the course repository, made by its default pack (which knows its model).
      const pack = await loadPack(defaultPackId());
      if (!pack.edition) throw new UserError(`The course's default pack, ${pack.id}, makes no student edition, so grade dist has nothing to write.`);
      const report = await pack.edition.student({ root: ctx.root, cwd: io.cwd, out });
      io.stdout(renderDist(report, ctx.color(opts.color)));
      ctx.setExit(report.ok ? EXIT.pass : EXIT.fail);
    });
}

function reporterOption(): Option {
  return new Option("--reporter <name[=file]>", "report format: pretty or json; repeatable, =FILE writes to a file")
    .default([]).argParser((value: string, previous: string[]) => [...previous, value]);
}
