// The sandbox's copy of the course module is made from the functions' text: through the real
// sandbox, every lab tool and resource gives what the grader's copy gives (the model runs the
// grader's), and McpError carries its code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import { decodeValue } from "../../../src/sandbox/value.js";
import { LAB_TOOLS, RESOURCES, type JsonObject } from "./index.js";
import { sandboxSource } from "./sandbox-source.js";

const LIMITS = { timeMs: 20_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const ARGS: JsonObject[] = [{ x: 2, y: 3 }, { x: 1, y: 0 }, { x: -4, y: 2.5 }, { x: "7", y: 2 }, { city: "Pune" }, {}];
const outcome = (f: () => string): { text: string } | { error: string } => {
  try { return { text: f() }; } catch (e) { return { error: (e as Error).message }; }
};

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1, false, sandboxSource()); });
afterAll(() => pool.close());

describe("the course module in the sandbox", () => {
  it("runs the same tools and resources as the grader's copy", async () => {
    const code = `import { LAB_TOOLS, RESOURCES, McpError } from "grade/course";
      const outcome = (f: () => string) => { try { return { text: f() }; } catch (e) { return { error: (e as Error).message }; } };
      export function probe(args: any[]) {
        const e = new McpError(-32601, "nope");
        return {
          tools: Object.keys(LAB_TOOLS).map((name) => args.map((a) => outcome(() => (LAB_TOOLS as any)[name].run(a)))),
          listings: Object.values(LAB_TOOLS).map(({ run, ...rest }: any) => rest),
          resources: RESOURCES.map((r: any) => outcome(() => r.read())),
          error: { code: e.code, message: e.message, name: e.name, isError: e instanceof Error },
        };
      }`;
    const reply = await pool.run({ files: { "probe.ts": code }, refused: {}, limits: LIMITS, runs: [{ entry: "probe.ts", exportName: "probe", inputs: [JSON.stringify(ARGS)], instance: "shared", stopOnFailure: true }] });
    const run = reply.runs[0];
    if (run?.status !== "ran" || !run.calls[0]?.ok) throw new Error(JSON.stringify(run));
    const decoded = decodeValue(run.calls[0].value);
    expect(decoded.ok && decoded.value).toEqual({
      tools: Object.values(LAB_TOOLS).map((tool) => ARGS.map((a) => outcome(() => tool.run(a)))),
      listings: Object.values(LAB_TOOLS).map(({ run: _, ...rest }) => rest),
      resources: RESOURCES.map((r) => outcome(() => r.read())),
      error: { code: -32601, message: "nope", name: "McpError", isError: true },
    });
  });
});
