// Chapter 2, "MCP from scratch": the first pack. Its three tasks, 17 evidence lines and checks
// are the chapter's own (course/, behaviour/, evidence/, grading/, live/, schema/); this file
// is what the engine reads of them.
import { fileURLToPath } from "node:url";
import type { Pack, PackPlan, PlanInput, TaskJudgement } from "../../src/pack/types.js";
import { ownOutput } from "../../src/pack/own-output.js";
import { JSONRPC_SLIPS, toolRefusalAsError } from "../../src/pack/answer-slips.js";
import { TOOL } from "./course/fixtures.js";
import type { SandboxReply } from "../../src/sandbox/protocol.js";
import { TypeCheckWorker } from "./typecheck/worker-client.js";
import { EVIDENCE_KEYS, EVIDENCE_RULES, type EvidenceKey } from "./course/evidence-keys.js";
import { diagnose } from "./evidence/lines.js";
import { CHAPTER_QUIZ } from "./course/quiz.js";
import { HINTS } from "./course/hints.js";
import { courseDataItems } from "./lint.js";
import { distStudent } from "./edition/dist.js";
import { SCORE_POLICY } from "./course/score-policy.js";
import { sandboxCourseSource } from "./course/sandbox-source.js";
import { TASK_IDS, TASKS, type TaskId } from "./course/tasks.js";
import { extraChecks } from "./grading/extra-checks.js";
import { chargeAcrossTasks, type FixtureFacts } from "./grading/charges.js";
import { fixtureBranchAnswered, handleBranches, type HandleBranches } from "./grading/answered-branch.js";
import type { FailedCall } from "../../src/pack/failed-call.js";
import { chapterRecount, type Recounted } from "./grading/recount.js";
import { chargePageLines } from "./grading/page-lines.js";
import { markPathFree } from "./grading/path-free.js";
import { runLiveChecks } from "./grading/live.js";
import { fixtureOutcome, readCalls, withoutLines } from "./grading/outcomes.js";
import { buildRequest, type GradingRequest } from "./grading/request.js";
import { gradeTask } from "./grading/task-result.js";
import { settle } from "./grading/settle.js";
import { chapterStandIn, IMPORTS } from "./grading/stand-ins.js";

interface Chapter2Plan extends PackPlan, Omit<GradingRequest, "runs"> {}

/** What a task's own fixture run printed on stdout, when it ran in this request. */
function fixtureOutput(plan: GradingRequest, reply: SandboxReply, task: TaskId, stream: "stdout" | "stderr"): string | undefined {
  const runs = plan.tasks[task];
  const run = runs ? reply.runs[runs.fixture] : undefined;
  return run && run.status !== "skipped" ? run[stream] : undefined;
}

const pack: Pack<Chapter2Plan> = {
  format: 1,
  id: "mcp-ch2",
  title: "MCP from scratch (chapter 2): toMcp, handle, serve",
  evidenceFile: "chapter2-evidence.txt",
  schemaRevision: "2025-06-18",
  tasks: TASK_IDS.map((id) => TASKS[id]),
  evidence: EVIDENCE_KEYS.map((key) => EVIDENCE_RULES[key]),
  score: SCORE_POLICY,
  hints: HINTS,
  course: { typesFile: fileURLToPath(new URL("./course/index.ts", import.meta.url)), sandboxSource: sandboxCourseSource },
  live: {
    drivers: ["stdio", "interop"],
    tasks: ["task2"],
    run: (input) => runLiveChecks({ files: input.files, refused: input.refused, ...(input.standIns ? { standIns: input.standIns } : {}) }, input.tasks as TaskId[], input.timeoutMs, input.shownAs, input.signal) as Promise<Record<string, never[]>>,
  },
  serves: "task2",
  quiz: CHAPTER_QUIZ,
  lint: courseDataItems,
  edition: { student: distStudent },
  diagnose: (key, actual) => diagnose({ key: key as EvidenceKey, actual }),
  types: { checker: () => new TypeCheckWorker() },
  settle,
  standIns: { imports: IMPORTS, copy: (task, plan) => chapterStandIn(task, plan) },
  // A toMcp that changes the tool it was given changes the schema it returns and what handle serves.
  rootCauses: ["t1_input_unchanged"],
  // The page answers a refused call to its tool with the tool's error result (rule 5).
  slips: [...JSONRPC_SLIPS, toolRefusalAsError([TOOL.name], (text) => ({ content: [{ type: "text", text }], isError: true }))],
  plan(input) {
    return buildRequest(input.has, input.has, input.tasks as TaskId[], input);
  },
  judge: (plan, reply, input) => judgeChapter(plan, reply, input),
  recount: (plan, reply, input, judged) => chapterRecount(plan, reply, input, judged, (recounted) => judgeChapter(plan, reply, input, recounted)),
};

