// Rounds of many questions. The page asks one question a round and the other cases 1 to 3, so a
// client that ran the rounds only while a round held at most 3 input requests, returning the
// input_required result unasked past that, kept 41/41 (cheats-round-2026-12-07h
// sl-client-few-questions; its honest sibling, no rounds at all, 32/41). The page's client asks
// for each entry of inputRequests, however many (seed 001 and the specification: inputRequests is
// a map of any size), keys each answer by its request's key, and goes round at most 3 times: 3
// ROUNDS, not 3 questions. Each kind of case that asks is here with 4 to 8 questions in a round:
// the accepted and declined flows, a result after two rounds, an error after a round, the cap.
// The cap's server asks its many questions in its first round only and then the page's one again
// and again: a client with no cap goes on past round 3, and what it asks there is the cap rule's
// alone (rules.ts t3_ask_each_request judges the cap's rounds only), so its mistake stays one point.
import type { Random } from "../../../src/pack/random.js";
import type { CallCase } from "./cases.js";
import { confirmRequest, record, textResult, type Json, type JsonRecord, type ServerStep } from "./mock-server.js";

export const MANY_QUESTIONS = { min: 4, max: 8 } as const;

/** Keys of a round: the page's "confirm" or none of it, words, and now and then a name of Object.prototype. */
function keysOf(random: Random, n: number): string[] {
  const keys: string[] = random.bool() ? ["confirm"] : [];
  while (keys.length < n) {
    const k = random.next() < 0.15 ? random.pick(["__proto__", "constructor", "toString", "valueOf"]) : `${random.word(3, 8, true)}`;
    if (!keys.includes(k)) keys.push(k);
  }
  return keys;
}

/**
 * A round of n questions, each under its key and about that key (a question's own number in its
 * words: no two alike, so which key ask was asked about is plain), and the user's answers: the
 * mock hands them out in the order ask is called, whatever the question (trace.ts roundsOf).
 */
function manyRound(random: Random, order: string, from: number): { step: ServerStep; answers: Json[]; count: number } {
  const n = random.int(MANY_QUESTIONS.min, MANY_QUESTIONS.max);
  const keys = keysOf(random, n);
  const forms = keys.map((k, i) => (i === 0 ? BOOLEAN(k, random) : random.pick(FORMS)(k, random)));
  const step: ServerStep = { kind: "input", requests: record(keys.map((k, i) => [k, confirmRequest(`question ${from + i} about ${order}: ${random.word(3, 9)} ${random.word(3, 9)}?`, k, forms[i]!.schema)])) };
  if (random.next() < 0.3) step.requestState = random.word(8, 16);
  const answers = forms.map((f): Json => random.pick<Json>([{ action: "accept", content: f.content }, { action: "decline" }, { action: "cancel" }]));
  return { step, answers, count: n };
}

/**
 * The forms a question asks with, each with a user's answer of its types: the page's one boolean,
 * and what the specification's requestedSchema allows besides (primitive properties: a string, a
 * number in a range, an enum, two fields). Every question the mock asked was the one-boolean form,
 * and a client that asked the user only for that form, cancelling any other unasked, kept 41/41
 * (cheats-round-2026-12-07i sl-client-ask-one-boolean-forms). The client passes a form on to ask
 * as it came: what it holds is the user's business.
 */
type Form = (k: string, random: Random) => { schema: JsonRecord; content: JsonRecord };
const BOOLEAN: Form = (k, random) => ({ schema: { type: "object", properties: record([[k, { type: "boolean" }]]), required: [k] }, content: record([[k, random.bool()]]) });
const FORMS: Form[] = [
  BOOLEAN,
  (k, random) => ({ schema: { type: "object", properties: record([[k, { type: "string", description: "Why?" }]]), required: [k] }, content: record([[k, random.word(3, 9)]]) }),
  (k, random) => ({ schema: { type: "object", properties: record([[k, { type: "number", minimum: 0, maximum: 100 }]]), required: [k] }, content: record([[k, random.int(0, 100)]]) }),
  (k, random) => ({ schema: { type: "object", properties: record([[k, { type: "string", enum: ["now", "later", "never"] }]]), required: [k] }, content: record([[k, random.pick(["now", "later", "never"])]]) }),
  (k, random) => ({ schema: { type: "object", properties: record([[k, { type: "boolean" }], ["note", { type: "string" }]]), required: [k] }, content: record([[k, true], ["note", random.word(3, 9)]]) }),
];

export function manyQuestionCalls(random: Random): CallCase[] {
  const order = (): string => `${random.pick(["A", "B", "Z"])}${random.int(102, 999)}`;
  const tool = (): string => random.pick(["cancel_order", "cancel_booking", "refund_order", "orders.cancel-v2"]);
  const out: CallCase[] = [];
  for (const flow of ["accept", "decline"] as const) {
    const o = order();
    const name = tool();
    const r = manyRound(random, o, 1);
    const text = flow === "accept" ? `${o} cancelled` : `${o} kept: the user did not confirm`;
    out.push({
      label: `${name} ${o} asked ${r.count} questions in one round, the user ${flow}s`, name, args: { order_id: o }, variantOf: flow,
      server: [r.step, { kind: "result", result: textResult(text) }],
      answers: [flow === "accept" ? { action: "accept", content: { confirm: true } } : { action: "decline" }, ...r.answers.slice(1)],
    });
  }
  // Two rounds of many, the result in the third; an error after a round of many; the cap.
  {
    const o = order();
    const name = tool();
    const [a, b] = [manyRound(random, o, 1), manyRound(random, o, 20)];
    out.push({
      label: `${name} ${o} asked ${a.count} then ${b.count} questions, complete in the third round`, name, args: { order_id: o },
      server: [a.step, b.step, { kind: "result", result: { ...textResult(`${o}: ${random.word(3, 8)} ${random.word(3, 8)}`), structuredContent: { order_id: o, done: true } } }],
      answers: [...a.answers, ...b.answers],
    });
  }
  {
    const o = order();
    const name = tool();
    const r = manyRound(random, o, 1);
    out.push({
      label: `${name} ${o} asked ${r.count} questions, then an error in the second round`, name, args: { order_id: o },
      // An error of an empty message: JSON-RPC's message is any string, and the client throws it all
      // the same; every other scripted error had a sentence (cheats-round-2026-12-07i sl-client-throw-nonempty-message).
      server: [r.step, { kind: "error", code: random.pick([-32603, -32602, -32001]), message: "" }],
      answers: r.answers,
    });
  }
  {
    const o = order();
    const name = tool();
    const r = manyRound(random, o, 1);
    out.push({
      label: `${name} ${o} asked ${r.count} questions, then one again and again`, name, args: { order_id: o },
      server: [r.step, { kind: "input", requests: record([["confirm", confirmRequest(`Really cancel order ${o}?`)]]) }], serverRepeats: true,
      answers: [...r.answers, { action: "accept", content: { confirm: true } }],
    });
  }
  return out;
}
