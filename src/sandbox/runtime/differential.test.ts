// The sandbox is Node 20 for what a student writes: every entry of the table gives the same
// result in the sandbox as under this Node, or, for what the sandbox deliberately does not run,
// an error that names it and says what to use instead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "../pool.js";
import { inNode, inSandbox } from "./differential.js";
import { TABLE } from "./table.js";
import { NEWER_CASES } from "./newer-rows.js";
import { newerThanNode20 } from "../newer-than-node20.js";

let pool: SandboxPool;
let node: Map<string, string>;
let sandbox: Map<string, string>;

beforeAll(async () => {
  // The sandbox formats dates in UTC whatever the machine's zone: so does this side of the table.
  process.env.TZ = "UTC";
  pool = new SandboxPool(1);
  [node, sandbox] = await Promise.all([inNode(TABLE), inSandbox(pool, TABLE)]);
}, 120_000);
afterAll(() => pool.close());

describe("the sandbox against Node 20", () => {
  it("runs on Node 20, as students do", () => {
    expect(process.versions.node.split(".")[0]).toBe("20");
  });

  it.each(TABLE.filter((e) => !e.refused).map((e) => [e.name, e] as const))("%s", (name, entry) => {
    const [here, there] = [sandbox.get(name)!, node.get(name)!];
    if (entry.ownWording) expect((JSON.parse(here) as { throw?: string }).throw).toBe((JSON.parse(there) as { throw: string }).throw);
    else expect(here).toBe(there);
  });

  it.each(TABLE.filter((e) => e.refused).map((e) => [e.name, e] as const))("refuses %s, naming it", (name, entry) => {
    const got = JSON.parse(sandbox.get(name)!) as { throw?: string; message?: string };
    expect(got.throw).toBe("Error");
    expect(got.message).toContain(entry.refused);
    expect(got.message).toMatch(/grader's sandbox/);
  });
});

describe("a built-in newer than Node 20 (newer-than-node20.ts's table)", () => {
  const named = (row: (typeof NEWER_CASES)[number]["row"]): string => TABLE.find((e) => e.code === row.code)!.name;
  it.each(NEWER_CASES.map((c) => [c.what, c] as const))("%s: Node 20 lacks it, and the sandbox's error names it with the hint", (what, { row }) => {
    const there = JSON.parse(node.get(named(row))!) as unknown;
    expect(there, "Node 20 has it: take it out of the table").not.toBe("ran");
    const [name, message] = JSON.parse(sandbox.get(named(row))!) as [string, string];
    expect(newerThanNode20(`${name}: ${message}`)).toMatch(new RegExp(`^If that is (?:the iterator helper )?(?:[\\w.]+ or )*${what.replace(/\./g, "\\.")}\\b.*newer than Node 20`));
  });
});

describe("console.log in the sandbox", () => {
  // What Node's console.log writes is util.format of its arguments.
  const LINES = ["'%s has %d items', 'cart', 3", "{ a: 1, b: ['x', { c: null }] }", "new Map([['k', new Set([1])]])", "'plain', 42, undefined, [1, 'two']",
    "new (class Order { constructor() { this.id = 7; } })()", "{ deep: { er: { still: { hidden: 1 } } } }", "Array.from({ length: 40 }, (_, i) => i * 3)"];
  it("writes what Node's console.log writes", async () => {
    const code = `export function log() { ${LINES.map((l) => `console.log(${l});`).join(" ")} return 0; }`;
    const reply = await pool.run({ files: { "log.ts": code }, refused: {}, limits: { timeMs: 20_000, memoryBytes: 64 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 },
      runs: [{ entry: "log.ts", exportName: "log", inputs: ["null"], instance: "shared", stopOnFailure: false }] });
    const util = await import("node:util");
    const expected = LINES.map((l) => util.format(...(new Function(`return [${l}];`)() as unknown[]))).join("\n") + "\n";
    const run = reply.runs[0];
    expect(run?.status).toBe("ran");
    expect(run?.status === "ran" ? run.stdout : "").toBe(expected);
  });

  // Groups, counters and a Console over the process's streams, as a student debugging with them
  // writes (helper 52: console.group was "not a function"). Under Node the same statements run
  // on a Console over two collecting streams.
  const STATEMENTS = "console.group('request', 3); console.log('a\\nb'); console.error({ e: 1 }); console.group(); console.warn('deeper'); console.groupEnd(); console.groupEnd(); console.groupEnd(); " +
    "console.count(); console.count('x'); console.count(); console.countReset(); console.count(); console.assert(1 === 2, 'not %s', 'equal'); console.assert(true, 'never'); console.info('done');";
  it("groups, counts and asserts as Node's console does, and Console writes where it is told", async () => {
    const code = `import { Console } from "node:console"; export function log() { ${STATEMENTS} new Console(process.stderr).log('to %s', 'stderr'); new Console({ stdout: process.stdout }).error('err on stdout'); return 0; }`;
    const reply = await pool.run({ files: { "log.ts": code }, refused: {}, limits: { timeMs: 20_000, memoryBytes: 64 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 },
      runs: [{ entry: "log.ts", exportName: "log", inputs: ["null"], instance: "shared", stopOnFailure: false }] });
    const { Console } = await import("node:console");
    const { Writable } = await import("node:stream");
    const collect = (): { text: string; stream: InstanceType<typeof Writable> } => {
      const out = { text: "", stream: new Writable({ write(chunk, _encoding, done) { out.text += String(chunk); done(); } }) };
      return out;
    };
    const [out, err] = [collect(), collect()];
    new Function("console", STATEMENTS)(new Console(out.stream, err.stream));
    new Console(err.stream).log("to %s", "stderr");
    new Console({ stdout: out.stream }).error("err on stdout");
    const run = reply.runs[0];
    expect(run?.status).toBe("ran");
    expect(run?.status === "ran" ? [run.stdout, run.stderr] : []).toEqual([out.text, err.text]);
  });
});