/** The chapter's judgement; `recounted`: what the recount saw of serve (grading/recount.ts). */
function judgeChapter(plan: Chapter2Plan, reply: SandboxReply, input: PlanInput, recounted: Recounted = {}): Record<string, TaskJudgement> {
  const tasks = input.tasks as TaskId[];
  const extra = input.behaviour || input.schema ? extraChecks(tasks, plan, reply, input, recounted.sameMistake, recounted.counted) : {};
  const out: Record<string, TaskJudgement> = {};
  const facts: FixtureFacts = {};
  for (const task of tasks) {
    const runs = plan.tasks[task];
    // No file, no run: its checks are shown skipped, and the engine says the file is missing.
    const run = runs ? reply.runs[runs.fixture] : undefined;
    const stdio = run && run.status !== "skipped" ? { stdout: run.stdout, stderr: run.stderr } : {};
    // What the tasks it loaded printed in their own runs is theirs (src/pack/own-output.ts).
    // handle may log to stderr, as a stdio server does: serve's run showing that is not serve's print.
    const loaded = (stream: "stdout" | "stderr") => (run?.status === "ran" ? Object.fromEntries(tasks.filter((t) => t !== task && (run.modules ?? []).includes(TASKS[t].file)).map((t) => [TASKS[t].file, fixtureOutput(plan, reply, t, stream)])) : {});
    const mine = stdio.stdout !== undefined ? ownOutput(stdio.stdout, loaded("stdout")) : undefined;
    const mineErr = stdio.stderr !== undefined ? ownOutput(stdio.stderr, loaded("stderr")) : undefined;
    const perLine = runs?.perLine !== undefined ? reply.runs[runs.perLine] : undefined;
    const outcome = runs ? fixtureOutcome(task, run, perLine) : { failure: { reason: "missing-file" as const, message: `${TASKS[task].file} does not exist.` } };
    const loads = (t: TaskId) => run?.status === "ran" && (run.modules ?? []).includes(TASKS[t].file);
    if ("value" in outcome) {
      const v = outcome.value;
      if (v.task === "task1") facts.toMcp = { result: v.result };
      if (v.task === "task2") {
        // Read from the generated run only when a fixture call failed (chargeFailedCalls asks then), not on every grade.
        let branches: HandleBranches | undefined;
        const branchAnswered = (f: FailedCall): boolean => fixtureBranchAnswered(branches ??= handleBranches(runs, reply), f.index, f.failure);
        facts.handle = { responses: v.responses, loadsToMcp: loads("task1"), ...(input.behaviour ? { branchAnswered } : {}) };
      }
      if (v.task === "task3" && v.byLine) facts.serveLines = { byLine: v.byLine, without: withoutLines(perLine, input.seed), ...(recounted.otherShapes ? { otherShapes: recounted.otherShapes } : {}) };
      else if (v.task === "task3") facts.serve = { result: v.result, loadsHandle: loads("task2") };
    }
    const graded = gradeTask(task, { outcome, ...stdio, ...(mine ? { stdout: mine.own, printedBy: mine.others } : {}), ...(mineErr ? { ownStderr: mineErr.own } : {}) });
    out[task] = {
      checks: graded.result.checks, evidence: graded.evidence as Record<string, string>,
      ...("failure" in outcome ? { failure: outcome.failure } : {}),
      ...(graded.result.stderr ? { stderr: graded.result.stderr } : {}),
      ...(extra[task] ? { extra: extra[task] } : {}),
    };
  }
  chargeAcrossTasks(out, facts);
  if (recounted.pageAlone && out["task2"]) chargePageLines(out["task2"], recounted.pageAlone, recounted.counted);
  const handleRuns = plan.tasks.task2;
  if (out["task2"] && facts.handle && handleRuns) out["task2"] = markPathFree(out["task2"], facts.handle.responses, handleRuns, reply, input.seed);
  return out;
}

export default pack;
