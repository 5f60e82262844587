// Hostile clients against the sandbox's scripted peers (src/sandbox/peers.ts): each tries to
// forge what the host records of its messages, to reach the host's functions, or to hang or
// bloat the thread through a peer. Graded through the real pool, all on one thread, with an
// honest client after them that must get exactly its own record: the worst case for leaks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "../../src/sandbox/pool.js";
import { PEER_LIMITS, takesReply } from "../../src/sandbox/peers.js";
import type { PeerScript, RunSpec, WireCall, WireRun } from "../../src/sandbox/protocol.js";
import { HOSTILE, WHY_SKIPPED } from "./gate.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const PEER = { replies: ['{"jsonrpc":"2.0","id":0,"result":{}}'], repeatLast: true, echoId: true };

interface PeerAttack {
  name: string;
  tries: string;
  /** client.ts: `export function client(step, send)`. */
  code: string;
  args: unknown[][];
  /** What its run must show (violations, or none). */
  check: (run: WireRun) => string[];
  /** The peers it is given (PEER when absent). */
  peers?: PeerScript[];
}

const calls = (run: WireRun): WireCall[] => (run.status === "ran" ? run.calls : []);
const allSent = (run: WireRun): string[] => calls(run).flatMap((c) => (c.sent ?? []).map((m) => m.text));
/** Every recorded text is one of these (what the code really passed), or refused with a problem. */
const onlyReal = (real: string[]) => (run: WireRun): string[] => calls(run).flatMap((c) => (c.sent ?? []).filter((m) => m.problem === undefined && !real.includes(m.text)).map((m) => `recorded a text the client never passed: ${m.text.slice(0, 200)}`));

/** A script answering only tools/list (PeerScript.answers). */
const TURNS = { replies: ['{"n":1}', '{"n":2}', '{"n":3}'], answers: ["tools/list"] };

/**
 * The replies a call's recorded messages were due, replayed from the record alone (a message the
 * peer refused: "threw"), against what the client got: a reply taken by a message the record
 * shows as no request, or a request left without its turn, shows.
 */
function turnsKept(run: WireRun): string[] {
  const call = calls(run)[0];
  if (!call?.ok) return [`the call failed: ${JSON.stringify(call).slice(0, 300)}`];
  const parsed = (text: string): unknown => { try { return JSON.parse(text) as unknown; } catch { return text; } };
  let next = 0;
  const due = (call.sent ?? []).map((m) => {
    if (m.problem !== undefined) return "threw";
    if (!takesReply(new Set(TURNS.answers), parsed(m.text))) return null;
    return next < TURNS.replies.length ? JSON.parse(TURNS.replies[next++]!) as unknown : "threw";
  });
  const got = typeof call.value === "string" && call.value.startsWith("J") ? JSON.parse(call.value.slice(1)) as unknown : call.value;
  return JSON.stringify(got) === JSON.stringify(due) ? [] : [`got ${JSON.stringify(got)}, the record due ${JSON.stringify(due)}`];
}

