// Scripted peers through the real sandbox (a worker thread, QuickJS, one fresh instance per
// request): a client's messages are recorded by the host as the JSON of what it passed, whatever
// the client does to the built-ins, and each call reports its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_FUEL } from "./fuel.js";
import { SandboxPool } from "./pool.js";
import type { PeerScript, RunSpec, SandboxRequest, WireCall, WireRun } from "./protocol.js";
import { decodeValue } from "./value.js";

const LIMITS: SandboxRequest["limits"] = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const SERVER = '{"jsonrpc":"2.0","id":0,"result":{"ok":true}}';

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

type Run = Partial<RunSpec> & { code?: string; args: unknown[][] };
/** One request: each run's module is client.ts unless it has code of its own (run<i>.ts). */
async function request(runs: Run[], code: string, limits: Partial<typeof LIMITS> = {}): Promise<WireRun[]> {
  const files: Record<string, string> = { "client.ts": code };
  const specs = runs.map(({ code: own, args, ...spec }, i): RunSpec => {
    if (own) files[`run${i}.ts`] = own;
    return { entry: own ? `run${i}.ts` : "client.ts", exportName: "client", inputs: args.map((a) => JSON.stringify(a)), instance: "shared", stopOnFailure: false, peers: [{ replies: [SERVER], repeatLast: true }], callFuel: RUN_FUEL, ...spec };
  });
  return (await pool.run({ files, refused: {}, runs: specs, limits: { ...LIMITS, ...limits } })).runs;
}
async function calls(code: string, args: unknown[][], peers?: PeerScript[], more: Partial<RunSpec> = {}): Promise<WireCall[]> {
  const [run] = await request([{ args, ...(peers ? { peers } : {}), ...more }], code);
  if (run?.status !== "ran") throw new Error(`the run did not run: ${JSON.stringify(run)}`);
  return run.calls;
}
const valueOf = (call: WireCall | undefined): unknown => {
  if (!call?.ok) throw new Error(`the call failed: ${JSON.stringify(call)}`);
  const decoded = decodeValue(call.value);
  return decoded.ok ? decoded.value : decoded.problem;
};
const texts = (call: WireCall | undefined) => (call?.sent ?? []).map((m) => m.text);

