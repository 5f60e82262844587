// "Deep Dive: the Model Context Protocol": a stateful lab server (the 2025-06-18 handshake as a
// gate, a per-client allow-list, listChanged), its messages, its transport and its client, in
// three tasks. This file is what the engine reads of the pack.
import { fileURLToPath } from "node:url";
import type { ScorePolicy } from "../../src/pack/score.js";
import type { Pack } from "../../src/pack/types.js";
import { HINTS } from "./course/hints.js";
import { lintQuiz, QUIZ } from "./course/quiz.js";
import { sandboxSource } from "./course/sandbox-source.js";
import { LINE_RULES } from "./evidence/line-rules.js";
import { TASK1_FAMILIES, TASK2_FAMILIES, TASK3_FAMILIES } from "./evidence/rule-families.js";
import { LINES } from "./evidence/lines.js";
import { judge } from "./grading/judge.js";
import { liveChecks } from "./grading/live.js";
import { chargeLiveToRules } from "./grading/live-charges.js";
import { LIVE_ENTRY, LIVE_EXPORT, liveEntrySource } from "./live/entry.js";
import { plan, TASKS, type StatefulPlan } from "./grading/plan.js";
import { refine } from "./grading/shrink-runs.js";
import { IMPORTS, statefulStandIn } from "./grading/stand-ins.js";
import { StatefulTypeCheck } from "./typecheck/worker-client.js";
import { chargeLoadedPrint } from "../../src/pack/own-output.js";
import type { CheckResult } from "../../src/report/types.js";

/**
 * Each evidence line earns a point while its rules hold; an output rule costs one; behaviour,
 * schema and interop at most one per task each, only at full marks, stdio too; tasks 2's and 3's
 * general rules a point a family while the lines they read through hold (evidence/rule-families.ts).
 * (Every behaviour check costing beside a wrong line was tried: a server that loops on one request
 * stops its sessions there, and the checks of the steps after it failed too: docs/authoring.md.)
 */
export const SCORE_POLICY: ScorePolicy = {
  id: "mcp-stateful-score-v53",
  kinds: {
    evidence: { earns: 1, costs: 0 },
    output: { earns: 0, costs: 1 },
    behaviour: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
    schema: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
    stdio: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
    interop: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
    types: { earns: 0, costs: 0 },
  },
  // handle's print on stdout shows again through a real pipe: one root cause, charged once
  // (README: it "breaks the live stdio server at no further cost"). It cost 2 (helper 43).
  checks: { t2_stdio_session: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true, sameRuleAs: "t2_no_stdout" }, ...TASK1_FAMILIES, ...TASK2_FAMILIES, ...TASK3_FAMILIES },
  other: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
  lines: LINE_RULES,
};

const evidence = LINES.map(({ key, task, title, accepted, hint }) => ({ key, task, title, accepted, hint, rules: LINE_RULES[key] ?? [] }));

const pack: Pack<StatefulPlan> = {
  format: 1,
  id: "mcp-stateful",
  title: "Deep Dive: a stateful lab server (2025-06-18), its messages, transport and client",
  evidenceFile: "stateful-evidence.txt",
  schemaRevision: "2025-06-18",
  tasks: TASKS,
  evidence,
  score: SCORE_POLICY,
  hints: HINTS,
  course: { typesFile: fileURLToPath(new URL("./course/index.ts", import.meta.url)), sandboxSource },
  live: { drivers: ["stdio", "interop"], tasks: ["task2"], run: liveChecks },
  // grade serve: task 2's class through the live checks' entry (one LabServer set up as the trace's, its handle per line).
  serves: { task: "task2", entry: { file: LIVE_ENTRY, exportName: LIVE_EXPORT, source: liveEntrySource } },
  quiz: QUIZ,
  lint: lintQuiz,
  diagnose(key, actual) {
    const line = LINES.find((l) => l.key === key);
    if (!line) return `${key} is not a line of this pack.`;
    if (actual === line.accepted) return "This is the accepted value.";
    return line.diagnose?.(actual) ?? `The accepted value is ${line.accepted}.`;
  },
  types: { checker: () => new StatefulTypeCheck() },
  plan,
  judge,
  refine,
  standIns: { imports: IMPORTS, copy: (task, plan) => statefulStandIn(task, plan) },
  // A builder of task 1's that the server calls prints in its live stdio server too: t1_no_stdout's.
  // A wrong line of the stdio session that a failed behaviour check already charges costs nothing more (grading/live-charges.ts).
  settle: (tasks): Record<string, CheckResult[]> => {
    const ruled = chargeLiveToRules(tasks.find((t) => t.task === "task2")?.checks ?? []);
    const settled = ruled ? tasks.map((t) => (t.task === "task2" ? { ...t, checks: ruled } : t)) : tasks;
    const charged = chargeLoadedPrint(settled, { task: "task1", check: "t1_no_stdout", file: "task1.ts" }, { task: "task2", stdioCheck: "t2_stdio_session" });
    return charged ? { task2: charged } : ruled ? { task2: ruled } : {};
  },
};

export default pack;
