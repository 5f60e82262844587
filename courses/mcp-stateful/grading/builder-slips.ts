// One slip in what task 1's builders share costs one point. A student who writes the envelope
// once (`{ jsonrpc, id: id || null }`) or tests "params given" once (`params && Object.keys(params).length`)
// and calls it from request, response and errorResponse makes one mistake, which every builder
// whose inputs reach it shows: fair-round-2026-12-07j sf-m-envelope-id-or-null lost 2 points at
// seed 0 and 3 at seed 12345 (where errorResponse drew a falsy id), sf-m-request-empty-params-dropped 2.
// A builder's failure whose every wrong answer is wrong in the same keys, the same way, as an
// earlier failing builder's is charged to that builder's check; one answer wrong in any other way
// keeps the failure its own.
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { built, BUILDERS, compareBuilt, type Builder } from "../behaviour/messages.js";
import type { StatefulPlan } from "./plan.js";
import { valueOf } from "./values.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
// How a value was written wrong: left out (undefined too: JSON drops it), null, or another value.
const how = (v: unknown, present: boolean): string => (!present ? "absent" : v === null ? "null" : "other");

/** The ways a builder's answers were wrong ("id:null"), or undefined where one failed or was no object (its own failure). */
function slipsOf(builder: Builder, p: NonNullable<StatefulPlan["task1"]>, reply: SandboxReply): Set<string> | undefined {
  const run = reply.runs[p.builders[builder].run];
  if (run?.status !== "ran") return undefined;
  const ways = new Set<string>();
  for (const [i, args] of p.builders[builder].args.entries()) {
    const call = run.calls[i];
    if (!call || !call.ok) return undefined;
    const want = built(builder, args);
    const got = valueOf(call);
    if (!compareBuilt(want, got)) continue;
    if (!isObject(got)) return undefined;
    const keys = new Set([...Object.keys(want), ...Object.keys(got)]);
    const wrong = [...keys].filter((k) => compareBuilt({ [k]: want[k] }, Object.hasOwn(got, k) ? { [k]: got[k] } : {}) !== undefined || !Object.hasOwn(want, k));
    const way = wrong.map((k) => `${k}:${Object.hasOwn(want, k) ? how(got[k], Object.hasOwn(got, k)) : "extra"}`).sort().join(",");
    ways.add(way);
  }
  return ways;
}

/** The builders' checks (`names`: each builder's), each failure that repeats an earlier failing builder's slip charged to it. */
export function chargeBuilderSlips(checks: CheckResult[], names: Record<Builder, string>, p: NonNullable<StatefulPlan["task1"]>, reply: SandboxReply): CheckResult[] {
  const builders = new Map<string, Builder>(BUILDERS.map((b) => [names[b], b]));
  const seen: { name: string; ways: Set<string> }[] = [];
  return checks.map((c) => {
    const builder = builders.get(c.name);
    if (!builder || c.status !== "fail" || c.chargedTo !== undefined) return c;
    const ways = slipsOf(builder, p, reply);
    if (!ways || ways.size === 0) return c;
    const earlier = seen.find((s) => [...ways].every((w) => s.ways.has(w)));
    if (!earlier) {
      seen.push({ name: c.name, ways });
      return c;
    }
    return { ...c, chargedTo: earlier.name, message: `${c.message ?? ""}\nEvery answer it got wrong is wrong as ${earlier.name}'s are (${[...ways].join("; ")}): one slip in what the builders share, charged there; it costs nothing more here.` };
  });
}
