// Scripted peers, the host's side: a run's record of what each peer function was given, and the
// scripted replies. The record is made here, outside the engine, so the student's code can shape
// what it sends but never what was recorded; the guest (guest.js) only writes a message's JSON
// and hands it over. Course-free: the scripts and the judging are the grader's.
import type { QuickJSContext, QuickJSHandle, VmFunctionImplementation } from "quickjs-emscripten-core";
import type { PeerMessage, PeerScript } from "./protocol.js";

export const PEER_LIMITS = {
  /** One message's JSON, in characters: the rest is cut (in the guest, then checked here). */
  messageChars: 64 * 1024,
  /** Messages per call of the export, all peers together: beyond it the peer throws. */
  messagesPerCall: 64,
  /** All the texts one run records: a thread's reply stays small whatever the code sends. */
  runChars: 4 * 1024 * 1024,
};

/** Why a peer did not answer: the guest throws the matching error (guest.js, same numbers). */
export const REFUSED = { notJson: 1, overCap: 2, scriptEnded: 3, outsideCall: 4, noSuchPeer: 5 } as const;
type Refusal = (typeof REFUSED)[keyof typeof REFUSED];

interface Again { methods: ReadonlySet<string>; phasePeer: number; replies: readonly { method: string; phase: number }[] }
interface Script { replies: unknown[]; texts: string[]; repeatLast: boolean; echoId: boolean; answers?: ReadonlySet<string>; again?: Again }

/**
 * Whether a message takes a script's next reply (PeerScript.answers): always without `answers`;
 * with them, only a JSON object whose own "method" is one of them. `message` is the recorded
 * text parsed (the text itself where it is no JSON), so the grader reading the record (which
 * messages were answered in turn) decides as the peer did.
 */
export function takesReply(answers: ReadonlySet<string> | undefined, message: unknown): boolean {
  if (answers === undefined) return true;
  if (message === null || typeof message !== "object" || Array.isArray(message) || !Object.hasOwn(message, "method")) return false;
  const method = (message as Record<string, unknown>)["method"];
  return typeof method === "string" && answers.has(method);
}

/** Where a peer's script stands in one call: its next reply, the last reply given to each method, the phase (PeerScript `again`). */
export interface TurnState { next: number; last: Map<string, number>; phase: number }
export const freshTurns = (): TurnState => ({ next: 0, last: new Map(), phase: -1 });

/** What one message gets: the next reply (`take`, its index), a reply given before (`again`), or null (`none`). */
export type Turn = { take: number } | { again: number } | { none: true };

/**
 * A message's turn (PeerScript `answers`, `again`), the state moved on for a reply taken (`count`
 * replies). A pure reading of the script, so that the grader reading the record (which reply each
 * message got) decides as the peer did. A take past the script's end is refused and leaves the
 * state as it was.
 */
export function turnOf(script: Pick<Script, "answers" | "again" | "repeatLast">, count: number, state: TurnState, message: unknown): Turn {
  if (script.answers && !takesReply(script.answers, message)) return { none: true };
  const method = message !== null && typeof message === "object" && !Array.isArray(message) ? (message as Record<string, unknown>)["method"] : undefined;
  const again = script.again;
  if (again && typeof method === "string" && again.methods.has(method)) {
    const next = again.replies[state.next];
    const last = state.last.get(method);
    if (!(next?.method === method && next.phase === state.phase) && last !== undefined) return { again: last };
  }
  const at = state.next;
  if (at >= count && !(script.repeatLast && count > 0)) return { take: at };
  state.next = at + 1;
  if (typeof method === "string") state.last.set(method, Math.min(at, count - 1));
  return { take: at };
}

const parsedOr = (text: string): unknown => {
  try { return JSON.parse(text) as unknown; } catch { return text; }
};

/** The scripts read once, or what is wrong with them (a grader's mistake, never the student's). */
export function readScripts(peers: PeerScript[]): Script[] | string {
  const out: Script[] = [];
  for (const [i, p] of peers.entries()) {
    const replies: unknown[] = [];
    for (const text of p.replies) {
      try { replies.push(JSON.parse(text)); } catch { return `peer ${i}'s reply is not JSON`; }
    }
    if (p.answers !== undefined && !(Array.isArray(p.answers) && p.answers.every((m) => typeof m === "string"))) return `peer ${i}'s answers are not method names`;
    const again = p.again;
    if (again !== undefined && !(Array.isArray(again.methods) && again.methods.every((m) => typeof m === "string") && Number.isInteger(again.phasePeer)
      && Array.isArray(again.replies) && again.replies.length === p.replies.length && again.replies.every((r) => typeof r?.method === "string" && Number.isInteger(r.phase)))) {
      return `peer ${i}'s again is not methods, a phase peer and a method and phase per reply`;
    }
    out.push({ replies, texts: p.replies, repeatLast: p.repeatLast === true, echoId: p.echoId === true, ...(p.answers ? { answers: new Set(p.answers) } : {}),
      ...(again ? { again: { methods: new Set(again.methods), phasePeer: again.phasePeer, replies: again.replies.map((r) => ({ method: r.method, phase: r.phase })) } } : {}) });
  }
  return out;
}

export class PeerLog {
  /** The call in progress: its record and how many replies each peer has given in it. */
  private current: { sent: PeerMessage[]; turns: TurnState[] } | undefined;
  private readonly byCall = new Map<number, PeerMessage[]>();
  private last = -1;
  private chars = 0;

  constructor(private readonly scripts: Script[], private readonly inputs: number) {}

