// One mistake, one task's point, once every check is in (live ones included):
// - toMcp's print shows again in handle's live server, which loads task1.ts, and breaks the stdio
//   rule there (and what the SDK's client reads). t1_no_stdout charges it; the live checks it
//   explains are shown failed and cost task 2 nothing more;
// - a response the chapter's rules decide is judged by a behaviour check against the model, and
//   by the MCP schema and the SDK's client too: a shape wrong in a way no evidence line reads
//   (serverInfo without its version, a content item of type "Text") failed all three, one point
//   each, and the stdio check when the live server wrote that response. When a behaviour check of
//   the task failed, those failures are charged where that check's are.
import type { CheckResult } from "../../../src/report/types.js";
import { chargeLoadedPrint } from "../../../src/pack/own-output.js";

type Tasks = readonly { task: string; checks: readonly CheckResult[] }[];

function task1Print(tasks: Tasks): Record<string, CheckResult[]> {
  const charged = chargeLoadedPrint(tasks, { task: "task1", check: "t1_no_stdout", file: "task1.ts" }, { task: "task2", stdioCheck: "t2_stdio_clean" });
  return charged ? { task2: charged } : {};
}

/** Whether a stdout line the stdio check refused is a response (a JSON object), not a print. */
function isResponse(line: string | null | undefined): boolean {
  if (typeof line !== "string") return false;
  try { const v = JSON.parse(line) as unknown; return v !== null && typeof v === "object" && !Array.isArray(v); } catch { return false; }
}

/** The task's schema and interop failures (and a stdio one that refused a response, not a print) charged where its first failed behaviour check is, when one failed. */
function behindBehaviour(checks: readonly CheckResult[]): CheckResult[] | undefined {
  const failed = checks.filter((c) => c.kind === "behaviour" && c.status === "fail");
  const cause = failed.find((c) => c.chargedTo === undefined) ?? failed[0];
  if (!cause) return undefined;
  const target = cause.chargedTo ?? cause.name;
  const note = ` The responses the chapter's rules decide are judged against them by ${cause.name}, which failed: the same mistake, charged by ${target}; it costs nothing more here.`;
  let changed = false;
  const out = checks.map((c) => {
    if ((c.kind !== "schema" && c.kind !== "interop" && !(c.kind === "stdio" && isResponse(c.actual))) || c.status !== "fail" || c.chargedTo !== undefined) return c;
    changed = true;
    return { ...c, chargedTo: target, message: `${c.message ?? ""}${note}` };
  });
  return changed ? out : undefined;
}

export function settle(tasks: Tasks): Record<string, CheckResult[]> {
  const out = task1Print(tasks);
  for (const t of tasks) {
    const charged = behindBehaviour(out[t.task] ?? t.checks);
    if (charged) out[t.task] = charged;
  }
  return out;
}
