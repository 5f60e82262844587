// What the chapter's runner needs back from each export, as types: the probe (probe.ts) assigns
// each call's result to one of these. They are deliberately looser than the course's own types:
// a submission may type the same shapes its own way, and the type check fails only when the
// types show that the runner cannot use a result, never merely because they are spelled
// differently. The values themselves are judged by the evidence and behaviour checks.
import type { RequestId } from "../course/types.js";

/** toMcp's result: the runner reads these three keys. */
export type UsableMcpTool = { name: string; description: string; inputSchema: object };

/**
 * handle's result for a request: responses differ in shape (a result or an error), so nothing
 * but `jsonrpc` is required, only that what a type does declare fits the protocol.
 */
export type UsableResponse = {
  jsonrpc: string;
  id?: RequestId;
  result?: unknown;
  error?: { code?: number; message?: string };
};

/** serve's result: the runner only reads the two lists. */
export type UsableServeResult = { out: readonly string[]; log: readonly string[] };

/**
 * A result of type R as the runner can use it, member by member of a union. A string-keyed
 * record (`Record<string, unknown>`, a JsonObject) may hold every key the runner reads, so it
 * needs only not to contradict them; any other object type must declare them.
 */
export type UsableAs<R, Need> = R extends unknown ? (string extends keyof R ? Partial<Need> : Need) : never;