  /** A call of the export begins (its input's index) or ends (-1): only then do peers answer. */
  turn(index: number): void {
    this.current = undefined;
    // Each input once, in order: a call already reported is never written to again.
    if (!Number.isInteger(index) || index <= this.last || index >= this.inputs) return;
    this.last = index;
    this.current = { sent: [], turns: this.scripts.map(freshTurns) };
    this.byCall.set(index, this.current.sent);
  }

  /** Whether a message would be taken now, checked before its text is read out of the engine. */
  refusal(peer: number): Refusal | undefined {
    if (!this.current) return REFUSED.outsideCall;
    if (!Number.isInteger(peer) || peer < 0 || peer >= this.scripts.length) return REFUSED.noSuchPeer;
    if (this.current.sent.length >= PEER_LIMITS.messagesPerCall) return REFUSED.overCap;
    return undefined;
  }

  /**
   * Records one message (after refusal() let it through) and answers: the reply's JSON text, or
   * why there is none. `problem` is the guest's word that the value is not JSON; `cut`, that
   * the guest cut its text at the cap.
   */
  receive(peer: number, text: string, problem: string | undefined, cut: boolean): string | Refusal {
    const call = this.current!;
    const script = this.scripts[peer]!;
    const room = Math.max(0, PEER_LIMITS.runChars - this.chars);
    const kept = problem !== undefined ? "" : text.slice(0, Math.min(room, PEER_LIMITS.messageChars));
    const why = problem !== undefined ? `not JSON: ${problem.slice(0, 200)}`
      : cut || text.length > PEER_LIMITS.messageChars ? `cut: longer than ${PEER_LIMITS.messageChars} characters, only its start is kept`
      : kept.length < text.length ? `cut: the run's messages passed ${PEER_LIMITS.runChars} characters, only the start of this one is kept` : undefined;
    this.chars += kept.length;
    call.sent.push(why === undefined ? { peer, text: kept } : { peer, text: kept, problem: why });
    // A message to a phase peer begins the next phase of the scripts that name it (PeerScript `again`).
    this.scripts.forEach((s, k) => { if (s.again?.phasePeer === peer) call.turns[k]!.phase++; });
    if (problem !== undefined) return REFUSED.notJson;
    // Read from the text recorded, as the grader reads the record.
    const turn = turnOf(script, script.texts.length, call.turns[peer]!, parsedOr(kept));
    if ("none" in turn) return "null";
    const at = "again" in turn ? turn.again : turn.take;
    if (at >= script.texts.length && !(script.repeatLast && script.texts.length > 0)) return REFUSED.scriptEnded;
    const n = Math.min(at, script.texts.length - 1);
    return script.echoId && why === undefined ? withId(script.replies[n], script.texts[n]!, text) : script.texts[n]!;
  }

  /** What the peers were given during the call of input `index`. */
  sentOf(index: number): PeerMessage[] {
    return this.byCall.get(index) ?? [];
  }
}

/** The reply with the received message's own "id" in it (a string, a number or null), if both are objects. */
function withId(reply: unknown, replyText: string, received: string): string {
  const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  let message: unknown;
  try { message = JSON.parse(received); } catch { return replyText; }
  if (!isRecord(reply) || !isRecord(message) || !Object.hasOwn(message, "id")) return replyText;
  const id = message["id"];
  if (id !== null && typeof id !== "string" && typeof id !== "number") return replyText;
  return JSON.stringify({ ...reply, id });
}

/**
 * A string handle's text if it is a string of at most `cap` characters: its length is read
 * first, so a huge string is never copied out of the engine.
 */
export function shortString(ctx: QuickJSContext, handle: QuickJSHandle, cap: number): string | undefined {
  if (ctx.typeof(handle) !== "string") return undefined;
  const length = ctx.getProp(handle, "length");
  const fits = ctx.typeof(length) === "number" && ctx.getNumber(length) <= cap;
  length.dispose();
  return fits ? ctx.getString(handle) : undefined;
}

/**
 * The two host functions the guest's peers use (session.ts puts them on the harness's host
 * object): `turn(index)` as a call of the export begins and ends, and `peer(index, text, problem,
 * cut)` for each message, which answers with the reply's text or a REFUSED number.
 */
export function peerHostFunctions(ctx: QuickJSContext, log: () => PeerLog | undefined): { turn: VmFunctionImplementation<QuickJSHandle>; peer: VmFunctionImplementation<QuickJSHandle> } {
  const turn = (indexHandle: QuickJSHandle): void => {
    log()?.turn(ctx.typeof(indexHandle) === "number" ? ctx.getNumber(indexHandle) : -1);
  };
  const peer = (indexHandle: QuickJSHandle, textHandle: QuickJSHandle, problemHandle: QuickJSHandle, cutHandle: QuickJSHandle): QuickJSHandle => {
    const current = log();
    const index = ctx.typeof(indexHandle) === "number" ? ctx.getNumber(indexHandle) : -1;
    const refused = current ? current.refusal(index) : REFUSED.outsideCall;
    if (refused !== undefined || !current) return ctx.newNumber(refused ?? REFUSED.outsideCall);
    // The guest cuts the text at the cap and the problem at 200 characters; neither is trusted.
    const text = shortString(ctx, textHandle, PEER_LIMITS.messageChars);
    const problem = ctx.typeof(problemHandle) === "string" ? shortString(ctx, problemHandle, 300) ?? "a message the grader could not read" : undefined;
    const cut = ctx.typeof(cutHandle) === "boolean" && ctx.dump(cutHandle) === true;
    const answer = current.receive(index, text ?? "", text === undefined && problem === undefined ? "a message the grader could not read" : problem, cut);
    return typeof answer === "string" ? ctx.newString(answer) : ctx.newNumber(answer);
  };
  return { turn, peer };
}
