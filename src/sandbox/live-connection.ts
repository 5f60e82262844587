// One connection of the live server (live-server.ts): a fresh Session (its own WebAssembly
// instance, context and modules) for the submission's entry, one JSON-RPC message per input line
// and one per output line, with the student's code inside the same QuickJS engine as every other
// run (session.ts). The loop is the chapter's Task 3 rules; only the student's code decides what
// else reaches the output, which is what the stdio check looks at.
import { createInterface } from "node:readline";
import { canonicalJson } from "../json/python-json.js";
import { CALL_FUEL, RUN_FUEL } from "./fuel.js";
import { SERVER_READY, type LiveRequest } from "./live-protocol.js";
import { Session, Stopped, type EngineAssets } from "./session.js";
import { decodeValue, NotData, notJson, toJsonValue } from "./value.js";

// JSON-RPC's answer to a line that is not JSON: the stdio loop's, whatever the course.
const PARSE_ERROR_RESPONSE = { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } };

/** Where a connection reads its lines and writes its output and its log; writes are synchronous. */
export interface ConnectionIo {
  input: NodeJS.ReadableStream;
  out(text: string): void;
  err(text: string): void;
}

/**
 * Serves `request`'s entry on `io` until its input ends (0) or the code is stopped or cannot be
 * loaded (1: the log says why, and no later line is read), as a process of its own would exit.
 */
export async function serveConnection(request: LiveRequest, newModule: EngineAssets["newModule"], io: ConnectionIo): Promise<0 | 1> {
  const log = (text: string): void => io.err(`${text}\n`);
  const session = await Session.open({ newModule, guest: request.guest, modules: request.modules }, request.submission,
    (stream, text) => (stream === "stderr" ? io.err(text) : io.out(text)));
  const { entry, exportName } = request;
  // The loading gets a run's fuel, each message a call's, counted as in the grading runs (fuel.ts).
  const fuel = request.submission.limits.fuel ?? RUN_FUEL;
  const messageFuel = Math.min(fuel, CALL_FUEL);
  session.limit(fuel, request.submission.limits.timeMs);
  const loaded = session.load(entry, exportName);
  if (!Array.isArray(loaded)) {
    log(`grade serve: ${request.label} could not be served: ${loaded.message}`);
    return 1;
  }
  log(`${SERVER_READY} ${request.label} over stdio, in the grader's sandbox (one JSON-RPC message per line; end of input stops it)`);
  const lines = createInterface({ input: io.input, crlfDelay: Infinity });
  return new Promise((resolve) => {
    let number = 0;
    let done = false;
    const finish = (code: 0 | 1): void => {
      if (done) return;
      done = true;
      lines.close();
      session.dispose();
      resolve(code);
    };
    lines.on("line", (line) => {
      // A stop ends the connection: lines readline had already split are not served.
      if (done) return;
      number += 1;
      if (line.trim() === "") return;
      log(`line ${number}`);
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        io.out(`${canonicalJson(PARSE_ERROR_RESPONSE)}\n`);
        return;
      }
      const id = message !== null && typeof message === "object" && "id" in message ? (message as { id: unknown }).id : undefined;
      const internalError = (why: string): void => {
        log(`handle ${why}; answered with -32603 Internal error`);
        if (id !== undefined) io.out(`${canonicalJson({ jsonrpc: "2.0", id, error: { code: -32603, message: "Internal error" } })}\n`);
      };
      // A message's budget is a call's (fuel.ts CALL_FUEL): a loop on one message is that
      // message's failure, answered as a throw is, and the server goes on with the next line, so
      // the live checks judge the pipe and the protocol, not again the loop the other checks charge.
      session.limit(messageFuel, request.submission.limits.timeMs);
      let call;
      try {
        call = session.call(entry, exportName, line.trim(), false);
      } catch (error) {
        if (!(error instanceof Stopped)) throw error;
        if (error.failure.reason === "timeout" && session.goOn()) return internalError(`never returned for this message: it was stopped after using its whole work budget for one message (${messageFuel} units)`);
        log(`grade serve: handle was stopped: ${error.failure.message}`);
        return finish(1);
      }
      if (!call.ok) return internalError(call.failure.message);
      const decoded = decodeValue(call.value);
      if (!decoded.ok) return internalError(decoded.problem);
      const value = decoded.value;
      if (value === null || value === undefined) return;
      if (value instanceof NotData && value.what === "promise") return internalError("returned a Promise (everything in this chapter is synchronous)");
      const problem = notJson(value);
      if (problem) return internalError(`returned something JSON cannot represent: ${problem}`);
      io.out(`${canonicalJson(toJsonValue(value))}\n`);
    });
    lines.on("close", () => finish(0));
  });
}
