// Reference solution for Task 3 (instructors only).
import type { JsonRpcMessage, ServeResult } from "grade/course";
import { handle } from "./task2.js";

/**
 * json.dumps(value, separators=(",", ":"), sort_keys=True), ensure_ascii included. A field set to
 * undefined is left out, and undefined in a list is null, as JSON.stringify writes them.
 */
export function dumps(value: unknown): string {
  if (value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(dumps).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${dumps(k)}:${dumps((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const PARSE_ERROR = { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } };

export function serve(lines: string[]): ServeResult {
  const out: string[] = [];
  const log: string[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    log.push(`line ${index + 1}`);
    let message: JsonRpcMessage;
    try {
      message = JSON.parse(line) as JsonRpcMessage;
    } catch {
      out.push(dumps(PARSE_ERROR));
      return;
    }
    const response = handle(message);
    if (response) out.push(dumps(response));
  });
  return { out, log };
}
