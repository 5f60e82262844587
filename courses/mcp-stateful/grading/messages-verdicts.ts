// Task 1's behaviour verdicts: every builder call and every kindOf shape against the model, the
// first that differs as the counterexample.
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { shown } from "../behaviour/compare.js";
import { built, compareBuilt, kindOf, BUILDERS, type Builder } from "../behaviour/messages.js";
import { chargeBuilderSlips } from "./builder-slips.js";
import type { StatefulPlan } from "./plan.js";
import { valueOf } from "./values.js";
import { verdict, type Failure, type Rule } from "./verdict.js";

const BUILT: Record<Builder, Rule> = {
  request: { name: "t1_request_built", title: "request(id, method, params?) on generated ids (0 and \"\" too), methods and params (absent, or holding an id of their own)", hint: "{jsonrpc, id, method} and params only when given: no params key at all otherwise." },
  notification: { name: "t1_notification_built", title: "notification(method, params?) on generated methods and params: never an id key", hint: "Reread 'Three message shapes': the id key is absent, not null, not undefined; params only when given." },
  response: { name: "t1_response_built", title: "response(id, result) on generated ids and results", hint: "{jsonrpc: \"2.0\", id, result}, with the id as given (0 and \"\" too)." },
  errorResponse: { name: "t1_error_built", title: "errorResponse(id, code, message, data?) on generated ids (null too), codes and data", hint: "{jsonrpc, id, error: {code, message}} and data in error only when given." },
};
// Two rules, one per evidence line (a broken rule voids every line naming it): messages with a
// method key, where "id" in message decides, and every other shape. One mistake both show is
// charged once (kind-mistakes.ts).
const METHOD_KINDS: Rule = { name: "t1_method_kinds", title: "kindOf on generated messages with a method: an id key makes a request (null, 0 and \"\" too); a method that is no string is invalid", hint: "Decide by which keys are present (\"id\" in message), never by their values." };
const KINDS: Rule = { name: "t1_kinds", title: "kindOf on generated shapes without a method: result XOR error, with an id; anything else (and what is no object) invalid", hint: "Without a method: exactly one of result and error, and an id key; both, neither or no id is invalid." };
const hasMethod = (m: unknown): boolean => typeof m === "object" && m !== null && !Array.isArray(m) && Object.hasOwn(m, "method");

/** One builder on every call of its run: the first answer that is not the one due. */
function judgeBuilder(builder: Builder, p: NonNullable<StatefulPlan["task1"]>, reply: SandboxReply, seed: number): CheckResult {
  const run = reply.runs[p.builders[builder].run];
  let failure: Failure | undefined;
  let judged = 0;
  if (run?.status === "ran") {
    for (const [i, args] of p.builders[builder].args.entries()) {
      const call = run.calls[i];
      if (!call) break;
      judged++;
      const want = built(builder, args);
      const code = `${builder}(${args.map((a) => shown(a)).join(", ")})`;
      if (!call.ok) failure = { message: `${code} failed: ${call.failure.message}`, expected: shown(want) };
      else {
        const why = compareBuilt(want, valueOf(call));
        if (why) failure = { message: `${code}: ${why}.`, expected: shown(want), actual: shown(valueOf(call)) };
      }
      if (failure) break;
    }
  }
  return verdict(BUILT[builder], seed, failure, judged);
}

export function messages(p: NonNullable<StatefulPlan["task1"]>, reply: SandboxReply, seed: number): CheckResult[] {
  const names = Object.fromEntries(BUILDERS.map((b) => [b, BUILT[b].name])) as Record<Builder, string>;
  const out = chargeBuilderSlips(BUILDERS.map((b) => judgeBuilder(b, p, reply, seed)), names, p, reply);
  const kinds = reply.runs[p.kinds.run];
  for (const [rule, family] of [[METHOD_KINDS, true], [KINDS, false]] as const) {
    let failure: Failure | undefined;
    let judged = 0;
    if (kinds?.status === "ran") {
      for (const [i, message] of p.kinds.inputs.entries()) {
        const call = kinds.calls[i];
        if (!call) break;
        if (hasMethod(message) !== family) continue;
        judged++;
        const got = valueOf(call);
        if (got !== kindOf(message)) { failure = { message: `kindOf(${shown(message)}) is "${kindOf(message)}"${call.ok ? "" : `; it failed: ${call.failure.message}`}.`, expected: kindOf(message), actual: call.ok ? shown(got) : "(no value)" }; break; }
      }
    }
    out.push(verdict(rule, seed, failure, judged));
  }
  return out;
}
