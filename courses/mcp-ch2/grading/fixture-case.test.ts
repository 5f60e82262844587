import { describe, expect, it } from "vitest";
import { sameLineCase, sameMessageCase } from "./fixture-case.js";

const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c", version: "1" } } };
const call = (id: unknown, name: unknown, args: object = {}) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

describe("sameMessageCase", () => {
  it("holds an initialize with other params, another id, no id or id null as the fixture's initialize", () => {
    for (const input of [{ ...initialize, id: "x", params: { protocolVersion: "1999-01-01" } }, { jsonrpc: "2.0", method: "initialize" }, { ...initialize, id: null }]) {
      expect(sameMessageCase(initialize, input)).toBe(true);
    }
  });

  it("tells tools/call's branches apart: any unknown tool is the unknown tool's case, a call of logs_search is not", () => {
    const unknown = call(4, "deploy_nuke");
    expect(sameMessageCase(unknown, call(40, "deploy_nuke", { force: true }))).toBe(true);
    expect(sameMessageCase(unknown, call(42, "other_tool"))).toBe(true);
    expect(sameMessageCase(unknown, call(41, "logs_search", { service: "api", query: "q" }))).toBe(false);
    // A call of logs_search is the fixture's case where the rules answer both alike (two refusals,
    // two searches), not a refusal a search's: a throw on the page's call with a limit excuses no refusal.
    expect(sameMessageCase(call(5, "logs_search", { service: "x" }), call(43, "logs_search", { service: "y", query: "q" }))).toBe(true);
    expect(sameMessageCase(call(7, "logs_search", { service: "api", query: "q", limit: 5 }), call(43, "logs_search", { service: "api", query: "r" }))).toBe(true);
    expect(sameMessageCase(call(5, "logs_search", { service: "x" }), call(43, "logs_search", { service: "api", query: "q" }))).toBe(false);
    expect(sameMessageCase(call(7, "logs_search", { service: "api", query: "q", limit: 5 }), call(44, "logs_search", { service: "api", query: "q", limit: 500 }))).toBe(false);
    // A call whose name is not a string is no branch the chapter decides.
    expect(sameMessageCase(call(4, 7), call(5, 7))).toBe(false);
  });

  it("holds every method the chapter does not handle as the unknown method's case", () => {
    const unknownMethod = { jsonrpc: "2.0", id: 6, method: "resources/list" };
    for (const method of ["resources/list", "ping", "notifications/x", "toString"]) expect(sameMessageCase(unknownMethod, { jsonrpc: "2.0", id: null, method })).toBe(true);
    expect(sameMessageCase(unknownMethod, { jsonrpc: "2.0", id: 7, method: "tools/list" })).toBe(false);
  });

  it("holds nothing for another method or for what is not a message", () => {
    expect(sameMessageCase(initialize, { jsonrpc: "2.0", id: 2, method: "tools/list" })).toBe(false);
    for (const odd of [null, "initialize", ["initialize"], { method: 1 }]) {
      expect(sameMessageCase(initialize, odd)).toBe(false);
      expect(sameMessageCase(odd, initialize)).toBe(false);
    }
  });
});

describe("sameLineCase", () => {
  const json = (m: object): string => JSON.stringify(m);
  it("holds a list of lines with a line of the fixture line's kind anywhere in it", () => {
    expect(sameLineCase("{not json", [json(initialize), "[", ""])).toBe(true);
    expect(sameLineCase("{not json", [json(initialize), "  "])).toBe(false);
    expect(sameLineCase("", ["x", " \t "])).toBe(true);
    expect(sameLineCase("", [json(initialize)])).toBe(false);
  });

  it("tells a notification from a request of the same method, and messages by their branch", () => {
    const note = json({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(sameLineCase(note, [json({ jsonrpc: "2.0", method: "notifications/x" })])).toBe(true);
    expect(sameLineCase(note, [json({ jsonrpc: "2.0", id: 3, method: "notifications/x" })])).toBe(false);
    expect(sameLineCase(json(initialize), [json({ ...initialize, id: 9 })])).toBe(true);
    expect(sameLineCase(json(initialize), [json(call(9, "logs_search"))])).toBe(false);
  });

  it("holds nothing for what is not a list of lines", () => {
    for (const odd of [null, "{not json", [1, 2], {}]) expect(sameLineCase("{not json", odd)).toBe(false);
  });
});
