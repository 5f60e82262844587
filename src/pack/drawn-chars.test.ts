import { describe, expect, it } from "vitest";
import { drawnBlank, drawnNonAscii, drawnNotPrintable, drawnPrintable, STRIP_SPACES, TRIM_SPACES } from "./drawn-chars.js";
import { makeRandom } from "./random.js";

// Python's str.isspace(): what str.strip() removes (Python 3.12's table).
const PYTHON_SPACES = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
const draws = <T>(n: number, f: (r: ReturnType<typeof makeRandom>) => T): T[] => { const r = makeRandom(42); return Array.from({ length: n }, () => f(r)); };

describe("characters drawn from a whole class", () => {
  it("draws blanks that trim() removes, and for strip() too only what both remove", () => {
    for (const c of TRIM_SPACES) expect(c.trim(), JSON.stringify(c)).toBe("");
    for (const c of STRIP_SPACES) expect(PYTHON_SPACES.has(c.codePointAt(0)!), JSON.stringify(c)).toBe(true);
    expect(TRIM_SPACES).not.toContain("\n");
    for (const b of draws(200, (r) => drawnBlank(r, STRIP_SPACES))) expect(b.trim()).toBe("");
  });

  it("draws characters outside ASCII from every width, never half a surrogate pair", () => {
    const drawn = draws(400, drawnNonAscii);
    for (const c of drawn) {
      expect(c.codePointAt(0)!).toBeGreaterThanOrEqual(0x80);
      expect(encodeURIComponent(c)).not.toBe("");
    }
    expect(drawn.some((c) => c.length === 2)).toBe(true);
    expect(new Set(drawn).size).toBeGreaterThan(300);
  });

  it("draws what str.isprintable() refuses from each class, and printable letters it accepts", () => {
    const refused = draws(400, drawnNotPrintable);
    for (const c of refused) expect(c, JSON.stringify(c)).toMatch(NOT_PRINTABLE);
    expect(new Set(refused.map((c) => ["Cc", "Cf", "Cs", "Co", "Cn"].find((k) => new RegExp(`\\p{${k}}`, "u").test(c)) ?? "Z")).size).toBe(6);
    for (const c of draws(200, drawnPrintable)) expect(c, JSON.stringify(c)).not.toMatch(NOT_PRINTABLE);
  });

  it("draws format characters from the whole class, the blocks Unicode added after 6 too", () => {
    const format = new Set(draws(2000, drawnNotPrintable).filter((c) => /\p{Cf}/u.test(c)).map((c) => c.codePointAt(0)!));
    for (const added of [[0x604, 0x605], [0x61c, 0x61c], [0x890, 0x891], [0x8e2, 0x8e2], [0x180e, 0x180e], [0x2066, 0x2069], [0x110cd, 0x110cd], [0x13430, 0x1343f], [0x1bca0, 0x1bca3]]) {
      expect([...format].some((p) => p >= added[0]! && p <= added[1]!), added.map((p) => p.toString(16)).join("-")).toBe(true);
    }
  });

  it("draws the same characters again from the same seed", () => {
    expect(draws(20, drawnNonAscii)).toEqual(draws(20, drawnNonAscii));
  });
});
