// The stdio MCP server around a submission's handle. It runs in its own process, bundled with
// the student's task2.ts (see bundle-server.ts): one JSON-RPC message per stdin line, one per
// stdout line, the chapter's "line N" log and anything else on stderr, exit at end of input.
// The loop follows Task 3's rules; only the student's code (handle, and whatever their modules
// print) decides what else reaches stdout, which is exactly what the stdio check looks at.
import { createInterface } from "node:readline";
import { PARSE_ERROR_RESPONSE } from "../course/protocol.js";
import { canonicalJson } from "../json/python-json.js";
import { findNonJson } from "../json/plain.js";

/** The first words the server writes on stderr once the student's module is loaded. */
export const SERVER_READY = "grade serve: serving handle from";

const INTERNAL_ERROR = { code: -32603, message: "Internal error" };
const log = (text: string): void => { process.stderr.write(`${text}\n`); };
const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

type Handle = (message: unknown) => unknown;

function answer(handle: Handle, message: unknown): string | undefined {
  const id = message !== null && typeof message === "object" && "id" in message ? (message as { id: unknown }).id : undefined;
  const internalError = (why: string): string | undefined => {
    log(`handle ${why}; answered with -32603 Internal error`);
    return id === undefined ? undefined : canonicalJson({ jsonrpc: "2.0", id, error: INTERNAL_ERROR });
  };
  let response: unknown;
  try {
    response = handle(message);
  } catch (error) {
    return internalError(`threw ${describe(error)}`);
  }
  if (response === null || response === undefined) return undefined;
  if (typeof (response as { then?: unknown }).then === "function") return internalError("returned a Promise (everything in this chapter is synchronous)");
  const problem = findNonJson(response);
  if (problem) return internalError(`returned something JSON cannot represent: ${problem}`);
  return canonicalJson(response);
}

export async function runServer(load: () => Promise<Record<string, unknown>>, label: string): Promise<void> {
  let handle: Handle;
  try {
    const module = await load();
    if (typeof module["handle"] !== "function") {
      log(`grade serve: ${label} does not export a function named handle, so there is no server to run.`);
      process.exit(1);
    }
    handle = module["handle"] as Handle;
  } catch (error) {
    log(`grade serve: ${label} failed while it was being loaded: ${describe(error)}`);
    process.exit(1);
  }
  log(`${SERVER_READY} ${label} over stdio (one JSON-RPC message per line; end of input stops it)`);
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
    const out = answer(handle, message);
    if (out !== undefined) process.stdout.write(`${out}\n`);
  });
  // Exit even if the student's code left a timer running; stdout is flushed first.
  lines.on("close", () => process.stdout.write("", () => process.exit(0)));
}
