import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { explains, kindOf, markKindPaths, pairOf, requestsRead, type KindPair } from "./answer-kinds.js";

const call = { jsonrpc: "2.0", id: 3, method: "tools/call" };
const SEARCH = "result of tools/call";

describe("kindOf", () => {
  it("tells an error, a tool's error result, a method's result and no answer apart", () => {
    expect(kindOf({ jsonrpc: "2.0", id: 3, error: { code: -32602, message: "x" } }, call)).toBe("error -32602");
    expect(kindOf({ jsonrpc: "2.0", id: 3, result: { content: [], isError: true } }, call)).toBe("tool error");
    expect(kindOf({ jsonrpc: "2.0", id: 3, result: { content: [], isError: false } }, call)).toBe(SEARCH);
    expect(kindOf({ jsonrpc: "2.0", id: 1, result: {} }, { method: "initialize" })).toBe("result of initialize");
    expect(kindOf(null, call)).toBe("none");
  });
});

describe("requestsRead", () => {
  const messages = [{ id: 1, method: "a" }, { method: "note" }, { id: 2, method: "b" }, { id: 3, method: "c" }, { id: 4, method: "d" }];
  const answers = [{ result: 1 }, null, { result: 2 }, { result: 3 }, { result: 4 }];
  it("finds the requests whose answer the line reads", () => {
    expect(requestsRead((a) => JSON.stringify(a[2]), messages, answers)).toEqual([2]);
    expect(requestsRead((a) => JSON.stringify([a[2], a[3]]), messages, answers)).toEqual([2, 3]);
  });
  it("gives none for a line that reads more than two answers, or a notification's", () => {
    expect(requestsRead((a) => String(a.filter((x) => x !== null).length) + JSON.stringify(a), messages, answers)).toEqual([]);
    expect(requestsRead((a) => JSON.stringify(a[1]), messages, answers)).toEqual([]);
  });
  it("reads a line that throws on another answer as reading it", () => {
    expect(requestsRead((a) => { if ((a[0] as { result?: unknown }).result !== 1) throw new Error("no"); return "ok"; }, messages, answers)).toEqual([0]);
  });
});

const k = (rules: string, code?: string): KindPair => ({ rules, ...(code !== undefined ? { code } : {}) });
const found = (text: string, extra: Record<string, unknown> = {}) => ({ jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text }], isError: false, ...extra } });
const refusal = (text: string) => ({ jsonrpc: "2.0", id: 9, result: { content: [{ type: "text", text }], isError: true } });

describe("explains", () => {
  const refused = k("tool error", "tool error");
  const searchedWrongText = k(SEARCH, SEARCH);
  it("a wrong text inside a search explains no refusal, nor a search where the rules refuse", () => {
    expect(explains(searchedWrongText, refused)).toBe(false);
    expect(explains(searchedWrongText, k("tool error", SEARCH))).toBe(false);
    expect(explains(searchedWrongText, k(SEARCH, "tool error"))).toBe(false);
  });
  it("a valid call refused explains a refusal's other messages and another valid call refused", () => {
    expect(explains(k(SEARCH, "tool error"), refused)).toBe(true);
    expect(explains(k("error -32602", "tool error"), refused)).toBe(false);
    expect(explains(k(SEARCH, "tool error"), k(SEARCH, "tool error"))).toBe(true);
  });
  it("another kind than the rules' is explained by another kind where the rules give the same, whatever the methods", () => {
    expect(explains(k("error -32022", SEARCH), k("error -32022", "result of resources/list"))).toBe(true);
    expect(explains(k("error -32022", SEARCH), k("error -32022", "error -32601"))).toBe(true);
    expect(explains(k("error -32022", SEARCH), k("tool error", SEARCH))).toBe(false);
    expect(explains(k("error -32602", "tool error"), k("error -32600", SEARCH))).toBe(false);
  });
  it("a slip in writing errors explains one in an error of another code", () => {
    expect(explains(k("error -32602", "error -32602"), k("error -32601", "error -32601"))).toBe(true);
  });
  it("a slip inside one kind explains a slip inside the same kind", () => {
    expect(explains(searchedWrongText, searchedWrongText)).toBe(true);
    expect(explains(refused, refused)).toBe(true);
  });
  it("where the code threw, the rules' kinds alone", () => {
    expect(explains(k(SEARCH), k(SEARCH, SEARCH))).toBe(true);
    expect(explains(refused, k("tool error"))).toBe(true);
    expect(explains(refused, k(SEARCH))).toBe(false);
  });
});

