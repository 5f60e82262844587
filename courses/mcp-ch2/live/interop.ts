// The interop check: the official MCP TypeScript SDK's Client, over a stdio transport (the SDK's
// framing, src/live/transport.ts), talks to the submission's server as a real host would:
// initialize, tools/list, a call of logs_search, and a call of a tool that does not exist, which
// must reject with -32602. The report says what the client saw. The server is stopped at the end.
import { capLines } from "../../../src/live/line-cap.js";
import type { LiveServer } from "../../../src/live/connection.js";
import { connectionTransport } from "../../../src/live/transport.js";
import { MCP_TOOL, UNKNOWN_TOOL_CODE, foundText } from "../course/protocol.js";
import type { CheckResult } from "../../../src/report/types.js";
import { SERVER_STARTUP_LIMIT_MS, serverReady } from "../../../src/live/ready.js";
import { connectWait, NoAnswer, unjudgedSilence, withTimeout } from "../../../src/live/time-limit.js";

const CALL_ARGS = { service: "api", query: "timeout" };
const UNKNOWN_TOOL = "deploy_nuke";

const STEPS = {
  connect: { name: "t2_interop_initialize", title: "The official MCP SDK client connects to your server (initialize)", hint: "The client sends initialize and then notifications/initialized; your initialize result must be one it accepts (a protocolVersion it supports, capabilities, serverInfo)." },
  list: { name: "t2_interop_list_tools", title: "The SDK client lists your tools and finds logs_search", hint: "tools/list answers {\"tools\": [<the converted tool>]}; the client checks every tool's shape." },
  call: { name: "t2_interop_call", title: "The SDK client calls logs_search and reads the fixed text", hint: "A valid call gives {\"content\": [{\"type\": \"text\", \"text\": \"found 3 lines for <query> in <service>\"}], \"isError\": false}." },
  unknown: { name: "t2_interop_unknown_tool", title: "The SDK client's call of an unknown tool rejects with the protocol error -32602", hint: "Rule 4: an unknown tool is a protocol error (an error object with code -32602), so the client's callTool rejects instead of returning a result." },
} as const;
type Step = keyof typeof STEPS;
export const INTEROP_STEPS = Object.values(STEPS);

const check = (step: Step, status: CheckResult["status"], fields: Partial<CheckResult> = {}): CheckResult =>
  ({ ...STEPS[step], kind: "interop", status, ...fields });

// A real host waits a moment, not the task limit: a server that answers at all answers in ms.
export const INTEROP_REQUEST_LIMIT_MS = 3000;
// The first request also waits for the server's first work (loading the submission's modules):
// on a loaded machine that took over 3 s for the reference solution.
export const INTEROP_CONNECT_LIMIT_MS = 15_000;

// The SDK's modules take a few hundred ms to load: loaded on first use (and early, by
// loadSdk() from the grader while the fixtures run), never by commands that do not need them.
type Sdk = typeof import("./sdk.js");
let sdk: Promise<Sdk> | undefined;
export const loadSdk = (): Promise<Sdk> => (sdk ??= import("./sdk.js"));

function describeError(error: unknown, { McpError, ErrorCode }: Sdk): string {
  if (!(error instanceof McpError)) return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const timedOut = error.code === ErrorCode.RequestTimeout
    ? " (the client got no response it could read: the SDK drops a line it cannot parse as one JSON-RPC message, for example a response holding both result and error, and a request nobody answers times out)"
    : "";
  return `McpError ${error.code}: ${error.message}${timedOut}`;
}


