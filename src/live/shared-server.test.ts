// The grade's one live server process (shared-server.ts, live-server.ts's connections): each
// connection in a fresh session, the next connection in the same process only after a clean end,
// and a fresh process after one that was stopped (out of memory; a loop on one message is only
// that message's failure).
import { describe, expect, it } from "vitest";
import { prepareServer } from "../sandbox/live.js";
import type { LiveConnection } from "./connection.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 64 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
// Counts the messages it saw, in the module and on globalThis: a fresh session starts at 1 again.
const SERVE = `let seen = 0;
export function handle(m: any) {
  if (m.method === "loop") for (;;) {}
  if (m.method === "hog") { const a: string[] = []; for (;;) a.push("x".repeat(1e6) + a.length); }
  seen += 1;
  const g = globalThis as any;
  g.seen = (g.seen ?? 0) + 1;
  return { jsonrpc: "2.0", id: m.id, result: { seen, global: g.seen } };
}`;
const ping = (id: number): string => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });

/** Writes the lines, ends the input, and reads the connection to its end. */
async function exchange(connection: LiveConnection, lines: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  connection.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
  connection.stderr.on("data", (c: Buffer) => { stderr += c.toString(); });
  connection.stdin.end(lines.map((l) => `${l}\n`).join(""));
  const { code } = await connection.ended;
  connection.release();
  return { code, stdout, stderr };
}

describe("the grade's live server process", () => {
  it("serves the next connection in a fresh session of the same process, and a fresh process after a stop", async () => {
    const server = await prepareServer({ files: { "s.ts": SERVE }, refused: {}, limits: LIMITS }, "s.ts", "handle", "s.ts", "");
    try {
      const first = server.connect();
      const a = await exchange(first, [ping(1), ping(2)]);
      expect(a).toMatchObject({ code: 0, stdout: '{"id":1,"jsonrpc":"2.0","result":{"global":1,"seen":1}}\n{"id":2,"jsonrpc":"2.0","result":{"global":2,"seen":2}}\n' });

      const second = server.connect();
      expect(second.pid).toBe(first.pid);
      const b = await exchange(second, [ping(3), '{"jsonrpc":"2.0","id":4,"method":"loop"}', ping(5), '{"jsonrpc":"2.0","id":6,"method":"hog"}', ping(7)]);
      // Nothing of the first connection's module or globals. A loop on one message is that
      // message's failure, answered as a throw is; running out of memory ends the connection.
      expect(b.stdout).toBe('{"id":3,"jsonrpc":"2.0","result":{"global":1,"seen":1}}\n{"error":{"code":-32603,"message":"Internal error"},"id":4,"jsonrpc":"2.0"}\n{"id":5,"jsonrpc":"2.0","result":{"global":2,"seen":2}}\n');
      expect(b.code).toBe(1);
      expect(b.stderr).toMatch(/handle never returned for this message: it was stopped after using its whole work budget for one message \(100 units\); answered with -32603 Internal error/);
      expect(b.stderr).toMatch(/handle was stopped: It used more than 64 MB of memory/);

      const third = server.connect();
      expect(third.pid).not.toBe(first.pid);
      const c = await exchange(third, [ping(6)]);
      expect(c).toMatchObject({ code: 0, stdout: '{"id":6,"jsonrpc":"2.0","result":{"global":1,"seen":1}}\n' });
    } finally {
      await server.close();
    }
  });

  it("stops its process when the grading aborts, and starts no other: each connection then ends at once", async () => {
    const stop = new AbortController();
    const server = await prepareServer({ files: { "s.ts": SERVE }, refused: {}, limits: LIMITS }, "s.ts", "handle", "s.ts", "", stop.signal);
    try {
      const looping = server.connect();
      const running = exchange(looping, ['{"jsonrpc":"2.0","id":1,"method":"loop"}']);
      await looping.started;
      stop.abort();
      expect((await running).code).not.toBe(0);
      const next = server.connect();
      expect(next.pid).toBeUndefined();
      expect(await exchange(next, [ping(2)])).toEqual({ code: null, stdout: "", stderr: "" });
    } finally {
      await server.close();
    }
  });
});