describe("pairOf and a result built otherwise", () => {
  const message = { method: "tools/call" };
  it("a result's content not a list shows in refusals too: it explains their slips", () => {
    const by = pairOf(found("found 3"), { value: { jsonrpc: "2.0", id: 3, result: { content: { type: "text", text: "found 3" }, isError: false } } }, message);
    expect(by.reshaped).toEqual(["/result/content"]);
    const p = pairOf(refusal("missing required field: a"), { value: { jsonrpc: "2.0", id: 9, result: { content: { type: "text", text: "missing required field: a" }, isError: true } } }, message);
    expect(explains(by, p)).toBe(true);
  });
  it("a field only results carry explains no refusal's slip, and a wrong text no reshape", () => {
    const by = pairOf(found("x", { structuredContent: { eta: 1 } }), { value: found("x", { structuredContent: {} }) }, message);
    expect(by.reshaped).toEqual(["/result/structuredContent/eta"]);
    expect(explains(by, pairOf(refusal("a"), { value: refusal("b") }, message))).toBe(false);
    expect(pairOf(found("a"), { value: found("b") }, message).reshaped).toBeUndefined();
  });
  it("a reshape explains only the same reshape: a key every answer gains, an id's type", () => {
    const by = pairOf(found("x"), { value: found("x", { extra: 1 }) }, message);
    const gains = (text: string) => ({ jsonrpc: "2.0", id: 9, result: { content: [{ type: "text", text }], isError: true, extra: 1 } });
    expect(explains(by, pairOf(refusal("a"), { value: gains("a") }, message))).toBe(true);
    expect(explains(by, pairOf(refusal("a"), { value: refusal("b") }, message))).toBe(false);
    const idLost = pairOf({ jsonrpc: "2.0", id: 0, result: {} }, { value: { jsonrpc: "2.0", id: null, result: {} } }, { id: 0, method: "tools/list" });
    expect(idLost.reshaped).toEqual(["/id"]);
    expect(explains(idLost, pairOf(refusal("a"), { value: refusal("b") }, { id: 9, method: "tools/call" }))).toBe(false);
  });
  it("an error's code written as a string is a reshape, not another kind", () => {
    const err = (code: unknown, id: unknown) => ({ jsonrpc: "2.0", id, error: { code, message: "m" } });
    const by = pairOf(err(-32602, 4), { value: err("-32602", 4) }, { id: 4 });
    expect(by).toMatchObject({ rules: "error -32602", code: "error -32602", reshaped: ["/error/code"] });
    expect(explains(by, pairOf(err(-32601, 6), { value: err("-32601", 6) }, { id: 6 }))).toBe(true);
  });
  it("the same value written otherwise at the same place explains it in another kind, another value does not", () => {
    const typed = (v: Record<string, unknown>, resultType: string) => ({ ...v, result: { ...(v["result"] as object), resultType } });
    const by = pairOf(typed(found("x"), "complete"), { value: typed(found("x"), "completed") }, message);
    expect(explains(by, pairOf(typed(refusal("a"), "complete"), { value: typed(refusal("a"), "completed") }, message))).toBe(true);
    expect(explains(pairOf(found("x"), { value: found("y") }, message), pairOf(refusal("a"), { value: refusal("b") }, message))).toBe(false);
  });
  it("says whether the answer is the rules' but for its id", () => {
    expect(pairOf(refusal("a"), { value: { ...refusal("a"), id: "9" } }, { id: 9 }).idOnly).toBe(true);
    expect(pairOf(refusal("a"), { value: { ...refusal("b"), id: "9" } }, { id: 9 }).idOnly).toBeUndefined();
  });
});

describe("markKindPaths", () => {
  const fail = (name: string, extra: Partial<CheckResult> = {}): CheckResult => ({ name, kind: "behaviour", title: name, status: "fail", ...extra });
  const through = (name: string): string[] => (name === "several" ? ["line", "valid"] : name === "valid" ? ["line"] : []);
  const line = { name: "line", pairs: [k(SEARCH, SEARCH)] };
  const failing = (pairs: Record<string, KindPair[]>) => new Map(Object.entries(pairs).map(([name, p]) => [name, { pairs: p, kinds: new Set(p.map((x) => x.rules)) }]));

  it("marks a family whose failing call no path it reads through explains", () => {
    const marked = markKindPaths([fail("several"), fail("valid")], [line], failing({ several: [k("tool error", "tool error")], valid: [k(SEARCH, SEARCH)] }), through);
    expect(marked[0]!.notThrough).toEqual(["line"]);
    expect(marked[1]!.notThrough).toBeUndefined();
  });

  it("leaves a family every failing call of which a path explains, and checks charged elsewhere", () => {
    expect(markKindPaths([fail("several")], [line], failing({ several: [k(SEARCH, SEARCH)] }), through)[0]!.notThrough).toBeUndefined();
    const charged = fail("several", { chargedTo: "x" });
    expect(markKindPaths([charged], [line], failing({ several: [k("tool error", "tool error")] }), through)[0]).toBe(charged);
  });

  it("reads through a family by kinds only where the rules answer the two with no kind in common", () => {
    const valid = { name: "valid", pairs: [k(SEARCH, SEARCH)], kinds: new Set([SEARCH]) };
    expect(markKindPaths([fail("several")], [valid], failing({ several: [k("tool error", "tool error")] }), through)[0]!.notThrough).toEqual(["valid"]);
    const alike = { name: "valid", pairs: [k("tool error", SEARCH)], kinds: new Set(["tool error"]) };
    expect(markKindPaths([fail("several")], [alike], failing({ several: [k("tool error", "tool error")] }), through)[0]!.notThrough).toBeUndefined();
  });

  it("reads only through paths the family reads through, and leaves family-to-family reads to the policy", () => {
    // a path outside the family's through list explains nothing for it
    expect(markKindPaths([fail("several")], [{ name: "elsewhere", pairs: [k("tool error", "tool error")] }, line], failing({ several: [k("tool error", "tool error")] }), through)[0]!.notThrough).toEqual(["line"]);
    // "valid" is no path unless the pack names it: "several" still reads through it
    expect(markKindPaths([fail("several"), fail("valid")], [line], failing({ several: [k("tool error", "tool error")], valid: [k(SEARCH, SEARCH)] }), through)[0]!.notThrough).toEqual(["line"]);
  });

  it("an ids check explains only calls whose answer is the rules' but for its id", () => {
    const ids = { name: "line", pairs: [], ids: true };
    const family = (idOnly: boolean) => failing({ several: [{ ...k("tool error", "tool error"), ...(idOnly ? { idOnly } : {}) }] });
    expect(markKindPaths([fail("several")], [ids], family(false), through)[0]!.notThrough).toEqual(["line"]);
    expect(markKindPaths([fail("several")], [ids], family(true), through)[0]!.notThrough).toBeUndefined();
  });
});
