// A live check's time limit starts when the server is ready, not when its process is spawned:
// on a loaded machine starting node alone can take seconds, and that is not the student's code.
import type { Stream } from "node:stream";
import { SERVER_READY } from "../sandbox/live-protocol.js";

/** Generous: only a machine in trouble or top-level code that never ends gets near it. */
export const SERVER_STARTUP_LIMIT_MS = 30_000;

export type Readiness = "ready" | "ended" | "timeout";

/** Resolves once the server's stderr says it is ready, its stderr ends, or the limit passes. */
export function serverReady(stderr: Stream, limitMs = SERVER_STARTUP_LIMIT_MS): Promise<Readiness> {
  return new Promise((resolve) => {
    let seen = "";
    const done = (r: Readiness): void => {
      clearTimeout(timer);
      stderr.off("data", onData);
      stderr.off("end", onEnd);
      stderr.off("close", onEnd);
      resolve(r);
    };
    const onData = (chunk: Buffer | string): void => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(SERVER_READY)) done("ready");
    };
    const onEnd = (): void => done("ended");
    const timer = setTimeout(() => done("timeout"), limitMs);
    stderr.on("data", onData);
    stderr.once("end", onEnd);
    stderr.once("close", onEnd);
  });
}
