// The live server's limits (live.ts, live-server.ts): its loops stop by fuel like every run's, and
// a built-in call that never ticks is ended by the kernel at the server's processor-time limit.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { prepareServer } from "./live.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 64 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const SERVE = `export function handle(m: any) {
  if (m.method === "loop") for (;;) {}
  if (m.method === "search") { const s = "a".repeat(30_000_000); for (;;) s.indexOf("b"); }
  return { jsonrpc: "2.0", id: m.id, result: {} };
}`;

/** Serves SERVE, writes the lines and waits for the server to end (it never is killed here). */
async function serve(lines: string[], cpuMs?: number): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  const server = await prepareServer({ files: { "s.ts": SERVE }, refused: {}, limits: { ...LIMITS, ...(cpuMs ? { cpuMs } : {}) } }, "s.ts", "handle", "s.ts", "");
  try {
    // grade serve's way: one connection on the process's own stdio.
    const child = spawn(server.command.command, server.command.args, { env: server.command.env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
    child.stdin.on("error", () => undefined);
    child.stdin.end(lines.map((l) => `${l}\n`).join(""));
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.once("close", (c, s) => resolve([c, s])));
    return { code, signal, stdout, stderr };
  } finally {
    await server.close();
  }
}

describe("the live server's limits", () => {
  it("stops a loop on one message by that message's fuel, answers it as a throw, saying so, and serves the next", async () => {
    const run = await serve(['{"jsonrpc":"2.0","id":1,"method":"ping"}', '{"jsonrpc":"2.0","id":2,"method":"loop"}', '{"jsonrpc":"2.0","id":3,"method":"ping"}']);
    expect(run.stdout).toBe('{"id":1,"jsonrpc":"2.0","result":{}}\n{"error":{"code":-32603,"message":"Internal error"},"id":2,"jsonrpc":"2.0"}\n{"id":3,"jsonrpc":"2.0","result":{}}\n');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/handle never returned for this message: it was stopped after using its whole work budget for one message/);
  });

  it.skipIf(!existsSync("/bin/sh"))("ends a server stuck in built-in calls at its processor-time limit", async () => {
    const run = await serve(['{"jsonrpc":"2.0","id":1,"method":"search"}'], 1000);
    expect(run.stdout).toBe("");
    expect(run.code === null ? run.signal : `exit ${run.code}`).toMatch(/^SIG(XCPU|KILL)$/);
  });
});
