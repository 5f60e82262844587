// RunSpec.via through the real sandbox: a function of the course module makes each call, given
// the entry's export first (a class driven through a session of calls on its instances), with
// the input or its arguments and the peers; a missing driver is the grader's trouble (crash),
// and a starter's "not written yet" or a throw reads as it does in a plain call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";
import type { RunSpec, SandboxRequest, WireCall } from "./protocol.js";
import { decodeValue } from "./value.js";

const LIMITS: SandboxRequest["limits"] = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const COURSE = [
  '"use strict";',
  "exports.session = function (Counter, steps) { const c = new Counter(); const out = []; for (const s of steps) out.push(c.add(s)); return out; };",
  "exports.withPeer = function (Client, name, send) { return new Client(send).hello(name); };",
  'exports.notWrittenYet = function (t) { const e = new Error(t + " is not written yet"); e.name = "GradeNotWrittenYet"; throw e; };',
].join("\n");

const CLASSES = `export class Counter { total = 0; add(n: number) { this.total += n; return this.total; } }
export class Client { constructor(private send: (m: unknown) => unknown) {} hello(name: string) { return this.send({ hello: name }); } }
export class Starter { add(): number { throw Object.assign(new Error("Starter is not written yet"), { name: "GradeNotWrittenYet" }); } }`;

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1, false, COURSE); });
afterAll(() => pool.close());

async function callsOf(spec: Partial<RunSpec> & Pick<RunSpec, "exportName" | "inputs">): Promise<WireCall[]> {
  const reply = await pool.run({ files: { "task.ts": CLASSES }, refused: {}, limits: LIMITS, runs: [{ entry: "task.ts", instance: "shared", stopOnFailure: false, ...spec }] });
  const run = reply.runs[0];
  if (run?.status !== "ran") throw new Error(`did not run: ${JSON.stringify(run)}`);
  return run.calls;
}
const valueOf = (call: WireCall | undefined): unknown => {
  if (!call?.ok) throw new Error(`the call failed: ${JSON.stringify(call)}`);
  const decoded = decodeValue(call.value);
  return decoded.ok ? decoded.value : decoded.problem;
};

describe("RunSpec.via", () => {
  it("hands the export (a class) to the course module's driver with each input", async () => {
    const calls = await callsOf({ exportName: "Counter", via: "session", inputs: ["[1,2,3]", "[5]"] });
    expect(calls.map(valueOf)).toEqual([[1, 3, 6], [5]]);
  });

  it("passes a spread input's arguments and the peers after the export", async () => {
    const calls = await callsOf({ exportName: "Client", via: "withPeer", inputs: ['["ada"]'], arity: 1, peers: [{ replies: ['{"ok":1}'] }] });
    expect(valueOf(calls[0])).toEqual({ ok: 1 });
    expect(calls[0]?.sent).toEqual([{ peer: 0, text: '{"hello":"ada"}' }]);
  });

  it("reports a driver the course module does not have as the grader's trouble, and a starter as not written", async () => {
    const [missing] = await callsOf({ exportName: "Counter", via: "nope", inputs: ["[1]"] });
    expect(missing).toMatchObject({ ok: false, failure: { reason: "crash" } });
    const [starter] = await callsOf({ exportName: "Starter", via: "session", inputs: ["[1]"] });
    expect(starter).toMatchObject({ ok: false, failure: { reason: "not-written" } });
    const [absent] = await callsOf({ exportName: "Gone", via: "session", inputs: ["[1]"] });
    expect(absent).toMatchObject({ ok: false, failure: { reason: "missing-export" } });
  });
});
