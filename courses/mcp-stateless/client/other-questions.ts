// The page's flows, the cap and an error after a question, asked with an elicitation the page
// does not show (url mode, 2026-07-28's ElicitRequestURLParams) and with more questions in a
// round. The page's client asks the user for every entry of inputRequests, and a round holds as
// many as the server sends: a client that went round only when every question was a form, or only
// for at most 3 questions, kept 41/41 while every generated question was the page's kind and a
// round held 1-3 (cheats-round-2026-12-07h sl-client-elicit-form-only, sl-client-few-questions).
// Not sampling/createMessage nor roots/list: the course's InputRequest is elicitation/create alone
// (course/index.ts), and a client that declines anything else unasked is held right
// (class.test.ts game-client-asks-elicitation-only). ask's answer is the mock user's ElicitResult;
// the client hands it on under the question's key.
import type { Random } from "../../../src/pack/random.js";
import { ACCEPT, DECLINE, type CallCase } from "./cases.js";
import { confirmRequest, record, textResult, type Json, type JsonRecord, type ServerStep } from "./mock-server.js";

type Kind = "url" | "form";
const OTHER_KINDS: Kind[] = ["url"];

function question(random: Random, kind: Kind, field: string): JsonRecord {
  if (kind === "form") return confirmRequest(`${random.word(3, 9)} ${random.word(3, 9)}?`, field);
  return { method: "elicitation/create", params: { mode: "url", message: `Sign in to go on (${random.word(3, 8)})`, url: `https://example.com/${random.word(3, 8)}` } };
}

/** The user's answer to a question of this kind (a url elicitation's accept has no content). */
const answerTo = (kind: Kind, field: string): Json => (kind === "form" ? { action: "accept", content: record([[field, true]]) } : { action: "accept" });

/** A round of `kinds` under keys of their own, and the user's answers in the same order. */
function round(random: Random, kinds: Kind[]): { step: ServerStep; answers: Json[] } {
  const keys = kinds.map((kind, i) => `${kind}_${i}_${random.word(2, 6, true)}`);
  return {
    step: { kind: "input", requests: record(kinds.map((kind, i) => [keys[i]!, question(random, kind, keys[i]!)])) },
    answers: kinds.map((kind, i) => answerTo(kind, keys[i]!)),
  };
}

/** Between 4 and 5 questions (past the draws' 3; more would take a call past its work budget), of both kinds, the page's first. */
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
