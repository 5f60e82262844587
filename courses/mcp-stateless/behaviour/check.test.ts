// The behaviour checks as data: seeded (the same seed, the same inputs), every input JSON can
// carry as it is, every check with a rule and a hint, and the model passing each of them.
import { describe, expect, it } from "vitest";
import { allInputs, judgeChecks, planChecks, type BehaviourCheck } from "./check.js";
import { TASK1_CHECKS } from "./task1-checks.js";
import { TASK2_CHECKS } from "./task2-checks.js";
import { TASK4_CHECKS } from "./task4-checks.js";
import { sameServe } from "../grading/judge.js";
import { answersOf, checkArgs, serve } from "./model.js";
import { sameJson } from "../evidence/reading.js";

const ALL: readonly BehaviourCheck[] = [...TASK1_CHECKS, ...TASK2_CHECKS, ...TASK4_CHECKS];

describe("behaviour checks", () => {
  it("make the same inputs from the same seed, other inputs from another", () => {
    for (const checks of [TASK1_CHECKS, TASK2_CHECKS, TASK4_CHECKS]) {
      const a = JSON.stringify(allInputs(planChecks(checks, 5)));
      expect(JSON.stringify(allInputs(planChecks([...checks], 5)))).toBe(a);
      expect(JSON.stringify(allInputs(planChecks(checks, 6)))).not.toBe(a);
    }
  });

  it("each have an id, a title, a rule and a hint, and inputs JSON carries unchanged", () => {
    expect(new Set(ALL.map((c) => c.id)).size).toBe(ALL.length);
    for (const planned of [...planChecks(TASK1_CHECKS, 1), ...planChecks(TASK2_CHECKS, 1), ...planChecks(TASK4_CHECKS, 1)]) {
      const { check, inputs } = planned;
      expect(check.id).toMatch(new RegExp(`^t${check.task.slice(4)}_`));
      expect(check.rule.length + check.hint.length, check.id).toBeGreaterThan(60);
      expect(inputs.length, check.id).toBeGreaterThan(3);
      for (const input of inputs) expect(JSON.parse(JSON.stringify(input))).toEqual(input);
    }
  });

  it("try names every object inherits as keys of their own", () => {
    const inputs = JSON.stringify(allInputs(planChecks(TASK2_CHECKS, 1)));
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) expect(inputs).toContain(`"${name}"`);
    const own = allInputs(planChecks(TASK1_CHECKS, 1)).some((i) => Object.hasOwn((i as [unknown, object])[1], "__proto__"));
    expect(own).toBe(true);
  });

  it("pass the model's own answers", () => {
    const t1 = planChecks(TASK1_CHECKS, 2);
    const i1 = allInputs(t1);
    const ok = (v: unknown) => ({ ok: true as const, value: v });
    expect(judgeChecks(t1, i1.map((i) => ok(checkArgs(...(i as [unknown, unknown])))), (k) => ({ value: checkArgs(...(i1[k] as [unknown, unknown])) }), () => sameJson, 2).every((c) => c.status === "pass")).toBe(true);
    const t2 = planChecks(TASK2_CHECKS, 2);
    const a2 = answersOf(allInputs(t2));
    expect(judgeChecks(t2, a2.map(ok), (k) => ({ value: a2[k] }), () => sameJson, 2).every((c) => c.status === "pass")).toBe(true);
    const t4 = planChecks(TASK4_CHECKS, 2);
    const a4 = allInputs(t4).map((lines) => serve(lines as string[]));
    expect(judgeChecks(t4, a4.map(ok), (k) => ({ value: a4[k] }), () => (e, a) => sameServe(e, a), 2).every((c) => c.status === "pass")).toBe(true);
  });

  it("fail with the smallest counterexample and the seed to replay it", () => {
    const t2 = planChecks(TASK2_CHECKS.filter((c) => c.id === "t2_notifications"), 9);
    const answers = answersOf(allInputs(t2));
    const [result] = judgeChecks(t2, answers.map(() => ({ ok: true as const, value: null })), (k) => ({ value: answers[k] }), () => sameJson, 9);
    expect(result).toMatchObject({ status: "fail", name: "t2_notifications" });
    expect(result!.message).toMatch(/inputs answered differently from the rules \(seed 9, run again with --seed 9\)\. The smallest: handle\(\{"jsonrpc":"2.0","id":/);
  });

  it("judge a refusal's data only where the code refused, and fail code that refused nothing", () => {
    const plan = planChecks(TASK2_CHECKS.filter((c) => c.id === "t2_version_data"), 4);
    const check = plan[0]!.check;
    const answers = answersOf(allInputs(plan));
    const ok = (v: unknown) => ({ ok: true as const, value: v });
    const judge = (code: unknown[]) => judgeChecks(plan, code.map(ok), (k) => ({ value: check.part!(answers[k]) }), () => (want, actual) => sameJson(check.part!(actual), want), 4)[0]!;
    expect(judge(answers).status).toBe("pass");
    // Refusing only the first request, rightly: the rest (answered as results) are not its to judge.
    const listed = { jsonrpc: "2.0", id: 1, result: { tools: [] } };
    expect(judge(answers.map((a, i) => (i === 0 ? a : listed)))).toMatchObject({ status: "pass", message: "1 inputs tried (seed 4)." });
    // No refusal at all, or one that throws every time: nothing showed the data.
    const none = judge(answers.map(() => listed));
    expect(none.status).toBe("fail");
    expect(none.message).toMatch(/^No request naming a version the server does not support was refused with -32022.*The smallest: handle\(/);
    const thrown = judgeChecks(plan, answers.map(() => ({ ok: false as const, failure: { reason: "throw" as const, message: "Error: no" } })), (k) => ({ value: answers[k] }), () => sameJson, 4)[0]!;
    expect(thrown).toMatchObject({ status: "fail", actual: "Error: no" });
    // A refusal without requested fails on that input.
    const bare = answers.map((a) => ({ ...(a as object), error: { code: -32022, message: "x", data: { supported: ["2026-07-28"] } } }));
    expect(judge(bare)).toMatchObject({ status: "fail" });
  });

  it("judge serve's lines as JSON messages: key order and spacing are free, the log is exact", () => {
    const want = serve(["{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"nothing\"}", "x"]);
    const reordered = { log: want.log, out: want.out.map((l) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(l)).reverse()), null, 0)) };
    expect(sameServe(want, reordered)).toBe(true);
    expect(sameServe(want, { ...want, log: ["line 1"] })).toBe(false);
    expect(sameServe(want, { ...want, out: [JSON.stringify(JSON.parse(want.out[0]!), null, 2), want.out[1]] })).toBe(false);
  });
});

