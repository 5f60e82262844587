// The live stdio check: the submission's server started through a real pipe, the fixture LINES
// written to its stdin, and every stdout line held to the transport's rule: exactly one JSON-RPC
// message, nothing else, and the same lines serve() returns.
import { LINES } from "../course/fixtures.js";
import type { CheckResult } from "../../../src/report/types.js";
import { jsonRpcProblem, type StdioRun } from "../../../src/live/stdio-run.js";
export { runStdio, type StdioRun } from "../../../src/live/stdio-run.js";

const quote = (line: string): string => JSON.stringify(line.length > 200 ? `${line.slice(0, 200)}…` : line);

export const STDIO_TITLES = {
  clean: { name: "t2_stdio_clean", title: "Through a real pipe, every stdout line is exactly one JSON-RPC message", hint: "The stdio transport: the server MUST NOT write anything to its stdout that is not a valid MCP message, one per line. Logs and banners go to stderr (console.error), never console.log." },
} as const;

/** The stdio check from a run of the live server around handle. */
export function stdioChecks(run: StdioRun, lines: readonly string[] = LINES): CheckResult[] {
  const base = { ...STDIO_TITLES.clean, kind: "stdio" } as const;
  const written = run.stdout.split("\n");
  const unterminated = written.pop() ?? "";
  const offending = written.map((line, i) => ({ line, i, problem: jsonRpcProblem(line) })).find((x) => x.problem);
  const sent = `${lines.length} fixture LINES written to its stdin`;
  const clean: CheckResult = run.problem && !offending ? { ...base, status: "error", message: `The live server did not finish: ${run.problem}. ${run.stderr ? `Its stderr ends: ${run.stderr.trim().split("\n").slice(-3).join(" | ")}` : ""}`.trim() }
    : offending ? { ...base, status: "fail", actual: offending.line, message: `stdout line ${offending.i + 1} is not one JSON-RPC message (${offending.problem}): ${quote(offending.line)}. ${sent}.` }
    : unterminated ? { ...base, status: "fail", actual: unterminated, message: `stdout ends with text that is not a whole line: ${quote(unterminated)}. Every message ends with a newline.` }
    : { ...base, status: "pass", message: `${written.length} stdout lines, each one JSON-RPC message (${sent}).` };
  return [clean];
}