describe("scripted peers", () => {
  it("answers a correct client in order, echoing each request's id, and records what it sent", async () => {
    const code = `export function client(name: string, args: unknown, send: (m: unknown) => any) {
      const init = send({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
      const result = send({ jsonrpc: "2.0", id: "b", method: "tools/call", params: { name, arguments: args } });
      return { init, result };
    }`;
    const replies = ['{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18"}}', '{"jsonrpc":"2.0","id":0,"result":{"content":[]}}'];
    const [call] = await calls(code, [["echo", { text: "hi" }]], [{ replies, echoId: true }]);
    expect(call?.sent).toEqual([
      { peer: 0, text: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}' },
      { peer: 0, text: '{"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}' },
    ]);
    expect(valueOf(call)).toEqual({ init: { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-06-18" } }, result: { jsonrpc: "2.0", id: "b", result: { content: [] } } });
  });

  it("keeps asking with repeatLast, and reports what a client sent before it gave up and threw", async () => {
    const code = `export function client(name: string, args: any, send: (m: unknown) => any, ask: (q: string) => any) {
      for (let round = 1; round <= 3; round++) {
        const reply = send({ jsonrpc: "2.0", id: round, method: "tools/call", params: { name, arguments: args } });
        if (!reply.result.needsInput) return reply.result;
        args = { ...args, answer: ask(reply.result.question) };
      }
      throw new Error("gave up after 3 rounds");
    }`;
    const server = { replies: ['{"jsonrpc":"2.0","id":0,"result":{"needsInput":true,"question":"Which city?"}}'], repeatLast: true, echoId: true };
    const [call] = await calls(code, [["weather", {}]], [server, { replies: ['"Paris"'], repeatLast: true }]);
    expect(call?.ok).toBe(false);
    expect(!call?.ok && call?.failure.message).toMatch(/threw Error: gave up after 3 rounds/);
    expect(call?.sent?.map((m) => m.peer)).toEqual([0, 1, 0, 1, 0, 1]);
    expect(texts(call)[1]).toBe('"Which city?"');
    expect(JSON.parse(texts(call)[4]!)).toEqual({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "weather", arguments: { answer: "Paris" } } });
  });

  it("throws in the guest past the end of a script without repeatLast, the message still recorded", async () => {
    const code = `export function client(send: (m: unknown) => any) {
      send({ n: 1 });
      try { send({ n: 2 }); } catch (e: any) { return e.message; }
    }`;
    const [call] = await calls(code, [[]], [{ replies: [SERVER] }]);
    expect(valueOf(call)).toMatch(/no reply left for this message/);
    expect(texts(call)).toEqual(['{"n":1}', '{"n":2}']);
  });

  it("writes what JSON.stringify would, and refuses what JSON cannot carry with a TypeError, recorded as such", async () => {
    const code = `export function client(kind: string, send: (m: unknown) => any) {
      const cycle: any = { a: [1] }; cycle.a.push({ back: cycle });
      const values: Record<string, unknown> = {
        fn: () => 1, undef: undefined, bigint: { params: { n: BigInt(10) } }, cycle, date: { at: new Date(0) },
        skipped: { a: 1, f() {}, u: undefined, list: [undefined, () => 1, NaN, -0, Infinity] }, text: "hello", json: '{"id":1}',
      };
      try { send(values[kind]); return "answered"; } catch (e: any) { return e.name + ": " + e.message; }
    }`;
    const kinds = ["fn", "undef", "bigint", "cycle", "date", "skipped", "text", "json"];
    const got = await calls(code, kinds.map((k) => [k]), [{ replies: ['{"id":0}'], repeatLast: true, echoId: true }]);
    const problems = got.map((c) => c.sent?.[0]?.problem);
    expect(problems.slice(0, 5)).toEqual(["not JSON: a function", "not JSON: undefined", "not JSON: a BigInt at .params.n", "not JSON: a cycle at .a[1].back", "not JSON: a toJSON method at .at"]);
    for (const c of got.slice(0, 5)) {
      expect(valueOf(c)).toMatch(/^TypeError: the message is not JSON/);
      expect(texts(c)).toEqual([""]);
    }
    expect(got.slice(5).map(valueOf)).toEqual(["answered", "answered", "answered"]);
    expect(got.slice(5).map((c) => texts(c)[0])).toEqual(['{"a":1,"list":[null,null,null,0,null]}', '"hello"', '"{\\"id\\":1}"']);
  });

  it("stops answering after 64 messages in a call, so a peer called 10,000 times neither hangs nor floods", async () => {
    const code = `export function client(send: (m: unknown) => any) {
      let answered = 0, last = "";
      for (let i = 0; i < 10000; i++) { try { send({ i }); answered++; } catch (e: any) { last = e.message; } }
      return { answered, last };
    }`;
    const [call] = await calls(code, [[], []]);
    expect(valueOf(call)).toEqual({ answered: 64, last: "the grader's mock stopped answering after 64 messages in one call" });
    expect(call?.sent).toHaveLength(64);
    expect(texts(call)[63]).toBe('{"i":63}');
  });

  it("stops a client that never stops calling by its fuel, and the next run still works", async () => {
    const spin = `export function client(send: (m: unknown) => any) { for (;;) { try { send({}); } catch {} } }`;
    const [stopped, next] = await request([{ code: spin, args: [[]] }, { args: [[]] }], `export function client(send: (m: unknown) => any) { return send({ ok: 1 }); }`, { fuel: 20 });
    expect(stopped?.status === "ran" && stopped.stopped?.reason).toBe("timeout");
    expect(next?.status === "ran" && next.calls[0]?.sent).toEqual([{ peer: 0, text: '{"ok":1}' }]);
  });

  it("cuts a huge message at 64 KiB in the engine, never writing it all out (a string, a sparse array)", async () => {
    const code = `export function client(kind: string, send: (m: unknown) => any) {
      if (kind === "string") send("x".repeat(50_000_000));
      else { const a: number[] = []; a.length = 4_000_000_000; send({ a }); }
      return kind;
    }`;
    const runs = await request([{ args: [["string"]] }, { args: [["sparse"]] }], code);
    for (const run of runs) {
      const call = run.status === "ran" ? run.calls[0] : undefined;
      expect(call?.sent).toHaveLength(1);
      expect(texts(call)[0]).toHaveLength(65536);
      expect(call?.sent?.[0]?.problem).toMatch(/^cut: longer than 65536 characters/);
      // Work, not time: walking the 4,000,000,000 slots would use the run's whole fuel.
      expect(run.status === "ran" && run.fuel).toBeLessThan(100);
    }
    const [text, sparse] = runs.map((r) => (r.status === "ran" ? r.calls[0] : undefined));
    expect(texts(text)[0]!.startsWith('"xxxxxxxx')).toBe(true);
    expect(texts(sparse)[0]!.startsWith('{"a":[null,null')).toBe(true);
  });
});

describe("spread without peers", () => {
  it("calls the export with each input's items as its arguments, no function after them, and records nothing", async () => {
    const code = `export function client(...args: unknown[]) { return { count: args.length, types: args.map((a) => typeof a), args }; }`;
    const [run] = await request([{ args: [[{ a: 1 }, "x"], []], peers: undefined, spread: true }], code);
    if (run?.status !== "ran") throw new Error(JSON.stringify(run));
    expect(run.calls.map((c) => c.sent)).toEqual([undefined, undefined]);
    expect(valueOf(run.calls[0])).toEqual({ count: 2, types: ["object", "string"], args: [{ a: 1 }, "x"] });
    expect(valueOf(run.calls[1])).toEqual({ count: 0, types: [], args: [] });
  });

  it("refuses an input that is not an array of arguments", async () => {
    const [run] = await request([{ args: [], inputs: ['{"a":1}'], peers: undefined, spread: true }], "export function client() { return 1; }");
    expect(run?.status).toBe("failed");
  });
});

