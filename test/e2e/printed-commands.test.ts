// Every command grade prints for a student runs as printed, for every pack: init's Next lines,
// the commands in the starters' comments and in quiz.md, status (on starters, half-done and
// finished work), hint (with and without a task), the watch screen, and the examples in its
// error messages.
// Each is collected from the real CLI's output, then run through the real CLI in the same folder.
import { spawn } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultPackId, loadPack, packFolder, packIds } from "../../src/pack/registry.js";
import type { Pack } from "../../src/pack/types.js";
import type { Report } from "../../src/report/types.js";
import { renderWatchScreen } from "../../src/watch/screen.js";
import { OutputWait } from "../output-wait.js";
import { ROOT, runCli, tempDir } from "./cli.js";

const VALUED = new Set(["--dir", "--pack", "--level", "--out", "--evidence", "--seed", "--timeout", "--reporter", "--shard", "--jobs", "--class", "--key"]);

/** The `npx grade …` commands in a text, each as its arguments (a command ends at the first word that is not one of its own). */
export function printedCommands(text: string, taskIds: readonly string[], commandNames: readonly string[]): string[][] {
  const words = new Set([...commandNames, ...taskIds, "all", "student"]);
  const found: string[][] = [];
  for (const match of text.matchAll(/npx grade\b/g)) {
    const tokens = text.slice(match.index + match[0].length).split(/[ \t]+/);
    const args: string[] = [];
    let wantsValue = false;
    for (const raw of tokens) {
      if (raw === "") continue;
      // A command ends at a line's end or at punctuation after a word.
      const first = raw.split("\n")[0]!;
      const token = first.replace(/[`.,;:)]+$/, "");
      const ended = token !== raw;
      if (token === "" && ended) break;
      if (wantsValue || token.startsWith("-") || words.has(token) || /^\d+$/.test(token)) {
        wantsValue = !wantsValue && VALUED.has(token);
        if (token) args.push(token);
        if (ended && !wantsValue) break;
      } else break;
    }
    found.push(args);
  }
  return found;
}

let commandList: Promise<string[]> | undefined;

/** The CLI's commands, from its --help: asked once for every pack. */
function commandNames(): Promise<string[]> {
  commandList ??= runCli(["--help"]).then((help) => [...help.stdout.matchAll(/^ {2}([a-z-]+) /gm)].map((m) => m[1]!));
  return commandList;
}

/** Runs a printed command in `cwd`; watch until it says it is watching, then Ctrl-C. */
async function runPrinted(args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  if (args[0] !== "watch") return runCli(args, { cwd });
  const child = spawn(process.execPath, [path.join(ROOT, "bin", "grade.js"), ...args], { cwd, env: { ...process.env, NO_COLOR: "1" } });
  const out = new OutputWait(child.stdout);
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => { stderr += d.toString(); });
  const code = new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 0)));
  try {
    await out.until(/watching .* for changes/);
  } catch {
    return { code: await code, stderr };
  }
  child.kill("SIGINT");
  await code;
  return { code: 0, stderr };
}

function copyTasks(pack: Pack, from: string, to: string): void {
  for (const t of pack.tasks) copyFileSync(path.join(from, t.file), path.join(to, t.file));
}

// The packs at once: each is a long chain of CLI runs, one after the other in a folder of its own.
describe.concurrent.each(packIds())("the commands grade prints for the pack %s", (packId) => {
  it("run as printed, in the folder they were printed in", async ({ expect }) => {
    const pack = await loadPack(packId);
    const names = await commandNames();
    const cwd = tempDir("grade-printed-");
    const packArgs = packId === defaultPackId() ? [] : ["--pack", packId];
    const texts: string[] = [];
    const say = (label: string, text: string): void => { texts.push(`${label}\n${text}`); };

    const init = await runCli(["init", "my-work", ...packArgs], { cwd });
    expect(init.code).toBe(0);
    say("init", init.stdout);
    for (const t of pack.tasks) say(`starter ${t.file}`, readFileSync(path.join(cwd, "my-work", t.file), "utf8"));
    // The starters: not started. Then one task solved, another with a failing check, then all solved.
    say("status (starters)", (await runCli(["status", "--dir", "my-work"], { cwd })).stdout);
    say("hint (no task)", (await runCli(["hint", "--dir", "my-work"], { cwd })).stdout);
    say("hint (a task not there)", (await runCli(["hint", "nope", "--dir", "my-work"], { cwd })).stderr);
    say("grade (a task not there)", (await runCli(["nope", "--dir", "my-work"], { cwd })).stderr);
    const solutions = path.join(ROOT, packFolder("solutions", packId));
    copyFileSync(path.join(solutions, pack.tasks[0]!.file), path.join(cwd, "my-work", pack.tasks[0]!.file));
    say("status (one task solved)", (await runCli(["status", "--dir", "my-work"], { cwd })).stdout);
    copyTasks(pack, solutions, path.join(cwd, "my-work"));
    // Without the live server checks: a busy machine may fail one, and this run is only for what it prints.
    const solved = await runCli(["status", "--dir", "my-work", "--no-live"], { cwd });
    expect(solved.stdout).toMatch(/All \d+ evidence lines are right/);
    say("status (all solved)", solved.stdout);
    // Runs on my-work as it stays from here on: a printed command among them has already run as printed.
    const ranOnSolved = new Map<string, { code: number; stderr: string }>();
    const onSolved = async (args: string[]): Promise<string> => {
      const run = await runCli(args, { cwd });
      ranOnSolved.set(args.join(" "), run);
      return run.stdout;
    };
    say("hint (all solved)", await onSolved(["hint", "--dir", "my-work"]));
    say("hint (a level)", await onSolved(["hint", pack.tasks[0]!.id, "--level", "1", "--dir", "my-work"]));
    // A submission with checks failing: the watch screen, from the report grade makes of it.
    const half = path.join(cwd, "half");
    cpSync(path.join(cwd, "my-work"), half, { recursive: true });
    for (const t of pack.tasks) copyFileSync(path.join(ROOT, packFolder("starters", packId), t.file), path.join(half, t.file));
    copyFileSync(path.join(solutions, pack.tasks[0]!.file), path.join(half, pack.tasks[0]!.file));
    const report = JSON.parse((await runCli(["--dir", "half", "--reporter", "json"], { cwd })).stdout) as Report;
    say("watch screen (half)", renderWatchScreen({ pack, report }, false));
    say("watch screen (half, on the last task)", renderWatchScreen({ pack, report, focus: pack.tasks.at(-1)!.id }, false));
    say("status (half)", (await runCli(["status", "--dir", "half"], { cwd })).stdout);
    // The quiz's questions name the command that marks them: the pack's own, as status prints it.
    if (pack.quiz) {
      const quizMd = readFileSync(path.join(ROOT, packFolder("tasks", packId), "quiz.md"), "utf8");
      expect(printedCommands(quizMd, pack.tasks.map((t) => t.id), names)).toEqual([["quiz", ...packArgs]]);
      say("quiz.md", quizMd);
    }

    const commands = new Map<string, string>();
    for (const text of texts) for (const args of printedCommands(text, pack.tasks.map((t) => t.id), names)) if (!commands.has(args.join(" "))) commands.set(args.join(" "), text.split("\n")[0]!);
    // What every pack's student is told to run, at the least.
    expect([...commands.keys()]).toEqual(expect.arrayContaining(["watch --dir my-work", "status --dir my-work", "hint task1 --dir my-work", "--dir my-work", "hint --dir my-work"]));
    expect([...commands.keys()].some((c) => c.startsWith("quiz") || !pack.quiz)).toBe(true);

    // The quiz's command runs once its answers are written, as the line printing it says.
    if (pack.quiz) {
      mkdirSync(path.dirname(path.join(cwd, pack.quiz.answersFile)), { recursive: true });
      writeFileSync(path.join(cwd, pack.quiz.answersFile), "q1: A\n");
    }
    const failures: string[] = [];
    for (const [command, where] of commands) {
      const run = ranOnSolved.get(command) ?? await runPrinted(command.split(" "), cwd);
      // 0 or 1 is a grading (pass or fail); 2 with a usage error, or anything from commander, is a command that does not run.
      if (run.code > 1 || /error: (unknown|missing|too many)|is not a task|unknown option/.test(run.stderr)) failures.push(`npx grade ${command} (printed by ${where}): exit ${run.code}: ${run.stderr.trim()}`);
    }
    expect(failures).toEqual([]);
    // Each printed command is a full grading, live checks included: minutes on a busy machine.
  }, 1_500_000);
});

describe("printedCommands", () => {
  const pack = ["task1", "task2"];
  it("reads a command inside a sentence up to the first word that is not its own", () => {
    expect(printedCommands("Stuck? npx grade hint task2 --dir my-work gives a hint for it.", pack, ["hint"])).toEqual([["hint", "task2", "--dir", "my-work"]]);
    expect(printedCommands("check it with npx grade quiz --pack mcp-stateless.", pack, ["quiz"])).toEqual([["quiz", "--pack", "mcp-stateless"]]);
    expect(printedCommands("`npx grade task2 --dir mine`; `npx grade hint task2 --dir mine` helps", pack, ["hint"])).toEqual([["task2", "--dir", "mine"], ["hint", "task2", "--dir", "mine"]]);
    expect(printedCommands("is not written yet; npx grade --dir my-work writes it.", pack, [])).toEqual([["--dir", "my-work"]]);
    expect(printedCommands("check it with npx grade quiz.\nEvidence: npx grade --dir a", pack, ["quiz"])).toEqual([["quiz"], ["--dir", "a"]]);
    expect(printedCommands("  npx grade watch --dir my-work\n  npx grade status", pack, ["watch", "status"])).toEqual([["watch", "--dir", "my-work"], ["status"]]);
  });
});

