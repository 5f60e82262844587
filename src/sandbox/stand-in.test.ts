// Stand-ins through the real sandbox: a file the request stands in for is the pack's table, for
// an import and as an entry; the guest's key for a call is exactly json/stand-in-key.ts's, whatever
// the arguments' key order; a call the table lacks throws its message; and the student's code can
// read nothing of the table but the answers its own calls get; an export with states answers by
// the calls before it in its module instance, from state 0 again in each fresh one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { standInKey } from "../json/stand-in-key.js";
import { SandboxPool } from "./pool.js";
import type { RunSpec, SandboxRequest, StandIn, WireCall, WireRun } from "./protocol.js";
import { standInAnswer } from "./stand-in-answer.js";
import { decodeValue } from "./value.js";

const LIMITS: SandboxRequest["limits"] = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

const TOOL = { name: "t", input_schema: { type: "object", properties: { b: {}, a: {} } } };
const CONVERTED = { name: "t", inputSchema: TOOL.input_schema };
const STAND_IN: StandIn = { exports: { toMcp: { answers: { [standInKey([TOOL])]: JSON.stringify(CONVERTED) }, unknown: "the stand-in knows only the chapter's tool" } } };
// The student's own task1, which must not run: it throws on load.
const OWN_TASK1 = 'throw new Error("the student\'s own task1 ran");';

async function run(files: Record<string, string>, entry: string, exportName: string, inputs: unknown[]): Promise<WireRun> {
  const reply = await pool.run({ files, refused: {}, standIns: { "task1.ts": STAND_IN }, runs: [{ entry, exportName, inputs: inputs.map((i) => JSON.stringify(i)), instance: "shared", stopOnFailure: false }], limits: LIMITS });
  return reply.runs[0]!;
}
const values = (r: WireRun): unknown[] => {
  if (r.status !== "ran") throw new Error(`did not run: ${JSON.stringify(r)}`);
  return r.calls.map((c: WireCall) => {
    if (!c.ok) return { failed: c.failure.message };
    const d = decodeValue(c.value);
    return d.ok ? d.value : d.problem;
  });
};

