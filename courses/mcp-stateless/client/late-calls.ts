// Task 3's rules on calls that come late in a module instance. Each run is a module instance of
// its own, and the longest held 24 calls (task3.ts AGAIN, the page's accepted flow alone): a
// client that ran the rounds only for its module's first 40 calls of callWithInput kept 41/41
// (cheats-round-2026-12-07h sl-client-first-40-calls; its honest sibling, no rounds at all, 32/41).
// Here a case of each rule that asks (the accepted and declined flows, the cap, an error after a
// question, a round of many questions) is called after PADDING calls in its instance, a number
// drawn per case, and judged as any other call. The padding is the page's accepted cancel, made
// by a driver of the course module with a mock of its own inside the sandbox: through the peers,
// each call crosses to the host three times, and fifty calls a case cost as much fuel as the
// rest of task 3. Its calls are not judged (the rules judge the same flow elsewhere); only the
// case's own call goes through the grader's peers, whose record is the trace. The late runs come
// after every other, so their calls are the grading's last too.
import type { Random } from "../../../src/pack/random.js";
import type { RunSpec } from "../../../src/sandbox/protocol.js";
import { CALL_FUEL } from "../../../src/sandbox/fuel.js";
import type { CallCase } from "./cases.js";
import { MAX_ROUNDS, asksForInput, serverPeer, userPeer } from "./mock-server.js";
import { MANY_QUESTIONS } from "./many-questions.js";

export const PADDING = { min: 41, max: 56 } as const;

/**
 * The driver, part of "grade/course" in the sandbox: the page's accepted cancel for each order of
 * `orders`, each with a server and a user of its own that answer as the page's do (outcomes not
 * read: the padding is only calls made), then the case's call with the grader's peers, whose
 * value or throw is the call's. A padding call's server stops answering after 64 messages, as the
 * peers do, so a client with no cap does not loop there. A client that counted only the calls
 * whose send looked like the grader's (its name, its text) kept a first-N gate, so every call's
 * send and ask are the same wrapper, called from one place.
 */
export const DRIVE_LATE = String.raw`exports.driveLate = function driveLate(callWithInput, name, args, orders, send, ask) {
  const wrap = function (peer) { return function (message) { return peer(message); }; };
  let value;
  for (let i = 0; i <= orders.length; i++) {
    const last = i === orders.length;
    let call;
    if (last) call = [name, args, wrap(send), wrap(ask)];
    else {
      const order = orders[i];
      let sent = 0;
      const pageSend = function (message) {
        sent += 1;
        if (sent > 64) throw new Error("the grader's mock stopped answering after 64 messages in one call");
        const given = message !== null && typeof message === "object" ? message.id : null;
        const id = typeof given === "string" || typeof given === "number" ? given : null;
        if (sent === 1) {
          const confirm = { method: "elicitation/create", params: { mode: "form", message: "Really cancel order " + order + "?", requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] } } };
          return { jsonrpc: "2.0", id: id, result: { resultType: "input_required", inputRequests: { confirm: confirm } } };
        }
        return { jsonrpc: "2.0", id: id, result: { content: [{ type: "text", text: order + " cancelled" }], isError: false, resultType: "complete" } };
      };
      const pageAsk = function () { return { action: "accept", content: { confirm: true } }; };
      call = ["cancel_order", { order_id: order }, wrap(pageSend), wrap(pageAsk)];
    }
    // One call site for every call, and every send and ask the same wrapper: nothing the client
    // sees (its stack, a function's name or text) tells a padding call from the judged one.
    try { value = callWithInput(call[0], call[1], call[2], call[3]); } catch (error) { if (last) throw error; }
  }
  return value;
};`;

const asksFirst = (c: CallCase): boolean => asksForInput(c.server[0]);
const roundSize = (c: CallCase): number => (asksForInput(c.server[0]) ? Object.keys(c.server[0].requests).length : 0);

/** The late cases: one drawn among the calls of each kind that asks, then one of many questions. */
export function lateCases(calls: readonly CallCase[], random: Random): CallCase[] {
  const kinds: ((c: CallCase) => boolean)[] = [
    (c) => c.variantOf === "accept",
    (c) => c.variantOf === "decline",
    (c) => c.serverRepeats === true && asksFirst(c),
    // The error within the cap: a generated case's in a fourth round is the cap's.
    (c) => asksFirst(c) && c.server.at(-1)?.kind === "error" && c.server.length <= MAX_ROUNDS && c.serverRepeats !== true,
    (c) => roundSize(c) >= MANY_QUESTIONS.min && c.server.at(-1)?.kind === "result" && !c.variantOf,
  ];
  return kinds.flatMap((kind) => {
    const found = calls.filter(kind);
    return found.length ? [random.pick(found)] : [];
  });
}

export interface LateCase { spec: CallCase; padding: number }

export function drawLate(calls: readonly CallCase[], random: Random): LateCase[] {
  return lateCases(calls, random).map((spec) => ({ spec, padding: random.int(PADDING.min, PADDING.max) }));
}

/**
 * The one input's budget: the padding's calls and the case's are one call of the export. The
 * reference's used at most 2 units (bench/fuel.ts, 8 seeds; 1 for every other call of task 3), and
 * a call's budget is CALL_FUEL_FACTOR times the reference's largest (test/fuel-budget.test.ts).
 */
const LATE_CALL_FUEL = 2 * CALL_FUEL;

/** The page's order ids for n padding calls, as the page's A100 and A101 are written. */
const orders = (n: number): string[] => Array.from({ length: n }, (_, i) => `A${102 + i}`);

export function lateRun(late: LateCase, entry: string, exportName: string, after: RunSpec["after"]): RunSpec {
  const { spec, padding } = late;
  return {
    entry, exportName, via: "driveLate", instance: "shared", stopOnFailure: false, callFuel: LATE_CALL_FUEL,
    inputs: [JSON.stringify([spec.name, spec.args, orders(padding)])], arity: 3,
    peers: [serverPeer(spec.server, spec.serverRepeats === true), userPeer(spec.answers, true)], ...(after ? { after } : {}),
  };
}
