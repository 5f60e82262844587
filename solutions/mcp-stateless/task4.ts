// Reference solution for Task 4 of "The protocol from scratch" (instructors only).
import type { JsonRpcMessage, ServeResult } from "grade/course";
import { handle } from "./task2.js";

const PARSE_ERROR = { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } };
const INVALID_REQUEST = { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } };

export function serve(lines: string[]): ServeResult {
  const out: string[] = [];
  const log: string[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    log.push(`line ${index + 1}`);
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      out.push(JSON.stringify(PARSE_ERROR));
      return;
    }
    if (typeof message !== "object" || message === null || Array.isArray(message)) {
      out.push(JSON.stringify(INVALID_REQUEST));
      return;
    }
    const response = handle(message as JsonRpcMessage);
    if (response !== null) out.push(JSON.stringify(response));
  });
  return { out, log };
}
