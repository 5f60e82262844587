// The padded sessions: a check's longest one-server session again, behind a run of requests the
// gate refuses and with a run of live requests after its handshake, so that a server right only
// for a session's first calls (counted any way: every call, or the live ones) fails the check's
// own steps. A counter's number the grader cannot know: each run's length is drawn.
import type { Random } from "../../../src/pack/random.js";
import { anyCall, METHODS, SessionBuilder, UNKNOWN_METHODS } from "./generate.js";
import type { Session, Step } from "./session.js";

const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

/**
 * A check's longest one-server session again, after a run of steps that change nothing: requests
 * the gate refuses, before anything else. Every other session is
 * short (21 handle calls at most), so a server right only for a session's first calls (a counter
 * that gives up, a table of the first answers) passed them all and kept every line's point; here
 * its own steps come after PADDING.min to PADDING.max calls, a number it cannot know. Only the
 * checks an evidence line names (their failure takes a line's point; the others cost at most
 * their kind's one). Its own stream: the sessions before it stay as they were.
 */
const PADDING = { min: 30, max: 70 };
export function padded(sessions: readonly Session[], random: Random): Session[] {
  const longest = sessions.filter((s) => s.servers.length === 1).reduce<Session | undefined>((a, s) => (a && a.steps.length >= s.steps.length ? a : s), undefined);
  if (!longest) return [];
  // Requests only: a notification there would open the gate of a server that lets any open it,
  // and that mistake would then fail this check as well as t2_handshake.
  const pad = times(random.int(PADDING.min, PADDING.max), (i): Step => {
    const method = random.pick([...METHODS, ...UNKNOWN_METHODS]);
    return { op: "handle", message: { jsonrpc: "2.0", id: `early-${i + 1}`, method, ...(random.bool() ? { params: {} } : {}) } };
  });
  return [{ servers: longest.servers, steps: [...pad, ...livePadded(longest, random)] }];
}

/**
 * The session again with a run of live requests (any of the six methods, right or wrong in one
 * way, each judged by its own rule) right after its handshake: a server that counts only the
 * requests it answers once live, and gives up after 20 (gaming-live-calls-first-n), passed the
 * refused padding above and every session (19 live requests at most). None changes the session's
 * state (no tool is added, none drained), so the check's own steps after them are due the same
 * answers.
 */
function livePadded(session: Session, random: Random): Step[] {
  const steps = session.steps;
  const opened = steps.findIndex((s, i) => isInitialized(s) && steps.slice(0, i).some(isInitialize));
  if (opened < 0) return steps;
  const b = new SessionBuilder(random, session.servers);
  times(random.int(PADDING.min, PADDING.max), () => anyCall(b, random));
  // Ids as a session's own (integers, some "req-N" or digits as a string), going on from the
  // session's last before the padding, and the session's own after it moved on past the padding's:
  // ids named for the padding ("live-N") told it apart (gaming-live-calls-skips-padding), and so
  // did ids from a number far past the session's (cheats-2026-12-06c live-count-small-ids: 4 digits
  // not counted, 18/18). Never 0 or "": a falsy id is t2_notifications' (grading/falsy-ids.ts).
  const before = steps.slice(0, opened + 1).map((s) => idNumber(messageOf(s)["id"])).filter((k) => k !== undefined);
  let n = Math.max(1, ...before.map((k) => k + 1));
  const start = n;
  const idOf = (): string | number => {
    const k = n++;
    const r = random.int(0, 9);
    return r === 0 ? `req-${k}` : r === 1 ? String(k) : k;
  };
  const live = b.steps.map((step): Step => (step.op === "handle" ? { ...step, message: { ...(step.message as Record<string, unknown>), id: idOf() } } : step));
  const moved = (step: Step): Step => {
    const id = messageOf(step)["id"];
    const k = idNumber(id);
    return k === undefined || k === 0 || messageOf(step)["method"] === undefined ? step : { ...step, message: { ...messageOf(step), id: shifted(id as string | number, k, n - start) } } as Step;
  };
  return [...steps.slice(0, opened + 1), ...live, ...steps.slice(opened + 1).map(moved)];
}
/** The number in an id a session builder gives (N, "N", "req-N"), if it is one. */
function idNumber(id: unknown): number | undefined {
  if (typeof id === "number" && Number.isInteger(id)) return id;
  const m = typeof id === "string" ? /^(?:req-)?(\d+)$/.exec(id) : null;
  return m ? Number(m[1]) : undefined;
}
const shifted = (id: string | number, k: number, by: number): string | number =>
  typeof id === "number" ? k + by : id.startsWith("req-") ? `req-${k + by}` : String(k + by);
const messageOf = (s: Step): Record<string, unknown> => (s.op === "handle" && !s.on && typeof s.message === "object" && s.message !== null ? (s.message as Record<string, unknown>) : {});
const isInitialize = (s: Step): boolean => messageOf(s)["method"] === "initialize";
const isInitialized = (s: Step): boolean => {
  const m = messageOf(s);
  return m["method"] === "notifications/initialized" && m["jsonrpc"] === "2.0" && !Object.hasOwn(m, "id");
};
