import { describe, expect, it } from "vitest";
import { decodeValue, NotData } from "./value.js";

describe("decodeValue", () => {
  it("reads plain JSON as it stands and a tree with its markers", () => {
    expect(decodeValue('J{"a":[1,"x",null]}')).toEqual({ ok: true, value: { a: [1, "x", null] }, plain: true });
    const tree = decodeValue('{"o":[["__proto__",{"x":"undefined"}],["f",{"x":"function"}]]}');
    expect(tree.ok).toBe(true);
    const value = (tree as { value: Record<string, unknown> }).value;
    expect(Object.keys(value)).toEqual(["__proto__", "f"]);
    expect(value["f"]).toBeInstanceOf(NotData);
  });

  it("refuses plain JSON deeper than the tree may be (a Proxy that looked flat to the guest's walk)", () => {
    const deep = `J${"[".repeat(5000)}${"]".repeat(5000)}`;
    expect(decodeValue(deep)).toEqual({ ok: false, problem: "the value is nested too deeply to check" });
    expect(decodeValue(`J${"[".repeat(200)}${"]".repeat(200)}`).ok).toBe(true);
  });
});
