// Chapter 2's recount (Pack.recount, src/grading/recount.ts): when serve failed on a fixture line
// alone, serve is run again with a handle whose answers write one kind of value otherwise, one
// request per kind (other-shapes.ts), on
// LINES (two lines failed at one place) and on the generated lists that failed where a fixture
// line did. What that shows is one mistake in writing a kind of value: the failed lines are
// charged once, and a rule whose failing lists serve answers right with those answers is the
// same mistake, not a second one (a dumps that throws on the negative -32700 of line 4 throws on
// every error response the rules' lists hold).
import type { PlanInput, Recount, TaskJudgement } from "../../../src/pack/types.js";
import { failedAsCase, FailedCall, failedCalls, sameFailure } from "../../../src/pack/failed-call.js";
import { ruleFailed, sayWhySkipped } from "../../../src/pack/recount-skips.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import type { Excused } from "../behaviour/judge.js";
import { LINES } from "../course/fixtures.js";
import { sameLineCase } from "./fixture-case.js";
import { fixtureOutcome, readCalls } from "./outcomes.js";
import { shapesProbe, type OtherShapes } from "./other-shapes.js";
import { countProbe } from "./counted-calls.js";
import { pageAloneProbe } from "./page-lines.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { GradingRequest } from "./request.js";

/** What the recount saw, as the chapter's judge reads it. */
export interface Recounted {
  otherShapes?: OtherShapes;
  /** A failure of serve's on a generated list that is a fixture line's mistake seen again. */
  sameMistake?: Excused;
  /** handle's rules broken by the number of calls before, not by state (counted-calls.ts). */
  counted?: ReadonlySet<string>;
  /** handle's answer to each page message alone, when its state check failed beside a line (page-lines.ts). */
  pageAlone?: readonly (CallOutcome | undefined)[];
}

const SAME_MISTAKE = "Its failing lists fail at the place where a fixture line failed alone, and serve answers them by the rules when handle's answers hold other values (the grader ran them again with such a handle): the fixture line's mistake in writing a kind of value, charged by the line that reads it.";

/**
 * The generated lists whose call failed where a fixture line's did, but not on a line of that
 * line's kind (those are excused already: failedAsCase), each once.
 */
function failedWhereLinesDid(plan: Pick<GradingRequest, "tasks">, reply: SandboxReply, byLine: readonly unknown[]): string[][] {
  const runs = plan.tasks.task3;
  const calls = runs?.generated !== undefined ? readCalls("task3", reply.runs[runs.generated], false) : undefined;
  const sites = failedCalls(byLine).map((f) => f.failure);
  if (!runs || !calls || !sites.length) return [];
  const asCase = failedAsCase(LINES, byLine.map((v) => (v instanceof FailedCall ? { ok: false as const, failure: v.failure } : { ok: true as const })), sameLineCase);
  const seen = new Set<string>();
  const inputs = [LINES, ...runs.inputs] as unknown[];
  return inputs.flatMap((list, i) => {
    const c = calls[i];
    if (i === 0 || !c || c.ok || !Array.isArray(list) || !sites.some((s) => sameFailure(s, c.failure)) || asCase(list, c.failure)) return [];
    const key = JSON.stringify(list);
    if (seen.has(key)) return [];
    seen.add(key);
    return [list as string[]];
  });
}

export function chapterRecount(
  plan: Pick<GradingRequest, "tasks" | "runs" | "oracle">, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>,
  judge: (recounted: Recounted) => Record<string, TaskJudgement>,
): Recount | undefined {
  const shapes = shapesRecount(plan, reply, input, first);
  const count = countProbe(plan, reply, input, first);
  const page = pageAloneProbe(input, first);
  if (!shapes && !count && !page) return undefined;
  const asked = shapes?.requests.length ?? 0;
  // The count probe's runs and the page's, one request.
  const counts = count?.runs.length ?? 0;
  const runs = [...(count?.runs ?? []), ...(page?.runs ?? [])];
  return {
    requests: [...(shapes?.requests ?? []), ...(runs.length ? [{ runs, standIns: {} }] : [])],
    judge: (replies) => {
      const probed = runs.length ? replies[asked]! : { runs: [] };
      // A probe with no run: every rule it counts was wrong alone already (counted-calls.ts).
      const counted = count ? count.read({ runs: probed.runs.slice(0, counts) }) : undefined;
      const pageAlone = page?.read({ runs: probed.runs.slice(counts) });
      const recounted: Recounted = { ...(shapes ? shapes.read(replies.slice(0, asked)) : {}), ...(counted?.size ? { counted } : {}), ...(pageAlone ? { pageAlone } : {}) };
      const again = judge(recounted);
      return shapes ? sayWhySkipped(first, again, "task3", SAME_MISTAKE) : again;
    },
  };
}

/** Serve's part: its lines and lists again with handles that write one kind of value otherwise. */
function shapesRecount(plan: Pick<GradingRequest, "tasks">, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>): { requests: Recount["requests"]; read(replies: SandboxReply[]): Recounted } | undefined {
  const runs = plan.tasks.task3;
  if (!input.tasks.includes("task3") || runs?.perLine === undefined) return undefined;
  const outcome = fixtureOutcome("task3", reply.runs[runs.fixture], reply.runs[runs.perLine]);
  if (!("value" in outcome) || outcome.value.task !== "task3" || !outcome.value.byLine) return undefined;
  const sites = failedCalls(outcome.value.byLine).map((f) => f.failure);
  // Only a rule that failed asks about its lists.
  const probe = shapesProbe(outcome.value.byLine, ruleFailed(first, "task3") && input.behaviour ? failedWhereLinesDid(plan, reply, outcome.value.byLine) : []);
  if (!probe) return undefined;
  return {
    requests: probe.requests,
    read: (replies) => {
      const seen = probe.read(replies);
      const sameMistake: Excused = (list, failure) => seen.lists.has(JSON.stringify(list)) && sites.some((s) => sameFailure(s, failure));
      return { ...(seen.lines ? { otherShapes: seen.lines } : {}), ...(seen.lists.size ? { sameMistake } : {}) };
    },
  };
}
