// request called MANY times in one module instance, through the real sandbox and the course
// module's driver: correct clients of several styles give no problem; ids that wrap past a byte,
// a throw or a stall after a hundred calls, and a request that sends nothing each give one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import type { SandboxRequest } from "../../../src/sandbox/protocol.js";
import { sandboxSource } from "../course/sandbox-source.js";
import { MANY, manyRequestsProblem, manyRequestsRun } from "./many-requests.js";

const LIMITS: SandboxRequest["limits"] = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1, false, sandboxSource()); });
afterAll(() => pool.close());

async function problemOf(body: string): Promise<ReturnType<typeof manyRequestsProblem>> {
  const reply = await pool.run({ files: { "task3.ts": body }, refused: {}, limits: LIMITS, runs: [manyRequestsRun("task3.ts", "request", undefined)] });
  return manyRequestsProblem(reply.runs[0]);
}
const request = (id: string, before = ""): string =>
  `${before}\nexport function request(method: string, params: Record<string, unknown> | undefined, send: (m: unknown) => any) { const r = send({ jsonrpc: "2.0", id: ${id}, method, params: { ...params } }); if (r.id === undefined) throw new Error("no id"); return r; }`;

describe("request called MANY times in one module instance", () => {
  it("finds nothing wrong with ids from a counter, a string counter, a generator or randomUUID", async () => {
    expect(MANY).toBeGreaterThan(256);
    expect(await problemOf(request("++next", "let next = 0;"))).toBeUndefined();
    expect(await problemOf(request("`req-${(next += 1).toString(36)}`", "let next = 0;"))).toBeUndefined();
    expect(await problemOf(request("ids.next().value", "const ids = (function* () { for (let i = 1; ; i++) yield i; })();"))).toBeUndefined();
    expect(await problemOf(request("crypto.randomUUID()"))).toBeUndefined();
  });

  it("finds ids kept in a byte repeating at the 257th call", async () => {
    const problem = await problemOf(request("(counter[0]! += 1, counter[0]!)", "const counter = new Uint8Array(1);"));
    expect(problem?.actual).toMatch(/257th call in one module instance sent id 1, as its 1st call did/);
  });

  it("keeps its record out of the student's reach: patched push, JSON and String change nothing", async () => {
    const patch = "let next = 0; let fake = 1000; const push = Array.prototype.push; Array.prototype.push = function (...items: unknown[]) { return push.apply(this, items.map((x) => (typeof x === \"number\" ? fake++ : x))); }; JSON.stringify = () => \"[]\"; (globalThis as any).String = () => \"\";";
    const problem = await problemOf(request("(next = (next + 1) % 256)", patch));
    expect(problem?.actual).toMatch(/257th call in one module instance sent id 1, as its 1st call did/);
  });

  it("finds a throw or a stall after a hundred calls that went well, and a request that stops sending", async () => {
    expect((await problemOf(request("++next", "let next = 0; const limit = () => { if (next >= 100) throw new Error(\"busy\"); };").replace("{ const r", "{ limit(); const r")))?.actual).toMatch(/101st call .* threw "busy"/);
    expect((await problemOf(request("++next", "let next = 0; const limit = () => { if (next >= 100) for (;;) {} };").replace("{ const r", "{ limit(); const r")))?.actual).toMatch(/^the calls from the 101st to the 120th did not: /);
    expect((await problemOf(request("++next", "let next = 0;").replace("{ const r", "{ if (next >= 30) return { jsonrpc: \"2.0\", id: next, result: {} }; const r")))?.actual).toMatch(/31st call in one module instance sent no message/);
  });

  it("leaves a request that fails its first call to the fixture's runs, which charge it once", async () => {
    expect(await problemOf("export function request(method: string, params: object | undefined) { return JSON.parse(JSON.stringify(params)); }")).toBeUndefined();
    expect(await problemOf("export function request() { for (;;) {} }")).toBeUndefined();
    expect(await problemOf("export function request() { return { jsonrpc: \"2.0\", id: 1, result: {} }; }")).toBeUndefined();
  });
});
