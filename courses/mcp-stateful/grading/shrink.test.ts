// Shrinking a failing session through the real sandbox (plan → SandboxPool → judge → the engine's
// follow-up, as a grading runs them): a wrong server's counterexample with steps that do not
// matter is shown smaller, and the smaller session, run again, still fails under the model;
// verdicts and points are the same with and without the follow-up; and a server that answers
// the follow-up otherwise than the first request (rightly, by throwing, by looping) keeps its
// failure and the first counterexample.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followUp } from "../../../src/grading/follow-up.js";
import { scoreTask } from "../../../src/pack/score.js";
import type { PlanInput, TaskJudgement } from "../../../src/pack/types.js";
import type { RunSpec } from "../../../src/sandbox/protocol.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import { SERVER_CHECKS } from "../behaviour/server-checks.js";
import { sessionCode, type Session } from "../behaviour/session.js";
import { TRACE_SESSION } from "../course/fixtures.js";
import pack from "../pack.js";
import { SERVER_RUN } from "./plan.js";
import { counterexamples, judgeSteps, outcomesOf } from "./server-verdicts.js";
import { shrinkRuns } from "./shrink-runs.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const LIMITS = { timeMs: 20_000, memoryBytes: 128 * 1024 * 1024, valueChars: 1024 * 1024, outputChars: 16 * 1024 };
const readTs = (dir: string): Record<string, string> =>
  Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));
const SOLUTION = readTs(path.join(ROOT, "solutions", "mcp-stateful"));
const fixture = (name: string): Record<string, string> => ({ ...SOLUTION, ...readTs(path.join(ROOT, "test", "fixtures", "mcp-stateful-class", name)) });
const withServer = (from: string, to: string): Record<string, string> => {
  if (!SOLUTION["task2.ts"]!.includes(from)) throw new Error(`task2.ts has no ${from}`);
  return { ...SOLUTION, "task2.ts": SOLUTION["task2.ts"]!.replace(from, to) };
};
const input: PlanInput = { tasks: ["task2"], has: () => true, behaviour: true, schema: false, seed: 7 };

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1, false, pack.course.sandboxSource()); });
afterAll(() => pool.close());

/** The first request's judgement, and the judgement after a follow-up answered by `later`'s code. */
async function grade(files: Record<string, string>, later = files) {
  const plan = pack.plan(input);
  const reply = await pool.run({ files, refused: {}, runs: plan.runs, limits: LIMITS });
  const first = pack.judge(plan, reply, input);
  const after = await followUp(pack, plan, reply, input, first, (runs: RunSpec[]) => pool.run({ files: later, refused: {}, runs, limits: LIMITS }));
  return { plan, reply, first, after };
}
const behaviour = (j: Record<string, TaskJudgement>) => j["task2"]!.extra ?? [];
const verdicts = (j: Record<string, TaskJudgement>) => behaviour(j).map((c) => `${c.name} ${c.status}`);
const points = (j: Record<string, TaskJudgement>) => scoreTask({ checks: [...j["task2"]!.checks, ...behaviour(j)] }, pack.score).score;
const steps = (message: string | undefined): number => (message ?? "").split("\n").filter((l) => /^server\d?\./.test(l)).length;

