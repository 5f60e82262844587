// request called MANY times in one module instance, as a long-running client calls it: ids kept
// in a byte (a Uint8Array counter) wrap past 255 and repeat, which no other run reaches (one
// instance makes 48 requests at most there: game-client-id-byte). The calls are made by the
// course module's driver (driveRequests, RunSpec.via) with a send of its own in the engine that
// answers each message with a complete result carrying its id: through the sandbox's peers, one
// host crossing a call, 260 requests cost 16 units of the reference's fuel and 150-500 ms; this
// way, in 13 calls of 20, about a unit. The driver only makes the calls and notes each message's
// id; the rule is judged here, outside the sandbox.
import type { CheckResult } from "../../../src/report/types.js";
import type { RunSpec, WireRun } from "../../../src/sandbox/protocol.js";
import { decodeValue } from "../../../src/sandbox/value.js";
import { show } from "./messages.js";

export const MANY = 260;
/** Calls a driver's call makes: a stop is then placed within CHUNK calls, and a first chunk's is the fixture runs' to judge. */
const CHUNK = 20;
const RULE = "t3_new_id_each_request";
const METHODS = Array.from({ length: MANY }, (_, i) => (i % 2 === 0 ? "tools/list" : "resources/list"));

/**
 * The driver, part of "grade/course" in the sandbox. It runs in the realm the student's code runs
 * in, so its record is a string made with operators alone (typeof, +, a string's length): no
 * method or global the student's code could replace (Array.prototype.push, JSON, String) writes
 * it. Per call "c", then per message "n<number>;", "s<length>:<string>" or "o<what>;", then "e"
 * when the call returned, or "t<length>:<message>" when it threw (the record ends there).
 */
export const DRIVE_REQUESTS = String.raw`exports.driveRequests = function driveRequests(request, methods) {
  let record = "";
  for (let i = 0; i < methods.length; i++) {
    let ids = "";
    const send = function (message) {
      const id = message !== null && typeof message === "object" ? message.id : undefined;
      const kind = typeof id;
      if (kind === "number") ids += "n" + id + ";";
      else if (kind === "string") ids += "s" + id.length + ":" + id;
      else ids += "o" + (id === null ? "null" : kind) + ";";
      return { jsonrpc: "2.0", id: kind === "string" || kind === "number" ? id : null, result: { resultType: "complete" } };
    };
    try { request(methods[i], undefined, send); } catch (error) {
      let text = "a throw";
      try { const t = "" + (error !== null && typeof error === "object" && "message" in error ? error.message : error); if (t.length <= 300) text = t; } catch { /* shown as a throw */ }
      return record + "c" + ids + "t" + text.length + ":" + text;
    }
    record += "c" + ids + "e";
  }
  return record;
};`;

/** One call's record: the ids it sent, and its throw if it threw. */
interface CallRecord { ids: (string | number | { odd: string })[]; threw?: string }

/** The driver's record read back; undefined if it is not in the driver's format. */
export function readRecord(text: string): CallRecord[] | undefined {
  const calls: CallRecord[] = [];
  let at = 0;
  const counted = (): string | undefined => {
    const colon = text.indexOf(":", at);
    const length = Number(text.slice(at, colon));
    if (colon < 0 || !Number.isInteger(length) || length < 0 || colon + 1 + length > text.length) return undefined;
    at = colon + 1 + length;
    return text.slice(colon + 1, at);
  };
  while (at < text.length) {
    if (text[at++] !== "c") return undefined;
    const call: CallRecord = { ids: [] };
    calls.push(call);
    for (;;) {
      const tag = text[at++];
      if (tag === "e") break;
      if (tag === "t") { const thrown = counted(); if (thrown === undefined || at !== text.length) return undefined; call.threw = thrown; return calls; }
      if (tag === "s") { const id = counted(); if (id === undefined) return undefined; call.ids.push(id); continue; }
      const end = text.indexOf(";", at);
      if ((tag !== "n" && tag !== "o") || end < 0) return undefined;
      const part = text.slice(at, end);
      at = end + 1;
      call.ids.push(tag === "n" ? Number(part) : { odd: part });
    }
  }
  return calls;
}

