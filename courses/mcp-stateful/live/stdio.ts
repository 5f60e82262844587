// The stdio check: the submission's server through a real pipe (the page: "the same MCPServer ...
// would run unchanged over stdio"), the trace's session written to its stdin, its stdout held to
// the transport's rule (every line one JSON-RPC message, one response per request, in order, none
// for a notification) and every response to the model's answer to the same session.
import type { LiveServer } from "../../../src/live/connection.js";
import { jsonRpcProblem, runStdio, type StdioRun } from "../../../src/live/stdio-run.js";
import type { CheckResult } from "../../../src/report/types.js";
import { compareStep, shown } from "../behaviour/compare.js";
import { SERVER_CHECKS } from "../behaviour/server-checks.js";
import { modelSession, type Session, type Step, type StepRule } from "../behaviour/session.js";
import { CALL_ADD, CALL_DELETE_DB, INITIALIZE, INITIALIZED, LIST, TRACE_CONFIG } from "../course/fixtures.js";
import { LIVE_TOOLS } from "./entry.js";

/** The trace's messages as the stdio check writes them, one a line. */
export const STDIO_MESSAGES: readonly Record<string, unknown>[] = [
  { jsonrpc: "2.0", id: 0, method: "tools/list" },
  INITIALIZE, INITIALIZED, LIST, CALL_ADD, CALL_DELETE_DB,
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 4 } },
  { jsonrpc: "2.0", id: "last", method: "tools/call", params: { name: "nope", arguments: {} } },
];

export const STDIO_CHECK = {
  name: "t2_stdio_session",
  title: "Through a real pipe, your server answers the trace's session line by line, as the model does, and writes nothing else",
  hint: "On stdio every stdout line is one JSON-RPC message: one response per request, in order, none for a notification; logs go to stderr (console.error).",
} as const;

function expected(): { steps: Step[]; answers: unknown[]; rules: StepRule[] } {
  const session: Session = { servers: [TRACE_CONFIG], steps: [...LIVE_TOOLS.map((tool): Step => ({ op: "addTool", tool })), ...STDIO_MESSAGES.map((message): Step => ({ op: "handle", message }))] };
  const { outcomes, rules } = modelSession(session, "page");
  return { steps: session.steps.slice(LIVE_TOOLS.length), answers: outcomes.slice(LIVE_TOOLS.length).map((o) => (o as { value: unknown }).value), rules: rules.slice(LIVE_TOOLS.length) };
}

/** The model's stdout for the session: one line per request, in order. */
export function modelLines(): string[] {
  const { answers } = expected();
  return answers.filter((a) => a !== null).map((a) => JSON.stringify(a));
}

/**
 * The behaviour check whose rule decided an answer (t2_envelope for the envelope): a wrong line
 * is marked as that check's mistake until every check is in, when it is charged there if that
 * check failed too (grading/live-charges.ts), so the pipe does not charge it a second time.
 */
function ruleCheck(rule: StepRule | undefined, envelope: boolean): string | undefined {
  if (envelope) return "t2_envelope";
  return SERVER_CHECKS.find((c) => Array.isArray(c.judges) && rule !== undefined && c.judges.includes(rule))?.name;
}

/**
 * Whether the stdio check failed on a line answering a request whose id is a string (its expected
 * answer, the model's, carries the request's id): a server that serves integer ids only answers it
 * wrongly whatever its method's rule, the mistake t2_envelope charges (grading/string-ids.ts).
 */
export function failedOnStringId(check: CheckResult): boolean {
  if (check.name !== STDIO_CHECK.name || check.status !== "fail" || check.expected === undefined) return false;
  try {
    const want = JSON.parse(check.expected) as unknown;
    return typeof want === "object" && want !== null && typeof (want as { id?: unknown }).id === "string";
  } catch {
    return false;
  }
}

export function judgeStdio(run: StdioRun): CheckResult {
  const base = { ...STDIO_CHECK, kind: "stdio" } as const;
  const lines = run.stdout.split("\n");
  const rest = lines.pop() ?? "";
  for (const [i, line] of lines.entries()) {
    const problem = jsonRpcProblem(line);
    if (problem) return { ...base, status: "fail", actual: line.slice(0, 300), message: `stdout line ${i + 1} is not one JSON-RPC message (${problem}).` };
  }
  if (rest) return { ...base, status: "fail", actual: rest.slice(0, 300), message: "stdout ends with text that is not a whole line." };
  if (run.problem) return { ...base, status: "error", message: `The server did not finish: ${run.problem}.` };
  const { steps, answers, rules } = expected();
  const due = steps.map((s, j) => ({ step: s, want: answers[j], rule: rules[j] })).filter((a) => a.want !== null);
  if (lines.length !== due.length) return { ...base, status: "fail", expected: `${due.length} lines`, actual: `${lines.length} lines`, message: `${STDIO_MESSAGES.length} messages written (${due.length} requests): one stdout line per request, none for a notification.` };
  for (const [i, { step, want, rule }] of due.entries()) {
    const got = { value: JSON.parse(lines[i]!) as unknown };
    const envelope = compareStep(step, { value: want }, got, "envelope");
    const why = envelope ?? compareStep(step, { value: want }, got, "body");
    if (!why) continue;
    const owner = ruleCheck(rule, envelope !== undefined);
    return { ...base, status: "fail", expected: shown(want), actual: lines[i]!.slice(0, 300), message: `Line ${i + 1} answers ${shown((step as { message: unknown }).message)}: ${why}.`, ...(owner ? { chargedTo: owner } : {}) };
  }
  return { ...base, status: "pass", message: `${lines.length} lines, each the model's answer.` };
}

export async function stdioChecks(server: LiveServer, timeoutMs: number): Promise<CheckResult[]> {
  try {
    const run = await runStdio(server, STDIO_MESSAGES.map((m) => JSON.stringify(m)), timeoutMs);
    return run ? [judgeStdio(run)] : [];
  } catch (error) {
    return [{ ...STDIO_CHECK, kind: "stdio", status: "error", message: `The stdio check could not run: ${error instanceof Error ? error.message : String(error)}.` }];
  }
}
