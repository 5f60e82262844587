// Issue 14, items 6-9, through the real CLI: an instructor's batch with every report in a file,
// GitHub annotations that attach, one score in every reporter, instructor wording in grades.csv,
// and the class-folder entries that are not a student's own submission.
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../src/batch/csv.js";
import { overlay } from "../overlay.js";
import { ROOT, runCli, tempDir, type CliResult } from "./cli.js";

const FIXTURES = path.join(ROOT, "test", "fixtures");

/** A repository with a class folder, submissions/, as a course repository holds it. */
function classRepository(): string {
  const repo = tempDir("grade-instructor-");
  const cls = path.join(repo, "submissions");
  overlay(path.join(cls, "good"));
  overlay(path.join(cls, "printer"), path.join(FIXTURES, "beyond-evidence", "stdout-banner"));
  overlay(path.join(cls, "broken"), path.join(FIXTURES, "submissions", "syntax-error"));
  cpSync(path.join(ROOT, "starters"), path.join(cls, "starter"), { recursive: true });
  overlay(path.join(cls, "bob", "tasks"));
  // A classmate's folder and a folder outside the class, by link: never graded as the student's.
  symlinkSync("good", path.join(cls, "copycat"));
  symlinkSync(path.join(ROOT, "solutions"), path.join(cls, "outsider"));
  return repo;
}

