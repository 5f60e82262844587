import { describe, expect, it } from "vitest";
import { accepts, contradictsArguments, describeExpectation, sameJson, type Expectation } from "./expectation.js";
import { expectHandle } from "./model.js";

const errors = (text: string, id: unknown = 1) => ({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text }], isError: true } });
const several = expectHandle({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "logs_search", arguments: { limit: 0, extra: 1 } } });

describe("a rule 5 answer with several messages", () => {
  it("is accepted with the messages in any order, and only with all of them joined by \"; \"", () => {
    expect(several).toMatchObject({ kind: "messages", messages: ["missing required field: service", "missing required field: query", "limit must be at least 1", "unexpected field: extra"] });
    expect(accepts(several, errors("missing required field: service; missing required field: query; limit must be at least 1; unexpected field: extra"))).toBe(true);
    expect(accepts(several, errors("unexpected field: extra; limit must be at least 1; missing required field: query; missing required field: service"))).toBe(true);
    expect(accepts(several, errors("missing required field: service; missing required field: query; limit must be at least 1"))).toBe(false);
    expect(accepts(several, errors("missing required field: service, missing required field: query, limit must be at least 1, unexpected field: extra"))).toBe(false);
    expect(accepts(several, errors("missing required field: service; missing required field: service; limit must be at least 1; unexpected field: extra"))).toBe(false);
  });

  it("must otherwise be the model's answer exactly", () => {
    const text = "unexpected field: extra; limit must be at least 1; missing required field: query; missing required field: service";
    expect(accepts(several, errors(text, "1"))).toBe(false);
    expect(accepts(several, { ...errors(text), extra: true })).toBe(false);
    expect(accepts(several, { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text }], isError: false } })).toBe(false);
    expect(accepts(several, { jsonrpc: "2.0", id: 1, error: { code: -32602, message: text } })).toBe(false);
    expect(accepts(several, null)).toBe(false);
  });
});

describe("a number of the wrong type that breaks a bound too", () => {
  const tiny = expectHandle({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "logs_search", arguments: { service: "api", query: "x", limit: 1e-7 } } });
  it("needs the type's message, and takes the bound's beside it or not (the chapter does not say)", () => {
    expect(accepts(tiny, errors("limit must be of type integer"))).toBe(true);
    expect(accepts(tiny, errors("limit must be of type integer; limit must be at least 1"))).toBe(true);
    expect(accepts(tiny, errors("limit must be at least 1; limit must be of type integer"))).toBe(true);
    expect(accepts(tiny, errors("limit must be at least 1"))).toBe(false);
    expect(accepts(tiny, errors("limit must be of type integer; limit must be at least 1; limit must be at least 1"))).toBe(false);
    expect(accepts(tiny, errors("limit must be of type integer; limit must be at most 50"))).toBe(false);
  });
});

describe("an answer the chapter leaves open", () => {
  const open: Expectation = { kind: "protocol", id: "a", value: {} };

  it("is any response with the request's id and a result or an error", () => {
    expect(accepts(open, { jsonrpc: "2.0", id: "a", error: { code: -32602, message: "Invalid params" } })).toBe(true);
    expect(accepts(open, { jsonrpc: "2.0", id: "a", result: { content: [], isError: true } })).toBe(true);
  });

  it("is not a response without the id, with both or neither, or an error without a code and message", () => {
    for (const wrong of [
      null, "error", { jsonrpc: "2.0", id: 1, result: {} }, { jsonrpc: "2.0", result: {} }, { id: "a", result: {} },
      { jsonrpc: "2.0", id: "a" }, { jsonrpc: "2.0", id: "a", result: {}, error: { code: 1, message: "m" } },
      { jsonrpc: "2.0", id: "a", result: "ok" }, { jsonrpc: "2.0", id: "a", error: { message: "m" } },
      { jsonrpc: "2.0", id: "a", error: { code: 1.5, message: "m" } }, { jsonrpc: "2.0", id: "a", error: "Invalid params" },
    ]) expect(accepts(open, wrong), JSON.stringify(wrong)).toBe(false);
  });

  it("is described as what the protocol asks, with the model's answer as an example", () => {
    expect(describeExpectation(open)).toBe('a response with "id": "a" and either a result or an error with a code and a message; the chapter fixes no more for this call (for example {})');
  });
});

describe("sameJson", () => {
  it("compares own keys only, whatever they are called", () => {
    const parsed = (text: string): unknown => JSON.parse(text);
    expect(sameJson(parsed('{"__proto__": {}}'), { y: {} })).toBe(false);
    expect(sameJson(parsed('{"__proto__": {"a": 1}, "b": [1]}'), parsed('{"b": [1], "__proto__": {"a": 1}}'))).toBe(true);
    expect(sameJson({ toString: 1 }, { valueOf: 1 })).toBe(false);
    expect(sameJson([1, { a: null }], [1, { a: null }])).toBe(true);
    expect(sameJson([1], { 0: 1 })).toBe(false);
  });
});

describe("contradictsArguments", () => {
  const search = expectHandle({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "logs_search", arguments: { service: "api", query: "x" } } });
  const found = { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "found 3 lines for x in api" }], isError: false } };
  const never = (): boolean => false;
  const all = "missing required field: service; missing required field: query; limit must be at least 1; unexpected field: extra";

  it("holds for a search where the rules refuse, with a message the code wrote nowhere", () => {
    expect(contradictsArguments(several, found, never)).toBe(true);
    // the code says the bounds' message elsewhere, not the missing fields'
    expect(contradictsArguments(several, found, (m) => m.startsWith("limit"))).toBe(true);
  });

  it("does not hold where the code writes every one of those messages elsewhere: a path that skips a rule it follows", () => {
    expect(contradictsArguments(several, found, (m) => all.includes(m))).toBe(false);
  });

  it("does not hold for a refusal of any kind, the rule's messages wrapped or other ones, or for no response", () => {
    expect(contradictsArguments(several, errors(`Invalid arguments: ${all}`), never)).toBe(false);
    expect(contradictsArguments(several, errors("missing required field: service"), never)).toBe(false);
    expect(contradictsArguments(several, { jsonrpc: "2.0", id: 1, error: { code: -32602, message: all } }, never)).toBe(false);
    expect(contradictsArguments(several, null, never)).toBe(false);
    expect(contradictsArguments(several, "missing", never)).toBe(false);
  });

  it("does not hold where the rules search: a refusal there is one rule's slip seen again", () => {
    expect(contradictsArguments(search, errors("service must be one of: api, worker, billing"), never)).toBe(false);
    expect(contradictsArguments({ kind: "protocol", id: 1, value: {} }, found, never)).toBe(false);
  });
});

describe("ping, where the page and the specification differ", () => {
  const ping = expectHandle({ jsonrpc: "2.0", id: 4, method: "ping" });
  it("takes the page's -32601 and the specification's empty result, and still wants a response to its id", () => {
    expect(accepts(ping, { jsonrpc: "2.0", id: 4, error: { code: -32601, message: "Method not found" } })).toBe(true);
    expect(accepts(ping, { jsonrpc: "2.0", id: 4, result: {} })).toBe(true);
    expect(accepts(ping, { jsonrpc: "2.0", id: 5, result: {} })).toBe(false);
    expect(accepts(ping, null)).toBe(false);
  });
});
