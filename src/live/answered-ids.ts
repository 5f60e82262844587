// Whether a live check's silence is the server's own doing: the request it left unanswered is
// written again on a fresh connection under several ids, and the answers are read once the
// server has ended (its input closed), so no clock decides. A server that answers the request
// under id 1 and not under id 0 took the 0 for no id: a failure of its code, not a slow machine.
import type { LiveServer } from "./connection.js";
import { runStdio } from "./stdio-run.js";

export type RequestId = string | number;

/**
 * The ids among `ids` that the server answered (a response with that id) when sent `message`
 * under each, in order; undefined when that run did not end normally (nothing can be read from it).
 */
export async function answeredIds(server: LiveServer, message: Readonly<Record<string, unknown>>, ids: readonly RequestId[], timeoutMs: number): Promise<RequestId[] | undefined> {
  const run = await runStdio(server, ids.map((id) => JSON.stringify({ ...message, id })), timeoutMs);
  if (!run || run.problem) return undefined;
  const answered: RequestId[] = [];
  for (const line of run.stdout.split("\n")) {
    let value: unknown;
    try { value = JSON.parse(line); } catch { continue; }
    if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
    const m = value as Record<string, unknown>;
    const id = m["id"];
    if ((Object.hasOwn(m, "result") || Object.hasOwn(m, "error")) && ids.includes(id as RequestId) && !answered.includes(id as RequestId)) answered.push(id as RequestId);
  }
  return answered;
}
