// Task 1's behaviour verdicts: every builder call and every kindOf shape against the model, the
// first that differs as the counterexample.
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { shown } from "../behaviour/compare.js";
import { built, compareBuilt, kindOf, BUILDERS } from "../behaviour/messages.js";
import type { StatefulPlan } from "./plan.js";
import { valueOf } from "./values.js";
import { verdict } from "./verdict.js";

const RULES_1 = {
  t1_builders: { name: "t1_builders", title: "The builders on generated ids (0 and \"\" too), methods and params (absent, or holding an id of their own)", hint: "Reread 'Three message shapes': leave params out when none is given, and never give a notification an id key." },
  t1_kinds: { name: "t1_kinds", title: "kindOf on generated shapes: id null, a method that is no string, both or neither of result and error", hint: "Decide by which keys are present (\"id\" in message), never by their values." },
};

export function messages(p: NonNullable<StatefulPlan["task1"]>, reply: SandboxReply, seed: number): CheckResult[] {
  let failure: { message: string; expected?: string; actual?: string } | undefined;
  let judged = 0;
  for (const builder of BUILDERS) {
    const run = reply.runs[p.builders[builder].run];
    if (run?.status !== "ran" || failure) continue;
    p.builders[builder].args.forEach((args, i) => {
      const call = run.calls[i];
      if (failure || !call) return;
      judged++;
      const want = built(builder, args);
      const code = `${builder}(${args.map((a) => shown(a)).join(", ")})`;
      if (!call.ok) failure = { message: `${code} failed: ${call.failure.message}`, expected: shown(want) };
      else {
        const why = compareBuilt(want, valueOf(call));
        if (why) failure = { message: `${code}: ${why}.`, expected: shown(want), actual: shown(valueOf(call)) };
      }
    });
  }
  const out = [verdict(RULES_1.t1_builders, seed, failure, judged)];
  failure = undefined;
  judged = 0;
  const kinds = reply.runs[p.kinds.run];
  if (kinds?.status === "ran") {
    for (const [i, message] of p.kinds.inputs.entries()) {
      const call = kinds.calls[i];
      if (!call) break;
      judged++;
      const got = valueOf(call);
      if (got !== kindOf(message)) { failure = { message: `kindOf(${shown(message)}) is "${kindOf(message)}"${call.ok ? "" : `; it failed: ${call.failure.message}`}.`, expected: kindOf(message), actual: call.ok ? shown(got) : "(no value)" }; break; }
    }
  }
  out.push(verdict(RULES_1.t1_kinds, seed, failure, judged));
  return out;
}
