// Adding a pack touches no engine file: a copy of the repository (the files git tracks, its
// packages linked) gets a third pack written only under courses/, tasks/ and solutions/, and the
// real CLI lints it, grades its starter and its solution, and batches a class of it.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..", "..");
let copy = "";
const cli = (args: string[]) => spawnSync(process.execPath, [path.join(copy, "bin", "grade.js"), ...args], { cwd: copy, encoding: "utf8", timeout: 120_000 });

// The whole pack: a task that shouts its input. Written as a course author would, against the
// Pack type only (the engine's modules it may use: src/pack, src/sandbox/value, src/report/types).
const PACK = `import { fileURLToPath } from "node:url";
import { notWrittenYetSource } from "../../src/pack/not-written-yet.js";
import type { Pack, PackPlan, TaskJudgement } from "../../src/pack/types.js";
import type { CheckResult } from "../../src/report/types.js";
import { decodeValue } from "../../src/sandbox/value.js";

const line = { key: "t1_shout", task: "task1", title: "shout(\\"hi\\") is HI!", accepted: "HI!", hint: "Upper-case the text and add one exclamation mark." };
interface Plan extends PackPlan { fixture?: number }

const pack: Pack<Plan> = {
  format: 1, id: "shout", title: "Shouting", evidenceFile: "shout-evidence.txt", schemaRevision: "none",
  tasks: [{ id: "task1", number: 1, title: "Shout", file: "task1.ts", exportName: "shout", signature: "(text: string) => string" }],
  evidence: [line],
  score: { id: "shout-v1", kinds: { evidence: { earns: 1, costs: 0 } }, checks: {}, other: { earns: 0, costs: 1 } },
  hints: { task1: [{ text: "toUpperCase, then an exclamation mark.", reread: "the task's header", checks: ["t1_shout"] }] },
  course: { typesFile: fileURLToPath(new URL("./course.ts", import.meta.url)), sandboxSource: () => notWrittenYetSource() },
  plan(input) {
    return input.has("task1.ts") ? { runs: [{ entry: "task1.ts", exportName: "shout", inputs: ['"hi"'], instance: "shared", stopOnFailure: true }], fixture: 0 } : { runs: [] };
  },
  judge(plan, reply) {
    const run = plan.fixture === undefined ? undefined : reply.runs[plan.fixture];
    const base = { name: line.key, kind: "evidence", title: line.title, expected: line.accepted, hint: line.hint } as const;
    if (!run || run.status !== "ran" || !run.calls[0]?.ok) {
      const failure = run?.status === "failed" ? run.failure : run?.status === "ran" && run.calls[0] && !run.calls[0].ok ? run.calls[0].failure : { reason: "crash" as const, message: "did not run" };
      return { task1: { checks: [{ ...base, status: "skip", message: failure.message }], evidence: {}, failure } };
    }
    const decoded = decodeValue(run.calls[0].value);
    const actual = decoded.ok && typeof decoded.value === "string" ? decoded.value : null;
    const check: CheckResult = { ...base, actual, status: actual === line.accepted ? "pass" : "fail", ...(actual === line.accepted ? {} : { message: "Not the shouted text." }) };
    const judged: TaskJudgement = { checks: [check], evidence: actual === null ? {} : { t1_shout: actual } };
    return { task1: judged };
  },
};
export default pack;
`;

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), "grade-new-pack-"));
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter((f) => f !== "");
  for (const f of files) {
    try { cpSync(path.join(root, f), path.join(copy, f)); } catch { /* a file deleted in this checkout, not yet committed */ }
  }
  mkdirSync(path.join(copy, "node_modules"));
  for (const name of readdirSync(path.join(root, "node_modules"))) {
    if (name !== ".cache") symlinkSync(path.join(root, "node_modules", name), path.join(copy, "node_modules", name));
  }
  const before = execFileSync("bash", ["-c", "find src bin -type f | sort | xargs sha1sum"], { cwd: copy, encoding: "utf8" });
  mkdirSync(path.join(copy, "courses", "shout"));
  writeFileSync(path.join(copy, "courses", "shout", "pack.ts"), PACK);
  writeFileSync(path.join(copy, "courses", "shout", "course.ts"), 'export { notWrittenYet } from "../../src/pack/not-written-yet.js";\n');
  for (const [dir, body] of [["tasks", 'return notWrittenYet("shout");'], ["solutions", 'return `${text.toUpperCase()}!`;']] as const) {
    mkdirSync(path.join(copy, dir, "shout"), { recursive: true });
    writeFileSync(path.join(copy, dir, "shout", "task1.ts"), `import { notWrittenYet } from "grade/course";\nvoid notWrittenYet;\nexport function shout(text: string): string {\n  ${body}\n}\n`);
  }
  const after = execFileSync("bash", ["-c", "find src bin -type f | sort | xargs sha1sum"], { cwd: copy, encoding: "utf8" });
  expect(after).toBe(before);
}, 120_000);

describe("a third pack, added under courses/ alone", () => {
  it("is linted by grade dev check: its starter fails as shipped, its solution passes every check", () => {
    const run = cli(["dev", "check", "--no-color"]);
    const lines = run.stdout.split("\n").filter((l) => /shout/.test(l));
    expect(lines.join("\n"), run.stdout + run.stderr).toMatch(/✓ shout: format 1, 1 tasks, 1 evidence lines/);
    expect(lines).toContain("✓ tasks/shout/task1.ts fails as shipped — reports \"not written yet\"");
    expect(lines.some((l) => l.startsWith("✓ solutions/shout/task1.ts passes every check"))).toBe(true);
  });

  it("is graded by --pack and by its folder's name, its evidence in the pack's own file", () => {
    const solved = cli(["--dir", "solutions/shout", "--reporter", "json"]);
    expect(solved.status, solved.stderr).toBe(0);
    const report = JSON.parse(solved.stdout) as { pack: string; score: number; maxScore: number; evidence: Record<string, string> };
    expect(report).toMatchObject({ pack: "shout", score: 1, maxScore: 1, evidence: { t1_shout: "HI!" } });
    expect(readFileSync(path.join(copy, "evidence", "solutions", "shout", "shout-evidence.txt"), "utf8")).toBe("t1_shout: HI!\n");
    const starter = cli(["--pack", "shout", "--no-color"]);
    expect(starter.status).toBe(1);
    expect(starter.stdout).toMatch(/not written yet/);
    const hint = cli(["hint", "task1", "--pack", "shout"]);
    expect(hint.stdout).toMatch(/toUpperCase/);
  });

  it("is batched: a class of it gets rows, its task column and its pack", () => {
    for (const [id, body] of [["ann", "return `${text.toUpperCase()}!`;"], ["bob", "return text;"]] as const) {
      mkdirSync(path.join(copy, "class", id), { recursive: true });
      writeFileSync(path.join(copy, "class", id, "task1.ts"), `export function shout(text: string): string { ${body} }\n`);
    }
    const run = cli(["batch", "class", "--pack", "shout", "--out", "out"]);
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(path.join(copy, "out", "grades.csv"), "utf8").split("\r\n").slice(0, 3)).toEqual([
      "id,score,max_score,task1,status,first_failing_check,message,pack",
      "ann,1,1,1,pass,,,shout",
      expect.stringMatching(/^bob,0,1,0,fail,t1_shout,.*,shout$/),
    ]);
  });
});
