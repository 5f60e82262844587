// A tool call refused as invalid params (-32602) where the model runs the tool and the call left
// out a property of the tool's inputSchema that `required` does not name: the server took an
// optional argument for a required one. One mistake, in the lattice's required-argument step:
// t2_tool_errors' (toolMissingArg), not t2_tool_results' for each tool it then never ran. The
// point moves, it is never spared: t2_tool_errors is named by a line too. A refusal of a call that
// sent every property (an extra key or a value's type refused) keeps its rule.
import type { Outcome, Session, StepRule } from "../behaviour/session.js";
import { LAB_TOOLS, type InputSchema } from "../course/index.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The schema of the tool `name` that server `on` was last handed before step j, if any. */
function schemaBefore(session: Session, j: number, name: string, on: number): InputSchema | undefined {
  for (let k = j - 1; k >= 0; k--) {
    const step = session.steps[k]!;
    if (step.op !== "addTool" || step.tool !== name || (step.on ?? 0) !== on) continue;
    return step.made ? step.made.inputSchema : Object.hasOwn(LAB_TOOLS, name) ? LAB_TOOLS[name]!.inputSchema : undefined;
  }
  return undefined;
}

/** The rule a tools/call step is judged by: toolMissingArg when a tool that runs or raises was refused with -32602 for an optional argument left out. */
export function optionalArgRule(rule: StepRule, got: Outcome | undefined, session: Session, j: number): StepRule {
  if ((rule !== "toolOk" && rule !== "toolRaised") || got === undefined || !("value" in got)) return rule;
  const v = got.value;
  if (!isObject(v) || !isObject(v["error"]) || v["error"]["code"] !== -32602) return rule;
  const step = session.steps[j]!;
  const params = step.op === "handle" && isObject(step.message) && isObject(step.message["params"]) ? step.message["params"] : undefined;
  const name = params?.["name"];
  if (typeof name !== "string") return rule;
  const schema = schemaBefore(session, j, name, step.on ?? 0);
  const args = isObject(params!["arguments"]) ? params!["arguments"] : {};
  const leftOut = Object.keys(schema?.properties ?? {}).filter((k) => !schema!.required.includes(k) && !Object.hasOwn(args, k));
  return leftOut.length > 0 ? "toolMissingArg" : rule;
}

export const OPTIONAL_ARG_CAUSE = " This call left out only arguments the tool's inputSchema does not name in `required`: they are optional, and the tool runs without them.";
