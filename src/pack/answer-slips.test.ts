import { describe, expect, it } from "vitest";
import { JSONRPC_SLIPS, toolRefusalAsError, type AnswerSlip } from "./answer-slips.js";
import { askedIn, undoSlip } from "./slip-undo.js";

const slip = (id: string): AnswerSlip => JSONRPC_SLIPS.find((s) => s.id === id)!;

describe("slips in how answers are written", () => {
  it("adds the jsonrpc an answer left out: first, or in its place among sorted keys", () => {
    expect(JSON.stringify(undoSlip({ id: 1, result: {} }, slip("jsonrpc-missing")).value)).toBe('{"id":1,"jsonrpc":"2.0","result":{}}');
    expect(JSON.stringify(undoSlip({ result: {}, id: 1 }, slip("jsonrpc-missing")).value)).toBe('{"jsonrpc":"2.0","result":{},"id":1}');
    // A request, a notification, an answer that has it: nothing to undo.
    expect(undoSlip({ id: 1, method: "ping" }, slip("jsonrpc-missing")).changed).toBe(0);
    expect(undoSlip({ jsonrpc: "2.0", id: 1, result: {} }, slip("jsonrpc-missing")).changed).toBe(0);
    // "2.0" written otherwise, and not another version (copied from a request, a rule of its own).
    expect(undoSlip({ jsonrpc: "2.0 ", id: 1, result: {} }, slip("jsonrpc-written-otherwise")).value).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    expect(undoSlip({ jsonrpc: 2, id: 1, result: {} }, slip("jsonrpc-written-otherwise")).value).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
    for (const s of JSONRPC_SLIPS) expect(undoSlip({ jsonrpc: "1.0", id: 1, result: {} }, s).changed, s.id).toBe(0);
  });

  it("writes an error's code written as text as the number, and no other text", () => {
    expect(undoSlip({ jsonrpc: "2.0", id: 1, error: { code: "-32601", message: "m" } }, slip("code-as-text")).value).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "m" } });
    expect(undoSlip({ jsonrpc: "2.0", id: 1, error: { code: "not found", message: "m" } }, slip("code-as-text")).changed).toBe(0);
  });

  it("undoes content as one object, is_error and an isError as text, a text block's field named otherwise, a result's field on the envelope", () => {
    expect(undoSlip({ id: 1, result: { content: { type: "text", text: "t" } } }, slip("content-not-list")).value).toEqual({ id: 1, result: { content: [{ type: "text", text: "t" }] } });
    expect(undoSlip({ id: 1, result: { content: [], is_error: true } }, slip("is-error-written-otherwise")).value).toEqual({ id: 1, result: { content: [], isError: true } });
    expect(undoSlip({ id: 1, result: { content: [], isError: "false" } }, slip("is-error-written-otherwise")).value).toEqual({ id: 1, result: { content: [], isError: false } });
    expect(undoSlip({ id: 1, result: { content: [], isError: 1 } }, slip("is-error-written-otherwise")).value).toEqual({ id: 1, result: { content: [], isError: true } });
    expect(undoSlip({ id: 1, result: { content: [{ type: "Text", text: "t" }] } }, slip("text-block-type-written-otherwise")).value).toEqual({ id: 1, result: { content: [{ type: "text", text: "t" }] } });
    expect(undoSlip({ id: 1, result: { content: [{ type: "text", value: "t" }] } }, slip("text-block-field-misnamed")).value).toEqual({ id: 1, result: { content: [{ type: "text", text: "t" }] } });
    expect(JSON.stringify(undoSlip({ id: 1, result: { a: 1 }, _meta: { m: 2 } }, slip("result-field-on-envelope")).value)).toBe('{"id":1,"result":{"a":1,"_meta":{"m":2}}}');
    // On an error, a field the envelope does not carry is left out.
    expect(undoSlip({ id: 1, error: { code: 1, message: "m" }, _meta: {} }, slip("result-field-on-envelope")).value).toEqual({ id: 1, error: { code: 1, message: "m" } });
  });

  it("undoes an error's fields and an answer's result or error under other names, and leaves data with an id", () => {
    expect(undoSlip({ jsonrpc: "2.0", id: 1, error: { code: -32601, msg: "m" } }, slip("error-field-misnamed")).value).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "m" } });
    expect(undoSlip({ jsonrpc: "2.0", id: 1, error: { errorCode: -32601, message: "m" } }, slip("error-field-misnamed")).value).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "m" } });
    expect(undoSlip({ jsonrpc: "2.0", id: 1, results: { tools: [] } }, slip("result-misnamed")).value).toEqual({ jsonrpc: "2.0", id: 1, result: { tools: [] } });
    expect(undoSlip({ jsonrpc: "2.0", id: 1, err: { code: 1, message: "m" } }, slip("result-misnamed")).value).toEqual({ jsonrpc: "2.0", id: 1, error: { code: 1, message: "m" } });
    // An order with an id, inside a result: no answer, nothing undone.
    const order = { jsonrpc: "2.0", id: 1, result: { structuredContent: { id: "A100", status: "shipped" } } };
    for (const s of JSONRPC_SLIPS) expect(undoSlip(order, s).changed, s.id).toBe(0);
    expect(undoSlip({ id: "A100", item: { name: "x" } }, slip("result-misnamed")).changed).toBe(0);
  });

  it("writes an id written as text as the number the request gave, and no other", () => {
    const asked = () => askedIn(['{"jsonrpc":"2.0","id":5,"method":"ping"}', '{"jsonrpc":"2.0","id":"7","method":"ping"}', '{"jsonrpc":"2.0","id":7,"method":"ping"}', "not json"]);
    expect([...asked().ids]).toEqual([["5", 5]]);
    expect(undoSlip({ jsonrpc: "2.0", id: "5", result: {} }, slip("id-as-text"), asked).value).toEqual({ jsonrpc: "2.0", id: 5, result: {} });
    // "7" was a request's own string id too: left as it is.
    expect(undoSlip({ jsonrpc: "2.0", id: "7", result: {} }, slip("id-as-text"), asked).changed).toBe(0);
    expect(undoSlip({ jsonrpc: "2.0", id: "5", result: {} }, slip("id-as-text")).changed).toBe(0);
  });

  it("writes a refused call to one of the server's tools as the tool's error result, and leaves the protocol's refusals", () => {
    const s = toolRefusalAsError(["search"], (text) => ({ content: [{ type: "text", text }], isError: true }));
    const asked = () => askedIn([
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search", arguments: { q: 1 } } },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "nope", arguments: {} } },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "search", arguments: "x" } },
    ]);
    const error = (id: number, code = -32602) => ({ jsonrpc: "2.0", id, error: { code, message: "q must be a string" } });
    expect(undoSlip(error(1), s, asked).value).toEqual({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "q must be a string" }], isError: true } });
    // Sorted where the answer's keys are (a serve that sorts them), at every level.
    expect(JSON.stringify(undoSlip({ error: { code: -32602, message: "m" }, id: 1, jsonrpc: "2.0" }, s, asked).value)).toBe('{"id":1,"jsonrpc":"2.0","result":{"content":[{"text":"m","type":"text"}],"isError":true}}');
    for (const [id, code] of [[2, -32602], [3, -32602], [1, -32022]] as const) expect(undoSlip(error(id, code), s, asked).changed, `${id} ${code}`).toBe(0);
    // Two requests under one id (a session's lines): each answer is its own request's, in turn.
    const session = () => askedIn([
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "search", arguments: {} } }),
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }),
    ]);
    const out = [JSON.stringify(error(7)), JSON.stringify({ ...error(7), error: { code: -32602, message: "bad list" } })];
    const undone = undoSlip(out, s, session);
    expect(undone.changed).toBe(1);
    expect((undone.value as string[])[1]).toBe(out[1]);
  });

  it("undoes a slip in a line of JSON text as its writer wrote it, and leaves a line written otherwise", () => {
    const s = slip("jsonrpc-missing");
    expect(undoSlip('{"id":1,"result":{}}', s).value).toBe('{"id":1,"jsonrpc":"2.0","result":{}}');
    expect(undoSlip('{"id": 1, "result": {"t": "\\u00e9"}}', s).value).toBe('{"id": 1, "jsonrpc": "2.0", "result": {"t": "\\u00e9"}}');
    expect(undoSlip('{"id": 1, "result": {"t": "é"}}', s).value).toBe('{"id": 1, "jsonrpc": "2.0", "result": {"t": "é"}}');
    expect(undoSlip('{ "id":1, "result":{} }', s).changed).toBe(0);
    expect(undoSlip(["a", '{"id":1,"result":{}}', { out: ['{"id":2,"result":{}}'] }], s)).toEqual({ value: ["a", '{"id":1,"jsonrpc":"2.0","result":{}}', { out: ['{"id":2,"jsonrpc":"2.0","result":{}}'] }], changed: 2 });
  });

  it("keeps a key named __proto__ a key", () => {
    const answer = JSON.parse('{"id":1,"result":{"__proto__":{"x":1}}}') as Record<string, unknown>;
    const undone = undoSlip(answer, slip("jsonrpc-missing")).value as { result: object };
    expect(Object.keys(undone.result)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(undone.result)).toBe(Object.prototype);
  });
});
