// A tool added with notify while the session is live, announced and never registered (addTool's
// notify branch returning before it stores the tool: helper 98's m-addtool-notify-early-return).
// The page's step 6 shows it (t2_tools_after: subtract missing from the list after it was added
// with notify), and the same mistake then fails every check whose sessions list or call such a
// tool: t2_tools_list and t2_tool_errors took a point each beside the line (15/18). A check whose
// every wrong step the code answers as the model does on the same session without those tools
// added shows that line's mistake: charged to it. Judged by the model, never by the code's own
// answers, so a server wrong otherwise in those checks pays for it.
import type { CheckResult } from "../../../src/report/types.js";
import { compareStep } from "../behaviour/compare.js";
import { VARIANTS } from "../behaviour/model.js";
import { modelSession, type Outcome, type Session } from "../behaviour/session.js";
import type { WrongStep } from "./server-verdicts.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const INITIALIZED = "notifications/initialized";

/** The session without its notify adds (all of them, or those after an initialized notification), and where each kept step went. */
function withoutNotifyAdds(session: Session, afterInitialized: boolean): { session: Session; at: Map<number, number> } {
  const at = new Map<number, number>();
  const steps: Session["steps"] = [];
  let live = false;
  session.steps.forEach((step, j) => {
    if (step.op === "handle" && isObject(step.message) && step.message["method"] === INITIALIZED) live = true;
    if (step.op === "addTool" && step.notify === true && (live || !afterInitialized)) return;
    at.set(j, steps.length);
    steps.push(step);
  });
  return { session: { ...session, steps }, at };
}

/** The session without its notify adds (both ways), each with the model's answers in either reading: made once a session, however many of its steps are wrong. */
type Without = { session: Session; at: Map<number, number>; answers: Outcome[][] };
const withoutBySession = new WeakMap<Session, Without[]>();
function withoutAdds(session: Session): Without[] {
  let out = withoutBySession.get(session);
  if (!out) {
    out = [true, false].map((after) => {
      const w = withoutNotifyAdds(session, after);
      return { ...w, answers: VARIANTS.map((variant) => modelSession(w.session, variant).outcomes) };
    });
    withoutBySession.set(session, out);
  }
  return out;
}

/** Whether the code answers a wrong step as the model does without the session's notify adds (in either reading). */
function explained(w: WrongStep): boolean {
  if (!w.session.steps.some((s) => s.op === "addTool" && s.notify === true)) return false;
  const got = w.got[w.j];
  if (got === undefined) return false;
  return withoutAdds(w.session).some(({ session, at, answers }) => {
    const k = at.get(w.j);
    if (k === undefined) return false;
    return answers.some((outcomes) => outcomes[k] !== undefined && compareStep(session.steps[k]!, outcomes[k]!, got, "body") === undefined);
  });
}

/** Charges to t2_tools_after each failing check every wrong step of which a tool added with notify and never registered explains (see the header). */
export function chargeNotifyAdds(lines: readonly CheckResult[], verdicts: readonly CheckResult[], wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>): void {
  const after = lines.find((c) => c.name === "t2_tools_after");
  if (after?.status !== "fail" || after.chargedTo !== undefined) return;
  for (const c of verdicts) {
    if (c.status !== "fail" || c.chargedTo !== undefined || c.name === "t2_tools_added") continue;
    const steps = wrong.get(c.name);
    if (!steps?.length || !steps.every(explained)) continue;
    Object.assign(c, { chargedTo: after.name, message: `${c.message ?? ""}\nEvery answer it got wrong is the model's for the same session with the tools added with notify never registered: t2_tools_after's mistake (step 6), and it costs nothing more here.` });
  }
}
