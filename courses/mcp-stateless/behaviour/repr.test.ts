// Python's repr() as the page's f-strings print it, checked against what CPython 3.12 prints.
import { describe, expect, it } from "vitest";
import { repr, reprString, str } from "./repr.js";

describe("repr", () => {
  it.each([
    ["order_id", "'order_id'"], ["it's", `"it's"`], ['say "hi"', `'say "hi"'`], [`a'b"c`, `'a\\'b"c'`],
    ["C:\\tmp", "'C:\\\\tmp'"], ["tab\there", "'tab\\there'"], ["new\nline", "'new\\nline'"], ["cr\r", "'cr\\r'"],
    ["nul\u0000", "'nul\\x00'"], ["del\u007f", "'del\\x7f'"], ["\u0085", "'\\x85'"], ["caf\u00e9", "'café'"],
    ["nbsp\u00a0", "'nbsp\\xa0'"], ["soft\u00ad", "'soft\\xad'"], ["zw\u200b", "'zw\\u200b'"], ["ls\u2028", "'ls\\u2028'"],
    ["\u{1F600}", "'\u{1F600}'"], ["\u{E0001}", "'\\U000e0001'"], ["\ud800", "'\\ud800'"], ["", "''"], [" ", "' '"],
    ["'", `"'"`], ['"', `'"'`], ["\\", "'\\\\'"], [`'"`, `'\\'"'`], ["\u3000", "'\\u3000'"],
  ])("repr(%j) is %s", (text, expected) => {
    expect(reprString(text)).toBe(expected);
  });

  it("writes other JSON values as Python does", () => {
    expect([null, undefined, true, false, 5, -3, 1.5, 1e-7, 1e22, 0.0001].map(repr)).toEqual(["None", "None", "True", "False", "5", "-3", "1.5", "1e-07", "1e+22", "0.0001"]);
    expect(repr(["a", 1, null])).toBe("['a', 1, None]");
    expect(repr({ a: true })).toBe("{'a': True}");
    expect([str("x"), str(null), str(5)]).toEqual(["x", "None", "5"]);
  });
});
