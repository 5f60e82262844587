// Hostile submissions for the mcp-stateful pack, through the real sandbox as a grading runs it
// (plan → SandboxPool → judge → its follow-up → the pack's score): a server that remembers across instances
// (globalThis, its class's prototype) fails t2_isolation and stays off full marks; servers,
// builders and clients that hard-code the page's trace earn nothing from it; a client that forges
// what the driver records (Array.prototype.push replaced) or returns the trace's values without
// the exchange behind them earns none of the lines the peers' record does not back.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pack from "../../courses/mcp-stateful/pack.js";
import { followUp } from "../../src/grading/follow-up.js";
import { scoreTask } from "../../src/pack/score.js";
import type { PlanInput } from "../../src/pack/types.js";
import { planInput } from "../../src/pack/plan-input.js";
import type { CheckResult } from "../../src/report/types.js";
import { SandboxPool } from "../../src/sandbox/pool.js";
import { ROOT } from "./build.js";
import { HOSTILE, WHY_SKIPPED } from "./gate.js";

const TASKS = ["task1", "task2", "task3"];
const LIMITS = { timeMs: 30_000, memoryBytes: 128 * 1024 * 1024, valueChars: 1024 * 1024, outputChars: 16 * 1024 };
const SOLUTION_DIR = path.join(ROOT, "solutions", "mcp-stateful");
const SOLUTION = Object.fromEntries(readdirSync(SOLUTION_DIR).filter((f) => f.endsWith(".ts")).map((f) => [f, readFileSync(path.join(SOLUTION_DIR, f), "utf8")]));

function withChange(file: string, from: string, to: string): Record<string, string> {
  const text = SOLUTION[file]!;
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  return { ...SOLUTION, [file]: text.replace(from, to) };
}

// ---- the attacks ----

/** The session on globalThis: correct alone, shared by every instance of the run. */
const GLOBAL_SESSION = withChange("task2.ts", "  private initialized = false;", `  private get initialized(): boolean { return (globalThis as any).__live === true; }
  private set initialized(v: boolean) { (globalThis as any).__live = v; }`);

/** The outbox on the class's prototype: one array for every instance. */
const PROTOTYPE_OUTBOX = withChange("task2.ts", "  private outbox: JsonRpcNotification[] = [];", `  private get outbox(): JsonRpcNotification[] { return ((LabServer.prototype as any).__box ??= []); }
  private set outbox(v: JsonRpcNotification[]) { (LabServer.prototype as any).__box = v; }`);

/** The trace's answers by method and id: what the page prints, nothing else. */
const HARD_CODED_SERVER = { ...SOLUTION, "task2.ts": `
const TOOLS = ["add", "weather", "delete_db"].map((name) => ({ name, description: "", inputSchema: { type: "object", properties: {}, required: [] } }));
export class LabServer {
  private added: string[] = [];
  addTool(tool: { name: string }) { this.added.push(tool.name); }
  drainOutbox() { return this.added.includes("subtract") ? [{ jsonrpc: "2.0", method: "notifications/tools/list_changed" }] : []; }
  handle(m: any) {
    if (!("id" in m)) return null;
    const r = (result: unknown) => ({ jsonrpc: "2.0", id: m.id, result });
    switch (m.id) {
      case 1: return r({ protocolVersion: "2025-06-18", capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} }, serverInfo: { name: "lab-server", version: "0.3.0" } });
      case 2: return r({ tools: TOOLS });
      case 3: return r({ content: [{ type: "text", text: "5" }] });
      case 4: return { jsonrpc: "2.0", id: 4, error: { code: -32600, message: "no" } };
      default: return r({ tools: [...TOOLS, { ...TOOLS[0], name: "subtract" }] });
    }
  }
}` };

/** The trace's messages, whatever is asked. */
const HARD_CODED_BUILDERS = { ...SOLUTION, "task1.ts": `
export const request = () => ({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
export const notification = () => ({ jsonrpc: "2.0", method: "notifications/initialized" });
export const response = () => ({ jsonrpc: "2.0", id: 3, result: {} });
export const errorResponse = () => ({ jsonrpc: "2.0", id: 4, error: { code: -32600, message: "tool 'delete_db' not permitted" } });
const KINDS = ["request", "response", "notification", "request", "request", "response", "request", "error", "notification", "request"];
let n = 0;
export const kindOf = () => KINDS[n++ % KINDS.length];` };

const TRACE_TOOLS = ["add", "weather", "delete_db", "subtract"];
/** Sends nothing; replaces Array.prototype.push so that the driver records the trace's values. */
const FORGING_CLIENT = { ...SOLUTION, "task3.ts": SOLUTION["task3.ts"]!.replace(/export class LabClient[\s\S]*$/, `
const push = Array.prototype.push;
const tools = ${JSON.stringify(TRACE_TOOLS)}.map((name) => ({ name }));
const forged = [{ value: {} }, { value: tools.slice(0, 3) }, { value: { content: [{ type: "text", text: "5" }] } }, { threw: { name: "McpError", message: "x", code: -32600 } }, { value: 1, cache: tools }];
Array.prototype.push = function (this: unknown[], ...items: unknown[]) {
  const item = items[0] as { cache?: unknown } | undefined;
  if (item && typeof item === "object" && "cache" in item) return push.call(this, { cache: tools, ...forged[this.length] });
  return push.apply(this, items);
};
export class LabClient {
  tools: unknown[] = tools;
  constructor(_t: unknown) {}
  connect() { return {}; }
  listTools() { return tools; }
  callTool() { return { content: [{ type: "text", text: "5" }] }; }
  pump() { return 1; }
}`) };

