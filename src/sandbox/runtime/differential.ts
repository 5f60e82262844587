// Runs the differential table's entries under the host's Node and inside the sandbox, each
// side's result as the same evaluator's JSON text (evaluate.ts).
import { createRequire } from "node:module";
import { decodeValue } from "../value.js";
import { RUN_FUEL } from "../fuel.js";
import type { SandboxPool } from "../pool.js";
import { EVALUATOR, SANDBOX_MODULE, modulesFile, type Entry } from "./evaluate.js";

const LIMITS = { timeMs: 20_000, memoryBytes: 128 * 2 ** 20, valueChars: 8 * 2 ** 20, outputChars: 16384 };

type Evaluate = (entry: Entry, require: NodeRequire) => string | Promise<string>;
// The same source as the sandbox's, compiled here in the host's own realm (its globals are Node's).
const evaluate = new Function(`${EVALUATOR}\nreturn evaluate;`)() as Evaluate;
const nodeRequire = createRequire(import.meta.url);

/** Each entry's result under this process's Node, by name. */
export async function inNode(entries: Entry[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of entries) out.set(entry.name, await evaluate(entry, nodeRequire));
  return out;
}

/** Each entry's result in one sandbox engine (one request: every entry, then the async ones' settled values). */
export async function inSandbox(pool: SandboxPool, entries: Entry[]): Promise<Map<string, string>> {
  const reply = await pool.run({
    files: { "table.ts": SANDBOX_MODULE, "modules.ts": modulesFile(entries) }, refused: {}, limits: LIMITS,
    runs: [
      // Each entry is the runtime's work, not a student's call: the run's budget is its limit.
      { entry: "table.ts", exportName: "run", inputs: entries.map((e) => JSON.stringify(e)), instance: "shared", stopOnFailure: false, callFuel: RUN_FUEL },
      { entry: "table.ts", exportName: "settled", inputs: ["null"], instance: "shared", stopOnFailure: false },
    ],
  });
  const [sync, later] = reply.runs;
  if (sync?.status !== "ran" || later?.status !== "ran") throw new Error(`the table did not run in the sandbox: ${JSON.stringify(reply).slice(0, 2000)}`);
  const value = (call: (typeof sync.calls)[number] | undefined): unknown => {
    if (!call?.ok) return `(no value: ${JSON.stringify(call).slice(0, 500)})`;
    const decoded = decodeValue(call.value);
    return decoded.ok ? decoded.value : decoded.problem;
  };
  const settled = value(later.calls[0]) as Record<string, string>;
  const out = new Map<string, string>();
  entries.forEach((entry, i) => out.set(entry.name, entry.async ? settled[entry.name] ?? "(never settled)" : String(value(sync.calls[i]))));
  return out;
}
