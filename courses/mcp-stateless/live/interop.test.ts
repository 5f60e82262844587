// The pack's live checks against real processes: a small stand-in server (plain JavaScript, run by
// node, its faults switched on by GRADE_FAKE) for each way a server can be wrong, and the
// reference solution and two broken copies of it served by the sandbox's own live server.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSubmission } from "../../../src/grading/files.js";
import { liveLimits } from "../../../src/grading/limits.js";
import type { CheckResult } from "../../../src/report/types.js";
import { processServer, type LiveServer, type ServerCommand } from "../../../src/live/connection.js";
import { prepareServer } from "../../../src/sandbox/live.js";
import { SERVER_READY } from "../../../src/sandbox/live-protocol.js";
import { sandboxSource } from "../course/sandbox-source.js";
import { interopChecks, INTEROP_STEPS } from "./interop.js";
import { judgeStdio, stdioChecks, STDIO_LINES } from "./stdio.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

// The page's server (2.1-2.4) with the pack's cache hints; each fault is a word in GRADE_FAKE.
const FAKE_SERVER = String.raw`
import { createInterface } from "node:readline";
import { writeFileSync } from "node:fs";
const faults = new Set((process.env.GRADE_FAKE ?? "").split(",").filter(Boolean));
if (process.env.GRADE_PID_FILE) writeFileSync(process.env.GRADE_PID_FILE, String(process.pid));
const V = "2026-07-28";
const INFO = { name: "orders", version: "0.1.0" };
const CACHE = faults.has("nocache") ? {} : { cacheScope: "public", ttlMs: 0 };
const ORDERS = { A100: { status: "shipped", eta: "Friday" }, A101: { status: "processing", eta: "Monday" } };
const schema = { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] };
const TOOLS = [{ name: "get_order_status", description: "Shipping status", inputSchema: schema }, { name: "cancel_order", description: "Cancel an order", inputSchema: schema }];
const text = (t, structured) => ({ content: [{ type: "text", text: t }], isError: false, resultType: "complete", ...(structured ? { structuredContent: structured } : {}) });
class RpcError extends Error { constructor(code, message, data) { super(message); this.code = code; this.data = data; } }
function route(method, params) {
  if (method === "server/discover") {
    if (faults.has("nodiscover")) throw new RpcError(-32601, "method not found: server/discover");
    return { supportedVersions: [V], capabilities: { tools: {}, resources: {} }, ...CACHE };
  }
  const version = params._meta?.["io.modelcontextprotocol/protocolVersion"];
  if (version !== V) throw new RpcError(-32022, "unsupported protocol version", faults.has("baddata") ? { supported: [V] } : { supported: [V], requested: version ?? null });
  if (method === "tools/list") return { tools: TOOLS, ...CACHE };
  if (method === "tools/call") {
    const id = params.arguments?.order_id;
    if (faults.has("crash")) process.exit(3);
    if (params.name === "get_order_status") {
      if (faults.has("hang")) return undefined;
      const data = { order_id: id, status: ORDERS[id].status, eta: ORDERS[id].eta };
      return text(JSON.stringify(data), data);
    }
    if (params.name === "cancel_order") {
      const answer = params.inputResponses?.confirm;
      if (!answer && !faults.has("noask")) return { resultType: "input_required", inputRequests: { confirm: { method: "elicitation/create", params: { mode: "form", message: "Really cancel order " + id + "?", requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] } } } } };
      return text(id + " cancelled");
    }
    throw new RpcError(-32602, "unknown tool: " + params.name);
  }
  if (method === "resources/list") return { resources: [{ uri: "policy://refunds", name: "refunds", mimeType: "text/plain" }], ...CACHE };
  if (method === "resources/read") return { contents: [{ uri: params.uri, mimeType: "text/plain", text: "Refunds within 7 days of delivery. Damaged items: full refund." }], ...CACHE };
  throw new RpcError(-32601, "method not found: " + method);
}
function handle(message) {
  if (!("id" in message)) return faults.has("notifyreply") ? { jsonrpc: "2.0", id: null, result: { resultType: "complete" } } : null;
  if (faults.has("falsyid") && !message.id) return null;
  try {
    const result = route(message.method, message.params ?? {});
    if (result === undefined) return null;
    if (!faults.has("noresulttype")) result.resultType ??= "complete";
    if (!faults.has("nometa")) result._meta = { "io.modelcontextprotocol/serverInfo": INFO };
    return { jsonrpc: "2.0", id: faults.has("stringid") ? String(message.id) : message.id, result };
  } catch (error) {
    return { jsonrpc: "2.0", id: message.id, error: { code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) } };
  }
}
if (faults.has("early")) { process.stderr.write("grade serve: task2.ts could not be served: SyntaxError: Unexpected token\n"); process.exit(1); }
if (faults.has("banner")) process.stdout.write("orders server started\n");
process.stderr.write(${JSON.stringify(SERVER_READY)} + " task2.ts over stdio\n");
createInterface({ input: process.stdin }).on("line", (line) => {
  const reply = handle(JSON.parse(line));
  if (reply) process.stdout.write(JSON.stringify(reply) + "\n");
});
`;

