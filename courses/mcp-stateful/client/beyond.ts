// Task 3's rules past the ops judged one by one. Once a client has sent other requests than the
// model's, the scripted replies no longer answer the requests they were meant for, so what an op
// gave is judged against the replies the client did get (each request it sends gets the script's
// next, any other message null): a result or an error code that no reply to the op's own request held was made up, and
// the tools cache changes only with a tools/list reply. A client right for its first N requests
// that then answers without asking (gaming-client-first-requests, gaming-client-stale-after-n)
// loses each rule it stopped following, where before only t3_messages saw it; a client whose one
// mistake shifted the replies (pump-reads-first-only) returns and caches what it got, and loses
// nothing more.
import { same, shown } from "../behaviour/compare.js";
import type { Expected, Json } from "./model.js";
import { replyAt, turnsOf, type ClientRecord } from "./rules.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export interface Exchange { message: unknown; reply: unknown; answered: boolean }

/**
 * Op by op, each message the client sent the server and the script's reply to it (none once the
 * script ended): a request takes the next, a tools/list more gets the last list again, any other
 * message gets null (rules.ts turnsOf).
 */
function exchanges(expected: Expected, record: ClientRecord): Exchange[][] {
  const turns = turnsOf(expected, record);
  return record.byOp.slice(1).map((sent, i) => sent.map((message, j) => {
    const k = replyAt(turns[i + 1]![j]!);
    if (k === undefined) return { message, reply: null, answered: true };
    return { message, reply: expected.replies[k], answered: k < expected.replies.length };
  }));
}

/** Every message the client sent in its ops, with the script's reply to it: what a later call of the same client may have kept. */
export function exchangesOf(expected: Expected, record: ClientRecord): Exchange[] {
  return exchanges(expected, record).flat();
}

const METHOD = { connect: "initialize", list: "tools/list", call: "tools/call" } as const;

/** Whether a message is the op's own request: its method, and for a call the op's name and arguments. */
function isOwnRequest(op: readonly unknown[], message: unknown): boolean {
  const method = METHOD[String(op[0]) as keyof typeof METHOD];
  if (!isObject(message) || message["method"] !== method) return false;
  if (method !== "tools/call") return true;
  const params = message["params"];
  return isObject(params) && same(params["name"], op[1] as Json) && same(params["arguments"], op[2] as Json);
}

/**
 * A call refused with -32602, unsent, whose arguments lack a name the tool's inputSchema requires
 * in the last tools/list reply the client got, or refused as an unknown tool (-32601), unsent, for
 * a tool that reply does not list: the client judged the call itself, one mistake that t3_messages charges (it sent nothing where tools/call was due), not a made-up answer too
 * (client-validates-required-locally cost 3). Read from the reply, not the client's own cache (a
 * cache given required names of its own refused every call: client-refuses-by-poisoned-cache).
 */
function refusedByListedSchema(op: readonly unknown[], got: NonNullable<ClientRecord["outcomes"]>[number], before: readonly Exchange[]): boolean {
  if (op[0] !== "call" || typeof got.threw?.code !== "number" || !isObject(op[2])) return false;
  const args = op[2];
  const listed = before.filter((x) => x.answered && isObject(x.message) && x.message["method"] === "tools/list").map((x) => (isObject(x.reply) && isObject(x.reply["result"]) ? x.reply["result"]["tools"] : undefined)).filter(Array.isArray).at(-1);
  const tool = listed?.find((t) => isObject(t) && t["name"] === op[1]);
  // Refused as an unknown tool (-32601, the page's code) where no tools/list reply it got lists
  // the name (none got yet, or the last one lacks it): the client judged the name itself, the same
  // one mistake (helper 98's client-refuse-unknown-name, 15/18). Any other code there is made up.
  if (tool === undefined) return got.threw?.code === -32601;
  if (got.threw?.code !== -32602) return false;
  const required = isObject(tool) && isObject(tool["inputSchema"]) ? tool["inputSchema"]["required"] : undefined;
  return Array.isArray(required) && required.some((name) => typeof name === "string" && !Object.hasOwn(args, name));
}

/**
 * An op that threw something other than McpError, unsent, while the tools cache the op before
 * left is no list because the last tools/list reply the client got held no tools (a reply meant
 * for another request, after an earlier mistake shifted the script): the throw follows from that
 * reply, as a throw after a reply meant for another request does, and is not judged here (the
 * cache is the client's to choose there: cacheBeyond). client-validates-required-locally's call
 * read `this.tools.find` on the undefined such a reply left, one mistake charged twice.
 */
function thrownOnCacheLeftByOther(got: NonNullable<ClientRecord["outcomes"]>[number], before: NonNullable<ClientRecord["outcomes"]>[number] | undefined, sent: readonly Exchange[]): boolean {
  if (got.threw?.code !== null || got.threw === undefined || before === undefined || Array.isArray(before.cache)) return false;
  const last = sent.filter((x) => isObject(x.message) && x.message["method"] === "tools/list").at(-1);
  if (!last) return false;
  const r = last.reply;
  return !(last.answered && isObject(r) && isObject(r["result"]) && Array.isArray(r["result"]["tools"]));
}

