// The smallest complete pack, the one to copy when writing a new one (docs/authoring.md walks
// through it): one task, shout(text), one evidence line, one hint. Its plan asks the sandbox for
// one call; its judge turns the value that came back into the evidence line's check.
import { fileURLToPath } from "node:url";
import { notWrittenYetSource } from "../../src/pack/not-written-yet.js";
import type { Pack, PackPlan, TaskJudgement } from "../../src/pack/types.js";
import type { CheckResult } from "../../src/report/types.js";
import { decodeValue } from "../../src/sandbox/value.js";

const line = { key: "t1_shout", task: "task1", title: "shout(\"hi\") is HI!", accepted: "HI!", hint: "Upper-case the text and add one exclamation mark." };
interface Plan extends PackPlan { fixture?: number }

const pack: Pack<Plan> = {
  format: 1, id: "shout", title: "Shouting (the example pack)", evidenceFile: "shout-evidence.txt", schemaRevision: "none",
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