describe("what handle's checks compare", () => {
  const result = { jsonrpc: "2.0", id: 1, result: { content: [], isError: false, resultType: "complete", cacheScope: "public", ttlMs: 0, _meta: { x: 1 } } };
  it("leaves the envelope to t2_result_envelope and the -32022 data to t2_version_check", async () => {
    const { comparedPart } = await import("./compare.js");
    expect(comparedPart(result, "content")).toEqual({ jsonrpc: "2.0", id: 1, result: { content: [], isError: false } });
    // _meta's serverInfo is judged; a key of the server's own ("x") is not (compare.test.ts).
    // The cache hints where the rules put them (tools/list's); on a tool's result they are the server's own.
    expect(comparedPart(result, "envelope")).toEqual({ resultType: "complete", _meta: {} });
    expect(comparedPart({ ...result, result: { ...result.result, content: undefined, tools: [] } }, "envelope")).toEqual({ resultType: "complete", _meta: {}, cacheScope: "public", ttlMs: 0 });
    const refused = { jsonrpc: "2.0", id: 1, error: { code: -32022, message: "m", data: { supported: [] } } };
    expect(comparedPart(refused, "content")).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32022, message: "m" } });
    expect(comparedPart(refused, "version")).toEqual(refused);
    expect(comparedPart(refused, "envelope")).toBeUndefined();
    // input_required is content: a question is not a finished result.
    expect(comparedPart({ result: { resultType: "input_required" } }, "content")).toEqual({ result: { resultType: "input_required" } });
  });
});
