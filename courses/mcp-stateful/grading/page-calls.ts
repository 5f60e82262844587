// Which generated steps are the page's own refused call, changed only where its rule does not
// look. The page refuses delete_db: a lab tool the server held before its session went live, not
// on the allow-list, called with an arguments object under id 4. The refusal reads the tool's name
// and the allow-list; it reads neither the id (a string or any number is as good as 4) nor what
// the arguments hold (the allow-list comes before them in the lattice). So a call under a string
// id, an id past 99, or with long, non-ASCII or extra arguments is still the page's call: code
// that refuses it only under number ids or short arguments skipped the page's own rule on it
// (cheats-round-2026-12-07f sf-lattice-number-ids-only, sf-lattice-short-args-only).
//
// What stays apart, each one branch of the code and priced so (class.test.ts): a call without an
// arguments object (validate-only-with-args), a tool added once the session is live
// (live-added-tools-unchecked), a tool made from data rather than the lab's (the checks run for
// the lab's names only: gaming-allow-lab-names-only, sf-lattice-few-underscores). Those change
// which calls or tools the rule covers, not the page's call.
import { valueKinds } from "../../../src/pack/crash-kinds.js";
import { LAB_TOOLS } from "../course/index.js";
import type { Session } from "../behaviour/session.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The message as its refusal reads it: the id any string or number, the arguments any object. */
function asRead(message: unknown): unknown {
  if (!isObject(message)) return message;
  const out: Record<string, unknown> = { ...message };
  if (typeof out["id"] === "string" || typeof out["id"] === "number") out["id"] = 0;
  const params = out["params"];
  if (isObject(params) && isObject(params["arguments"])) out["params"] = { ...params, arguments: {} };
  return out;
}

// A message's shape as its refusal reads it: keys and types at every depth, not values (a tool's name).
export const readShape = (message: unknown): string => [...valueKinds(asRead(message))].filter((k) => !k.includes("=")).sort().join(" ");

/** Whether step j calls a lab tool its server held, as the page's server did, before the session went live (and not added again since). */
function labToolHeldBeforeLive(session: Session, j: number): boolean {
  const step = session.steps[j];
  if (step?.op !== "handle" || !isObject(step.message)) return false;
  const params = step.message["params"];
  const name = isObject(params) ? params["name"] : undefined;
  if (typeof name !== "string" || !Object.hasOwn(LAB_TOOLS, name)) return false;
  const on = step.on ?? 0;
  let live = false, before = false;
  for (const s of session.steps.slice(0, j)) {
    if ((s.on ?? 0) !== on) continue;
    if (s.op === "handle" && isObject(s.message) && s.message["method"] === "notifications/initialized" && !Object.hasOwn(s.message, "id")) live = true;
    if (s.op === "addTool" && s.tool === name) {
      if (live || s.made) return false;
      before = true;
    }
  }
  return before;
}

/** Whether step j of the session is a call of the page's shape (`shapes`: the page steps' readShape) on a lab tool held as the page's. */
export function isPageCall(session: Session, j: number, shapes: ReadonlySet<string> | undefined): boolean {
  const step = session.steps[j];
  if (step?.op !== "handle" || shapes?.has(readShape(step.message)) !== true) return false;
  const method = isObject(step.message) ? step.message["method"] : undefined;
  return method !== "tools/call" || labToolHeldBeforeLive(session, j);
}
