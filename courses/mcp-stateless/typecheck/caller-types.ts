// What the pack's runner needs back from each export, as types: the probe (spec.ts) assigns each
// call's result to one of these. Looser than the course's own types on purpose: a submission may
// type the same shapes its own way; the type check fails only when the runner cannot use a
// result. The values themselves are judged by the evidence and behaviour checks.

/** handle's and request's result: only what a type does declare must fit the protocol. */
export type UsableResponse = {
  jsonrpc: string;
  id?: string | number | null;
  result?: unknown;
  error?: { code?: number; message?: string; data?: unknown };
};

/** callWithInput's result: the runner reads the result that ends the call. */
export type UsableToolResult = { resultType?: string; content?: readonly unknown[]; isError?: boolean; structuredContent?: unknown };

/** serve's result: the runner reads the two lists. */
export type UsableServeResult = { out: readonly string[]; log: readonly string[] };

/** A result of type R as the runner can use it, member by member; a string-keyed record needs only not to contradict. */
export type UsableAs<R, Need> = R extends unknown ? (string extends keyof R ? Partial<Need> : Need) : never;