describe("stand-ins", () => {
  it("answers an import from its table, a fresh copy each call, whatever the key order of the arguments", async () => {
    const task2 = `import { toMcp } from "./task1.js";
      export function handle(order: string) {
        const tool = order === "reversed" ? { input_schema: { properties: { a: {}, b: {} }, type: "object" }, name: "t" } : { name: "t", input_schema: { type: "object", properties: { b: {}, a: {} } } };
        const first = toMcp(tool); first.name = "changed";
        return toMcp(tool);
      }`;
    const r = await run({ "task1.ts": OWN_TASK1, "task2.ts": task2 }, "task2.ts", "handle", ["as-given", "reversed"]);
    expect(values(r)).toEqual([CONVERTED, CONVERTED]);
    if (r.status === "ran") expect(r.modules).toContain("task1.ts");
  });

  it("stands in as the entry too", async () => {
    expect(values(await run({ "task1.ts": OWN_TASK1 }, "task1.ts", "toMcp", [TOOL]))).toEqual([CONVERTED]);
  });

  it("throws the table's message for arguments it does not hold, catchable by the caller", async () => {
    const task2 = `import * as one from "./task1";
      export function handle(x: unknown) { try { return one.toMcp(x as never); } catch (e) { return "caught: " + (e as Error).message; } }`;
    const r = await run({ "task1.ts": OWN_TASK1, "task2.ts": task2 }, "task2.ts", "handle", [{ name: "other" }, { name: "t" }]);
    expect(values(r)).toEqual(["caught: the stand-in knows only the chapter's tool", "caught: the stand-in knows only the chapter's tool"]);
  });

  it("shows the student's code no table and no code beyond the plumbing", async () => {
    const task2 = `import * as one from "./task1";
      export function handle() { return { names: Object.keys(one), text: String(one.toMcp), global: typeof (globalThis as any).standIn }; }`;
    const [seen] = values(await run({ "task1.ts": OWN_TASK1, "task2.ts": task2 }, "task2.ts", "handle", [null])) as { names: string[]; text: string; global: string }[];
    expect(seen!.names.filter((n) => n !== "default")).toEqual(["toMcp"]);
    expect(seen!.global).toBe("undefined");
    expect(seen!.text).not.toContain("inputSchema");
  });

  it("keys a call exactly as the grader's standInKey does", async () => {
    const samples: unknown[][] = [
      [{ b: 1, a: [1, "x", null, { d: true, c: -0 }] }],
      [{ "__proto__": { z: 1 }, constructor: "c", "é": "ü", "\u2028": "\ud83d\ude00" }],
      [1.5e-7, 1e21, "quote \" and \\\\ backslash", [], {}],
      [{ nested: { deeper: { list: [{ y: 2, x: 1 }] } } }],
    ];
    const answers = Object.fromEntries(samples.map((args, i) => [standInKey(args), JSON.stringify(i)]));
    const standIns = { "task1.ts": { exports: { f: { answers, unknown: "not found" } } } };
    const task2 = `import { f } from "./task1"; export function handle(args: unknown[]) { return (f as any)(...args); }`;
    // JSON.parse makes "__proto__" an own key, as a parsed message has it.
    const inputs = samples.map((args) => JSON.stringify(args));
    const reply = await pool.run({ files: { "task1.ts": OWN_TASK1, "task2.ts": task2 }, refused: {}, standIns, runs: [{ entry: "task2.ts", exportName: "handle", inputs, instance: "shared", stopOnFailure: false }], limits: LIMITS });
    expect(values(reply.runs[0]!)).toEqual(samples.map((_, i) => i));
  });
  it("answers from the template what the table lacks: the arguments in their own key order, an absent one's key left out", async () => {
    const template = JSON.stringify({ jsonrpc: "2.0", id: { $arg: 0 }, error: { code: { $arg: 1 }, message: { $arg: 2 }, data: { $arg: 3 } }, list: [{ $arg: 3 }] });
    const known = { answers: { [standInKey([7, 1, "table"])]: JSON.stringify("from the table") }, template, unknown: "not found" };
    const standIns = { "task1.ts": { exports: { errorResponse: known } } };
    const task2 = `import { errorResponse } from "./task1";
      export function handle(args: unknown[]) { const [a, b, c, d] = args as any[]; return (errorResponse as any)(a, b, c, d); }`;
    const samples: unknown[][] = [
      [1, -32602, "bad", { z: 1, a: [2, { y: 1, b: 0 }] }],
      ["x", -32601, "no such method"],
      [7, 1, "table"],
      [null, -32700, "parse error", null],
    ];
    const reply = await pool.run({ files: { "task1.ts": OWN_TASK1, "task2.ts": task2 }, refused: {}, standIns, runs: [{ entry: "task2.ts", exportName: "handle", inputs: samples.map((a) => JSON.stringify(a)), instance: "shared", stopOnFailure: false }], limits: LIMITS });
    const got = values(reply.runs[0]!);
    expect(got).toEqual([
      { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "bad", data: { z: 1, a: [2, { y: 1, b: 0 }] } }, list: [{ z: 1, a: [2, { y: 1, b: 0 }] }] },
      // The fourth argument passed as undefined: a call without it, so no data key, and null in a list.
      { jsonrpc: "2.0", id: "x", error: { code: -32601, message: "no such method" }, list: [null] },
      // (7, 1, "table", undefined): the table's call (7, 1, "table").
      "from the table",
      { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error", data: null }, list: [null] },
    ]);
    // The student's own key order is kept (z before a; y before b), as the real builder keeps it.
    expect(Object.keys((got[0] as { error: { data: object } }).error.data)).toEqual(["z", "a"]);
  });

  // A store that keeps one value: put(x) stores it, get() reads it ("empty" before any put), a
  // second put answers "full" and keeps the first. States: 0 empty, 1 holds "a", 2 holds "b".
  const key = (...args: unknown[]): string => standInKey(args);
  const STORE: StandIn = { exports: { op: {
    answers: { [key("get")]: '"empty"', [key("put", "a")]: '"stored"', [key("put", "b")]: '"stored"' },
    unknown: "the store knows get and put",
    states: [
      { answers: {}, next: { [key("put", "a")]: 1, [key("put", "b")]: 2 } },
      { answers: { [key("get")]: '"a"', [key("put", "a")]: '"full"', [key("put", "b")]: '"full"' }, next: {} },
      { answers: { [key("get")]: '"b"', [key("put", "a")]: '"full"', [key("put", "b")]: '"full"' }, next: {} },
    ],
  } } };
  // The student's serve-like code: each input a list of calls to the store, answered in order.
  const USER = `import { op } from "./task1"; import * as again from "./task1.js";
    export function handle(calls: string[][]) { return calls.map((c, i) => { try { return (i % 2 ? again.op : op)(...(c as [string])); } catch (e) { return "threw: " + (e as Error).message; } }); }`;
  async function store(inputs: string[][][], instance: RunSpec["instance"], groups?: number[]): Promise<unknown[]> {
    const reply = await pool.run({ files: { "task1.ts": OWN_TASK1, "task2.ts": USER }, refused: {}, standIns: { "task1.ts": STORE }, runs: [{ entry: "task2.ts", exportName: "handle", inputs: inputs.map((i) => JSON.stringify(i)), instance, ...(groups ? { groups } : {}), stopOnFailure: false }], limits: LIMITS });
    return values(reply.runs[0]!);
  }

  it("answers an export with states by the calls before it in the module instance, through every import of it", async () => {
    expect(await store([[["get"], ["put", "b"], ["get"]], [["put", "a"], ["get"], ["other"], ["get"]]], "shared")).toEqual([
      ["empty", "stored", "b"],
      // Still the same instance: the first put stays; a call the table lacks throws and moves nothing.
      ["full", "b", "threw: the store knows get and put", "b"],
    ]);
  });

  it("starts each fresh module instance in state 0, by input or by group", async () => {
    const inputs = [[["put", "a"], ["get"]], [["get"]], [["put", "b"]], [["get"]]];
    expect(await store(inputs, "fresh")).toEqual([["stored", "a"], ["empty"], ["stored"], ["empty"]]);
    expect(await store(inputs, "fresh", [2, 2])).toEqual([["stored", "a"], ["a"], ["stored"], ["b"]]);
  });

  it("leaves the arguments past an export's arity out of its key, as the real function never reads them", async () => {
    const one = (arity?: number): StandIn => ({ exports: { f: { answers: { [key({ b: 1, a: 2 })]: '"one"' }, unknown: "not found", ...(arity ? { arity } : {}) } } });
    const task2 = `import { f } from "./task1"; export function handle(xs: unknown[]) { try { return xs.map(f as any); } catch (e) { return (e as Error).message; } }`;
    const inputs = [JSON.stringify([{ a: 2, b: 1 }])];
    const ask = async (standIn: StandIn) => values((await pool.run({ files: { "task1.ts": OWN_TASK1, "task2.ts": task2 }, refused: {}, standIns: { "task1.ts": standIn }, runs: [{ entry: "task2.ts", exportName: "handle", inputs, instance: "shared", stopOnFailure: false }], limits: LIMITS })).runs[0]!);
    // map passes (item, index, list): without an arity that is another call.
    expect(await ask(one())).toEqual(["not found"]);
    expect(await ask(one(1))).toEqual([["one"]]);
    expect(standInAnswer({ ...one(1).exports["f"]!, template: '[{"$arg":0}]' }, key("x", 1), '[{"b":1,"a":2},0]')).toEqual({ text: '[{"b":1,"a":2}]', state: 0 });
  });

  it("reads a state it never gave as state 0, and moves nothing on a template's answer", () => {
    const table = STORE.exports["op"]!;
    expect([-1, 1.5, 7, Number.NaN].map((s) => standInAnswer(table, key("get"), undefined, s))).toEqual(Array(4).fill({ text: '"empty"', state: 0 }));
    expect(standInAnswer(table, key("put", "a"), undefined, 2)).toEqual({ text: '"full"', state: 2 });
    const templated = { ...table, template: '{"got":{"$arg":0}}' };
    expect(standInAnswer(templated, key("other"), '["other"]', 1)).toEqual({ text: '{"got":"other"}', state: 1 });
  });
});
