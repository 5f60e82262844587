// The type-check fixtures referee the two compilers (src/typecheck/compilers.ts): every fixture
// submission of both packs, the reference solutions and the starters get the same verdicts from
// TypeScript 7 and 5.9, the same findings at the same places, and the same words of grade's own
// around them. Only the compiler's quoted diagnostic ("TS2345: …") may be worded differently
// (docs/typecheck.md lists where it is).
import { cpSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TASK_IDS } from "../courses/mcp-ch2/course/tasks.js";
import { TypeChecker } from "../courses/mcp-ch2/typecheck/check-types.js";
import { statefulSpec } from "../courses/mcp-stateful/typecheck/spec.js";
import { statelessSpec } from "../courses/mcp-stateless/typecheck/spec.js";
import { ProbeChecker } from "../src/typecheck/probe-check.js";
import type { Compiler } from "../src/typecheck/typed-program.js";
import type { TaskTypes, TypeFinding } from "../src/typecheck/types-check.js";
import { bothCompilers } from "./compilers.js";
import { overlay, ROOT } from "./overlay.js";

const FIXTURES = path.join(ROOT, "test", "fixtures", "types");
const [ts7, ts59] = bothCompilers().map(([, open]) => open) as [() => Compiler, () => Compiler];

/** What must not depend on the compiler: each task's verdict, and each finding's place and grade's words before the compiler's. */
function verdicts(result: Record<string, TaskTypes>): unknown {
  return Object.fromEntries(Object.entries(result).map(([task, t]) => {
    if (!("findings" in t)) return [task, t];
    const said = (fs: readonly TypeFinding[]) => fs.map((f) => `${f.file}:${f.line}:${f.column} ${f.message.split(/\bTS\d+: /)[0]}`);
    return [task, { fails: t.findings.length > 0, findings: said(t.findings), advice: said(t.advice ?? []) }];
  }));
}

/** The stateful pack's reference solution with a fixture folder laid over it. */
function stateful(fixture?: string): { cwd: string; dir: string } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-compilers-"));
  const dir = path.join(cwd, "sub");
  cpSync(path.join(ROOT, "solutions", "mcp-stateful"), dir, { recursive: true });
  if (fixture) cpSync(path.join(FIXTURES, "mcp-stateful", fixture), dir, { recursive: true });
  return { cwd, dir };
}

function stateless(fixture?: string): { cwd: string; dir: string } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-compilers-"));
  const dir = path.join(cwd, "sub");
  const solutions = path.join(ROOT, "solutions", "mcp-stateless");
  mkdirSync(path.join(dir, "reference"), { recursive: true });
  for (const file of readdirSync(solutions).filter((f) => f.endsWith(".ts"))) {
    cpSync(path.join(solutions, file), path.join(dir, file));
    cpSync(path.join(solutions, file), path.join(dir, "reference", file));
  }
  if (fixture) cpSync(path.join(FIXTURES, "mcp-stateless", fixture), dir, { recursive: true });
  return { cwd, dir };
}

describe("TypeScript 7 and 5.9 on the type-check fixtures", () => {
  const chapter2 = ["solutions", "starters", ...readdirSync(FIXTURES).filter((f) => f !== "hostile-paths" && !f.startsWith("mcp-"))];
  let checkers: [TypeChecker, TypeChecker] | undefined;

  it.each(chapter2)("chapter 2, %s: the same verdicts", (name) => {
    checkers ??= [new TypeChecker(ROOT, ts7()), new TypeChecker(ROOT, ts59())];
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-compilers-"));
    const dir = name === "starters" ? path.join(ROOT, "tasks") : overlay(path.join(cwd, "sub"), name === "solutions" ? undefined : path.join(FIXTURES, name));
    const [seven, older] = checkers.map((c) => c.check(dir, TASK_IDS, (abs) => path.relative(cwd, abs)));
    expect(verdicts(seven!)).toEqual(verdicts(older!));
  });

  const statelessNames = ["solutions", ...readdirSync(path.join(FIXTURES, "mcp-stateless"))];
  let probes: [ProbeChecker, ProbeChecker] | undefined;

  it.each(statelessNames)("the stateless pack, %s: the same verdicts", (name) => {
    probes ??= [new ProbeChecker(ROOT, statelessSpec(ROOT), ts7()), new ProbeChecker(ROOT, statelessSpec(ROOT), ts59())];
    const { cwd, dir } = stateless(name === "solutions" ? undefined : name);
    const [seven, older] = probes.map((c) => c.check(dir, ["task1", "task2", "task3", "task4"], (abs) => path.relative(cwd, abs)));
    expect(verdicts(seven!)).toEqual(verdicts(older!));
  });

  const statefulNames = ["solutions", ...readdirSync(path.join(FIXTURES, "mcp-stateful"))];
  let classProbes: [ProbeChecker, ProbeChecker] | undefined;

  it.each(statefulNames)("the stateful pack, %s: the same verdicts", (name) => {
    classProbes ??= [new ProbeChecker(ROOT, statefulSpec(ROOT), ts7()), new ProbeChecker(ROOT, statefulSpec(ROOT), ts59())];
    const { cwd, dir } = stateful(name === "solutions" ? undefined : name);
    const [seven, older] = classProbes.map((c) => c.check(dir, ["task1", "task2", "task3"], (abs) => path.relative(cwd, abs)));
    expect(verdicts(seven!)).toEqual(verdicts(older!));
  });
});
