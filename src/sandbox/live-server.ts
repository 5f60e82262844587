// The live server: a node process that serves a submission's handle over stdio, one JSON-RPC
// message per stdin line and one per stdout line, with the student's code inside the same
// QuickJS engine as every other run (session.ts). The process itself runs under Node's
// permission model with an empty environment, reading only this script, the engine's
// WebAssembly and the submission's request file; it starts no process. Bundled with esbuild
// (live.ts) and run by plain node. The loop is the chapter's Task 3 rules; only the student's
// code decides what else reaches stdout, which is what the stdio check looks at.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { canonicalJson } from "../json/python-json.js";
import { RUN_FUEL } from "./fuel.js";
import { instanceMaker } from "./instance.js";
import { SERVER_READY, type LiveRequest } from "./live-protocol.js";
import { Session, Stopped } from "./session.js";
import { decodeValue, NotData, notJson, toJsonValue } from "./value.js";

const log = (text: string): void => { process.stderr.write(`${text}\n`); };
// JSON-RPC's answer to a line that is not JSON: the stdio loop's, whatever the course.
const PARSE_ERROR_RESPONSE = { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } };

async function main(file: string): Promise<void> {
  const request = JSON.parse(readFileSync(file, "utf8")) as LiveRequest;
  const session = await Session.open({ newModule: instanceMaker(request.wasmPath), guest: request.guest, modules: request.modules }, request.submission,
    (stream, text) => { (stream === "stderr" ? process.stderr : process.stdout).write(text); });
  const { entry, exportName } = request;
  // Each message (and the loading) gets a run's fuel, counted as in the grading runs (fuel.ts).
  const fuel = request.submission.limits.fuel ?? RUN_FUEL;
  session.limit(fuel, request.submission.limits.timeMs);
  const loaded = session.load(entry, exportName);
  if (!Array.isArray(loaded)) {
    const failure = loaded;
    log(`grade serve: ${request.label} could not be served: ${failure.message}`);
    process.exit(1);
  }
  log(`${SERVER_READY} ${request.label} over stdio, in the grader's sandbox (one JSON-RPC message per line; end of input stops it)`);
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let number = 0;
  lines.on("line", (line) => {
    number += 1;
    if (line.trim() === "") return;
    log(`line ${number}`);
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      process.stdout.write(`${canonicalJson(PARSE_ERROR_RESPONSE)}\n`);
      return;
    }
    const id = message !== null && typeof message === "object" && "id" in message ? (message as { id: unknown }).id : undefined;
    const internalError = (why: string): void => {
      log(`handle ${why}; answered with -32603 Internal error`);
      if (id !== undefined) process.stdout.write(`${canonicalJson({ jsonrpc: "2.0", id, error: { code: -32603, message: "Internal error" } })}\n`);
    };
    session.limit(fuel, request.submission.limits.timeMs);
    let call;
    try {
      call = session.call(entry, exportName, line.trim(), false);
    } catch (error) {
      if (!(error instanceof Stopped)) throw error;
      log(`grade serve: handle was stopped: ${error.failure.message}`);
      process.exit(1);
    }
    if (!call.ok) return internalError(call.failure.message);
    const decoded = decodeValue(call.value);
    if (!decoded.ok) return internalError(decoded.problem);
    const value = decoded.value;
    if (value === null || value === undefined) return;
    if (value instanceof NotData && value.what === "promise") return internalError("returned a Promise (everything in this chapter is synchronous)");
    const problem = notJson(value);
    if (problem) return internalError(`returned something JSON cannot represent: ${problem}`);
    process.stdout.write(`${canonicalJson(toJsonValue(value))}\n`);
  });
  lines.on("close", () => process.stdout.write("", () => process.exit(0)));
}

void main(process.argv[2] ?? "").catch((error: unknown) => {
  log(`grade serve: the server failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
