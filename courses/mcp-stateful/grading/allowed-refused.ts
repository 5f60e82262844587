// An allowed tool refused as not allowed (-32600, the allow-list's code in the lattice) where the
// model runs it: the allow-list read wrongly (`indexOf(name) > 0`, which refuses the list's first
// name: helper 110's m-allow-indexof-gt-zero). t2_tool_results shows it, with the page's own call
// of add (t2_add_text); t2_tool_errors showed it again for a call of an allowed tool with an
// argument missing, refused as not allowed before its arguments were read, and took the point of
// t2_delete_db_code (16/18 for one mistake). When t2_tool_results fails with such a refusal and
// every wrong step of t2_tool_errors is one, the mistake is t2_tool_results': charged there. A
// server that also answers an unknown tool, a tool the list leaves out or a missing argument of
// its own wrongly keeps t2_tool_errors' failure, and so does one that never answers a missing
// argument with -32602 or never runs a tool right anywhere (refusing every known tool as not
// allowed saves both rules' work: it is not this mistake).
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { compareStep } from "../behaviour/compare.js";
import { VARIANTS } from "../behaviour/model.js";
import { modelSession, type StepRule } from "../behaviour/session.js";
import type { SessionsPlan } from "./plan.js";
import { sessionOutcomes, type WrongStep } from "./server-verdicts.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** The rules under which the model ran the tool or read its arguments: it was known and allowed. */
const ALLOWED_RULES = new Set(["toolOk", "toolRaised", "toolMissingArg"]);

function refusedAsNotAllowed(w: WrongStep): boolean {
  const step = w.session.steps[w.j];
  const got = w.got[w.j];
  if (step?.op !== "handle" || !isObject(step.message) || step.message["method"] !== "tools/call" || !ALLOWED_RULES.has(w.rule)) return false;
  if (got === undefined || !("value" in got) || !isObject(got.value)) return false;
  const error = got.value["error"];
  return isObject(error) && error["code"] === -32600 && !Object.hasOwn(got.value, "result");
}

/** Whether some one-server session has a step of `rule` answered as the model answers it (in either reading). */
function rightSomewhere(p: SessionsPlan, reply: SandboxReply, rule: StepRule): boolean {
  return p.all.some((session, i) => {
    if (session.servers.length !== 1) return false;
    const got = sessionOutcomes(p, reply, i).outcomes;
    if (!got) return false;
    return VARIANTS.some((variant) => {
      const model = modelSession(session, variant);
      return model.rules.some((r, j) => r === rule && got[j] !== undefined && compareStep(session.steps[j]!, model.outcomes[j]!, got[j]!, "body") === undefined);
    });
  });
}

/** Charges t2_tool_errors to t2_tool_results where both fail by allowed tools refused as not allowed alone (see the header). */
export function chargeAllowedRefusals(verdicts: readonly CheckResult[], wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>, p: SessionsPlan, reply: SandboxReply): void {
  const results = verdicts.find((c) => c.name === "t2_tool_results");
  const errors = verdicts.find((c) => c.name === "t2_tool_errors");
  if (results?.status !== "fail" || errors?.status !== "fail" || errors.chargedTo !== undefined) return;
  const own = wrong.get(errors.name);
  if (!own?.length || !own.every(refusedAsNotAllowed) || !wrong.get(results.name)?.some(refusedAsNotAllowed)) return;
  if (!rightSomewhere(p, reply, "toolMissingArg") || !rightSomewhere(p, reply, "toolOk")) return;
  Object.assign(errors, { chargedTo: results.name, message: `${errors.message ?? ""}\nEvery answer it got wrong refuses a tool the allow-list names as not allowed (-32600), as t2_tool_results' do: that check's mistake, and it costs nothing more here.` });
}
