// "The protocol from scratch": a stateless MCP server for the 2026-07-28 revision, its client
// and its stdio loop, in four tasks. This file is what the engine reads of the pack.
import { fileURLToPath } from "node:url";
import type { Pack } from "../../src/pack/types.js";
import { chargeBehindBehaviour } from "../../src/pack/behind-behaviour.js";
import type { ScorePolicy } from "../../src/pack/score.js";
import { chargeLoadedPrint } from "../../src/pack/own-output.js";
import type { CheckResult } from "../../src/report/types.js";
import { CLIENT_EVIDENCE } from "./client/task3.js";
import { sandboxSource } from "./course/sandbox-source.js";
import { EVIDENCE, EVIDENCE_CHECKS } from "./evidence/lines.js";
import { HINTS } from "./course/hints.js";
import { LINE_RULES } from "./evidence/line-rules.js";
import { TASK1_FAMILIES, TASK2_FAMILIES, TASK3_FAMILIES, TASK4_FAMILIES } from "./evidence/rule-families.js";
import { judge } from "./grading/judge.js";
import { STATELESS_SLIPS } from "./grading/slips.js";
import { statelessRecount } from "./grading/recount.js";
import { liveChecks } from "./grading/live.js";
import { IMPORTS, statelessStandIn } from "./grading/stand-ins.js";
import { plan, TASKS, type StatelessPlan } from "./grading/plan.js";
import { chargeStdioIdsToResponses } from "./grading/read-through.js";
import { lintQuiz, QUIZ } from "./course/quiz.js";
import { StatelessTypeCheck } from "./typecheck/worker-client.js";

/** Each evidence line earns a point while the rules it shows hold (evidence/line-rules.ts); a broken rule costs one; handle's general rules a point a family while their lines hold (evidence/rule-families.ts); other checks beyond the fixtures at most one, and only at full marks. */
export const SCORE_POLICY: ScorePolicy = {
  id: "mcp-stateless-score-v70",
  kinds: {
    evidence: { earns: 1, costs: 0 },
    output: { earns: 0, costs: 1 },
    stdio: { earns: 0, costs: 1 },
    behaviour: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
    schema: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
    interop: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true, sameRuleAs: "t2_no_stdout" },
    types: { earns: 0, costs: 0 },
  },
  // handle's print on stdout shows again through a real pipe: one root cause, charged once (as chapter 2's).
  checks: { t2_stdio_clean: { earns: 0, costs: 1, sameRuleAs: "t2_no_stdout" }, ...TASK1_FAMILIES, ...TASK2_FAMILIES, ...TASK3_FAMILIES, ...TASK4_FAMILIES },
  other: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
  lines: LINE_RULES,
};

const evidence = [...EVIDENCE.filter((l) => l.task !== "task4"), ...CLIENT_EVIDENCE.map((c) => c.line), ...EVIDENCE.filter((l) => l.task === "task4")]
  .map((line) => ({ ...line, rules: LINE_RULES[line.key] ?? [] }));
const diagnoses = new Map(EVIDENCE_CHECKS.map((c) => [c.key, c] as const));

const pack: Pack<StatelessPlan> = {
  format: 1,
  id: "mcp-stateless",
  title: "The protocol from scratch: a stateless MCP server (2026-07-28), its client and its stdio loop",
  evidenceFile: "stateless-evidence.txt",
  schemaRevision: "2026-07-28",
  tasks: TASKS,
  evidence,
  score: SCORE_POLICY,
  hints: HINTS,
  course: { typesFile: fileURLToPath(new URL("./course/index.ts", import.meta.url)), sandboxSource },
  live: { drivers: ["stdio", "interop"], tasks: ["task2"], run: liveChecks },
  serves: "task2",
  quiz: QUIZ,
  lint: lintQuiz,
  diagnose(key, actual) {
    const check = diagnoses.get(key);
    const accepted = evidence.find((l) => l.key === key)?.accepted;
    if (!check || accepted === undefined) return accepted === undefined ? `${key} is not a line of this pack.` : `The accepted value is ${accepted}.`;
    return actual === accepted ? "This is the accepted value." : check.diagnose(actual, undefined);
  },
  types: { checker: () => new StatelessTypeCheck() },
  standIns: { imports: IMPORTS, copy: (task, plan) => statelessStandIn(task, plan) },
  slips: STATELESS_SLIPS,
  plan,
  judge,
  recount: statelessRecount,
  // checkArgs's print shows again in handle's live server, which loads task1.ts: t1_no_stdout's.
  // A response shape wrong on generated inputs only fails a behaviour check, and the schema, the
  // SDK's client and the stdio check too: charged once, by the behaviour check (behind-behaviour.ts).
  settle: (tasks): Record<string, CheckResult[]> => {
    const charged = chargeLoadedPrint(tasks, { task: "task1", check: "t1_no_stdout", file: "task1.ts" }, { task: "task2", stdioCheck: "t2_stdio_clean" });
    const out: Record<string, CheckResult[]> = charged ? { task2: charged } : {};
    // The stdio check's ids, wrong as the fixtures' responses already were: t2_responses's.
    const handle = out["task2"] ?? tasks.find((t) => t.task === "task2")?.checks;
    const ids = handle && chargeStdioIdsToResponses(handle);
    if (ids) out["task2"] = ids;
    for (const t of tasks) {
      const behind = chargeBehindBehaviour(out[t.task] ?? t.checks);
      if (behind) out[t.task] = behind;
    }
    return out;
  },
};

export default pack;
