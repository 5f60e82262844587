// The stateless pack's recount (Pack.recount, src/grading/recount.ts): serve's failures on lines of
// whitespace seen again trimmed (trimmed-lines.ts), and handle's families and serve's checks that
// failed beside the state's check sent again after a count of calls (counted-calls.ts,
// counted-serve.ts). Each probe is one request;
// the judgement is made again once, with what both found.
import { sayWhySkipped } from "../../../src/pack/recount-skips.js";
import type { PlanInput, Recount, TaskJudgement } from "../../../src/pack/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { countProbe } from "./counted-calls.js";
import { serveCountProbe } from "./counted-serve.js";
import { handleJudge, judgeWith, probeJudge, type Recounted } from "./judge.js";
import type { StatelessPlan } from "./plan.js";
import { trimmedLinesProbe } from "./trimmed-lines.js";
import { pageAloneProbe } from "./page-lines.js";
import { rulesAloneProbe, rulesFailedByState, type RulesAlone, type StateRules } from "./families-alone.js";
import { picked } from "../../../src/pack/interleave.js";
import { readRun } from "./outcomes.js";
import { FIXTURE_INPUTS, taskOf } from "./plan.js";

const SAME_MISTAKE = "Its failing lists fail at the place where a fixture line of whitespace failed, and serve answers them by the rules with each line's surrounding whitespace taken away (the grader ran them again so): the fixture line's mistake on whitespace, charged by the lines that read it.";

export function statelessRecount(plan: StatelessPlan, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>): Recount | undefined {
  const trimmed = trimmedLinesProbe(plan, reply, input, first);
  const count = countProbe(plan, reply, input, first);
  const serveCount = serveCountProbe(plan, reply, input, first);
  const page = pageAloneProbe(input, first);
  const rules = rulesAloneProbe(plan, reply, input, first, () => handleJudge(plan, reply));
  if (!trimmed && !count && !serveCount && !page && !rules) return undefined;
  const probes = [trimmed, count, serveCount, page, rules];
  const asked = probes.filter((p) => p !== undefined);
  return {
    requests: asked.map((p) => ({ runs: p.runs, standIns: {} })),
    judge: (replies) => {
      const replyOf = (p: (typeof probes)[number]): SandboxReply => replies[asked.indexOf(p!)]!;
      const sameMistake = trimmed?.read(replyOf(trimmed));
      const countedAll = count?.read(replyOf(count));
      const countedServe = serveCount?.read(replyOf(serveCount));
      const pageAlone = page?.read(replyOf(page));
      const alone = rules ? stateRules(plan, reply, first, rules.read(replyOf(rules))) : undefined;
      const byState = alone?.byState;
      // A rule the state explains was not broken by the count of calls before it; one that fails
      // alone too is a mistake of its own all the same, not read through the state (families-alone.ts).
      const counted = alone ? new Set([...(countedAll ?? []), ...alone.ownAlone].filter((name) => !alone.byState.has(name))) : countedAll;
      const ownAlone = alone?.ownAlone;
      if (!sameMistake && !counted?.size && !countedServe?.size && !pageAlone && !byState?.size) return first;
      const again = judgeWith(plan, reply, input, { ...(sameMistake ? { sameMistake } : {}), ...(counted?.size ? { counted } : {}), ...(countedServe?.size ? { countedServe } : {}), ...(pageAlone ? { pageAlone } : {}), ...(byState?.size ? { byState } : {}), ...(ownAlone?.size ? { ownAlone } : {}) });
      return sameMistake ? sayWhySkipped(first, again, "task4", SAME_MISTAKE) : again;
    },
  };
}

/** handle's rules whose failures the state explains, by their answers alone (families-alone.ts). */
function stateRules(plan: StatelessPlan, reply: SandboxReply, first: Record<string, TaskJudgement>, found: RulesAlone): StateRules {
  const runs = plan.own.task2!;
  const calls = picked(readRun(taskOf("task2"), reply.runs[runs.generated!], true), runs.picks)?.slice(FIXTURE_INPUTS.task2.length) ?? [];
  const generated = runs.checks.flatMap((p) => p.inputs);
  const alone = probeJudge(plan, reply);
  return rulesFailedByState(first["task2"]?.extra ?? [], runs.checks, calls, found, handleJudge(plan, reply), (p, g, o) => alone(p, [generated[g]], o));
}
