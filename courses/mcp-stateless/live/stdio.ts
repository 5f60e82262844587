// The stdio check of the stateless pack: the submission's server started through a real pipe, a
// fixed list of lines written to its stdin (server/discover, tools/list, a notification, a
// tools/call), and its stdout held to the transport's rule: every line one JSON-RPC message, one
// response per request, in order and with the request's id, none for the notification, nothing
// else. The run itself (start, readiness, time limit, the process group killed) is chapter 2's.
import type { CheckResult } from "../../../src/report/types.js";
import type { LiveServer } from "../../../src/live/connection.js";
import { jsonRpcProblem, runStdio, type StdioRun } from "../../../src/live/stdio-run.js";
import type { JsonObject } from "../course/index.js";
import { call, CLIENT_META, request } from "../course/fixtures.js";

/** What the check writes, one message a line; the ids are a number, a number and a string. */
export const STDIO_MESSAGES: readonly JsonObject[] = [
  request(1, "server/discover"),
  request(2, "tools/list"),
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 2, reason: "the host no longer needs the list", _meta: CLIENT_META } },
  call("status-A100", "get_order_status", { order_id: "A100" }),
];
export const STDIO_LINES: readonly string[] = STDIO_MESSAGES.map((m) => JSON.stringify(m));

export const STDIO_CHECK = {
  name: "t2_stdio_clean",
  title: "Through a real pipe, your server answers each request with one JSON-RPC line, in order, and writes nothing else",
  hint: "On stdio every stdout line is one JSON-RPC message: one response per request, with the request's id, none for a notification (handle returns null), and logs on stderr (console.error), never console.log (2.6).",
} as const;

const quote = (line: string): string => JSON.stringify(line.length > 200 ? `${line.slice(0, 200)}…` : line);
const idText = (id: unknown): string => (id === undefined ? "none" : JSON.stringify(id));

/** The check from a run of the server with STDIO_LINES (or `messages`) on its stdin. */
export function judgeStdio(run: StdioRun, messages: readonly JsonObject[] = STDIO_MESSAGES): CheckResult {
  const base = { ...STDIO_CHECK, kind: "stdio" } as const;
  const requests = messages.filter((m) => "id" in m);
  const notifications = messages.filter((m) => !("id" in m));
  const sent = `${messages.length} lines written to its stdin: ${requests.length} requests and ${notifications.length} notification${notifications.length === 1 ? "" : "s"}`;
  const written = run.stdout.split("\n");
  const unterminated = written.pop() ?? "";
  const ids: unknown[] = [];
  for (const [i, line] of written.entries()) {
    const n = i + 1;
    const problem = jsonRpcProblem(line);
    const value = problem === undefined || problem.startsWith("it is neither") ? JSON.parse(line) as Record<string, unknown> : undefined;
    if (value && !("id" in value) && ("result" in value || "error" in value)) {
      return { ...base, status: "fail", actual: line, message: `stdout line ${n} is a response without an id: ${quote(line)}. A notification (a message without an id) gets no response at all: handle returns null for it. ${sent}.` };
    }
    if (problem) return { ...base, status: "fail", actual: line, message: `stdout line ${n} is not one JSON-RPC message (${problem}): ${quote(line)}. ${sent}.` };
    if (value && typeof value["method"] === "string") {
      return { ...base, status: "fail", actual: line, message: `stdout line ${n} is a message of the server's own (${value["method"]}), not a response: ${quote(line)}. This server only answers the requests it reads.` };
    }
    ids.push(value?.["id"]);
  }
  if (unterminated) return { ...base, status: "fail", actual: unterminated, message: `stdout ends with text that is not a whole line: ${quote(unterminated)}. Every message ends with a newline.` };
  if (run.problem) {
    const tail = run.stderr ? ` Its stderr ends: ${run.stderr.trim().split("\n").slice(-3).join(" | ")}` : "";
    return { ...base, status: "error", message: `The server did not finish: ${run.problem}.${tail}` };
  }
  const expected = requests.map((m) => m["id"]);
  const shown = { expected: expected.map(idText).join(","), actual: ids.map(idText).join(",") };
  for (let i = 0; i < Math.max(expected.length, ids.length); i += 1) {
    const want = expected[i];
    const got = ids[i];
    if (i < expected.length && i < ids.length && JSON.stringify(want) === JSON.stringify(got)) continue;
    const request = requests[i];
    const why = i >= ids.length
      ? `no response to the request with id ${idText(want)} (${String(request?.["method"])}): every request gets exactly one`
      : i >= expected.length
        ? `response ${i + 1}, with id ${idText(got)}, answers no request: one response per request${got === null || got === undefined ? ", and none for a notification (handle returns null for it)" : ""}`
        : got === null
          ? `response ${i + 1} has the id null, which no request has: a notification gets no response at all (handle returns null for it)`
        : String(want) === String(got)
          ? `response ${i + 1} has the id ${idText(got)} where the request's id is ${idText(want)}: echo the id exactly, the same value of the same type`
          : `response ${i + 1} has the id ${idText(got)} where the request with id ${idText(want)} (${String(request?.["method"])}) comes next: answer every request, in the order they arrive`;
    return { ...base, status: "fail", ...shown, message: `The responses' ids are [${shown.actual}] for the requests' [${shown.expected}]: ${why}. ${sent}.` };
  }
  return { ...base, status: "pass", ...shown, message: `${ids.length} stdout lines, one response per request with its id, in order, none for the notification (${sent}).` };
}

/** Starts the server (sandbox/live.ts prepareServer), writes STDIO_LINES, judges its stdout. Never throws. */
export async function stdioChecks(server: LiveServer, timeoutMs: number): Promise<CheckResult[]> {
  try {
    const run = await runStdio(server, STDIO_LINES, timeoutMs);
    return run ? [judgeStdio(run)] : [];
  } catch (error) {
    return [{ ...STDIO_CHECK, kind: "stdio", status: "error", message: `The stdio check could not run: ${error instanceof Error ? error.message : String(error)}.` }];
  }
}
