// The page's flows, the cap and an error after a question, asked with input requests of the kinds
// the page does not show and with more of them in a round. The page's client asks the user for
// every entry of inputRequests, whatever it is (2026-07-28's InputRequest: an elicitation in form
// or url mode, sampling/createMessage, roots/list), and a round holds as many as the server sends:
// a client that went round only when every question was a form elicitation, or only for at most
// 3 questions, kept 41/41 while every generated question was the page's kind and a round held 1-3
// (cheats-round-2026-12-07h sl-client-elicit-form-only, sl-client-few-questions). ask's answer is
// the mock user's, of the kind the question wants; the client hands it on under the question's key.
import type { Random } from "../../../src/pack/random.js";
import { ACCEPT, DECLINE, type CallCase } from "./cases.js";
import { confirmRequest, record, textResult, type Json, type JsonRecord, type ServerStep } from "./mock-server.js";

type Kind = "url" | "sampling" | "roots" | "form";
const OTHER_KINDS: Kind[] = ["url", "sampling", "roots"];

function question(random: Random, kind: Kind, field: string): JsonRecord {
  if (kind === "form") return confirmRequest(`${random.word(3, 9)} ${random.word(3, 9)}?`, field);
  if (kind === "url") return { method: "elicitation/create", params: { mode: "url", message: `Sign in to go on (${random.word(3, 8)})`, url: `https://example.com/${random.word(3, 8)}` } };
  if (kind === "sampling") return { method: "sampling/createMessage", params: { messages: [{ role: "user", content: { type: "text", text: `Summarise ${random.word(3, 9)}` } }], maxTokens: random.int(16, 512) } };
  return { method: "roots/list", params: {} };
}

/** The user's answer to a question of this kind: an ElicitResult, a CreateMessageResult, a ListRootsResult. */
function answerTo(random: Random, kind: Kind, field: string): Json {
  if (kind === "form") return { action: "accept", content: record([[field, true]]) };
  if (kind === "url") return { action: "accept" };
  if (kind === "sampling") return { role: "assistant", content: { type: "text", text: random.word(3, 12) }, model: "stand-in-model", stopReason: "endTurn" };
  return { roots: [{ uri: `file:///home/${random.word(3, 8)}`, name: random.word(3, 8) }] };
}

/** A round of `kinds` under keys of their own, and the user's answers in the same order. */
function round(random: Random, kinds: Kind[]): { step: ServerStep; answers: Json[] } {
  const keys = kinds.map((kind, i) => `${kind}_${i}_${random.word(2, 6, true)}`);
  return {
    step: { kind: "input", requests: record(kinds.map((kind, i) => [keys[i]!, question(random, kind, keys[i]!)])) },
    answers: kinds.map((kind, i) => answerTo(random, kind, keys[i]!)),
  };
}

/** Between 4 and 5 questions (past the draws' 3; more would take a call past its work budget), of every kind, the page's among them. */
const manyKinds = (random: Random): Kind[] => Array.from({ length: random.int(4, 5) }, (_, i) => (i === 0 ? "form" : random.pick([...OTHER_KINDS, "form"])));

export function otherQuestions(random: Random): CallCase[] {
  const order = (): string => `${random.pick(["A", "B", "Z"])}${random.int(102, 999)}`;
  const out: CallCase[] = [];
  for (const flow of ["accept", "decline"] as const) {
    // One question of each other kind alone, then a round of many.
    for (const kinds of [...OTHER_KINDS.map((k) => [k]), manyKinds(random)]) {
      const o = order();
      const r = round(random, kinds);
      const text = flow === "accept" ? `${o} cancelled` : `${o} kept: the user did not confirm`;
      out.push({
        label: `cancel_order ${o} asked ${kinds.join(", ")}, the user ${flow}s`, name: "cancel_order", args: { order_id: o }, variantOf: flow,
        server: [r.step, { kind: "result", result: textResult(text) }],
        answers: flow === "accept" ? r.answers : [DECLINE, ...r.answers.slice(1)],
      });
    }
  }
  for (const kinds of [[random.pick(OTHER_KINDS)], manyKinds(random)]) {
    const [capped, failed] = [order(), order()];
    const r = round(random, kinds);
    out.push({ label: `cancel_order ${capped} asked ${kinds.join(", ")} by a server that always asks again`, name: "cancel_order", args: { order_id: capped }, server: [r.step], serverRepeats: true, answers: r.answers });
    const e = round(random, kinds);
    out.push({
      label: `cancel_order ${failed}: asked ${kinds.join(", ")}, then an error in the second round`, name: "cancel_order", args: { order_id: failed },
      server: [e.step, { kind: "error", code: -32603, message: `the order service lost ${failed}` }], answers: e.answers.length ? e.answers : [ACCEPT],
    });
  }
  return out;
}