let dir: string;
let serverFile: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "grade-stateless-interop-"));
  serverFile = path.join(dir, "server.mjs");
  writeFileSync(serverFile, FAKE_SERVER);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fakeCommand = (...faults: string[]): ServerCommand => ({ command: process.execPath, args: [serverFile], env: { GRADE_FAKE: faults.join(",") } });
const fake = (...faults: string[]): LiveServer => processServer(fakeCommand(...faults));
const verdicts = (checks: CheckResult[]): Record<string, string> => Object.fromEntries(checks.map((c) => [c.name, c.status]));
const byName = (checks: CheckResult[], name: string): CheckResult => {
  const found = checks.find((c) => c.name === name);
  if (!found) throw new Error(`no check ${name}`);
  return found;
};
const ALL = INTEROP_STEPS.map((s) => s.name);
const allPass = Object.fromEntries(ALL.map((n) => [n, "pass"]));
const alive = (pid: number): boolean => { try { process.kill(pid, 0); return true; } catch { return false; } };

describe("interopChecks (the SDK 2.x client, pinned to 2026-07-28)", () => {
  it("passes a good server through every step, the cancel in two rounds, and kills the process", async () => {
    const pidFile = path.join(dir, "good.pid");
    const server = fakeCommand();
    const checks = await interopChecks(processServer({ ...server, env: { ...server.env, GRADE_PID_FILE: pidFile } }), 5000);
    expect(verdicts(checks)).toEqual(allPass);
    expect(checks.every((c) => c.kind === "interop" && c.title && c.hint)).toBe(true);
    expect(byName(checks, "t2_sdk_connect").actual).toContain("protocol 2026-07-28 (modern era), server orders 0.1.0");
    expect(byName(checks, "t2_sdk_cancel_round_trip").actual).toMatch(/^2 tools\/call requests; the user was asked "Really cancel order A101\?"/);
    expect(byName(checks, "t2_sdk_old_version").actual).toBe('-32022 with data {"supported":["2026-07-28"],"requested":"2025-06-18"}');
    expect(alive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
  });

  it("fails results without cache hints by default, and passes them with a note when asked to fill them", async () => {
    const strict = await interopChecks(fake("nocache"), 5000);
    expect(verdicts(strict)).toEqual({ ...allPass, t2_sdk_list_tools: "fail", t2_sdk_read_resource: "fail" });
    expect(byName(strict, "t2_sdk_list_tools").message).toMatch(/^the client stopped with SdkError INVALID_RESULT: Invalid result for tools\/list: ttlMs: .*; cacheScope: .*Your server answered tools\/list with \{/);
    expect(byName(strict, "t2_sdk_list_tools").message).not.toContain("\n");
    const filled = await interopChecks(fake("nocache"), 5000, { cacheHints: "fill" });
    expect(verdicts(filled)).toEqual(allPass);
    expect(byName(filled, "t2_sdk_list_tools").message).toContain("Passed once the grader added the cache hints your results lack: tools/list (ttlMs, cacheScope)");
  });

  it("fails a server whose results lack _meta serverInfo, naming them, and nothing else", async () => {
    const checks = await interopChecks(fake("nometa"), 5000);
    expect(verdicts(checks)).toEqual({ ...allPass, t2_sdk_every_result: "fail" });
    expect(byName(checks, "t2_sdk_every_result").message).toMatch(/^Of the 7 results the client received, 7 have no _meta\["io.modelcontextprotocol\/serverInfo"\] with a name and a version \(the answers to server\/discover, tools\/list, tools\/call, resources\/list, resources\/read\)/);
  });

  it("fails results without resultType, in the step that got them and in the every-result check", async () => {
    const checks = await interopChecks(fake("noresulttype"), 5000);
    expect(verdicts(checks)).toEqual({ ...allPass, t2_sdk_list_tools: "fail", t2_sdk_read_resource: "fail", t2_sdk_every_result: "fail" });
    expect(byName(checks, "t2_sdk_list_tools").message).toContain("Invalid result for tools/list: missing required resultType");
    expect(byName(checks, "t2_sdk_every_result").actual).toBe("3 have no resultType (the answers to server/discover, tools/list, resources/list)");
  });

  it("skips everything after a failed connect, with the root cause, quoting what the server answered", async () => {
    const checks = await interopChecks(fake("nodiscover"), 5000);
    const connect = byName(checks, "t2_sdk_connect");
    expect(connect.status).toBe("fail");
    expect(connect.message).toContain("did not offer pinned protocol version 2026-07-28 via server/discover");
    expect(connect.message).toContain('Your server answered server/discover with {"jsonrpc":"2.0","id":"server-discover-probe-1","error":{"code":-32601');
    for (const c of checks.slice(1)) expect(c).toMatchObject({ status: "skip", message: "Skipped: the SDK client could not connect (t2_sdk_connect)." });
  });

  it("fails a cancel that does not ask the user, and -32022 data without requested", async () => {
    const checks = await interopChecks(fake("noask", "baddata"), 5000);
    expect(verdicts(checks)).toEqual({ ...allPass, t2_sdk_cancel_round_trip: "fail", t2_sdk_old_version: "fail" });
    expect(byName(checks, "t2_sdk_cancel_round_trip").message).toContain("without asking the user");
    expect(byName(checks, "t2_sdk_old_version").message).toContain('its data {"supported":["2026-07-28"]} is not {"supported": [<versions>], "requested"');
  });

  it("bounds a call that gets no answer by the time limit, and goes on; a silence is not judged (a busy machine), never a fail", async () => {
    // The bound is the 800 ms limit, named in the message; no wall-clock figure is asserted (the machines are shared).
    const checks = await interopChecks(fake("hang"), 800);
    expect(verdicts(checks)).toEqual({ ...allPass, t2_sdk_call_status: "error" });
    expect(byName(checks, "t2_sdk_call_status").message).toMatch(/^the client stopped with SdkError REQUEST_TIMEOUT: .*\(no answer it could read within 800 ms.*That is not scored/);
  });

  it("fails, not errors, the step whose request id 0 the server takes for no id: asked again, it answers id 1", async () => {
    // The request with id 0 is tools/list here: connect passes, having sent none under that id.
    const checks = await interopChecks(fake("falsyid"), 2000);
    expect(verdicts(checks)).toEqual({ ...allPass, t2_sdk_list_tools: "fail" });
    expect(byName(checks, "t2_sdk_list_tools")).toMatchObject({ actual: "no response to id 0; id 1 answered" });
    expect(byName(checks, "t2_sdk_list_tools").message).toMatch(/first request, tools\/list, has id 0, and your server never answered it/);
  });

  it("skips the rest when the server's process ends, naming the check it ended in", async () => {
    const checks = await interopChecks(fake("crash"), 5000);
    expect(verdicts(checks)).toMatchObject({ t2_sdk_connect: "pass", t2_sdk_list_tools: "pass", t2_sdk_call_status: "fail" });
    for (const name of ["t2_sdk_cancel_round_trip", "t2_sdk_read_resource", "t2_sdk_old_version", "t2_sdk_every_result"]) {
      expect(byName(checks, name)).toMatchObject({ status: "skip", message: expect.stringContaining("Skipped: your server's process ended during t2_sdk_call_status.") });
    }
  });

  it("reports a server that stops before it is ready, and one that cannot be started, without throwing", async () => {
    const early = await interopChecks(fake("early"), 5000);
    expect(byName(early, "t2_sdk_connect")).toMatchObject({ status: "fail", message: expect.stringContaining("The server stopped before it was ready to serve. Its stderr ends: grade serve: task2.ts could not be served: SyntaxError") });
    expect(early.slice(1).every((c) => c.status === "skip")).toBe(true);
    const missing = await interopChecks(processServer({ command: path.join(dir, "no-such-node"), args: [], env: {} }), 5000);
    expect(byName(missing, "t2_sdk_connect")).toMatchObject({ status: "error", message: expect.stringContaining("The server could not be started: ") });
    expect(missing).toHaveLength(ALL.length);
  });
});

describe("stdioChecks", () => {
  it("passes a server that answers each request once, in order, and the notification not at all", async () => {
    const [check] = await stdioChecks(fake(), 5000);
    expect(check).toMatchObject({ name: "t2_stdio_clean", kind: "stdio", status: "pass", expected: '1,2,"status-A100"', actual: '1,2,"status-A100"' });
    expect(STDIO_LINES).toHaveLength(4);
  });

  it("fails a banner on stdout, quoting it", async () => {
    const [check] = await stdioChecks(fake("banner"), 5000);
    expect(check).toMatchObject({ status: "fail", actual: "orders server started" });
    expect(check!.message).toContain('stdout line 1 is not one JSON-RPC message (it is not JSON): "orders server started"');
  });

  it("fails an answer to the notification, and ids that are not echoed exactly", async () => {
    const [notified] = await stdioChecks(fake("notifyreply"), 5000);
    expect(notified!.status).toBe("fail");
    expect(notified!.message).toContain("response 3 has the id null, which no request has: a notification gets no response at all");
    const [stringIds] = await stdioChecks(fake("stringid"), 5000);
    expect(stringIds!.message).toContain('response 1 has the id "1" where the request\'s id is 1: echo the id exactly');
  });

  it("judges a run: a missing response, an unterminated line, a server that did not finish", () => {
    const line = (id: unknown): string => JSON.stringify({ jsonrpc: "2.0", id, result: { resultType: "complete" } });
    const two = judgeStdio({ stdout: `${line(1)}\n${line(2)}\n`, stderr: "" });
    expect(two.message).toContain('no response to the request with id "status-A100" (tools/call): every request gets exactly one');
    expect(judgeStdio({ stdout: line(1), stderr: "" }).message).toContain("stdout ends with text that is not a whole line");
    expect(judgeStdio({ stdout: `${line(1)}\n`, stderr: "boom\n", problem: "the server ended with exit code 1" })).toMatchObject({ status: "error", message: "The server did not finish: the server ended with exit code 1. Its stderr ends: boom" });
    expect(judgeStdio({ stdout: `${JSON.stringify({ jsonrpc: "2.0", result: {} })}\n`, stderr: "" }).message).toContain("stdout line 1 is a response without an id");
    expect(judgeStdio({ stdout: `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: {} })}\n`, stderr: "" }).message).toContain("a message of the server's own (notifications/message)");
  });
});

// The reference solution, served by the sandbox's live server exactly as the grader serves a
// student's task2.ts, and two copies of it with one fault each.
const SOLUTION = path.join(root, "solutions/mcp-stateless");
describe.skipIf(!existsSync(path.join(SOLUTION, "task2.ts")))("the reference solution in the sandbox's live server", () => {
  const served = async <T>(folder: string, run: (server: LiveServer) => Promise<T>): Promise<T> => {
    const files = readSubmission(folder, "submission");
    const server = await prepareServer({ ...files, limits: liveLimits(5000), shownAs: "submission" }, "task2.ts", "handle", "submission/task2.ts", sandboxSource());
    try {
      return await run(server);
    } finally {
      await server.close();
    }
  };
  const broken = (name: string, edit: (source: string) => string): string => {
    const folder = path.join(dir, name);
    mkdirSync(folder);
    for (const file of ["task1.ts", "task2.ts"]) {
      const source = readFileSync(path.join(SOLUTION, file), "utf8");
      writeFileSync(path.join(folder, file), file === "task2.ts" ? edit(source) : source);
    }
    return folder;
  };

  it("passes every interop check and the stdio check", async () => {
    const [interop, stdio] = await served(SOLUTION, async (server) => [await interopChecks(server, 5000), await stdioChecks(server, 5000)] as const);
    expect(verdicts(interop)).toEqual(allPass);
    expect(verdicts(stdio)).toEqual({ t2_stdio_clean: "pass" });
  });

  it("fails a copy that logs with console.log (stdio) and one without _meta serverInfo (interop)", async () => {
    const logging = broken("logging", (s) => s.replace("export function handle(message: JsonRpcMessage): JsonRpcResponse | null {", '$&\n  console.log("handling", message.method);'));
    const [stdio] = await served(logging, (server) => stdioChecks(server, 5000));
    expect(stdio).toMatchObject({ status: "fail", actual: "handling server/discover" });
    const anonymous = broken("anonymous", (s) => s.replace(/result\["_meta"\] = \{[^}]*\};/, ""));
    const interop = await served(anonymous, (server) => interopChecks(server, 5000));
    expect(verdicts(interop)).toEqual({ ...allPass, t2_sdk_every_result: "fail" });
  });
});
