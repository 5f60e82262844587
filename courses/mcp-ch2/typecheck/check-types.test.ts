import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeSubmission, ROOT, solution } from "../../../test/student-commands/submission.js";
import { TASK_IDS } from "../course/tasks.js";
import pack from "../pack.js";
import { gradeSubmission } from "../../../src/grading/grade.js";
import { makeDisplay } from "../../../src/grading/paths.js";
import { bothCompilers } from "../../../test/compilers.js";
import { TypeChecker, typesCheck, type TaskTypes } from "./check-types.js";
import { TypeCheckWorker } from "./worker-client.js";

type Result = Record<"task1" | "task2" | "task3", TaskTypes>;
const findings = (r: Result, task: "task1" | "task2" | "task3") => {
  const t = r[task];
  if (!("findings" in t)) throw new Error(JSON.stringify(t));
  return t.findings;
};
const advice = (r: Result, task: "task1" | "task2" | "task3") => {
  const t = r[task];
  if (!("findings" in t)) throw new Error(JSON.stringify(t));
  return t.advice ?? [];
};

// Each compiler gives the same findings (the messages are the student's).
describe.each(bothCompilers())("TypeChecker with %s", (_, compiler) => {
  // One checker for each compiler, as watch mode keeps one: the standard library is parsed once.
  let kept: TypeChecker | undefined;
  const checker = { check: (...args: Parameters<TypeChecker["check"]>) => (kept ??= new TypeChecker(ROOT, compiler())).check(...args) };
  const check = (fixture?: string): Result => {
    const sub = makeSubmission(fixture ? { fixture } : {});
    return checker.check(sub.abs, TASK_IDS, makeDisplay(sub.cwd, sub.abs).path);
  };

  it("finds nothing in the reference solutions nor in the starters", () => {
    const solutions = check();
    for (const t of TASK_IDS) expect(findings(solutions, t)).toEqual([]);
    const starters = checker.check(path.join(ROOT, "tasks"), TASK_IDS, makeDisplay(ROOT, path.join(ROOT, "tasks")).path);
    for (const t of TASK_IDS) expect(findings(starters, t)).toEqual([]);
  });

  it("reports a parameter the runner's call does not fit at the export, with the compiler's message", () => {
    const [finding, ...more] = findings(check("wrong-signature"), "task1");
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ file: "sub/task1.ts", line: 5, column: 17 });
    expect(finding!.message).toContain("toMcp does not fit the chapter's signature (tool: ToolDefinition) => McpTool: the chapter's runner calls toMcp(TOOL)");
    expect(finding!.message).toContain("TS2345: Argument of type 'TOOL' is not assignable to parameter of type 'string'.");
  });

  it("advises on a missing return case with the compiler's message, at no cost", () => {
    expect(findings(check("missing-return-case"), "task1")).toEqual([]);
    expect(advice(check("missing-return-case"), "task1")).toEqual([
      { file: "sub/task1.ts", line: 5, column: 46, message: "TS2366: Function lacks ending return statement and return type does not include 'undefined'." },
    ]);
  });

  it("lets an any through where the runner's use of the export is still checked: an any parameter, any[] elements", () => {
    // This fixture's serve(lines: any): { out: any[]; log: string[] } can be called with LINES and
    // its result is an object with the two lists; only an any result (fixtures.test.ts) hides that.
    expect(findings(check("any-leak"), "task3")).toEqual([]);
  });

  it("advises on an export typed any, whose call nothing checks (an any type-checks wherever it is used)", () => {
    const sub = makeSubmission({ files: { "task1.ts": `import { toMcp as reference } from "./reference/task1.js";\nexport const toMcp: any = reference;\n` } });
    const result = checker.check(sub.abs, TASK_IDS, makeDisplay(sub.cwd, sub.abs).path);
    expect(findings(result, "task1")).toEqual([]);
    const [finding, ...more] = advice(result, "task1");
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ line: 2, column: 14 });
    expect(finding!.message).toMatch(/^toMcp has type any, so nothing checks that the chapter's runner can call it/);
  });

  it("advises on a type that cannot be found once, not again as an any result", () => {
    const sub = makeSubmission({ files: { "task3.ts": solution("task3.ts").replace("(lines: string[]): ServeResult", "(lines: string[]): Served") } });
    const result = checker.check(sub.abs, TASK_IDS, makeDisplay(sub.cwd, sub.abs).path);
    expect(findings(result, "task3")).toEqual([]);
    expect(advice(result, "task3").map((f) => f.message)).toEqual(["TS2304: Cannot find name 'Served'."]);
  });

  it("knows Node 20's globals without an import, and still advises on a name that does not exist", () => {
    const globals = "structuredClone, queueMicrotask, TextEncoder, TextDecoder, URL, URLSearchParams, AbortController, setTimeout, performance, atob, btoa, crypto.randomUUID";
    const known = makeSubmission({ files: { "task1.ts": `${solution("task1.ts")}\nexport const globals = [${globals}];\nconsole.table(globals);\n` } });
    expect(advice(checker.check(known.abs, TASK_IDS, makeDisplay(known.cwd, known.abs).path), "task1")).toEqual([]);
    const typo = makeSubmission({ files: { "task3.ts": `${solution("task3.ts")}\nexport const copy = structuredClon({});\n` } });
    expect(advice(checker.check(typo.abs, TASK_IDS, makeDisplay(typo.cwd, typo.abs).path), "task3").map((f) => f.message))
      .toEqual([expect.stringMatching(/^TS2552: Cannot find name 'structuredClon'. Did you mean 'structuredClone'\?/)]);
  });

  it("says of every implicit any that strict mode makes it an error, and what to annotate", () => {
    const extra = "\nfunction size(value: unknown) {\n  return Array.isArray(value) ? value.map(size).length : 1;\n}\nexport function collect(xs: string[]) {\n  const acc = [];\n  xs.forEach(() => acc.push(size(xs)));\n  return acc;\n}\n";
    const sub = makeSubmission({ files: { "task3.ts": solution("task3.ts") + extra } });
    const found = advice(checker.check(sub.abs, TASK_IDS, makeDisplay(sub.cwd, sub.abs).path), "task3").map((f) => f.message);
    expect(found.length).toBeGreaterThan(0);
    for (const m of found) expect(m).toContain('grade type-checks with "strict": true, under which an implicit any is an error');
    expect(found.filter((m) => m.startsWith("TS7023")).map((m) => m.endsWith("annotate the function's return type, e.g. function dumps(value: unknown): string.)"))).toEqual([true]);
    expect(found.filter((m) => m.startsWith("TS7034")).map((m) => m.endsWith("declare its type, e.g. const out: string[] = [].)"))).toEqual([true]);
  });

  it("checks code that uses Node's own API against @types/node instead of reporting it", () => {
    const sub = makeSubmission({ files: {
      "task3.ts": solution("task3.ts").replace("const out: string[] = [];", "const out: string[] = [];\n  process.stderr.write(\"serving\\n\");\n  console.error(\"log\");"),
      "task1.ts": `${solution("task1.ts")}\nimport { readFileSync } from "node:fs";\nexport const size: number = readFileSync("x", "utf8");\n`,
    } });
    const result = checker.check(sub.abs, TASK_IDS, makeDisplay(sub.cwd, sub.abs).path);
    expect(advice(result, "task3")).toEqual([]);
    expect(advice(result, "task1").map((f) => f.message)).toEqual(["TS2322: Type 'string' is not assignable to type 'number'."]);
  });

  it("skips a file that does not compile or does not exist (the run reports those)", () => {
    expect(check("syntax-error").task1).toEqual({ skipped: "task1.ts could not be compiled." });
    const sub = makeSubmission();
    rmSync(path.join(sub.abs, "task3.ts"));
    const result = checker.check(sub.abs, ["task1", "task3"], (p) => p);
    expect(result).toEqual({ task1: { findings: [] }, task3: { skipped: "task3.ts does not exist." } });
  });

  it("sees each edit between two checks of the same folder, as watch mode makes them: a changed, a new and a removed file", () => {
    const sub = makeSubmission();
    const again = () => checker.check(sub.abs, ["task3"], makeDisplay(sub.cwd, sub.abs).path);
    expect(findings(again(), "task3")).toEqual([]);
    writeFileSync(path.join(sub.abs, "task3.ts"), readFileSync(path.join(ROOT, "test", "fixtures", "types", "serve-returns-array", "task3.ts"), "utf8"));
    expect(findings(again(), "task3").map((f) => f.message)).toEqual([expect.stringContaining("but it returns string[]")]);
    writeFileSync(path.join(sub.abs, "task3.ts"), `import { serve as mine } from "./helper.js";\nexport const serve = mine;\n`);
    expect(findings(again(), "task3").map((f) => f.message)).toEqual([]);
    expect(advice(again(), "task3").map((f) => f.message)).toEqual([expect.stringMatching(/^TS2307: Cannot find module '\.\/helper\.js'/)]);
    writeFileSync(path.join(sub.abs, "helper.ts"), solution("task3.ts"));
    expect(again()).toEqual({ task3: { findings: [] } });
    rmSync(path.join(sub.abs, "helper.ts"));
    expect(advice(again(), "task3").map((f) => f.message)).toEqual([expect.stringMatching(/^TS2307: Cannot find module '\.\/helper\.js'/)]);
  });
});

