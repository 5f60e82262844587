import { describe, expect, it } from "vitest";
import { crashKinds, oneKind, valueKinds } from "./crash-kinds.js";

const call = (method: string, params?: unknown): unknown => ({ jsonrpc: "2.0", id: 1, method, ...(params === undefined ? {} : { params }) });

describe("the kinds of input a throw met", () => {
  it("names each value's type under its key, a null anywhere, short strings, empty values and JSON text's values", () => {
    const kinds = valueKinds({ method: "tools/call", params: { _meta: null, arguments: {} }, line: '{"id": 3}' });
    for (const kind of ["method=tools/call", "null", "_meta:null", "arguments:empty", "params._meta", "line>:object", "id:number"]) expect(kinds).toContain(kind);
  });

  it("keeps what every thrown-on input holds and fewer than half of the answered ones do", () => {
    const thrown = [call("a", { x: null }), call("b", { y: null })];
    const answered = [call("a", { x: 1 }), call("b"), call("c", { z: 2 })];
    expect(crashKinds(thrown, answered)).toContain("null");
    // What every input holds sets nothing apart.
    expect(crashKinds(thrown, answered)).not.toContain("jsonrpc=2.0");
    // A name most inputs hold and the thrown-on ones do not: a call without params.
    expect(crashKinds([answered[1]], [...thrown, answered[0], answered[2]])).toContain(".params:absent");
    // Where every input threw, nothing sets them apart.
    expect(crashKinds(thrown, [])).toEqual([]);
  });

  it("finds no kind in throws on inputs that have nothing in common but being unusual", () => {
    const inputs = [call("a", { name: "constructor" }), { jsonrpc: "1.0", id: 2, method: "b" }, call("c", [1]), call("a", { name: "x" }), call("c", { v: 2 })];
    expect(crashKinds(inputs.slice(0, 3), inputs.slice(3))).toEqual([]);
  });

  it("sees throws of several checks as one slip only where one kind is in every list", () => {
    expect(oneKind([["null", "id:number"], ["null"]])).toBe(true);
    expect(oneKind([["method=a"], ["null"]])).toBe(false);
    expect(oneKind([[], ["null"]])).toBe(false);
    expect(oneKind([["null"]])).toBe(true);
    expect(oneKind([])).toBe(true);
  });
});
