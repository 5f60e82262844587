import { describe, expect, it } from "vitest";
import { makeRandom } from "../../../src/pack/random.js";
import { generatedCalls } from "./cases.js";
import { LONG_AT_LEAST, LONG_SHAPES, TEXT_SHAPES, WIDE_SHAPES, drawShapes, widenArgs } from "./wide-args.js";
import { sameJson } from "./messages.js";

const ascii = (text: string): boolean => /^[\x00-\x7f]*$/.test(text);
const astral = (text: string): boolean => /[\u{10000}-\u{10ffff}]/u.test(text);
const json = (value: unknown): string => JSON.stringify(value);

describe("arguments beyond the page's shape", () => {
  it("keeps the base's keys and values, and goes through JSON as it is", () => {
    for (const shape of WIDE_SHAPES) {
      const args = widenArgs(makeRandom(3), { order_id: "A123" }, shape);
      expect(args["order_id"], shape).toBe("A123");
      expect(sameJson(JSON.parse(json(args)), args), shape).toBe(true);
      // No lone surrogate: every string is well-formed UTF-16, so JSON text of it is UTF-8 as it is.
      expect(json(args), shape).not.toMatch(/\\ud[89a-f]/i);
    }
  });

  it("writes each shape as its name says", () => {
    for (const seed of [0, 1, 7, 42]) {
      const of = (shape: (typeof WIDE_SHAPES)[number]): string => json(widenArgs(makeRandom(seed), { order_id: "A1" }, shape));
      expect(ascii(of("text-bmp")) || astral(of("text-bmp"))).toBe(false);
      expect(astral(of("text-astral"))).toBe(true);
      expect(ascii(of("long")) && of("long").length >= LONG_AT_LEAST).toBe(true);
      expect(ascii(of("odd-keys")) && of("odd-keys").length < LONG_AT_LEAST).toBe(true);
      expect(!ascii(of("all")) && of("all").length >= LONG_AT_LEAST).toBe(true);
    }
  });

  it("draws every shape once before any twice", () => {
    const shapes = drawShapes(makeRandom(5), WIDE_SHAPES.length + 2);
    expect(new Set(shapes.slice(0, WIDE_SHAPES.length)).size).toBe(WIDE_SHAPES.length);
  });

  // What sl-client-rounds-ascii-calls-only and sl-client-rounds-short-args-only gate on: each
  // flow, the cap and an error after a question meet both on every seed.
  it("gives each page flow, the cap and the error a call beyond ASCII and a long one, on every seed", () => {
    for (const seed of [0, 1, 7, 42, 12345]) {
      const calls = generatedCalls(makeRandom(seed));
      const groups = {
        accept: calls.filter((c) => c.variantOf === "accept"),
        decline: calls.filter((c) => c.variantOf === "decline"),
        cap: calls.filter((c) => c.serverRepeats),
        error: calls.filter((c) => c.server.length > 1 && c.server.at(-1)!.kind === "error" && c.label.includes("its arguments")),
      };
      for (const [group, cases] of Object.entries(groups)) {
        expect(cases.some((c) => !ascii(json([c.name, c.args]))), `${group} seed ${seed}`).toBe(true);
        expect(cases.some((c) => json(c.args).length >= LONG_AT_LEAST), `${group} seed ${seed}`).toBe(true);
      }
    }
    expect(TEXT_SHAPES.filter((s) => LONG_SHAPES.includes(s))).toEqual(["all"]);
  });
});
