// A server that writes on and on without a newline makes the SDK's stdio client grow one buffer
// and scan it whole on every chunk (a grade took 20 s of the grader's processor time). No line of
// a message here comes near the cap: past it the server is stopped, and the client sees it close.
import type { Readable } from "node:stream";

export const MAX_LINE_BYTES = 1024 * 1024;

/** A server's output and how to stop it: a process, or a connection (connection.ts). */
export interface Stoppable { readonly stdout: Readable | null; kill(signal: "SIGKILL"): unknown }

/** Stops `child` when its stdout runs past `max` bytes without a newline; `onCap` says so first. */
export function capLines(child: Stoppable | undefined, onCap: () => void, max = MAX_LINE_BYTES): void {
  const out = child?.stdout;
  if (!child || !out) return;
  let since = 0;
  let stopped = false;
  out.prependListener("data", (chunk: Buffer | string) => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    const newline = bytes.lastIndexOf(10);
    since = newline < 0 ? since + bytes.length : bytes.length - newline - 1;
    if (since > max && !stopped) {
      stopped = true;
      onCap();
      child.kill("SIGKILL");
    }
  });
}
