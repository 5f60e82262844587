// Responses whose id is no request's: the SDK client cannot match one to the request it answers
// (an error written with id null, an id 0 answered as null), and the step that waited for it
// fails. That is the envelope's mistake (every response carries the request's id), which
// t2_envelope judges on the sessions: interop.ts marks such a step with it, and the mark stays
// where t2_envelope failed too (grading/live-charges.ts). c-error-id-null and c-id-falsy-null
// cost an interop point beside t2_envelope's (test/policy-costs.test.ts).
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { MAX_LINE_BYTES } from "../../../src/live/line-cap.js";

export interface IdWatch {
  /** Each message the client sends (its request ids). */
  sent(message: unknown): void;
  /** Reads the server's stdout from now on. */
  attach(stdout: Readable | undefined): void;
  /** How many responses so far carried an id no request of the client's had. */
  readonly unmatched: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function watchIds(): IdWatch {
  const ids: unknown[] = [];
  let unmatched = 0;
  const read = (line: string): void => {
    let message: unknown;
    try { message = JSON.parse(line); } catch { return; }
    if (!isObject(message) || Object.hasOwn(message, "method") || !(Object.hasOwn(message, "result") || Object.hasOwn(message, "error"))) return;
    if (!ids.includes(message["id"])) unmatched += 1;
  };
  return {
    sent(message) {
      if (isObject(message) && Object.hasOwn(message, "id")) ids.push(message["id"]);
    },
    attach(stdout) {
      const decoder = new StringDecoder("utf8");
      let partial = "";
      stdout?.on("data", (chunk: Buffer | string) => {
        const lines = (partial + (typeof chunk === "string" ? chunk : decoder.write(chunk))).split("\n");
        partial = lines.pop() ?? "";
        // A line past the cap is never a message the client reads (line-cap.ts stops the server).
        if (partial.length > MAX_LINE_BYTES) partial = "";
        lines.forEach(read);
      });
    },
    get unmatched() { return unmatched; },
  };
}
