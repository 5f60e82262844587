// Scripted peers against a client that fights the record: patched built-ins, a peer kept past its
// call or its run, a peer called while a module loads, replies it mutates. Through the real
// sandbox, as peers.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";
import type { RunSpec, WireCall, WireRun } from "./protocol.js";
import { decodeValue } from "./value.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const PEER = { replies: ['{"jsonrpc":"2.0","id":0,"result":{"n":1}}'], repeatLast: true, echoId: true };

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

const spec = (args: unknown[][], more: Partial<RunSpec> = {}): RunSpec => ({ entry: "client.ts", exportName: "client", inputs: args.map((a) => JSON.stringify(a)), instance: "shared", stopOnFailure: false, peers: [PEER], ...more });
const request = async (files: Record<string, string>, runs: RunSpec[]): Promise<WireRun[]> => (await pool.run({ files, refused: {}, runs, limits: LIMITS })).runs;
const ran = (run: WireRun | undefined): WireCall[] => {
  if (run?.status !== "ran") throw new Error(`the run did not run: ${JSON.stringify(run)}`);
  return run.calls;
};
const valueOf = (call: WireCall | undefined): unknown => {
  if (!call?.ok) throw new Error(`the call failed: ${JSON.stringify(call)}`);
  const decoded = decodeValue(call.value);
  return decoded.ok ? decoded.value : decoded.problem;
};
const texts = (call: WireCall | undefined) => (call?.sent ?? []).map((m) => m.text);

