// The pack end to end through the real sandbox: plan → SandboxPool → judge → the follow-up. The reference
// solution passes every check; each mistake (the solution with one change, made inline) fails
// its own named checks with a counterexample and costs one point under the pack's score policy;
// correct submissions in other styles pass all.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followUp } from "../../../src/grading/follow-up.js";
import { scoreTask } from "../../../src/pack/score.js";
import type { PlanInput } from "../../../src/pack/types.js";
import { planInput } from "../../../src/pack/plan-input.js";
import type { CheckResult } from "../../../src/report/types.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import pack from "../pack.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const TASK_IDS = ["task1", "task2", "task3"];
const LIMITS = { timeMs: 20_000, memoryBytes: 128 * 1024 * 1024, valueChars: 1024 * 1024, outputChars: 16 * 1024 };
const readTs = (dir: string): Record<string, string> =>
  Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));
const SOLUTION = readTs(path.join(ROOT, "solutions", "mcp-stateful"));

/** The solution with `from` replaced by `to` in one file (each must be there: a test of nothing fails). */
function mutate(file: string, ...pairs: [string, string][]): Record<string, string> {
  let text = SOLUTION[file]!;
  for (const [from, to] of pairs) {
    if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
    text = text.replace(from, to);
  }
  return { ...SOLUTION, [file]: text };
}

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1, false, pack.course.sandboxSource()); });
afterAll(() => pool.close());

async function grade(files: Record<string, string>, seed = 7, behaviour = true): Promise<Record<string, CheckResult[]>> {
  const input: PlanInput = planInput(files, {}, { tasks: TASK_IDS, behaviour, schema: false, seed });
  const plan = pack.plan(input);
  const reply = await pool.run({ files, refused: {}, runs: plan.runs, limits: LIMITS });
  // As the engine does: a failure's follow-up (the session shrunk) is asked for and judged too.
  const j = await followUp(pack, plan, reply, input, pack.judge(plan, reply, input), (runs) => pool.run({ files, refused: {}, runs, limits: LIMITS }));
  // As the engine does: a task that did not run on the fixtures has its extra checks skipped.
  return Object.fromEntries(TASK_IDS.map((t) => [t, [...(j[t]?.checks ?? []), ...(j[t]?.failure ? [] : j[t]?.extra ?? [])]]));
}
const failing = (checks: Record<string, CheckResult[]>): string[] => Object.values(checks).flat().filter((c) => c.status !== "pass").map((c) => c.name);
const message = (checks: Record<string, CheckResult[]>, name: string): string => Object.values(checks).flat().find((c) => c.name === name)?.message ?? "";

