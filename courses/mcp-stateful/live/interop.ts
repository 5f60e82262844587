// Interop with the official SDK 1.x client (2025-06-18) over the live server: the handshake
// (connect), listTools (the lab's tools), callTool add {x: 2, y: 3} (text "5"), and a tool the
// server does not have, which the page answers -32601 and the client must reject with. A
// handshake that got no answer is asked again, under ids 0 and 1, on a fresh connection: the
// SDK's first request has id 0, and a server that answers only the 1 fails (answered-ids.ts).
import { answeredIds } from "../../../src/live/answered-ids.js";
import { capLines } from "../../../src/live/line-cap.js";
import type { LiveServer } from "../../../src/live/connection.js";
import { SERVER_STARTUP_LIMIT_MS, serverReady } from "../../../src/live/ready.js";
import { connectWait, NoAnswer, unjudgedSilence, withTimeout } from "../../../src/live/time-limit.js";
import { connectionTransport } from "../../../src/live/transport.js";
import type { CheckResult } from "../../../src/report/types.js";
import { LIVE_TOOLS } from "./entry.js";
import { watchIds } from "./unmatched-ids.js";

type Sdk = typeof import("./sdk.js");
let sdk: Promise<Sdk> | undefined;
const loadSdk = (): Promise<Sdk> => (sdk ??= import("./sdk.js"));

const CONNECT_LIMIT_MS = 15_000;
const REQUEST_LIMIT_MS = 3_000;

export const INTEROP_STEPS = [
  { name: "t2_sdk_connect", title: "The official SDK 1.x client completes the handshake with your server", hint: "initialize answered with protocolVersion 2025-06-18, capabilities and serverInfo; notifications/initialized answered with nothing." },
  { name: "t2_sdk_list", title: "The SDK client lists the lab's tools", hint: "tools/list after the handshake: every tool added, each with name, description and inputSchema." },
  { name: "t2_sdk_call", title: "The SDK client calls add {x: 2, y: 3} and reads 5", hint: "tools/call's result is {content: [{type: \"text\", text}]}." },
  { name: "t2_sdk_unknown", title: "The SDK client's call of an unknown tool rejects with -32601", hint: "An unknown tool is a JSON-RPC error -32601 (method not found), which the client turns into a rejected promise." },
] as const;
type Step = 0 | 1 | 2 | 3;

function check(step: Step, status: CheckResult["status"], more: Partial<CheckResult> = {}): CheckResult {
  return { ...INTEROP_STEPS[step], kind: "interop", status, ...more };
}

const CLIENT = { name: "grade-interop", version: "1.0.0" };

export async function interopChecks(server: LiveServer, timeoutMs: number): Promise<CheckResult[]> {
  const { results, silentConnect, protocolVersion } = await sdkSteps(server, timeoutMs);
  if (!silentConnect) return results;
  // The SDK's initialize, as it sends it, under id 0 and then id 1.
  const initialize = { jsonrpc: "2.0", method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: CLIENT } };
  const answered = await answeredIds(server, initialize, [0, 1], timeoutMs).catch(() => undefined);
  if (!answered || answered.includes(0) || !answered.includes(1)) return results;
  return [check(0, "fail", {
    expected: "a response with id 0",
    actual: "no response to id 0; id 1 answered",
    message: "The SDK client's first request, initialize, has id 0, and your server never answered it; sent again with id 1 it was answered. A message with an \"id\" key is a request whatever the id's value, 0 included (t2_notifications).",
  }), ...results.slice(1)];
}

