// A server run over a real pipe, for any pack's stdio check: a connection to the submission's
// server, lines written to its input, its output and log kept (capped); and what makes a stdout
// line one JSON-RPC message. The judging of the run is the pack's.
import type { LiveServer } from "./connection.js";
import { SERVER_STARTUP_LIMIT_MS, serverReady } from "./ready.js";

const CAP = 64 * 1024;

export interface StdioRun {
  /** stdout as written, capped; undefined when the server could not be run to the end. */
  stdout: string;
  stderr: string;
  /** Why the run did not end normally, in plain words. */
  problem?: string;
}

/**
 * Connects to the server, writes the lines, ends its input and waits for it to end (stopped at
 * timeoutMs after it is ready). The server starts at once; the lines go in when `go` says so
 * (node takes a while to start, and meanwhile the grader learns whether the code it serves ran
 * at all): undefined if it says no.
 */
export async function runStdio(server: LiveServer, lines: readonly string[], timeoutMs: number, go: Promise<boolean> = Promise.resolve(true)): Promise<StdioRun | undefined> {
  const child = server.connect();
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => { if (stdout.length < CAP) stdout += c.toString("utf8"); });
  child.stderr.on("data", (c: Buffer) => { if (stderr.length < CAP) stderr += c.toString("utf8"); });
  child.stdin.on("error", () => { /* a server that exits early closes its stdin: reported by its exit */ });
  let timedOut: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let finished = false;
  const expire = (why: string): void => { timedOut = why; child.kill(); };
  const ready = serverReady(child.stderr);
  if (!(await go.catch(() => false))) {
    child.kill();
    await child.ended;
    return undefined;
  }
  child.stdin.end(lines.map((l) => `${l}\n`).join(""));
  void ready.then((r) => {
    if (finished) return;
    if (r === "timeout") expire(`the server did not start within ${SERVER_STARTUP_LIMIT_MS} ms, and was stopped`);
    else timer = setTimeout(() => expire(`the server did not exit within ${timeoutMs} ms after it started, although its input had ended, and was stopped`), timeoutMs);
  });
  return child.ended.then(({ code, signal, error }) => {
    finished = true;
    clearTimeout(timer);
    child.release();
    const problem = error ? `the server could not be started: ${error.message}`
      : timedOut ? timedOut
      : code !== 0 ? `the server ended with ${signal ? `signal ${signal}` : `exit code ${code}`}` : undefined;
    return { stdout: stdout.slice(0, CAP), stderr, ...(problem ? { problem } : {}) };
  });
}

/** What is wrong with one stdout line as a JSON-RPC message, or undefined when it is one. */
export function jsonRpcProblem(line: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return "it is not JSON";
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "it is JSON but not a JSON-RPC message object";
  const m = value as Record<string, unknown>;
  if (m["jsonrpc"] !== "2.0") return "it has no \"jsonrpc\": \"2.0\"";
  const isResponse = "id" in m && ("result" in m || "error" in m);
  const isRequestOrNotification = typeof m["method"] === "string";
  return isResponse || isRequestOrNotification ? undefined : "it is neither a request, a notification nor a response";
}

