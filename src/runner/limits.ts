// The limits every job runs under (time, memory, output) and the failures that say one was hit,
// shared by the sandbox pool (pool.ts) and what reads its results.
import type { TaskFailure } from "./outcome.js";
import { MEMORY_LIMIT_MB } from "./sandbox-process.cjs";

export const OUTPUT_CAP = 16 * 1024;
// Colour codes a student prints must not reach machine-readable reports.
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
export const stripAnsi = (text: string): string => text.replace(ANSI, "");

export const timeoutFailure = (ms: number): TaskFailure => ({ reason: "timeout", message: `It did not finish within ${ms} ms and was stopped. Look for a loop that never ends (a while loop whose condition never changes, or a recursion with no base case); raise the limit with --timeout MS only if your code is just slow.` });
export const outOfMemoryFailure = (): TaskFailure => ({ reason: "out-of-memory", message: `It used more than ${MEMORY_LIMIT_MB} MB of memory and was stopped. Look for a list or string that grows without end.` });
export const OUT_OF_MEMORY = /heap out of memory|Allocation failed/i;
