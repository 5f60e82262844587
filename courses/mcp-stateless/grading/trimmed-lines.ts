// The stateless pack's recount (Pack.recount, src/grading/recount.ts): serve's mistake on a line of
// whitespace, seen again on generated lines padded with it. A serve whose own trim loop never
// moves on stalls on line 7 ("   ", a fixture line, charged by the lines that read it) and on every
// message padded with whitespace in t4_unreadable_lines' lists, at the same place; a padded message is
// not a blank line, so failedAsCase does not excuse it, and the rule read it as a second mistake.
// Run again on those lists with each line trimmed, serve answers them by the rules: what failed
// was the whitespace, the fixture line's mistake, and the rule is skipped as such. A serve whose
// failure there has nothing to do with whitespace fails the trimmed lists too, and stays charged.
import { sameFailure } from "../../../src/pack/failed-call.js";
import { picked } from "../../../src/pack/interleave.js";
import { ruleFailed } from "../../../src/pack/recount-skips.js";
import { callOf, type PlanInput, type Probe, type TaskJudgement } from "../../../src/pack/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { newServer, serveWith } from "../behaviour/model.js";
import { LINES } from "../course/fixtures.js";
import { readRun } from "./outcomes.js";
import { taskOf, type StatelessPlan } from "./plan.js";
import { sameServe, type SameMistake } from "./judge.js";
import { excusedLines } from "./serve-lines.js";

/** How many generated lists one recount runs again at most. */
const LISTS = 32;

const trimmed = (list: readonly string[]): string[] => list.map((line) => line.trim());

/**
 * The probe, when a rule of serve's failed on generated lists at the place where a fixture line
 * failed, beyond what failedAsCase excuses, and those lists hold whitespace to take away. `read`:
 * which such failures are the fixture line's mistake (none: undefined).
 */
export function trimmedLinesProbe(plan: StatelessPlan, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>): Probe<SameMistake | undefined> | undefined {
  const runs = plan.own.task4;
  if (!input.behaviour || !input.tasks.includes("task4") || !runs || runs.generated === undefined || runs.perLine === undefined || !runs.inputs) return undefined;
  if (!ruleFailed(first, "task4")) return undefined;
  const task = taskOf("task4");
  const perLine = reply.runs[runs.perLine];
  // Only a fixture line with whitespace around it (line 7, "   ") says what trimming shows.
  const sites = (readRun(task, perLine) ?? []).slice(0, LINES.length).flatMap((o, i) => (o.ok || LINES[i]!.trim() === LINES[i] ? [] : [o.failure]));
  const calls = picked(readRun(task, reply.runs[runs.generated]), runs.picks);
  if (!sites.length || !calls) return undefined;
  const asLine = excusedLines(task, perLine, reply.runs[runs.fixture]);
  const seen = new Set<string>();
  const lists = runs.inputs.flatMap((list, i) => {
    const c = calls[i];
    if (!c || c.ok || !Array.isArray(list) || !list.every((l) => typeof l === "string") || !sites.some((s) => sameFailure(s, c.failure)) || asLine(list, c.failure)) return [];
    const key = JSON.stringify(list);
    if (seen.has(key) || JSON.stringify(trimmed(list)) === key) return [];
    seen.add(key);
    return [list as string[]];
  }).slice(0, LISTS);
  if (!lists.length) return undefined;
  return {
    runs: [{ ...callOf(task), inputs: lists.map((l) => JSON.stringify(trimmed(l))), instance: "fresh", stopOnFailure: false }],
    read: (again) => {
      const answers = readRun(task, again.runs[0]) ?? [];
      const right = new Set(lists.filter((l, k) => {
        const a = answers[k];
        return a?.ok === true && sameServe(serveWith(trimmed(l), newServer()), a.value);
      }).map((l) => JSON.stringify(l)));
      return right.size ? (list, failure) => right.has(JSON.stringify(list)) && sites.some((s) => sameFailure(s, failure)) : undefined;
    },
  };
}