describe("mcp-stateful through the sandbox", () => {
  it("passes the reference solution on every check, on several seeds", async () => {
    for (const seed of [0, 7, 12345]) expect(failing(await grade(SOLUTION, seed)), `seed ${seed}`).toEqual([]);
  });

  it("reports the starters as not written yet, every check skipped", async () => {
    const checks = await grade(readTs(path.join(ROOT, "starters", "mcp-stateful")));
    const ran = Object.values(checks).flat().filter((c) => c.status !== "skip" && c.kind !== "output");
    expect(ran.map((c) => c.name)).toEqual([]);
  });

  const MISTAKES: [string, Record<string, string>, string[]][] = [
    ["a notification with id: null", mutate("task1.ts", ['? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params }', '? { jsonrpc: "2.0", id: null, method } as never : { jsonrpc: "2.0", id: null, method, params } as never']), ["t1_notification_keys", "t1_notification_built"]],
    ["kindOf by the id's value", mutate("task1.ts", ['return "id" in message ? "request" : "notification";', 'return (message as { id?: unknown }).id != null ? "request" : "notification";']), ["t1_null_id_kind", "t1_method_kinds"]],
    ["a raising tool as -32603", mutate("task2.ts", ["      return { content: [{ type: \"text\", text: `ERROR:", "      throw error;\n      return { content: [{ type: \"text\", text: `ERROR:"]), ["t2_tool_results"]],
    ["the allow-list checked before the tool exists", mutate("task2.ts", ["    if (!tool) throw new RPCError(METHOD_NOT_FOUND, `unknown tool: ${String(name)}`);\n    if (!this.allowed.has(tool.name))", "    if (!this.allowed.has(String(name))) throw new RPCError(INVALID_REQUEST, \"not permitted\");\n    if (!tool) throw new RPCError(METHOD_NOT_FOUND, `unknown tool: ${String(name)}`);\n    if (!this.allowed.has(tool.name))"]), ["t2_tool_errors"]],
    ["list_changed queued before initialization", mutate("task2.ts", ["if (options.notify && this.initialized)", "if (options.notify)"]), ["t2_list_changed"]],
    ["the session kept in a module variable", mutate("task2.ts", ["export class LabServer {\n  private initialized = false;", "let live = false;\nexport class LabServer {\n  private get initialized(): boolean { return live; }\n  private set initialized(v: boolean) { live = v; }"]), ["t2_isolation"]],
    ["notifications answered", mutate("task2.ts", ["      if (isNotification) return null;\n      return { jsonrpc: \"2.0\", id: id!", "      return { jsonrpc: \"2.0\", id: id!"]), ["t2_initialized_answer", "t2_notifications"]],
    ["no gate", mutate("task2.ts", ['    if (!this.initialized) throw new RPCError(INVALID_REQUEST, "server not initialized");\n', ""]), ["t2_handshake"]],
    ["a missing prompt variable left as it is", mutate("task2.ts", ["if (!Object.hasOwn(args, variable)) throw new RPCError(INVALID_PARAMS, `missing variable '${variable}'`);", "if (!Object.hasOwn(args, variable)) return `{${variable}}`;"]), ["t2_prompts_resources"]],
    ["ids not echoed", mutate("task2.ts", ['return { jsonrpc: "2.0", id: id!, result: result ?? {} };', 'return { jsonrpc: "2.0", id: 1, result: result ?? {} };']), ["t2_envelope"]],
    ["a transport that hands over the object", mutate("task3.ts", ["const response = this.server.handle(roundTrip(message));", "const response = this.server.handle(message);"]), ["t3_date_across", "t3_transport"]],
    ["pump re-fetches on every notification", mutate("task3.ts", ['if (notes.some((n) => n.method === "notifications/tools/list_changed")) this.listTools();', "if (notes.length > 0) this.listTools();"]), ["t3_messages"]],
    ["an error response returned, not thrown", mutate("task3.ts", ['if ("error" in response) throw new McpError(response.error.code, response.error.message);', 'if ("error" in response) return response as never;']), ["t3_delete_db_code", "t3_errors"]],
    ["initialized sent with id null", mutate("task3.ts", ['this.transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });', 'this.transport.send({ jsonrpc: "2.0", id: null, method: "notifications/initialized" } as never);']), ["t3_handshake", "t3_messages"]],
    ["clientInfo without a version", mutate("task3.ts", ["clientInfo: CLIENT_INFO });", "clientInfo: { name: CLIENT_INFO.name } });"]), ["t3_handshake"]],
    ["the same id for every request", mutate("task3.ts", ["const id = this.nextId++;", "const id = this.nextId;"]), ["t3_ids"]],
    // Mistakes the trace does not show, caught on every seed by the shapes and sessions each seed always has.
    ["kindOf: a method that is no string read as a request", mutate("task1.ts", ['if (typeof message.method !== "string") return "invalid";', ""]), ["t1_method_kinds"]],
    ["kindOf: both result and error read as a response", mutate("task1.ts", ['if (hasResult === hasError) return "invalid";', 'if (!hasResult && !hasError) return "invalid";']), ["t1_kinds"]],
    ["a method with no handler answered -32600", mutate("task2.ts", ["throw new RPCError(METHOD_NOT_FOUND, `method not found", "throw new RPCError(INVALID_REQUEST, `method not found"]), ["t2_notifications"]],
    ["any notification opens the gate", mutate("task2.ts", ['if (message.method === "notifications/initialized") {', 'if (message.method.startsWith("notifications/")) {']), ["t2_handshake"]],
    ["tools looked up with `in` on a plain object", mutate("task2.ts", ['const tool = typeof name === "string" ? this.tools.get(name) : undefined;', "const all: Record<string, LabTool> = Object.fromEntries(this.tools); const tool = typeof name === \"string\" && name in all ? all[name] : undefined;"]), ["t2_tool_errors"]],
    ["arguments absent read as they are", mutate("task2.ts", ['const args = asObject(params["arguments"]) as JsonObject;', 'const args = params["arguments"] as JsonObject;']), ["t2_tool_errors"]],
    ["tools/list of the allowed tools only", mutate("task2.ts", ["return { tools: [...this.tools.values()]", "return { tools: [...this.tools.values()].filter((t) => this.allowed.has(t.name))"]), ["t2_tool_names", "t2_tools_after", "t2_tools_list"]],
    ["initialize refused once the session is live", mutate("task2.ts", ['if (message.method === "initialize") {', 'if (message.method === "initialize") {\n      if (this.initialized) throw new RPCError(INVALID_REQUEST, "already initialized");']), ["t2_initialize_again"]],
    ["initialized sent as a request", mutate("task3.ts", ['this.transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });', 'this.request("notifications/initialized");']), ["t3_handshake", "t3_messages"]],
    ["a tool's failure thrown", mutate("task3.ts", ['return this.request("tools/call", { name, arguments: args });', 'const result = this.request("tools/call", { name, arguments: args });\n    if (result["isError"]) throw new McpError(-32603, "tool failed");\n    return result;']), ["t3_results"]],
    ["pump counts list_changed only", mutate("task3.ts", ["return notes.length;", 'return notes.filter((n) => n.method === "notifications/tools/list_changed").length;']), ["t3_results"]],
    ["listTools merged into the old cache", mutate("task3.ts", ['this.tools = this.request("tools/list")["tools"] as Tool[];', 'this.tools = [...new Map([...this.tools, ...(this.request("tools/list")["tools"] as Tool[])].map((t) => [t.name, t])).values()];']), ["t3_cache"]],
    // One slip that other checks' sessions see too, charged once: string ids (grading/string-ids.ts), the gate's (grading/gate-slips.ts).
    ["string ids refused", mutate("task2.ts", ['typeof id !== "string" && typeof id !== "number") throw', "!Number.isInteger(id)) throw"]), ["t2_envelope"]],
    ["the session live at initialize", mutate("task2.ts", ['    if (message.method === "initialize") {\n', '    if (message.method === "initialize") {\n      this.initialized = true;\n'], ['      this.initialized = true;\n      return null;', "      return null;"]), ["t2_handshake", "t2_list_changed"]],
    ["jsonrpc checked below the handshake's branches", mutate("task2.ts", ['    if (message.jsonrpc !== "2.0") throw new RPCError(INVALID_REQUEST, "jsonrpc must be 2.0");\n', ""], ['    if (!this.initialized) throw', '    if (message.jsonrpc !== "2.0") throw new RPCError(INVALID_REQUEST, "jsonrpc must be 2.0");\n    if (!this.initialized) throw']), ["t2_handshake", "t2_notifications"]],
    // A builder of task 1's that the server calls: its print shows in task 2's runs too, and is task 1's.
    ["a print in a builder the server uses", {
      ...mutate("task1.ts", ["export function response(id: RequestId, result: JsonObject): JsonRpcResult {\n", "export function response(id: RequestId, result: JsonObject): JsonRpcResult {\n  console.log(\"building a response\");\n"]),
      "task2.ts": mutate("task2.ts", ['} from "grade/course";\n', '} from "grade/course";\nimport { response as buildResponse } from "./task1.js";\n'], ['      return { jsonrpc: "2.0", id: id!, result: result ?? {} };', "      return buildResponse(id!, result ?? {});"])["task2.ts"]!,
    }, ["t1_no_stdout"]],
  ];

  for (const [what, files, expected] of MISTAKES) {
    it(`fails ${expected.join(", ")} for ${what}, nothing else, and costs one point`, async () => {
      const checks = await grade(files);
      // One mistake, one point: a line it shows is wrong, or the first rule it breaks voids one.
      const lost = TASK_IDS.map((t) => scoreTask({ checks: checks[t]! }, pack.score)).reduce((n, x) => n + x.maxScore - x.score, 0);
      expect(lost).toBe(1);
      expect(failing(checks).sort()).toEqual([...expected].sort());
      for (const name of expected) expect(message(checks, name).length, name).toBeGreaterThan(10);
    });
  }

  it("shows a failing session as code to paste", async () => {
    const checks = await grade(MISTAKES.find(([w]) => w === "list_changed queued before initialization")![1]);
    const text = message(checks, "t2_list_changed");
    expect(text).toMatch(/const server = new LabServer\(/);
    expect(text).toMatch(/server\.drainOutbox\(\);/);
    expect(text).toMatch(/--seed 7/);
  });

  it("accepts what the rules leave free: isError false, error data, -32002, params {} on list_changed and tools/list, string ids", async () => {
    const server = mutate("task2.ts",
      ['return { content: [{ type: "text", text: tool.run(args) }] };', 'return { content: [{ type: "text", text: tool.run(args) }], isError: false };'],
      ['if (error instanceof RPCError) return { jsonrpc: "2.0", id, error: { code: error.code, message: error.message } };', 'if (error instanceof RPCError) return { jsonrpc: "2.0", id, error: { code: error.code, message: error.message, data: { why: "free" } } };'],
      ["throw new RPCError(INVALID_PARAMS, `unknown resource:", "throw new RPCError(-32002, `unknown resource:"],
      ['this.outbox.push({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });', 'this.outbox.push({ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: {} });']);
    const client = mutate("task3.ts",
      ["const id = this.nextId++;", "const id = `req-${this.nextId++}`;"],
      ['this.tools = this.request("tools/list")["tools"] as Tool[];', 'this.tools = this.request("tools/list", {})["tools"] as Tool[];']);
    expect(failing(await grade({ ...server, "task3.ts": client["task3.ts"]! }))).toEqual([]);
  });

  it("accepts a server that reads an initialized notification before initialize the spec's way", async () => {
    const spec = mutate("task2.ts",
      ["  private initialized = false;", "  private initialized = false;\n  private answered = false;"],
      ["    if (message.method === \"initialize\") {\n", "    if (message.method === \"initialize\") {\n      this.answered = true;\n"],
      ["      this.initialized = true;\n      return null;", "      if (this.answered) this.initialized = true;\n      return null;"]);
    expect(failing(await grade(spec))).toEqual([]);
  });
});
