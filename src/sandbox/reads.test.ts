// RunSpec.reads through the real sandbox: the fields the course's runner reads from a returned
// object (serve's out and log) are read as `result.out` reads them, through a class's getters
// and a prototype, while an object that holds them as its own fields, an array and a Promise are
// described as they are, and a getter that throws is that field's, not the whole call's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";
import type { RunSpec, SandboxRequest } from "./protocol.js";
import { decodeValue, notJson } from "./value.js";

const LIMITS: SandboxRequest["limits"] = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const TASK = `class Result { #out = ["a"]; get out() { return this.#out; } get log() { return ["line 1"]; } }
export const getters = () => new Result();
export const inherited = () => Object.assign(Object.create({ out: ["b"], log: [] }), { extra: 1 });
export const own = () => ({ log: ["x"], out: ["y"], more: true });
export const list = () => [["o"], ["l"]];
export const later = () => Promise.resolve({ out: [], log: [] });
export const throwing = () => ({ get out(): string[] { throw new Error("no out"); }, log: [] as string[] });
class Broken { get out(): string[] { throw new RangeError("out of range"); } get log() { return []; } }
export const brokenGetter = () => new Broken();
export const hidden = () => Object.defineProperty({ log: [] }, "out", { get: () => ["z"], enumerable: false });
let reads = 0;
export const counting = () => ({ get n() { reads += 1; return reads; }, list: JSON.parse('[{"__proto__": 1}]') });`;

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1, false, '"use strict";'); });
afterAll(() => pool.close());

async function valueOf(exportName: string, reads?: readonly string[]): Promise<unknown> {
  const spec: RunSpec = { entry: "task.ts", exportName, inputs: ["null"], instance: "shared", stopOnFailure: false, ...(reads ? { reads } : {}) };
  const reply = await pool.run({ files: { "task.ts": TASK }, refused: {}, limits: LIMITS, runs: [spec] });
  const call = reply.runs[0]?.status === "ran" ? reply.runs[0].calls[0] : undefined;
  if (!call?.ok) throw new Error(`the call failed: ${JSON.stringify(reply.runs[0])}`);
  const decoded = decodeValue(call.value);
  if (!decoded.ok) throw new Error(decoded.problem);
  return decoded.value;
}
const READS = ["out", "log"] as const;

describe("a returned value's fields", () => {
  it("are read once, as the chapter's runner reads them: a getter counting its reads gives its first answer", async () => {
    expect(await valueOf("counting")).toEqual({ n: 1, list: [JSON.parse('{"__proto__": 1}')] });
  });
});

describe("RunSpec.reads", () => {
  it("reads a class's getters and a prototype's fields as the runner's result.out does", async () => {
    expect(await valueOf("getters", READS)).toEqual({ out: ["a"], log: ["line 1"] });
    expect(await valueOf("inherited", READS)).toEqual({ extra: 1, out: ["b"], log: [] });
    expect(await valueOf("hidden", READS)).toEqual({ log: [], out: ["z"] });
  });

  it("without reads, describes an object by its own enumerable fields alone", async () => {
    expect(await valueOf("getters")).toEqual({});
    expect(await valueOf("inherited")).toEqual({ extra: 1 });
  });

  it("leaves own fields, arrays and Promises as they are", async () => {
    expect(JSON.stringify(await valueOf("own", READS))).toBe('{"log":["x"],"out":["y"],"more":true}');
    expect(await valueOf("list", READS)).toEqual([["o"], ["l"]]);
    expect(notJson(await valueOf("later", READS))).toMatch(/Promise/);
  });

  it("shows a getter that throws at its field, own or a class's", async () => {
    expect(notJson(await valueOf("throwing", READS))).toMatch(/^\$\.out .*no out/);
    expect(notJson(await valueOf("brokenGetter", READS))).toMatch(/^\$\.out .*out of range/);
  });
});