describe("typesCheck", () => {
  it("is one check of kind types per task, failing with file:line lines", () => {
    const c = typesCheck(pack.tasks[1]!, { findings: [{ file: "sub/task2.ts", line: 3, column: 1, message: "TS2322: x" }] });
    expect(c).toMatchObject({ name: "t2_types", kind: "types", status: "fail", message: "sub/task2.ts:3:1 TS2322: x" });
    expect(typesCheck(pack.tasks[0]!, { skipped: "task1.ts does not exist." })).toMatchObject({ status: "skip" });
  });
});

describe("gradeSubmission with typecheck", () => {
  const worker = new TypeCheckWorker();
  afterAll(() => worker.close());

  it("adds the types checks, fails a task whose evidence all passes, passes one with advice, and leaves them out when not asked", async () => {
    // serve's values are right, its declared type says the runner cannot use them; toMcp has no annotations.
    const lying = `import { serve as reference } from "./reference/task3.js";\nexport function serve(lines: string[]): string[] {\n  return reference(lines) as unknown as string[];\n}\n`;
    const plain = readFileSync(path.join(ROOT, "test", "fixtures", "types", "plain-javascript", "task1.ts"), "utf8");
    const sub = makeSubmission({ files: { "task3.ts": lying, "task1.ts": plain } });
    const typed = await gradeSubmission({ cwd: sub.cwd, dir: sub.dir, tasks: TASK_IDS, typecheck: worker });
    const t3 = typed.tasks[2]!;
    expect(t3).toMatchObject({ status: "fail", score: 5, maxScore: 5 });
    expect(t3.checks.find((c) => c.kind === "types")).toMatchObject({ name: "t3_types", status: "fail" });
    expect(t3.checks.find((c) => c.kind === "types")!.message).toContain("but it returns string[]");
    expect(typed.tasks[0]).toMatchObject({ status: "pass", score: 3, maxScore: 3 });
    expect(typed.tasks[0]!.checks.find((c) => c.kind === "types")).toMatchObject({ status: "pass", message: expect.stringMatching(/^Advice, which costs nothing .*\nsub\/task1.ts:3:23 TS7006/) });

    const untyped = await gradeSubmission({ cwd: sub.cwd, dir: sub.dir, tasks: TASK_IDS });
    expect(untyped.tasks.flatMap((t) => t.checks).some((c) => c.kind === "types")).toBe(false);
    expect(untyped.status).toBe("pass");
  });
});
