import { describe, expect, it } from "vitest";
import { readScripts } from "../../../src/sandbox/peers.js";
import {
  answerAt, asksForInput, confirmRequest, record, requestsOf, responseOf, serverPeer, stepAt, textResult, userPeer, type ServerStep,
} from "./mock-server.js";

const ask: ServerStep = { kind: "input", requests: record([["confirm", confirmRequest("Really cancel order A101?")]]), requestState: "s1" };
const done: ServerStep = { kind: "result", result: textResult("A101 cancelled") };
const fail: ServerStep = { kind: "error", code: -32602, message: "unknown tool: x", data: { name: "x" } };

describe("the mock server's scripts", () => {
  it("writes each step as the response the chapter's server would send", () => {
    expect(serverPeer([ask, done, fail])).toEqual({
      echoId: true,
      replies: [
        '{"jsonrpc":"2.0","id":0,"result":{"resultType":"input_required","inputRequests":{"confirm":{"method":"elicitation/create","params":{"mode":"form","message":"Really cancel order A101?","requestedSchema":{"type":"object","properties":{"confirm":{"type":"boolean"}},"required":["confirm"]}}}},"requestState":"s1"}}',
        '{"jsonrpc":"2.0","id":0,"result":{"content":[{"type":"text","text":"A101 cancelled"}],"isError":false,"resultType":"complete"}}',
        '{"jsonrpc":"2.0","id":0,"error":{"code":-32602,"message":"unknown tool: x","data":{"name":"x"}}}',
      ],
    });
    expect(serverPeer([ask], true).repeatLast).toBe(true);
    expect(responseOf(done, "r-7")["id"]).toBe("r-7");
  });

  it("writes the user's answers as they are, and the sandbox reads both scripts", () => {
    const user = userPeer([{ action: "accept", content: { confirm: true } }, { action: "decline" }], true);
    expect(user).toEqual({ replies: ['{"action":"accept","content":{"confirm":true}}', '{"action":"decline"}'], repeatLast: true });
    expect(readScripts([serverPeer([ask, done]), user])).not.toBeTypeOf("string");
  });

  it("keeps an Object.prototype name as a key, in the object and in its JSON", () => {
    const r = record([["__proto__", 1], ["constructor", { a: 2 }]]);
    expect(Object.keys(r)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    const text = serverPeer([{ kind: "input", requests: r }]).replies[0]!;
    expect(text).toContain('"inputRequests":{"__proto__":1,"constructor":{"a":2}}');
    expect(Object.keys((JSON.parse(text) as { result: { inputRequests: object } }).result.inputRequests)).toEqual(["__proto__", "constructor"]);
  });

  it("picks steps and answers as the peer does: in order, then the last again or nothing", () => {
    expect(stepAt([ask, done], 1, false)).toBe(done);
    expect(stepAt([ask, done], 2, false)).toBeUndefined();
    expect(stepAt([ask], 5, true)).toBe(ask);
    expect(answerAt(["a", "b"], 3, true)).toBe("b");
    expect(answerAt(["a"], 1, false)).toBeUndefined();
    expect([ask, done, fail].map((s) => asksForInput(s))).toEqual([true, false, false]);
    expect(Object.keys(requestsOf(ask))).toEqual(["confirm"]);
    expect(requestsOf(done)).toEqual({});
  });
});
