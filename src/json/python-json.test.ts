import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../courses/mcp-ch2/course/fixtures.js";
import { canonicalJson, compareCodePoints, pythonDumps, pythonLength } from "./python-json.js";

describe("pythonDumps", () => {
  it("writes the default json.dumps form: insertion order, ', ' and ': '", () => {
    expect(pythonDumps(MESSAGES[0])).toBe(
      '{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}',
    );
  });

  it("writes Task 3's canonical form: keys sorted at every level, no spaces", () => {
    expect(canonicalJson({ b: [{ z: 1, a: null }], a: { y: true, x: "s" } })).toBe('{"a":{"x":"s","y":true},"b":[{"a":null,"z":1}]}');
  });

  it("escapes as ensure_ascii does", () => {
    expect(pythonDumps("é ✓ 😀 \u007f \n\t\"\\ \u0001")).toBe('"\\u00e9 \\u2713 \\ud83d\\ude00 \\u007f \\n\\t\\"\\\\ \\u0001"');
  });

  it("prints numbers as Python prints the int or float json.loads made", () => {
    expect([5, -3, 0.5, 1e-5, 0.0001, 123.25, 2 ** 53 - 1, 1.5e16, 1e300, 2.5e-7].map((n) => pythonDumps(n)))
      .toEqual(["5", "-3", "0.5", "1e-05", "0.0001", "123.25", "9007199254740991", "1.5e+16", "1e+300", "2.5e-07"]);
  });

  it("refuses values JSON has no form for", () => {
    expect(() => pythonDumps(Number.NaN)).toThrow(/not valid JSON/);
  });
});

describe("code point helpers", () => {
  it("sorts as Python compares strings, astral characters after the BMP", () => {
    expect(["\uffff", "😀", "a"].sort(compareCodePoints)).toEqual(["a", "\uffff", "😀"]);
  });
  it("orders every pair as code points do, with and without surrogates, and escapes every unit as ensure_ascii does", () => {
    // Strings of units around the places the fast paths choose by: ASCII, the quote and backslash,
    // controls, U+E000 and up, lone and paired surrogates.
    const units = ["a", "b", "Z", "~", " ", '"', "\\", "\n", "\u0001", "\u007f", "\u00e9", "\ue000", "\uffff", "\ud83d", "\ude00", "\ud83d\ude00"];
    const strings: string[] = [""];
    for (const x of units) for (const y of units) strings.push(x + y, `k${x}`);
    const byCodePoints = (a: string, b: string): number => {
      const ca = [...a].map((c) => c.codePointAt(0)!);
      const cb = [...b].map((c) => c.codePointAt(0)!);
      for (let i = 0; i < Math.min(ca.length, cb.length); i++) if (ca[i] !== cb[i]) return ca[i]! - cb[i]!;
      return ca.length - cb.length;
    };
    for (const a of strings) {
      for (const b of strings) expect(Math.sign(compareCodePoints(a, b)), JSON.stringify([a, b])).toBe(Math.sign(byCodePoints(a, b)));
      const escaped = pythonDumps(a);
      expect(escaped).toMatch(/^"[\x20-\x7e]*"$/);
      expect(JSON.parse(escaped)).toBe(a);
    }
  });
  it("counts characters as Python's len", () => {
    expect(pythonLength("a😀b")).toBe(3);
  });
});
