import { describe, expect, it } from "vitest";
import { makeStyle, wantsColor } from "./style.js";

describe("wantsColor", () => {
  it("follows --no-color, then NO_COLOR, then FORCE_COLOR, then the terminal", () => {
    expect(wantsColor(false, { FORCE_COLOR: "1" }, true)).toBe(false);
    expect(wantsColor(undefined, { NO_COLOR: "1", FORCE_COLOR: "1" }, true)).toBe(false);
    expect(wantsColor(undefined, { NO_COLOR: "" }, true)).toBe(true);
    expect(wantsColor(undefined, { FORCE_COLOR: "1" }, false)).toBe(true);
    expect(wantsColor(undefined, { FORCE_COLOR: "0" }, true)).toBe(false);
    expect(wantsColor(undefined, {}, false)).toBe(false);
    expect(wantsColor(undefined, { TERM: "dumb" }, true)).toBe(false);
  });
  it("makes plain strings when colour is off", () => {
    expect(makeStyle(false).fail("x")).toBe("x");
    expect(makeStyle(true).fail("x")).toMatch(/\u001b\[31mx/);
  });
});
