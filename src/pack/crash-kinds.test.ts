import { describe, expect, it } from "vitest";
import { crashKinds, oneKind, valueKinds } from "./crash-kinds.js";

const call = (method: string, params?: unknown): unknown => ({ jsonrpc: "2.0", id: 1, method, ...(params === undefined ? {} : { params }) });

describe("the kinds of input a throw met", () => {
  it("names each value's type under its key, a null anywhere, short strings, empty values and JSON text's values", () => {
    const kinds = valueKinds({ method: "tools/call", params: { _meta: null, arguments: {} }, line: '{"id": 3}' });
    for (const kind of ["method=tools/call", "null", "_meta:null", "arguments:empty", "params._meta", "line>:object", "id:number"]) expect(kinds).toContain(kind);
  });

  it("keeps what every thrown-on input holds and some other input does not", () => {
    const inputs = [call("a", { x: null }), call("b", { y: null }), call("a", { x: 1 }), call("b")];
    expect(crashKinds(inputs.slice(0, 2), inputs)).toContain("null");
    // What every input holds sets nothing apart.
    expect(crashKinds(inputs.slice(0, 2), inputs)).not.toContain("jsonrpc=2.0");
    // A name other inputs hold and the thrown-on ones do not: a call without params.
    expect(crashKinds([inputs[3]], inputs)).toContain(".params:absent");
  });

  it("finds no kind in throws on inputs that have nothing in common but being unusual", () => {
    const inputs = [call("a", { name: "constructor" }), { jsonrpc: "1.0", id: 2, method: "b" }, call("c", [1]), call("a", { name: "x" }), call("c", { v: 2 })];
    expect(crashKinds(inputs.slice(0, 3), inputs)).toEqual([]);
  });

  it("sees throws of several checks as one slip only where one kind is in every list", () => {
    expect(oneKind([["null", "id:number"], ["null"]])).toBe(true);
    expect(oneKind([["method=a"], ["null"]])).toBe(false);
    expect(oneKind([[], ["null"]])).toBe(false);
    expect(oneKind([["null"]])).toBe(true);
    expect(oneKind([])).toBe(true);
  });
});