/** Sends the trace's messages, ignores every answer: returns the trace's values. */
const ECHO_TRACE_CLIENT = { ...SOLUTION, "task3.ts": SOLUTION["task3.ts"]!.replace(/export class LabClient[\s\S]*$/, `
const names = (list: string[]) => list.map((name) => ({ name, description: "the " + name + " tool", inputSchema: { type: "object", properties: {}, required: [] } }));
export class LabClient {
  tools: any[] = [];
  private id = 1;
  constructor(private t: any) {}
  connect() { this.t.send({ jsonrpc: "2.0", id: this.id++, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "lab-client", version: "0.3.0" } } }); this.t.send({ jsonrpc: "2.0", method: "notifications/initialized" }); return {}; }
  listTools() { this.t.send({ jsonrpc: "2.0", id: this.id++, method: "tools/list" }); return (this.tools = names(["add", "weather", "delete_db"])); }
  callTool(name: string, args: unknown) {
    this.t.send({ jsonrpc: "2.0", id: this.id++, method: "tools/call", params: { name, arguments: args } });
    if (name === "delete_db") throw Object.assign(new Error("no"), { code: -32600 });
    return { content: [{ type: "text", text: "5" }] };
  }
  pump() { this.t.notifications(); this.t.send({ jsonrpc: "2.0", id: this.id++, method: "tools/list" }); this.tools = names(${JSON.stringify(TRACE_TOOLS)}); return 1; }
}`) };

// ---- grading ----

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1, false, pack.course.sandboxSource()); });
afterAll(() => pool.close());

async function grade(files: Record<string, string>, seed = 11): Promise<{ checks: Record<string, CheckResult[]>; score: Record<string, { score: number; maxScore: number }> }> {
  const input: PlanInput = planInput(files, {}, { tasks: TASKS, behaviour: true, schema: false, seed });
  const plan = pack.plan(input);
  const reply = await pool.run({ files, refused: {}, runs: plan.runs, limits: LIMITS });
  // As a grading does: a failure's follow-up (the failing session shrunk) is asked for too.
  const judged = await followUp(pack, plan, reply, input, pack.judge(plan, reply, input), (runs) => pool.run({ files, refused: {}, runs, limits: LIMITS }));
  const checks = Object.fromEntries(TASKS.map((t) => [t, [...judged[t]!.checks, ...(judged[t]!.failure ? [] : judged[t]!.extra ?? [])]]));
  const score = Object.fromEntries(TASKS.map((t) => [t, scoreTask({ checks: checks[t]! }, pack.score)]));
  return { checks, score };
}
const failing = (checks: CheckResult[]): string[] => checks.filter((c) => c.status === "fail").map((c) => c.name);
const passing = (checks: CheckResult[]): string[] => checks.filter((c) => c.status === "pass").map((c) => c.name);

describe.skipIf(!HOSTILE)(`hostile submissions of the mcp-stateful pack${HOSTILE ? "" : ` (${WHY_SKIPPED})`}`, () => {
  it("keeps a server that remembers on globalThis or its prototype off full marks, by t2_isolation", async () => {
    for (const [name, files] of [["globalThis", GLOBAL_SESSION], ["prototype", PROTOTYPE_OUTBOX]] as const) {
      const { checks, score } = await grade(files);
      expect(failing(checks["task2"]!), name).toContain("t2_isolation");
      expect(score["task2"]!.score, name).toBeLessThan(score["task2"]!.maxScore);
    }
  });

  it("gives a server and builders that hard-code the trace no point", async () => {
    const server = await grade(HARD_CODED_SERVER);
    expect(passing(server.checks["task2"]!)).toEqual(expect.arrayContaining(["t2_add_text", "t2_delete_db_code"]));
    expect(server.score["task2"]!.score).toBe(0);
    const builders = await grade(HARD_CODED_BUILDERS);
    expect(passing(builders.checks["task1"]!)).toEqual(expect.arrayContaining(["t1_notification_keys", "t1_null_id_kind"]));
    expect(builders.score["task1"]!.score).toBe(0);
  });

  it("gives a client that forges the driver's record, or echoes the trace, none of the lines the peers' record does not back", async () => {
    const forged = await grade(FORGING_CLIENT);
    expect(passing(forged.checks["task3"]!).filter((n) => n.startsWith("t3_") && n !== "t3_date_across" && n !== "t3_transport" && n !== "t3_no_stdout")).toEqual([]);
    expect(forged.score["task3"]!.score).toBeLessThanOrEqual(1);
    const echo = await grade(ECHO_TRACE_CLIENT);
    expect(failing(echo.checks["task3"]!)).toEqual(expect.arrayContaining(["t3_results", "t3_errors", "t3_cache"]));
    expect(echo.score["task3"]!.score).toBeLessThanOrEqual(1);
  });
});