export async function interopChecks(server: LiveServer, timeoutMs: number): Promise<CheckResult[]> {
  const mod = await loadSdk();
  const { Client, McpError, ErrorCode, ReadBuffer, serializeMessage } = mod;
  const describe = (error: unknown): string => describeError(error, mod);
  let unreadable = 0;
  const Transport = connectionTransport({ ReadBuffer, serializeMessage, notConnected: () => new Error("Not connected") });
  const transport = new Transport(server);
  transport.stderr.on("data", () => { /* the server's log: read so the pipe never fills */ });
  // Start the server first and give the client only a server that is up, so the request time
  // limits measure the student's code, not node starting on a busy machine. The SDK's connect()
  // calls start() again, which is the same start.
  await transport.start();
  // A line past the cap stops the server (src/live/line-cap.ts): what the client could not read.
  // A line the client cannot read also cuts connect's wait short (connectWait).
  let cutWait = (): void => undefined;
  capLines(transport.connection, () => { unreadable += 1; cutWait(); });
  const readiness = await serverReady(transport.stderr);
  const client = new Client({ name: "grade-interop", version: "1.0.0" });
  // What the client could not read (a line that is not one JSON-RPC message, one past the cap):
  // a time-out after one is the server's fault, not a silence (unreadable, above).
  client.onerror = () => { unreadable += 1; cutWait(); };
  const limit = Math.min(timeoutMs, INTEROP_REQUEST_LIMIT_MS);
  const options = { timeout: limit };
  const results: CheckResult[] = [];
  if (readiness === "timeout") {
    transport.connection?.kill();
    return [check("connect", "error", { message: `The server did not start within ${SERVER_STARTUP_LIMIT_MS} ms, so the client was not tried.` }), ...(["list", "call", "unknown"] as const).map((s) => check(s, "skip", { message: "The server did not start." }))];
  }
  // A time-out with nothing the client could not read is not judged ("error"): see
  // src/live/time-limit.ts. One after an unreadable line is the server's: it fails.
  const timedOut = (error: unknown): boolean => unreadable === 0 && ((error instanceof McpError && error.code === ErrorCode.RequestTimeout) || error instanceof NoAnswer);
  const verdictOf = (error: unknown): "fail" | "error" => (timedOut(error) ? "error" : "fail");
  const unjudged = (error: unknown): string => (timedOut(error) ? unjudgedSilence(limit) : "");
  const skipRest = (from: Step[], why: string): void => { for (const s of from) results.push(check(s, "skip", { message: why })); };
  try {
    const connectLimit = Math.min(timeoutMs, INTEROP_CONNECT_LIMIT_MS);
    try {
      const wait = connectWait(client.connect(transport, { timeout: connectLimit }), connectLimit + 500, limit, "initialize");
      cutWait = wait.unreadable;
      await wait.result;
      const info = client.getServerVersion();
      results.push(check("connect", "pass", { actual: `server ${info?.name ?? "?"} ${info?.version ?? "?"}, capabilities ${JSON.stringify(client.getServerCapabilities() ?? {})}` }));
    } catch (error) {
      results.push(check("connect", verdictOf(error), { actual: describe(error), message: `The SDK client could not connect: ${describe(error)}.${timedOut(error) ? unjudgedSilence(connectLimit) : ""}` }));
      skipRest(["list", "call", "unknown"], "The client could not connect.");
      return results;
    }
    try {
      const { tools } = await withTimeout(client.listTools(undefined, options), limit + 500, "tools/list");
      const names = tools.map((t) => t.name);
      results.push(names.includes(MCP_TOOL.name)
        ? check("list", "pass", { actual: names.join(",") })
        : check("list", "fail", { expected: MCP_TOOL.name, actual: names.join(","), message: `The client saw the tools [${names.join(", ")}], without ${MCP_TOOL.name}.` }));
    } catch (error) {
      results.push(check("list", verdictOf(error), { actual: describe(error), message: `listTools failed in the client: ${describe(error)}.${unjudged(error)}` }));
    }
    const expectedText = foundText(CALL_ARGS.query, CALL_ARGS.service);
    try {
      const result = await withTimeout(client.callTool({ name: MCP_TOOL.name, arguments: CALL_ARGS }, undefined, options), limit + 500, "tools/call");
      const content = (result as { content?: { type?: string; text?: string }[] }).content ?? [];
      const text = content[0]?.type === "text" ? content[0].text : undefined;
      const ok = text === expectedText && !result.isError;
      results.push(check("call", ok ? "pass" : "fail", {
        expected: expectedText, actual: JSON.stringify(result),
        ...(ok ? {} : { message: `callTool(${MCP_TOOL.name}, ${JSON.stringify(CALL_ARGS)}) returned ${JSON.stringify(result)}.` }),
      }));
    } catch (error) {
      results.push(check("call", verdictOf(error), { expected: expectedText, actual: describe(error), message: `callTool(${MCP_TOOL.name}, ${JSON.stringify(CALL_ARGS)}) rejected in the client: ${describe(error)}.${unjudged(error)}` }));
    }
    try {
      const result = await withTimeout(client.callTool({ name: UNKNOWN_TOOL, arguments: {} }, undefined, options), limit + 500, "tools/call");
      results.push(check("unknown", "fail", { expected: `McpError ${UNKNOWN_TOOL_CODE}`, actual: JSON.stringify(result), message: `callTool(${UNKNOWN_TOOL}) resolved with a result instead of rejecting: ${JSON.stringify(result)}. The client only rejects on an error response.` }));
    } catch (error) {
      const ok = error instanceof McpError && error.code === ErrorCode.InvalidParams;
      results.push(check("unknown", ok ? "pass" : verdictOf(error), {
        expected: `McpError ${UNKNOWN_TOOL_CODE}`, actual: describe(error),
        ...(ok ? {} : { message: `callTool(${UNKNOWN_TOOL}) rejected, but with ${describe(error)}, not the protocol error ${UNKNOWN_TOOL_CODE}.${unjudged(error)}` }),
      }));
    }
    return results;
  } finally {
    await withTimeout(client.close(), 1000, "close").catch(() => undefined);
    transport.connection?.release();
  }
}
