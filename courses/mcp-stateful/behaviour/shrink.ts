// Smaller sessions cut from a failing one, to run in the follow-up request (Pack.refine): the
// smallest of them that still fails the same check is shown instead. Delta debugging in one
// round, since the student's code runs once more and no more: the candidates are made up front.
// The model leads: the steps before the failing one whose removal leaves the model's answer to
// it (and the rule that decides it) as it was, removed greedily, and the allow-list's names
// likewise; since a mistake can hang on a step the model does not need for that answer (an
// outbox not cleared needs the drain before), also the steps the model needs to answer every
// kept step as it did, the model's pick with single steps put back, chunks of the session dropped
// (halves, quarters, eighths) and single steps dropped. The same
// session gives the same candidates, in the same order.
import type { ServerConfig } from "../course/index.js";
import { VARIANTS } from "./model.js";
import { alone, modelSession, type Outcome, type Session, type Step } from "./session.js";

/** The most candidates per failing check: each runs in a fresh instance of the student's server. */
export const MAX_CANDIDATES = 32;

type Keep = readonly boolean[];

const isHandshake = (step: Step): boolean => {
  if (step.op !== "handle" || typeof step.message !== "object" || step.message === null) return false;
  const method = (step.message as Record<string, unknown>)["method"];
  return method === "initialize" || method === "notifications/initialized";
};

const cut = (session: Session, keep: Keep, servers = session.servers): Session => ({ servers, steps: session.steps.filter((_, i) => keep[i]) });

/** The model's answer to each kept step, and the rule that decides it, in each reading, by the step's index. */
function answers(session: Session, keep: Keep, servers: ServerConfig[]): Map<number, string> {
  const kept = session.steps.flatMap((_, i) => (keep[i] ? [i] : []));
  const runs = VARIANTS.map((variant) => modelSession(cut(session, keep, servers), variant));
  const value = (o: Outcome | undefined): unknown => (o && "value" in o ? o.value : o);
  return new Map(kept.map((i, k) => [i, JSON.stringify(runs.map((m) => [value(m.outcomes[k]), m.rules[k]]))]));
}

/**
 * The steps (and allow-listed names) the model needs to answer the last step as it did, removed
 * greedily from the latest; `every`: to answer every step kept as it did (what changes no later
 * answer goes: reads, refused calls), which keeps the steps a mistake in the state can hang on.
 */
function modelPick(session: Session, every: boolean): { keep: boolean[]; servers: ServerConfig[] } {
  const last = session.steps.length - 1;
  const keep = session.steps.map(() => true);
  const first = answers(session, keep, session.servers);
  const holds = (servers: ServerConfig[]): boolean => {
    const now = answers(session, keep, servers);
    return [...now].every(([i, a]) => (!every && i !== last) || a === first.get(i));
  };
  let servers = session.servers;
  for (let pass = 0, changed = true; changed && pass < 3; pass++) {
    changed = false;
    for (let i = last - 1; i >= 0; i--) {
      if (!keep[i]) continue;
      keep[i] = false;
      if (holds(servers)) changed = true;
      else keep[i] = true;
    }
  }
  servers.forEach((config, k) => {
    for (const name of [...config.allowedTools].reverse()) {
      const fewer = servers.map((c, j) => (j === k ? { ...c, allowedTools: c.allowedTools.filter((n) => n !== name) } : c));
      if (holds(fewer)) servers = fewer;
    }
  });
  return { keep, servers };
}

/** The session without chunk `c` of `n` among the steps before the last. */
function withoutChunk(last: number, n: number, c: number): Keep {
  const from = Math.floor((c * last) / n);
  const to = Math.floor(((c + 1) * last) / n);
  return Array.from({ length: last + 1 }, (_, i) => i === last || i < from || i >= to);
}

// The model's pick with one step put back: at most this many, the latest first.
const NEAR = 6;

/** The model's pick with the handshake and every step that is not a message, then with each step it left out put back. */
function nearPick(session: Session, picked: Keep): Keep[] {
  const out: Keep[] = [session.steps.map((s, i) => picked[i]! || s.op !== "handle" || isHandshake(s))];
  for (let i = picked.length - 1; i >= 0; i--) if (!picked[i]) out.push(picked.map((x, j) => x || j === i));
  return out;
}

/** Each step kept but the last dropped in turn, the latest first. */
function dropEach(keep: Keep): Keep[] {
  const out: Keep[] = [];
  for (let i = keep.length - 2; i >= 0; i--) if (keep[i]) out.push(keep.map((x, j) => x && j !== i));
  return out;
}

/** Keeps the model has no say in: the last step alone or with the handshake, chunks and single steps dropped. */
function blind(session: Session): Keep[] {
  const last = session.steps.length - 1;
  const out: Keep[] = [session.steps.map((_, i) => i === last), session.steps.map((s, i) => i === last || isHandshake(s))];
  for (const n of [2, 4, 8]) if (last >= n) for (let c = 0; c < n; c++) out.push(withoutChunk(last, n, c));
  return [...out, ...dropEach(session.steps.map(() => true))];
}

/**
 * Sessions smaller than `session` (its last step the one answered wrongly) that may still fail:
 * fewer steps, a shorter allow-list or one server fewer, at most MAX_CANDIDATES, the model's
 * picks first. `sideBySide`: a check of two servers against each alone (t2_isolation),
 * where both stay, the model has no say, and each cut is tried with empty allow-lists first.
 */
export function candidates(session: Session, sideBySide: boolean): Session[] {
  const out: Session[] = [];
  const seen = new Set<string>([JSON.stringify(session)]);
  const add = (s: Session): void => {
    const key = JSON.stringify(s);
    if (!seen.has(key) && s.steps.length > 0) { seen.add(key); out.push(s); }
  };
  const last = session.steps[session.steps.length - 1];
  if (!last) return [];
  if (!sideBySide) {
    // One server alone, where the session had two: the last step's.
    if (session.servers.length > 1) {
      const own = alone(session, last.on ?? 0);
      for (const every of [false, true]) { const pick = modelPick(own, every); add(cut(own, pick.keep, pick.servers)); }
      add(own);
    }
    const picked = modelPick(session, false);
    add(cut(session, picked.keep, picked.servers));
    const state = modelPick(session, true);
    add(cut(session, state.keep, state.servers));
    add(cut(session, state.keep));
    for (const keep of nearPick(session, picked.keep).slice(0, NEAR)) add(cut(session, keep, picked.servers));
    // A second round on the state's pick, the likeliest to fail as the session did: each of its steps dropped.
    for (const keep of dropEach(state.keep).slice(0, NEAR)) add(cut(session, keep, state.servers));
  }
  const none = session.servers.map((c) => ({ ...c, allowedTools: [] }));
  for (const keep of blind(session)) {
    if (sideBySide) add(cut(session, keep, none));
    add(cut(session, keep));
  }
  return out.slice(0, MAX_CANDIDATES);
}
