// One mistake, one task's point, once every check is in (live ones included):
// - toMcp's print shows again in handle's live server, which loads task1.ts, and breaks the stdio
//   rule there (and what the SDK's client reads). t1_no_stdout charges it; the live checks it
//   explains are shown failed and cost task 2 nothing more;
// - a response the chapter's rules decide is judged by a behaviour check against the model, and
//   by the MCP schema and the SDK's client too: a shape wrong in a way no evidence line reads
//   (serverInfo without its version, a content item of type "Text") failed all three, one point
//   each, and the stdio check when the live server wrote that response. When a behaviour check of
//   the task failed, those failures are charged where that check's are (src/pack/behind-behaviour.ts).
import type { CheckResult } from "../../../src/report/types.js";
import { chargeBehindBehaviour } from "../../../src/pack/behind-behaviour.js";
import { chargeLoadedPrint } from "../../../src/pack/own-output.js";

type Tasks = readonly { task: string; checks: readonly CheckResult[] }[];

function task1Print(tasks: Tasks): Record<string, CheckResult[]> {
  const charged = chargeLoadedPrint(tasks, { task: "task1", check: "t1_no_stdout", file: "task1.ts" }, { task: "task2", stdioCheck: "t2_stdio_clean" });
  return charged ? { task2: charged } : {};
}

export function settle(tasks: Tasks): Record<string, CheckResult[]> {
  const out = task1Print(tasks);
  for (const t of tasks) {
    const charged = chargeBehindBehaviour(out[t.task] ?? t.checks);
    if (charged) out[t.task] = charged;
  }
  return out;
}