describe("scripted peers against a hostile client", () => {
  it("records the real JSON of what was passed whatever the client patched, or refuses it: never a forged text", async () => {
    const code = `const forged = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"right"}}';
    export function client(step: string, send: (m: unknown) => any) {
      if (step === "builtins") {
        JSON.stringify = () => forged;
        JSON.parse = () => ({ forged: true });
        Array.prototype.join = () => forged;
        Array.prototype.map = () => [forged];
        Array.isArray = () => false;
        Object.keys = () => ["forged"];
        String.prototype.slice = () => forged;
        Function.prototype.apply = () => forged;
        (Array.prototype as any)[Symbol.iterator] = function* () { yield forged; };
        for (const i of ["1", "2"]) Object.defineProperty(Array.prototype, i, { set() {}, get() { return forged; }, configurable: true });
        Object.defineProperty(Object.prototype, "get", { value: () => forged, writable: true, configurable: true });
        return send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "wrong", list: [1, 2, 3] } });
      }
      if (step === "after") return send({ id: 2, method: "ping" }); // its send is still the peer
      if (step === "getter") {
        // (The descriptor has no prototype: Object.prototype.get, patched above, would make it an accessor's.)
        let reads = 0;
        const message = { id: 3, get method() { reads++; return reads === 1 ? "wrong" : "right"; } };
        const proxy = new Proxy({}, { ownKeys: () => ["id"], getOwnPropertyDescriptor: () => ({ __proto__: null, value: 4, enumerable: true, configurable: true }) as any, get: (_t, k) => (k === "id" ? 4 : undefined) });
        send(message); send(proxy);
        return reads;
      }
      (Object.prototype as any).toJSON = () => JSON.parse(forged);
      try { send({ id: 5, method: "wrong" }); } catch (e: any) { return e.name; }
    }`;
    const [builtins, after, getter, toJSON] = ran((await request({ "client.ts": code }, [spec([["builtins"], ["after"], ["getter"], ["toJSON"]])]))[0]);
    expect(texts(builtins)).toEqual(['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wrong","list":[1,2,3]}}']);
    expect(valueOf(builtins)).toEqual({ jsonrpc: "2.0", id: 1, result: { n: 1 } });
    expect(texts(after)).toEqual(['{"id":2,"method":"ping"}']);
    expect(texts(getter)).toEqual(['{"id":3,"method":"wrong"}', '{"id":4}']);
    expect(valueOf(getter)).toBe(1);
    expect(toJSON?.sent).toEqual([{ peer: 0, text: "", problem: "not JSON: a toJSON method" }]);
    expect(valueOf(toJSON)).toBe("TypeError");
  });

  it("records a peer kept past its call into the call that uses it, and refuses one used after its run", async () => {
    const client = `const g = globalThis as any;
    export function client(step: string, send: (m: unknown) => any) {
      if (step === "keep") {
        g.kept = send;
        send({ from: "first" });
        Promise.resolve().then(() => { try { g.kept({ from: "job" }); } catch (e: any) { g.jobError = e.message; } });
        return "kept";
      }
      if (step === "use") { g.kept({ from: "kept" }); send({ from: "own" }); return "used"; }
      if (step === "later") { g.kept({ from: "old run" }); return g.jobError; }
      try { g.kept({ from: "no peers" }); } catch (e: any) { return e.message; }
    }`;
    const runs = await request({ "client.ts": client }, [spec([["keep"], ["use"]]), spec([["later"]]), spec([["none"]], { peers: undefined })]);
    const [keep, use] = ran(runs[0]);
    expect(texts(keep)).toEqual(['{"from":"first"}']);
    expect(texts(use)).toEqual(['{"from":"kept"}', '{"from":"own"}']);
    const [later] = ran(runs[1]);
    expect(texts(later)).toEqual(['{"from":"old run"}']);
    expect(valueOf(later)).toMatch(/answers only while the grader is calling your function/);
    const [none] = ran(runs[2]);
    expect(none?.sent).toBeUndefined();
    expect(valueOf(none)).toMatch(/answers only while the grader is calling your function/);
  });

  it("refuses a peer called at a module's top level, with a clear error, recording nothing", async () => {
    const caught = `const g = globalThis as any;
    let topError = "";
    if (g.kept) { try { g.kept({ from: "top" }); } catch (e: any) { topError = e.message; } }
    export function client(step: string, send: (m: unknown) => any) { g.kept = send; return topError; }`;
    const uncaught = `(globalThis as any).kept({ from: "top" });\nexport function client() { return 1; }`;
    const runs = await request({ "client.ts": caught, "top.ts": uncaught }, [spec([["keep"], ["check"]], { instance: "fresh" }), spec([[]], { entry: "top.ts" })]);
    const [keep, check] = ran(runs[0]);
    expect(valueOf(keep)).toBe("");
    expect(valueOf(check)).toMatch(/not at the top level of a module/);
    expect([keep?.sent, check?.sent]).toEqual([[], []]);
    expect(runs[1]?.status === "failed" && runs[1].failure).toMatchObject({ reason: "import-error", message: expect.stringMatching(/top\.ts failed while it was being loaded.*answers only while/) });
  });

  it("gives a fresh object for every reply, however the client mutated the last one or Object.prototype", async () => {
    const code = `export function client(send: (m: unknown) => any) {
      Object.defineProperty(Object.prototype, "result", { set() { throw new Error("setter ran"); }, configurable: true });
      const a = send({ id: 1 });
      a.result.n = 99; a.extra = true;
      const b = send({ id: 2 });
      return { same: a === b, sameResult: a.result === b.result, b };
    }`;
    const [call] = ran((await request({ "client.ts": code }, [spec([[]])]))[0]);
    expect(valueOf(call)).toEqual({ same: false, sameResult: false, b: { jsonrpc: "2.0", id: 2, result: { n: 1 } } });
  });

  it("echoes the arguments without the peers, and refuses a run whose script or inputs are not what it needs", async () => {
    const code = `export function client(a: number[], send: unknown) { a.push(typeof send as any); return a.length; }`;
    const runs = await request({ "client.ts": code }, [
      spec([[[1]]], { echoInputs: true }),
      spec([[1]], { peers: [{ replies: ["not json"] }] }),
      { ...spec([]), inputs: ['{"not":"an array"}'] },
    ]);
    const [call] = ran(runs[0]);
    expect(call?.ok && call.input).toBe('J[[1,"function"]]');
    expect(runs.slice(1).map((r) => r.status === "failed" && r.failure.message)).toEqual([
      expect.stringMatching(/peer 0's reply is not JSON/), expect.stringMatching(/not an array of arguments/),
    ]);
  });
});
