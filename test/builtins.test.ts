// Correct chapter-2 submissions that each lean on one of Node 20's built-ins (URL, structuredClone,
// localeCompare, Intl.Collator, Intl.ListFormat, the global Buffer), graded for real: each gets
// full marks. Before the sandbox gave these built-ins as Node does (src/sandbox/globals/), each
// lost points: the module threw at load, or the copy lost a key, or the text differed. Nine more
// lean on what such a student may reach for next: node:assert, node:events, util.format,
// URLSearchParams, TextEncoder, structuredClone of a Map, a Buffer's UTF-8 round trip, and an
// Intl.Collator and a toSorted localeCompare given options; and an error class that calls
// Error.captureStackTrace (it threw "not a function" before: src/sandbox/globals/base.js).
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASK_IDS } from "../courses/mcp-ch2/course/tasks.js";
import { gradeSubmission } from "../src/grading/grade.js";
import { loadPack } from "../src/pack/registry.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import { makeClass, ROOT } from "./batch-class.js";
import { overlay } from "./overlay.js";

const FIXTURES = path.join(ROOT, "test", "fixtures", "builtins");
const NAMES = readdirSync(FIXTURES);

describe("correct submissions that lean on a Node 20 built-in", () => {
  let pool: SandboxPool;
  let classDir: string;
  beforeAll(async () => {
    classDir = makeClass(["correct"]);
    for (const name of NAMES) overlay(path.join(classDir, name), path.join(FIXTURES, name));
    pool = new SandboxPool(1, true, (await loadPack("mcp-ch2")).course.sandboxSource());
  });
  afterAll(() => pool.close());

  it("has the fixtures", () => {
    expect(NAMES).toEqual(expect.arrayContaining(["buffer-escape", "clone-schema", "collator-sort-keys", "intl-list-format", "locale-sort-keys", "url-server-info",
      "assert-validate", "buffer-utf8-lines", "clone-map-tools", "collator-numeric-keys", "events-serve-loop", "searchparams-server-info", "textencoder-escape",
      "tosorted-locale-keys", "util-format-messages", "capture-stack-error"]));
  });

  it.each(NAMES)("%s gets the reference solution's full marks", async (name) => {
    const grade = (dir: string) => gradeSubmission({ cwd: classDir, dir, tasks: TASK_IDS, timeoutMs: 20_000, pool });
    const [reference, report] = [await grade("correct"), await grade(name)];
    // What did not pass, to read in the failure: a task that did not run, a check that failed.
    const failing = report.tasks.flatMap((t) => [...(t.status === "error" ? [`${t.task}: ${t.message ?? ""}`] : []),
      ...t.checks.filter((c) => c.status !== "pass").map((c) => `${c.name}: ${c.message ?? c.status} ${c.actual ?? ""}`)]);
    expect(reference.score).toBe(reference.maxScore);
    expect({ score: report.score, failing }).toEqual({ score: reference.maxScore, failing: [] });
  }, 120_000);
});
