import { describe, expect, it } from "vitest";
import type { TaskFailure } from "../../../src/sandbox/protocol.js";
import { MESSAGES } from "../course/fixtures.js";
import { branchOf, fixtureBranchAnswered } from "./answered-branch.js";

const call = (args: object) => ({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "logs_search", arguments: args } });
const toolError = (text: string) => ({ jsonrpc: "2.0", id: 9, result: { content: [{ type: "text", text }], isError: true } });

describe("branchOf", () => {
  it("is a message's case and its answer's kind, a tool error by the problems it names in any order", () => {
    expect(branchOf(call({}), { jsonrpc: "2.0", id: 9, result: { content: [] } })).toBe("a call of logs_search: result");
    expect(branchOf(call({}), toolError("b; a"))).toBe(branchOf(call({ x: 1 }), toolError("a; b")));
    expect(branchOf(call({}), toolError("a"))).not.toBe(branchOf(call({}), toolError("b")));
    expect(branchOf({ jsonrpc: "2.0", id: 9, method: "nope/x" }, { jsonrpc: "2.0", id: 9, error: { code: -32601, message: "m" } })).toBe("an unknown method: error -32601");
    expect(branchOf(call({}), null)).toBeUndefined();
  });

  it("finds the chapter's messages' branches among those answered, where no branch answered nowhere failed", () => {
    const id5 = MESSAGES.findIndex((m) => "id" in m && m.id === 5);
    const id3 = MESSAGES.findIndex((m) => "id" in m && m.id === 3);
    const threw = (at: string): TaskFailure => ({ reason: "throw", message: `handle threw Error: x (at ${at}).` });
    const answered = new Set(["a call of logs_search: result"]);
    const kinds = new Set(["a call of logs_search: missing required field"]);
    const at = threw("task2.ts:1:1");
    const enumKind = "a call of logs_search: must be one of";
    expect(fixtureBranchAnswered({ answered, kinds, unanswered: [] }, id3, at)).toBe(true);
    // A missing field's message written nowhere, its calls failing at the same place: work not done there.
    const noMissing = { failure: at, missing: ["a call of logs_search: unexpected field"] };
    expect(fixtureBranchAnswered({ answered, kinds, unanswered: [noMissing] }, id3, at)).toBe(false);
    expect(fixtureBranchAnswered({ answered, kinds, unanswered: [{ ...noMissing, failure: threw("task2.ts:9:9") }] }, id3, at)).toBe(true);
    // id 5's one kind of problem (the enum's) answered nowhere: one rule, when it is all that failed there.
    expect(fixtureBranchAnswered({ answered, kinds, unanswered: [] }, id5, at)).toBe(true);
    expect(fixtureBranchAnswered({ answered, kinds, unanswered: [{ failure: at, missing: [enumKind] }] }, id5, at)).toBe(true);
    expect(fixtureBranchAnswered({ answered, kinds, unanswered: [{ failure: at, missing: [enumKind] }, noMissing] }, id5, at)).toBe(false);
    // A result branch answered nowhere is not one rule's message: work not done.
    expect(fixtureBranchAnswered({ answered: new Set(), kinds, unanswered: [] }, id3, at)).toBe(false);
  });
});
