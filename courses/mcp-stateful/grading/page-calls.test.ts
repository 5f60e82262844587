import { describe, expect, it } from "vitest";
import { makeRandom } from "../../../src/pack/random.js";
import { SessionBuilder } from "../behaviour/generate.js";
import type { MadeTool } from "../behaviour/made-tools.js";
import { CALL_DELETE_DB } from "../course/fixtures.js";
import { isPageCall, readShape } from "./page-calls.js";

const PAGE = new Set([readShape(CALL_DELETE_DB)]);
const call = (id: unknown, name: string, args?: unknown): Record<string, unknown> =>
  ({ jsonrpc: "2.0", id, method: "tools/call", params: args === undefined ? { name } : { name, arguments: args } });
const free: MadeTool = { description: "Do it.", inputSchema: { type: "object", properties: {}, required: [] }, text: "done" };

/** A live session set up as the page's, then `message`: whether that last step is the page's call. */
function pageCall(message: Record<string, unknown>, build = (b: SessionBuilder): SessionBuilder => b.setUp().handshake()): boolean {
  const session = build(new SessionBuilder(makeRandom(1), [{ allowedTools: ["add"] }])).handle(message).done();
  return isPageCall(session, session.steps.length - 1, PAGE);
}

describe("isPageCall: the page's refused call, changed only where its rule does not look", () => {
  it("is the page's call under any id and with any arguments object", () => {
    expect(pageCall(call(4, "delete_db", {}))).toBe(true);
    expect(pageCall(call("page-call", "delete_db", {}))).toBe(true);
    expect(pageCall(call(65_536, "delete_db", { reason: "a long reason, past forty characters, é 東京 🚀", extra: [1, 2] }))).toBe(true);
    expect(pageCall(call(7, "weather", { x: 1 }))).toBe(true);
  });
  it("is not a call without an arguments object: one branch of its own (validate-only-with-args)", () => {
    expect(pageCall(call(4, "delete_db"))).toBe(false);
    expect(pageCall(call(4, "delete_db", null))).toBe(false);
    expect(pageCall(call(4, "delete_db", [1]))).toBe(false);
  });
  it("is not a call of a tool added once live, nor of a tool made from data (which tools the rule covers)", () => {
    expect(pageCall(call(4, "subtract", {}), (b) => b.setUp().handshake().addTool("subtract"))).toBe(false);
    expect(pageCall(call(4, "delete_db", {}), (b) => b.setUp().handshake().addTool("delete_db"))).toBe(false);
    expect(pageCall(call(4, "make_the_thing", {}), (b) => b.setUp().addTool("make_the_thing", undefined, 0, free).handshake())).toBe(false);
    expect(pageCall(call(4, "subtract", {}))).toBe(false);
  });
});