export function manyRequestsRun(file: string, exportName: string, after: RunSpec["after"]): RunSpec {
  const chunks = Array.from({ length: Math.ceil(MANY / CHUNK) }, (_, k) => JSON.stringify(METHODS.slice(k * CHUNK, (k + 1) * CHUNK)));
  return { entry: file, exportName, via: "driveRequests", inputs: chunks, instance: "shared", stopOnFailure: false, ...(after ? { after } : {}) };
}

const nth = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;
const call = (i: number): string => `request(${show(METHODS[i])}, undefined, send)'s ${nth(i + 1)} call in one module instance`;

/**
 * What broke the rule over the MANY calls; undefined when nothing did, or when the first call
 * already failed (a throw, a stall or a starter): the same call is in the fixture's runs, whose
 * rules charge it, once. A failure after calls that went well is this run's to charge.
 */
export function manyRequestsProblem(run: WireRun | undefined): { expected: string; actual: string } | undefined {
  if (!run || run.status !== "ran") return undefined;
  const seen = new Map<unknown, number>();
  for (let k = 0; k * CHUNK < MANY; k++) {
    const at = k * CHUNK;
    const chunk = run.calls[k];
    if (!chunk) return k > 0 && run.stopped ? { expected: `${MANY} calls that each end`, actual: `the calls from the ${nth(at + 1)} on did not: ${run.stopped.message}` } : undefined;
    if (!chunk.ok) return k > 0 ? { expected: `${MANY} calls that each end`, actual: `the calls from the ${nth(at + 1)} to the ${nth(at + CHUNK)} did not: ${chunk.failure.message}` } : undefined;
    const decoded = decodeValue(chunk.value);
    const calls = decoded.ok && typeof decoded.value === "string" ? readRecord(decoded.value) : undefined;
    // Fewer calls than asked, none of them a throw: the record was not the driver's to make.
    if (!calls || (calls.length < Math.min(CHUNK, MANY - at) && calls.at(-1)?.threw === undefined)) return { expected: `${MANY} calls that each end`, actual: `the calls from the ${nth(at + 1)} to the ${nth(at + CHUNK)} left no record of what they sent` };
    for (const [j, c] of calls.entries()) {
      const i = at + j;
      if (c.threw !== undefined) return i > 0 ? { expected: "a response for every request", actual: `${call(i)} threw ${show(c.threw)}, every call before it answered, the server answering each with a complete result` } : undefined;
      const ids = c.ids;
      if (ids.length === 0) return i > 0 ? { expected: "one message a request", actual: `${call(i)} sent no message` } : undefined;
      for (const id of ids) {
        if (typeof id !== "string" && typeof id !== "number") return { expected: "an id no earlier request had", actual: `${call(i)} sent an id that is ${(id as { odd?: string }).odd ?? "not a string or a number"}` };
        const before = seen.get(id);
        if (before !== undefined) return { expected: "an id no earlier request had", actual: `${call(i)} sent id ${show(id)}, as its ${nth(before + 1)} call did` };
        seen.set(id, i);
      }
    }
  }
  return undefined;
}

/** The rule's check with the MANY calls judged too: a pass they break fails, with their case. */
export function withManyRequests(check: CheckResult, run: WireRun | undefined): CheckResult {
  if (check.name !== RULE || check.status !== "pass") return check;
  const problem = manyRequestsProblem(run);
  if (!problem) return check;
  return { ...check, status: "fail", expected: problem.expected, actual: problem.actual, message: `request was called ${MANY} times in one module instance, ${CHUNK} calls at a time. The smallest: ${problem.actual}.` };
}