async function sdkSteps(server: LiveServer, timeoutMs: number): Promise<{ results: CheckResult[]; silentConnect: boolean; protocolVersion: string }> {
  const { Client, McpError, ErrorCode, ReadBuffer, serializeMessage, LATEST_PROTOCOL_VERSION } = await loadSdk();
  const done = (results: CheckResult[], silentConnect = false) => ({ results, silentConnect, protocolVersion: LATEST_PROTOCOL_VERSION });
  const describe = (e: unknown): string => (e instanceof McpError ? `McpError ${e.code}: ${e.message}` : e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  let unreadable = 0;
  const Transport = connectionTransport({ ReadBuffer, serializeMessage, notConnected: () => new Error("Not connected") });
  const transport = new Transport(server);
  // The ids the client sent, and the responses that carried none of them (unmatched-ids.ts).
  const ids = watchIds();
  const send = transport.send.bind(transport);
  transport.send = (message: unknown): Promise<void> => { ids.sent(message); return send(message); };
  transport.stderr.on("data", () => { /* the server's log: read so the pipe never fills */ });
  await transport.start();
  ids.attach(transport.connection?.stdout);
  // A line the client cannot read also cuts connect's wait short (connectWait).
  let cutWait = (): void => undefined;
  capLines(transport.connection, () => { unreadable += 1; cutWait(); });
  if ((await serverReady(transport.stderr)) === "timeout") {
    transport.connection?.kill();
    return done([check(0, "error", { message: `The server did not start within ${SERVER_STARTUP_LIMIT_MS} ms.` }), ...([1, 2, 3] as const).map((s) => check(s, "skip", { message: "The server did not start." }))]);
  }
  const client = new Client(CLIENT);
  client.onerror = () => { unreadable += 1; cutWait(); };
  const limit = Math.min(timeoutMs, REQUEST_LIMIT_MS);
  // A time-out with nothing unreadable is not judged (src/live/time-limit.ts): the machine's, maybe.
  const timedOut = (e: unknown): boolean => unreadable === 0 && ((e instanceof McpError && e.code === ErrorCode.RequestTimeout) || e instanceof NoAnswer);
  // A step that failed while a response came back under an id the client never sent: t2_envelope's mistake.
  const failed = (step: Step, e: unknown, what: string, unmatchedBefore: number): CheckResult => {
    const stray = !timedOut(e) && ids.unmatched > unmatchedBefore;
    const why = stray ? " A response came back with an id no request of the client's had: every response carries the request's id (t2_envelope)." : "";
    return check(step, timedOut(e) ? "error" : "fail", { actual: describe(e), message: `${what}: ${describe(e)}.${timedOut(e) ? unjudgedSilence(limit) : why}`, ...(stray ? { chargedTo: "t2_envelope" } : {}) });
  };
  const results: CheckResult[] = [];
  try {
    let before = ids.unmatched;
    try {
      const connectLimit = Math.min(timeoutMs, CONNECT_LIMIT_MS);
      const wait = connectWait(client.connect(transport, { timeout: connectLimit }), connectLimit + 500, limit, "initialize");
      cutWait = wait.unreadable;
      await wait.result;
      results.push(check(0, "pass", { actual: JSON.stringify(client.getServerCapabilities() ?? {}) }));
    } catch (error) {
      return done([failed(0, error, "The SDK client could not connect", before), ...([1, 2, 3] as const).map((s) => check(s, "skip", { message: "The client could not connect." }))], timedOut(error));
    }
    before = ids.unmatched;
    try {
      const { tools } = await withTimeout(client.listTools(undefined, { timeout: limit }), limit + 500, "tools/list");
      const names = tools.map((t) => t.name).join(",");
      results.push(names === LIVE_TOOLS.join(",") ? check(1, "pass", { actual: names }) : check(1, "fail", { expected: LIVE_TOOLS.join(","), actual: names, message: `The client saw the tools [${names}].` }));
    } catch (error) { results.push(failed(1, error, "listTools failed in the client", before)); }
    before = ids.unmatched;
    try {
      const result = await withTimeout(client.callTool({ name: "add", arguments: { x: 2, y: 3 } }, undefined, { timeout: limit }), limit + 500, "tools/call");
      const first = (result as { content?: { type?: string; text?: string }[] }).content?.[0];
      const ok = first?.type === "text" && first.text === "5" && result.isError !== true;
      results.push(check(2, ok ? "pass" : "fail", { expected: "5", actual: JSON.stringify(result), ...(ok ? {} : { message: `callTool(add, {x: 2, y: 3}) returned ${JSON.stringify(result)}.` }) }));
    } catch (error) { results.push(failed(2, error, "callTool(add) rejected in the client", before)); }
    before = ids.unmatched;
    try {
      const result = await withTimeout(client.callTool({ name: "no_such_tool", arguments: {} }, undefined, { timeout: limit }), limit + 500, "tools/call");
      results.push(check(3, "fail", { expected: "McpError -32601", actual: JSON.stringify(result), message: `callTool(no_such_tool) resolved with ${JSON.stringify(result)}: an unknown tool is an error response (-32601), not a result.` }));
    } catch (error) {
      const ok = error instanceof McpError && error.code === ErrorCode.MethodNotFound;
      results.push(ok ? check(3, "pass", { expected: "McpError -32601", actual: describe(error) }) : failed(3, error, "callTool(no_such_tool) rejected, but not with -32601", before));
    }
    return done(results);
  } finally {
    await withTimeout(client.close(), 1000, "close").catch(() => undefined);
    transport.connection?.release();
  }
}
