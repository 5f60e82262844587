// The grader's own inputs follow the rules they exercise: the reference solution gets every
// check on every seed tried (every generated session, scenario and probe), through the sandbox
// as a grading runs it, so that no unlucky seed costs a class of correct students a point.
// npm test tries 6 seeds; GRADE_SEEDS=N tries the first N.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanInput } from "../../../src/pack/types.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import { LIMITS } from "../../../src/grading/limits.js";
import pack from "../pack.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const SOLUTION = path.join(ROOT, "solutions", "mcp-stateful");
const FILES = Object.fromEntries(readdirSync(SOLUTION).filter((f) => f.endsWith(".ts")).map((f) => [f, readFileSync(path.join(SOLUTION, f), "utf8")]));
const TASK_IDS = ["task1", "task2", "task3"];
const COUNT = Number(process.env["GRADE_SEEDS"] ?? 6);

describe(`the stateful reference solution on ${COUNT} seeds`, () => {
  let pool: SandboxPool;
  beforeAll(() => { pool = new SandboxPool(2, false, pack.course.sandboxSource()); });
  afterAll(() => pool.close());

  it("passes every check on each", async () => {
    const failing: string[] = [];
    const grade = async (seed: number): Promise<void> => {
      const input: PlanInput = { tasks: TASK_IDS, has: (f) => f in FILES, behaviour: true, schema: true, seed };
      const plan = pack.plan(input);
      const reply = await pool.run({ files: FILES, refused: {}, runs: plan.runs, limits: { ...LIMITS, timeMs: 60_000 } });
      const judged = pack.judge(plan, reply, input);
      for (const t of TASK_IDS) for (const c of [...judged[t]!.checks, ...(judged[t]!.extra ?? [])]) {
        if (c.status !== "pass") failing.push(`seed ${seed} ${c.name}: ${c.message ?? ""}`.slice(0, 300));
      }
    };
    for (let seed = 0; seed < COUNT && failing.length < 5; seed += 2) await Promise.all([grade(seed), ...(seed + 1 < COUNT ? [grade(seed + 1)] : [])]);
    expect(failing).toEqual([]);
  }, 120_000 + COUNT * 30_000);
});
