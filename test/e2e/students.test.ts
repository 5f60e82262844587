// Issue 14, the students' part, through the real CLI: printed commands that run as printed,
// an evidence file and a progress file per submission (none in the submission folder), hints
// that follow the first failing check, headers that say what they count, typo'd keys, the quiz's
// header, and the watch screen in a real terminal (tmux).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeSubmission, ROOT, runCli, tempDir } from "./cli.js";

const FAST = ["--no-typecheck", "--no-behaviour"];
const solution = (file: string): string => readFileSync(path.join(ROOT, "solutions", file), "utf8");

/** A working directory holding the submission folder `name`, a copy of a fixture submission. */
function workspace(name: string, fixture?: string): string {
  const cwd = tempDir("grade-students-");
  makeSubmission(fixture, cwd);
  execFileSync("mv", [path.join(cwd, fixture ?? "reference-solution"), path.join(cwd, name)]);
  return cwd;
}

describe("printed commands run as printed", () => {
  it("init's Next lines and the starters' headers carry npx and the --dir, and each runs", async () => {
    const cwd = tempDir();
    const init = await runCli(["init", "my-work"], { cwd });
    expect(init).toMatchObject({ code: 0, stderr: "" });
    const commands = init.stdout.split("\n").filter((l) => l.startsWith("  npx grade")).map((l) => l.trim().split(/\s{2,}/)[0]!);
    expect(commands).toEqual(["npx grade watch --dir my-work", "npx grade hint task1 --dir my-work", "npx grade status --dir my-work"]);
    const header = readFileSync(path.join(cwd, "my-work", "task2.ts"), "utf8");
    expect(header).toContain("`npx grade task2 --dir my-work`");
    expect(header).not.toMatch(/`npx grade (?![^`]*--dir my-work)[^`]*`/);
    // The repository's own starters keep the plain form, right for tasks/.
    expect(readFileSync(path.join(ROOT, "starters", "task2.ts"), "utf8")).toContain("`npx grade task2`");
    // What `npx grade` resolves to in the repository: this package's bin (npm exec matches the root's bin).
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string> };
    expect(pkg.bin["grade"]).toBe("bin/grade.js");
    const status = await runCli(["status", "--dir", "my-work", ...FAST], { cwd });
    expect(status.stderr).toBe("");
    expect(status.stdout).toContain("Next: Write toMcp in my-work/task1.ts");
  });

  it("status and hint name the --dir in use in the commands they print, and leave it out for tasks/", async () => {
    const cwd = workspace("my work", "unknown-tool-32601");
    const status = await runCli(["status", "--dir", "my work", ...FAST], { cwd });
    expect(status.stdout).toContain("Stuck? npx grade hint task2 --dir 'my work' gives a hint for it.");
    const hint = await runCli(["hint", "task2", "--dir", "my work"], { cwd });
    expect(hint).toMatchObject({ code: 0, stderr: "" });
    expect(hint.stdout).toContain("npx grade hint task2 --dir 'my work' shows hint 5 of 5");
    const tasks = workspace("tasks", "unknown-tool-32601");
    expect((await runCli(["status", ...FAST], { cwd: tasks })).stdout).toContain("Stuck? npx grade hint task2 gives a hint for it.");
  });
});