const ATTACKS: PeerAttack[] = [
  {
    name: "peer-reach-host",
    tries: "to reach the host's peer and turn functions through the peer (caller, arguments, constructor, bound this) and call them with a forged message",
    code: `export function client(step: string, send: any) {
      const found: any[] = [];
      for (const get of [() => send.caller, () => send.arguments, () => (globalThis as any).host, () => (globalThis as any).peer, () => (globalThis as any).turn, () => send.constructor("return this")().host]) {
        try { const v = get(); if (typeof v === "function" || (v && typeof v === "object")) found.push(v); } catch {}
      }
      for (const f of found) { try { typeof f === "function" ? f(0, '{"forged":true}') : f.peer(0, '{"forged":true}'); } catch {} }
      try { send.call({ forged: true }, { real: 1 }); } catch {}
      return found.length;
    }`,
    args: [["go"]],
    check: (run) => [...onlyReal(['{"real":1}'])(run), ...(JSON.stringify(allSent(run)) === '["{\\"real\\":1}"]' ? [] : [`recorded ${JSON.stringify(allSent(run))}`])],
  },
  {
    name: "peer-toctou",
    tries: "a toJSON that appears only on its second read, and a Proxy whose keys change between reads, so that a walk and JSON.stringify would see different messages",
    code: `export function client(step: string, send: any) {
      let reads = 0;
      Object.defineProperty(Object.prototype, "toJSON", { get() { return ++reads > 1 ? () => ({ forged: true }) : undefined; }, configurable: true });
      const msg = { id: 1, method: "real" };
      try { send(msg); } catch {}
      delete (Object.prototype as any).toJSON;
      let turn = 0;
      const shifty = new Proxy({}, { ownKeys: () => (turn++ === 0 ? ["id"] : ["forged"]), getOwnPropertyDescriptor: () => ({ __proto__: null, value: 1, enumerable: true, configurable: true }) as any, get: (_t, k) => (k === "id" ? 2 : k === "forged" ? true : undefined) });
      try { send(shifty); } catch {}
      return reads;
    }`,
    args: [["go"]],
    check: onlyReal(['{"id":1,"method":"real"}', '{"id":2}']),
  },
  {
    name: "peer-reentrant",
    tries: "a getter in the message that calls the peer again, deeper and deeper, to overflow the record or the stack",
    code: `export function client(step: string, send: any) {
      let depth = 0;
      const msg: any = {};
      Object.defineProperty(msg, "id", { enumerable: true, get() { depth++; try { send(msg); } catch {} return depth; } });
      try { send(msg); } catch (e: any) { return "threw " + e.name; }
      return depth;
    }`,
    args: [["go"]],
    check: (run) => {
      const c = calls(run)[0];
      const n = c?.sent?.length ?? 0;
      return n > PEER_LIMITS.messagesPerCall ? [`recorded ${n} messages in one call`] : run.status === "ran" && !run.stopped ? [] : [`the run was ${run.status}`];
    },
  },
  {
    name: "peer-bloat",
    tries: "64 messages of 64 KiB in each of 12 calls (48 MiB), to grow the thread's reply past what it holds",
    code: `export function client(step: string, send: any) {
      const big = "x".repeat(70000);
      for (let i = 0; i < 64; i++) send({ big });
      return 1;
    }`,
    args: Array.from({ length: 12 }, () => ["go"]),
    check: (run) => {
      const total = allSent(run).reduce((n, t) => n + t.length, 0);
      return [...(run.status !== "ran" || calls(run).length !== 12 ? [`the run was ${run.status} with ${calls(run).length} calls`] : []), ...(total > PEER_LIMITS.runChars ? [`recorded ${total} characters`] : [])];
    },
  },
  {
    name: "peer-deep",
    tries: "a message nested 100,000 levels deep, to overflow the stack of the walk that writes it",
    code: `export function client(step: string, send: any) {
      let deep: any = 1;
      for (let i = 0; i < 100000; i++) deep = [deep];
      try { send(deep); } catch (e: any) { return e.name; }
    }`,
    args: [["go"]],
    check: (run) => (calls(run)[0]?.sent?.[0]?.problem?.startsWith("not JSON: nesting deeper than") ? [] : [`recorded ${JSON.stringify(calls(run)[0]).slice(0, 300)}`]),
  },
  {
    name: "peer-answers-turns",
    tries: "with a script that answers tools/list alone (answers), messages whose method shows on one read and not the next (a getter, a Proxy), or only as inherited, a __proto__ key or a toJSON, to take a reply the record shows as no request's",
    peers: [TURNS],
    code: `export function client(step: string, send: any) {
      let reads = 0;
      const flip: any = {};
      Object.defineProperty(flip, "method", { enumerable: true, get() { return ++reads % 2 ? "tools/list" : "notifications/x"; } });
      let turn = 0;
      const shifty = new Proxy({}, { ownKeys: () => (turn++ % 2 === 0 ? ["method"] : ["other"]), getOwnPropertyDescriptor: () => ({ value: "tools/list", enumerable: true, configurable: true }), get: (_t, k) => (k === "method" || k === "other" ? "tools/list" : undefined) });
      const tries: any[] = [flip, flip, shifty, shifty, Object.create({ method: "tools/list" }), JSON.parse('{"__proto__":{"method":"tools/list"}}'),
        { method: "notifications/x", toJSON: () => ({ method: "tools/list" }) }, { method: ["tools/list"] }, { method: "tools/list" }, { id: 1, method: "notifications/x" }, { id: 2, method: "tools/list" }, { method: "tools/list" }, { method: "tools/list" }];
      const got: unknown[] = [];
      for (const m of tries) { try { got.push(send(m)); } catch { got.push("threw"); } }
      return got;
    }`,
    args: [["go"]],
    check: (run) => [...turnsKept(run), ...((calls(run)[0]?.sent?.length ?? 0) === 13 ? [] : [`recorded ${calls(run)[0]?.sent?.length ?? 0} messages of 13`])],
  },
];

const HONEST = `export function client(step: string, send: any) { return send({ jsonrpc: "2.0", id: 9, method: "tools/list" }); }`;

describe.skipIf(!HOSTILE)(`hostile clients against scripted peers (${WHY_SKIPPED})`, () => {
  let pool: SandboxPool;
  beforeAll(() => { pool = new SandboxPool(1); });
  afterAll(() => pool.close());
  const grade = async (code: string, args: unknown[][], peers?: PeerScript[]): Promise<WireRun> => {
    const spec: RunSpec = { entry: "client.ts", exportName: "client", inputs: args.map((a) => JSON.stringify(a)), instance: "shared", stopOnFailure: false, peers: peers ?? [PEER] };
    return (await pool.run({ files: { "client.ts": code }, refused: {}, runs: [spec], limits: LIMITS })).runs[0]!;
  };

  for (const attack of ATTACKS) {
    it(`${attack.name}: ${attack.tries}`, async () => {
      const run = await grade(attack.code, attack.args, attack.peers);
      expect(attack.check(run)).toEqual([]);
      // The honest client after it, on the same thread, gets exactly its own record and reply.
      const honest = calls(await grade(HONEST, [["go"]]))[0];
      expect(honest).toEqual({ ok: true, value: 'J{"jsonrpc":"2.0","id":9,"result":{}}', sent: [{ peer: 0, text: '{"jsonrpc":"2.0","id":9,"method":"tools/list"}' }] });
    });
  }
});
