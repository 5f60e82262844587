// A tool the server was handed, refused as unknown (-32601) where the model runs it: the server
// looked its tools up somewhere else than among the tools added to it (the course's LAB_TOOLS,
// say). One mistake, the lattice's first step: t2_tool_errors' (toolUnknown), not also
// t2_tool_results' for each tool it then never ran. A server that looks tools up in LAB_TOOLS cost
// one point while every session added only lab tools, and would cost two once sessions add tools
// made from data (behaviour/made-tools.ts): test/fixtures/mcp-stateful-class/unknown-tool-by-lab-registry.
// The point moves, it is never spared: t2_tool_errors is named by a line too.
import type { Outcome, Step, StepRule } from "../behaviour/session.js";
import { LAB_TOOLS } from "../course/index.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The rule a tools/call step is judged by: toolUnknown when a tool made from data (not one of the
 * course's LAB_TOOLS), which runs or raises, was refused as unknown. A lab tool refused so is not
 * that mistake: a server that runs only the page's tools and refuses every other lab tool it was
 * handed keeps t2_tool_results' judgement (it kept 17 of 18 when any refusal moved there).
 */
export function toolLookupRule(rule: StepRule, got: Outcome | undefined, step: Step): StepRule {
  if ((rule !== "toolOk" && rule !== "toolRaised") || got === undefined || !("value" in got)) return rule;
  const name = step.op === "handle" && isObject(step.message) && isObject(step.message["params"]) ? step.message["params"]["name"] : undefined;
  if (typeof name !== "string" || Object.hasOwn(LAB_TOOLS, name)) return rule;
  const v = got.value;
  return isObject(v) && isObject(v["error"]) && v["error"]["code"] === -32601 ? "toolUnknown" : rule;
}

export const TOOL_LOOKUP_CAUSE = " This tool was added to this server: tools/call looks a name up among the tools added to it, and runs the tool object it was given.";