describe("an evidence file and a progress file per submission", () => {
  it("grade --dir keeps tasks/' evidence byte for byte, check and status read the --dir's own, nothing is written into the folder", async () => {
    const cwd = workspace("tasks");
    makeSubmission("unknown-tool-32601", cwd);
    execFileSync("mv", [path.join(cwd, "unknown-tool-32601"), path.join(cwd, "my-work")]);
    expect((await runCli(FAST, { cwd })).code).toBe(0);
    const own = readFileSync(path.join(cwd, "evidence", "chapter2-evidence.txt"), "utf8");
    expect(own).toContain("t2_id4_error: -32602 Unknown tool: deploy_nuke\n");

    const other = await runCli(["--dir", "my-work", ...FAST], { cwd });
    expect(other.stdout).toContain("Evidence written to evidence/my-work/chapter2-evidence.txt");
    expect(readFileSync(path.join(cwd, "evidence", "chapter2-evidence.txt"), "utf8")).toBe(own);
    expect(readFileSync(path.join(cwd, "evidence", "my-work", "chapter2-evidence.txt"), "utf8")).toContain("t2_id4_error: -32601 Unknown tool: deploy_nuke\n");
    expect(readdirSync(path.join(cwd, "my-work")).filter((f) => !f.endsWith(".ts") && f !== "reference")).toEqual([]);
    expect(existsSync(path.join(cwd, ".grade", "progress", "my-work.json"))).toBe(true);

    const check = await runCli(["check", "--dir", "my-work"], { cwd });
    expect(check.stdout.split("\n")[0]).toBe("grade check evidence/my-work/chapter2-evidence.txt · 16/17 lines match their rule");
    expect(check.stdout).toContain("✗ t2_id4_error: -32601 Unknown tool: deploy_nuke");
    expect((await runCli(["check"], { cwd })).stdout.split("\n")[0]).toBe("grade check evidence/chapter2-evidence.txt · 17/17 lines match their rule");

    const status = await runCli(["status", "--dir", "my-work", ...FAST], { cwd });
    expect(status.stdout).toContain("Evidence: evidence/my-work/chapter2-evidence.txt holds what your code prints now.");
    expect(status.stdout).toContain("Progress is remembered in .grade/progress/my-work.json.");
    writeFileSync(path.join(cwd, "my-work", "task2.ts"), solution("task2.ts"));
    const stale = await runCli(["status", "--dir", "my-work", ...FAST], { cwd });
    expect(stale.stdout).toContain("Evidence: evidence/my-work/chapter2-evidence.txt is out of date (your code prints other lines now); npx grade --dir my-work rewrites it.");
    expect(stale.stdout).toContain("Hand in evidence/my-work/chapter2-evidence.txt");
  });

  it("check without a file says which --dir's evidence is missing and the command that writes it", async () => {
    const cwd = workspace("my-work");
    const r = await runCli(["check", "--dir", "my-work"], { cwd });
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toContain("There is no evidence file for my-work/ yet (it would be evidence/my-work/chapter2-evidence.txt). npx grade --dir my-work writes it");
  });
});