describe("the smallest failing session", () => {
  it.each([
    ["outbox-not-cleared", "t2_list_changed"],
    ["allow-after-required", "t2_tool_errors"],
    ["outbox-module-variable", "t2_isolation"],
  ])("shows %s's %s counterexample smaller, and the smaller one still fails", async (name, check) => {
    const files = fixture(name);
    const { plan, reply, first, after } = await grade(files);
    expect(verdicts(after)).toEqual(verdicts(first));
    expect(points(after)).toBe(points(first));
    const before = behaviour(first).find((c) => c.name === check)!;
    const now = behaviour(after).find((c) => c.name === check)!;
    expect(now.status).toBe("fail");
    expect(steps(now.message)).toBeGreaterThan(0);
    expect(steps(now.message)).toBeLessThan(steps(before.message));

    // The session shown is the one the follow-up found, and run again on its own it fails the same check.
    const shrink = shrinkRuns(plan, reply, input)!;
    const shrunk = shrink.smaller(await pool.run({ files, refused: {}, runs: shrink.runs, limits: LIMITS })).get(check)!;
    expect(now.message).toContain(sessionCode(shrunk.session));
    if (check === "t2_isolation") return; // two servers against each alone: judged by judgeAlone, shown above
    const again = await pool.run({ files, refused: {}, runs: [{ ...SERVER_RUN, inputs: [JSON.stringify(shrunk.session)], instance: "fresh", stopOnFailure: false }], limits: LIMITS });
    const judges = SERVER_CHECKS.find((c) => c.name === check)!.judges as Parameters<typeof judgeSteps>[2];
    expect(judgeSteps(shrunk.session, outcomesOf(again.runs[0], 0).outcomes!, judges)?.steps).toBe(shrunk.session.steps.length);
  });

  it("is the same for the same seed", async () => {
    const a = await grade(fixture("outbox-not-cleared"));
    const b = await grade(fixture("outbox-not-cleared"));
    expect(behaviour(b.after)).toEqual(behaviour(a.after));
  });

  it("asks nothing more of a server that passes", async () => {
    const plan = pack.plan(input);
    const reply = await pool.run({ files: SOLUTION, refused: {}, runs: plan.runs, limits: LIMITS });
    expect(counterexamples(plan.task2!.sessions!, reply)).toEqual([]);
    expect(shrinkRuns(plan, reply, input)).toBeUndefined();
  });
});

describe("a follow-up answered otherwise than the first request", () => {
  const wrong = fixture("outbox-not-cleared");
  const THROWS = withServer("  drainOutbox(): JsonRpcNotification[] {", "  drainOutbox(): JsonRpcNotification[] {\n    throw new Error(\"not in a follow-up\");");
  const LOOPS = withServer("  drainOutbox(): JsonRpcNotification[] {", "  drainOutbox(): JsonRpcNotification[] {\n    for (;;) { /* spin */ }");

  it.each([["rightly (the reference's code)", SOLUTION], ["by throwing", THROWS], ["by looping", LOOPS]])("keeps the failure and the first counterexample when answered %s", async (_, later) => {
    const { first, after } = await grade(wrong, later);
    expect(after).toEqual(first);
    expect(behaviour(after).find((c) => c.name === "t2_list_changed")?.status).toBe("fail");
  });

  it("keeps them for a server that goes wrong only past its Nth message in a request, more than the follow-up sends", async () => {
    const plan = pack.plan(input);
    const sent = (sessions: readonly Session[]): number => sessions.reduce((n, s) => n + s.steps.filter((x) => x.op === "handle").length, 0);
    const past = sent([TRACE_SESSION, ...plan.task2!.sessions!.all]) - 6;
    const late = withServer("  handle(message: JsonRpcMessage): JsonRpcResponse | null {\n", `  handle(message: JsonRpcMessage): JsonRpcResponse | null {
    const g = globalThis as { seen?: number };
    g.seen = (g.seen ?? 0) + 1;
    if (g.seen > ${past} && "id" in message) return { jsonrpc: "2.0", id: "not yours", result: {} } as never;
`);
    const { reply, first, after } = await grade(late);
    expect(behaviour(first).find((c) => c.name === "t2_envelope")?.status).toBe("fail");
    // What makes the follow-up answered rightly: it sends fewer messages than the first request did before going wrong.
    const asked = shrinkRuns(plan, reply, input)!.runs.flatMap((r) => r.inputs.map((i) => JSON.parse(i) as Session));
    expect(sent(asked)).toBeLessThan(past);
    expect(after).toEqual(first);
  });
});
