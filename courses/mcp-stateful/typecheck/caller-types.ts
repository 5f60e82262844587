// What the pack's drivers need back from each export, as types: the probe (spec.ts) assigns each
// call's result to one of these. Looser than the course's own types on purpose: a submission may
// type the same shapes its own way; the type check fails only when a driver cannot use a result.
// The values themselves are judged by the evidence and behaviour checks.

/** A message a builder, handle or send returns: only what a type does declare must fit the protocol. */
export type UsableMessage = {
  jsonrpc: string;
  id?: string | number | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code?: number; message?: string; data?: unknown };
};

/** A notification the outbox or the transport hands on: the client reads its method. */
export type UsableNotification = { jsonrpc: string; method: string; params?: unknown };

/** A tool in the client's cache or tools/list's answer. */
export type UsableTool = { name: string; description?: string; inputSchema?: unknown };

/** A result the driver records at once: any object but a Promise (the driver would record "a Promise"). */
export type UsableObject = object & { then?: undefined };

/** A result of type R as the driver can use it, member by member; a string-keyed record needs only not to contradict. */
export type UsableAs<R, Need> = R extends unknown ? (string extends keyof R ? Partial<Need> : Need) : never;

/** A list whose every element is usable as Need; anything else is not a list. */
export type UsableList<R, Need> = R extends readonly (infer E)[] ? readonly UsableAs<E, Need>[] : readonly Need[];