/**
 * From op `from` on, the ops whose model outcome is of `which` kind (a result, or an error
 * response): a value returned must come from a reply to its own request that the client got, in
 * it or before, in this call or an `earlier` one of the same client (a client that repeats an
 * answer it got for the same call is t3_messages' alone: client-call-memoized's memo outlived the
 * driver's call that filled it),
 * and an op that asked the server nothing has no error to throw either (an McpError or any
 * other: a client that refuses what it has not seen, a name or arguments, gave no answer). A
 * throw after the op asked may follow from a reply meant for another request (a client refusing
 * its shape, the mock's "no reply left"), and is not judged here.
 */
export function madeUpOutcome(ops: readonly (readonly unknown[])[], expected: Expected, record: ClientRecord, from: number, which: "results" | "errors", earlier: readonly Exchange[] = []): string | undefined {
  if (!record.outcomes) return undefined;
  const byOp = exchanges(expected, record);
  for (let i = from; i < expected.outcomes.length; i++) {
    const op = ops[i] ?? [];
    const kind = String(op[0]);
    const got = record.outcomes[i];
    if (!got || kind === "pump" || ("code" in expected.outcomes[i]!) !== (which === "errors")) continue;
    const own = [...earlier, ...byOp.slice(0, i + 1).flat()].filter((x) => isOwnRequest(op, x.message));
    const replies = own.filter((x) => x.answered).map((x) => x.reply);
    const where = `(it sent ${record.sent.length} message(s) in all, ${byOp[i]?.length ?? 0} in this ${kind}())`;
    if (got.threw) {
      // What it got before, in this call and the same client's earlier ones (a list in the run before).
      if ((byOp[i] ?? []).length > 0 || refusedByListedSchema(op, got, [...earlier, ...byOp.slice(0, i + 1).flat()]) || thrownOnCacheLeftByOther(got, record.outcomes[i - 1], [...earlier, ...byOp.slice(0, i).flat()])) continue;
      const what = got.threw.code === null ? `${got.threw.name || "an error"} (${got.threw.message.slice(0, 80)})` : `code ${got.threw.code}`;
      return `${kind}() threw ${what} without asking the server anything ${where}: ${which === "errors" ? "an error comes from the server's response" : "a result is due, and only the server's error response may stop it"}`;
    }
    // listTools returns its cache: a list that is also the cache is the cache's to judge (t3_cache).
    if (kind === "list" && got.value !== undefined && same(got.value, got.cache)) continue;
    const results = replies.flatMap((r) => (isObject(r) && Object.hasOwn(r, "result") ? [r["result"]] : []));
    const values = kind === "list" ? results.flatMap((r) => (isObject(r) && Array.isArray(r["tools"]) ? [r["tools"]] : [])) : results;
    if (!values.some((v) => same(got.value as Json, v as Json))) return `${kind}() returned ${shown(got.value)}, which no response to its ${METHOD[kind as keyof typeof METHOD]} held ${where}: a result is the server's, returned as it came`;
  }
  return undefined;
}

/**
 * From op `from` on: the tools cache changes only with a tools/list reply the client got (to
 * that reply's tools). Where a reply had no tools (an error the op did not throw, which
 * t3_errors charges, or a reply meant for another request), the cache is the client's to choose,
 * and is judged again from the next tools/list reply.
 */
export function cacheBeyond(ops: readonly (readonly unknown[])[], expected: Expected, record: ClientRecord, from: number): string | undefined {
  if (!record.outcomes || from >= expected.outcomes.length) return undefined;
  const byOp = exchanges(expected, record);
  let want: unknown = from > 0 ? record.outcomes[from - 1]?.cache : undefined;
  let known = from > 0;
  for (let i = from; i < expected.outcomes.length; i++) {
    const got = record.outcomes[i];
    if (!got) return undefined;
    // A pump that skipped the tools/list due (t3_messages' mistake) left the cache to the client's
    // choice until its next list: emptied there, invalidated, it broke no rule of its own (helper
    // 105's sf-mistake-pump-invalidates-only lost t3_cache beside t3_messages).
    const [first, end] = expected.ranges[i] ?? [0, 0];
    const listDue = String(ops[i]?.[0]) === "pump" && expected.sent.slice(first, end).some((m) => m.method === "tools/list");
    if (listDue && !(byOp[i] ?? []).some((x) => isObject(x.message) && x.message["method"] === "tools/list")) known = false;
    for (const x of byOp[i] ?? []) {
      if (!isObject(x.message) || x.message["method"] !== "tools/list") continue;
      const r = x.reply;
      if (x.answered && isObject(r) && isObject(r["result"]) && Array.isArray(r["result"]["tools"])) [want, known] = [r["result"]["tools"], true];
      else if (!(x.answered && isObject(r) && isObject(r["error"]) && got.threw?.code === r["error"]["code"])) known = false;
    }
    if (known && !same(got.cache as Json, want as Json)) return `after ${String(ops[i]?.[0])}() its tools are ${shown(got.cache)}; the last tools/list response it got held ${shown(want)}`;
    if (!known) [want, known] = [got.cache, true];
  }
  return undefined;
}