describe("hints follow the first failing check", () => {
  it("with only rule 4 wrong, hint gives rule 4's hint, then the exact rule; none for a task that passes", async () => {
    const cwd = workspace("sub", "unknown-tool-32601");
    const first = await runCli(["hint", "task2", "--dir", "sub"], { cwd });
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toMatch(/^Hint 4 of 5 · Task 2 · Answer the protocol's messages\nFor the check to fix first: t2_id4_error · /);
    expect(first.stdout).toContain("two channels");
    const second = await runCli(["hint", "task2", "--dir", "sub"], { cwd });
    expect(second.stdout).toMatch(/^Hint 5 of 5 /);
    expect(second.stdout).toContain("That is the exact rule");
    const passing = await runCli(["hint", "task1", "--dir", "sub"], { cwd });
    expect(passing.stdout).toMatch(/^No hint needed · Task 1 /);
    expect(existsSync(path.join(cwd, "sub", ".grade-progress.json"))).toBe(false);
  });
});

describe("headers say what their numbers count", () => {
  it("a failing task says what its numbers count and which checks failed; a passing one says all pass", async () => {
    const cwd = workspace("sub", "unknown-tool-32601");
    const r = await runCli(["--dir", "sub", "task2", "--no-live"], { cwd });
    const header = r.stdout.split("\n").find((l) => l.startsWith("Task 2"))!;
    expect(header).toMatch(/^Task 2 · Answer the protocol's messages {2}FAIL · evidence 8\/9 · \d+ of \d+ checks failed: t2_id4_error, /);
    const task1 = await runCli(["--dir", "sub", "task1", "--no-live"], { cwd });
    expect(task1.stdout).toMatch(/Task 1 · Convert a tool definition {2}PASS · evidence 3\/3 · all \d+ checks pass/);
  });
});

describe("typos and the quiz", () => {
  it("check reports a misspelt key once, at the key it was meant to be", async () => {
    const cwd = workspace("tasks");
    await runCli(FAST, { cwd });
    const file = path.join(cwd, "evidence", "chapter2-evidence.txt");
    writeFileSync(file, readFileSync(file, "utf8").replace("t1_name_description_unchanged", "t1_name_descripton_unchanged"));
    const r = await runCli(["check"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("✗ t1_name_description_unchanged: true\n      expected: true\n      line 3 writes the key as \"t1_name_descripton_unchanged\": did you mean t1_name_description_unchanged?");
    expect(r.stdout).not.toContain("The file has no t1_name_description_unchanged line");
    expect(r.stdout).not.toContain("The file's format");
    const json = JSON.parse((await runCli(["check", "--reporter", "json"], { cwd })).stdout) as { problems: unknown[] };
    expect(json.problems).toEqual([]);
  });

  it("the quiz header gives the same count as its footer", async () => {
    const cwd = tempDir();
    writeFileSync(path.join(cwd, "a.txt"), "q1: B\nq9: nope\n");
    const r = await runCli(["quiz", "a.txt"], { cwd, env: { GRADE_QUIZ_KEY: "" } });
    const lines = r.stdout.trimEnd().split("\n");
    const footer = lines.at(-1)!;
    expect(footer).toMatch(/^0 of 2 marked answers right, 9 to fix in the file$/);
    expect(lines[0]).toBe(`grade quiz a.txt · ${footer} (without the key only questions 9 and 10 are marked)`);
  });
});

// The watch screen in a real terminal: tmux gives grade a TTY, keys are sent to it, and the
// screen is read back with capture-pane.
// Each test has a tmux server of its own (-L): a new session made while the last one's server
// is shutting down fails with "server exited unexpectedly", as seen once in CI.
const TMUX = spawnSync("tmux", ["-V"]).status === 0;
const session = `grade-students-${process.pid}`;
let socket = `${session}-0`;
const sockets: string[] = [];
const tmux = (...args: string[]): string => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
function newServer(n: number): void { socket = `${session}-${n}`; sockets.push(socket); }
afterAll(() => { for (const s of sockets) spawnSync("tmux", ["-L", s, "kill-server"]); });

// Polled: capture-pane has no event. The deadline only stops a hang, with the screen in the error.
async function screenShows(pattern: RegExp, timeoutMs = 150_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const screen = tmux("capture-pane", "-p", "-J", "-t", session);
    if (pattern.test(screen)) return screen;
    if (Date.now() > until) throw new Error(`the screen never showed ${pattern}:\n${screen}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe.skipIf(!TMUX)("grade watch in a terminal", () => {
  it("h gives the hint for the current first failing check, and it goes once that check passes", async () => {
    const cwd = workspace("sub", "unknown-tool-32601");
    const env = `NO_COLOR=1 TERM=xterm`;
    newServer(1);
    tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "60", "-c", cwd,
      `${env} ${process.execPath} ${path.join(ROOT, "bin", "grade.js")} watch task2 --dir sub --no-typecheck --no-live; sleep 30`);
    let screen = await screenShows(/h: a hint for task2/);
    expect(screen).toMatch(/Task 2 · Answer the protocol's messages {2}FAIL · evidence 8\/9 · \d+ of \d+ checks failed: t2_id4_error/);
    expect(screen).toContain("npx grade task2 --dir sub shows them all");
    tmux("send-keys", "-t", session, "h");
    screen = await screenShows(/Hint 4 of 5 \(for t2_id4_error\)/);
    expect(screen).toContain("two channels");

    writeFileSync(path.join(cwd, "sub", "task2.ts"), solution("task2.ts"));
    screen = await screenShows(/Task 2 · Answer the protocol's messages {2}PASS/);
    expect(screen).not.toContain("Hint 4 of 5");
    tmux("send-keys", "-t", session, "q");
  }, 400_000);

  it("shows a crash message with a terminal escape by its code", async () => {
    const cwd = workspace("sub");
    writeFileSync(path.join(cwd, "sub", "task2.ts"), `export function handle(): never { throw new Error("boom \\u001b]0;owned\\u0007 ::error::forged"); }\n`);
    newServer(2);
    tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "60", "-c", cwd,
      `NO_COLOR=1 ${process.execPath} ${path.join(ROOT, "bin", "grade.js")} watch task2 --dir sub --no-typecheck --no-behaviour; sleep 30`);
    const screen = await screenShows(/boom/);
    expect(screen).toContain("boom \\x1b]0;owned\\x07 ::error::forged");
    tmux("send-keys", "-t", session, "q");
  }, 200_000);
});