describe("grade batch for an instructor", () => {
  let repo: string;
  let run: CliResult;
  const read = (file: string): string => readFileSync(path.join(repo, file), "utf8");
  const rows = (): Record<string, Record<string, string>> => {
    const [header, ...body] = parseCsv(read("out/grades.csv"));
    return Object.fromEntries(body.map((r) => [r[0]!, Object.fromEntries(header!.map((h, i) => [h, r[i]!]))]));
  };

  beforeAll(async () => {
    repo = classRepository();
    writeFileSync(path.join(repo, "summary.md"), "");
    run = await runCli(["batch", "submissions", "--out", "out", "--jobs", "2", "--reporter", "json=reports/all.json", "--reporter", "junit=reports/junit.xml",
      "--reporter", "github=reports/github.txt", "--reporter", "gradescope=reports/gradescope.json"], { cwd: repo, env: { GITHUB_WORKSPACE: repo, GITHUB_STEP_SUMMARY: path.join(repo, "summary.md") } });
  }, 900_000); // a class of seven with every check: minutes on a busy machine

  it("prints the summary and a Wrote line per file on stderr when every report goes to a file, and nothing on stdout", () => {
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^grade batch · 7 submissions: 1 passed, 2 failed, 4 errored/);
    for (const file of ["reports/all.json", "reports/junit.xml", "reports/github.txt", "reports/gradescope.json"]) expect(run.stderr).toContain(`Wrote ${file}\n`);
  });

  it("annotates files by their path in the repository, with an error for a starter never written", () => {
    const lines = read("reports/github.txt").split("\n");
    expect(lines).toContainEqual(expect.stringMatching(/^::error file=submissions\/printer\/task2\.ts,line=1,title=t2_no_stdout%3A/));
    for (const task of ["task1"]) expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^::error file=submissions/starter/${task}\\.ts,line=1,title=${task} is not written yet::`)));
    // GitHub shows 10 error annotations per step: the first problem of each task of each student first, the rest counted.
    expect(lines.filter((l) => l.startsWith("::error "))).toHaveLength(10);
    expect(lines).toContainEqual(expect.stringMatching(/^::notice title=grade::\d+ of 7 submissions pass every check; \d+ more problems not annotated/));
    expect(read("summary.md")).toMatch(/\d+ problems: the first 10 are annotated on the files/);
    expect(lines).toContainEqual(expect.stringMatching(/^::error file=submissions\/broken\/task1\.ts,line=\d+,title=task1 did not run::/));
    expect(lines.filter((l) => l.startsWith("::error ")).every((l) => l.includes("file=submissions/"))).toBe(true);
  });

  it("gives a server that prints on stdout the same score, below full marks, in every reporter", () => {
    const json = (JSON.parse(read("reports/all.json")) as { submission: string; score: number; maxScore: number }[]).find((r) => r.submission === "printer")!;
    expect(json.score).toBeLessThan(json.maxScore);
    expect(json.maxScore).toBe(17);
    const score = `${json.score}/${json.maxScore}`;
    expect(`${rows().printer!.score}/${rows().printer!.max_score}`).toBe(score);
    const gradescope = (JSON.parse(read("reports/gradescope.json")) as Record<string, { score: number; max_score: number; tests: { score: number; max_score: number; name: string }[] }>).printer!;
    expect(`${gradescope.score}/${gradescope.max_score}`).toBe(score);
    expect(gradescope.tests.reduce((n, t) => n + t.score, 0)).toBe(json.score);
    expect(gradescope.tests.find((t) => t.name.startsWith("task2 · t2_no_stdout"))).toMatchObject({ score: -1, max_score: 0 });
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(read("reports/junit.xml")) as { testsuites: { testsuite: { name: string; properties: { property: { name: string; value: string }[] } }[] } };
    const suite = junit.testsuites.testsuite.find((s) => s.name === "printer/task2")!;
    const prop = (name: string): string => suite.properties.property.find((p) => p.name === name)!.value;
    expect(`${prop("submission_score")}/${prop("submission_max_score")}`).toBe(score);
    expect(read("summary.md")).toContain(`| printer | fail | ${score} |`);
  });

  it("writes grades.csv for the instructor: a check id first, facts without advice, plain time-outs", () => {
    const csv = rows();
    expect(read("out/grades.csv")).not.toMatch(/Fix the code at that place and save|replace the TODO|grade init/);
    expect(csv.printer).toMatchObject({ first_failing_check: "t2_no_stdout", message: 'fails: handle prints nothing on stdout; got "chapter2-server ready\\n"' });
    expect(csv.starter).toMatchObject({ first_failing_check: "t1_keys", message: "task1.ts not written yet (the starter is unchanged)" });
    expect(csv.broken!.first_failing_check).toBe("t1_keys");
    expect(csv.broken!.message).toMatch(/^broken\/task1\.ts:\d+:\d+: .+\.$/);
    expect(csv.good).toMatchObject({ score: "17", first_failing_check: "", message: "" });
  });

  it("refuses a linked folder (a classmate's or outside the class) and names a submission one folder too deep", () => {
    const csv = rows();
    expect(csv.copycat).toMatchObject({ score: "0", status: "error" });
    expect(csv.copycat!.message).toBe("Not graded: copycat is a symbolic link (to good, another folder of the class), not a folder of its own. A link could copy another submission's grade; put the student's own files in a real folder named copycat.");
    expect(csv.outsider!.message).toMatch(/^Not graded: outsider is a symbolic link \(to a folder outside the class folder\)/);
    expect(csv.bob!.message).toBe("Not graded: bob has no task files of its own; they are one folder too deep, in bob/tasks/. Move task1.ts, task2.ts, task3.ts up into bob/ and grade again.");
  });
});

describe("grade batch on a class folder that holds no submission", () => {
  it("says the class folder is empty", async () => {
    const repo = tempDir("grade-instructor-");
    mkdirSync(path.join(repo, "submissions"));
    const run = await runCli(["batch", "submissions", "--out", "out"], { cwd: repo });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("grade: The class folder submissions holds no submission folders. Put one subfolder per student in it, each with task1.ts, task2.ts and task3.ts: submissions/ann/task1.ts.\n");
  });

  it("says so when it is one submission rather than a class", async () => {
    const repo = tempDir("grade-instructor-");
    // A submission (overlay adds a reference/ subfolder, as a student's helper folder would be).
    overlay(path.join(repo, "mine"));
    const run = await runCli(["batch", "mine", "--out", "out"], { cwd: repo });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("grade: The class folder mine holds task files itself, so it is one submission, not a class of them. Grade it with npx grade --dir mine, or give npx grade batch the folder that holds one subfolder per student: mine/ann/task1.ts.\n");
  });
});

describe("grade batch --typecheck", () => {
  it("adds the type check grade runs, off by default in a batch", async () => {
    const repo = tempDir("grade-instructor-");
    overlay(path.join(repo, "class", "ann"));
    const kinds = async (args: string[]): Promise<string[]> => {
      const run = await runCli(["batch", "class", "--out", "out", "--no-behaviour", "--reporter", "json", ...args], { cwd: repo });
      expect(run.code).toBe(0);
      return [...new Set((JSON.parse(run.stdout) as { tasks: { checks: { kind: string }[] }[] }[])[0]!.tasks.flatMap((t) => t.checks.map((c) => c.kind)))];
    };
    expect(await kinds([])).not.toContain("types");
    const typed = await kinds(["--typecheck"]);
    expect(typed).toContain("types");
  }, 600_000);
});

describe("grade with every report in a file", () => {
  it("prints the score and the Wrote lines on stderr, with annotation paths from the working directory", async () => {
    const repo = tempDir("grade-instructor-");
    cpSync(path.join(ROOT, "starters"), path.join(repo, "tasks"), { recursive: true });
    const run = await runCli(["--no-behaviour", "--no-typecheck", "--reporter", "github=out/github.txt", "--reporter", "json=out/report.json"], { cwd: repo, env: { GITHUB_WORKSPACE: undefined } });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^grade tasks\/ · score 0\/17 · fail \(did not run: task1, task2, task3\)\nWrote out\/github\.txt\nWrote out\/report\.json\n$/);
    expect(readFileSync(path.join(repo, "out", "github.txt"), "utf8")).toMatch(/^::error file=tasks\/task1\.ts,line=1,title=task1 is not written yet::/);
  });
});
