// The draws of many-questions.ts and late-calls.ts: what sl-client-few-questions and
// sl-client-first-40-calls gate on meets every rule that asks, on every seed.
import { describe, expect, it } from "vitest";
import { makeRandom } from "../../../src/pack/random.js";
import { generatedCalls } from "./cases.js";
import { drawLate } from "./late-calls.js";
import { MANY_QUESTIONS } from "./many-questions.js";
import { asksForInput, MAX_ROUNDS } from "./mock-server.js";
import type { CallCase } from "./cases.js";

const SEEDS = [0, 1, 7, 42, 12345];
const most = (c: CallCase): number => Math.max(0, ...c.server.map((s) => (asksForInput(s) ? Object.keys(s.requests).length : 0)));
const kinds = (c: CallCase): string[] => [
  ...(c.variantOf ? [c.variantOf] : []),
  ...(c.serverRepeats ? ["cap"] : []),
  ...(!c.serverRepeats && c.server.length <= MAX_ROUNDS && c.server.at(-1)!.kind === "error" && asksForInput(c.server[0]) ? ["error"] : []),
  ...(!c.serverRepeats && !c.variantOf && c.server.length > 1 && c.server.length <= MAX_ROUNDS && c.server.at(-1)!.kind === "result" ? ["result"] : []),
];

describe("rounds of many questions and late calls", () => {
  it("asks a round of 4 to 8 questions in each kind of case that asks, on every seed", () => {
    for (const seed of SEEDS) {
      const many = generatedCalls(makeRandom(seed)).filter((c) => most(c) >= MANY_QUESTIONS.min);
      expect(new Set(many.flatMap(kinds)), `seed ${seed}`).toEqual(new Set(["accept", "decline", "cap", "error", "result"]));
      expect(many.every((c) => most(c) <= MANY_QUESTIONS.max)).toBe(true);
      // The cap's rounds past its first ask the page's one question: a client with no cap is cut by the mock there.
      for (const c of many.filter((m) => m.serverRepeats)) expect(Object.keys((c.server.at(-1) as { requests: object }).requests)).toEqual(["confirm"]);
    }
  });

  it("calls a case of each kind that asks after more than 40 other calls in its module instance, on every seed", () => {
    for (const seed of SEEDS) {
      const random = makeRandom(seed);
      const late = drawLate(generatedCalls(random), random.fork(1));
      expect(late.flatMap((l) => kinds(l.spec)).filter((k) => k !== "result").sort(), `seed ${seed}`).toEqual(["accept", "cap", "decline", "error"]);
      expect(late.some((l) => most(l.spec) >= MANY_QUESTIONS.min), `seed ${seed}`).toBe(true);
      expect(late.every((l) => l.padding > 40)).toBe(true);
    }
  });
});
