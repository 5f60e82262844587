// The model against the page's printed session (2.2–2.5), and where the pack departs from the
// page for the specification (README.md): the cache hints, data.requested, confirm === true.
import { describe, expect, it } from "vitest";
import { CHECK_ARGS_CASES, LINES, MESSAGES, messageIndex } from "../course/fixtures.js";
import { answersOf, checkArgs, newServer, serve, VERSION_KEY } from "./model.js";

const answers = answersOf(MESSAGES);
const to = (id: number) => answers[messageIndex(id)] as Record<string, any>;

describe("the model on the page's session", () => {
  it("prints what 2.5 prints", () => {
    expect(to(1).result.supportedVersions).toEqual(["2026-07-28"]);
    expect(Object.keys(to(1).result.capabilities)).toEqual(["tools", "resources"]);
    expect(to(2).result.tools.map((t: { name: string }) => t.name)).toEqual(["get_order_status", "cancel_order"]);
    expect(to(3).result.structuredContent).toEqual({ order_id: "A100", status: "shipped", eta: "Friday" });
    expect(to(3).result.isError).toBe(false);
    expect(to(4).result.content[0].text).toBe("Error: order Z9 not found: IDs look like A100");
    expect(to(4).result.isError).toBe(true);
    expect(to(5).result.content[0].text).toBe("Error: missing 'order_id'; unexpected 'id'");
    expect(to(6).error).toEqual({ code: -32602, message: "unknown tool: delete_everything" });
    expect(to(8).result.contents[0].text).toBe("Refunds within 7 days of delivery. Damaged items: full refund.");
  });

  it("refuses the old version as 2.5 does, with the specification's data.requested added", () => {
    expect(to(99).error).toEqual({ code: -32022, message: "unsupported protocol version '2025-06-18'", data: { supported: ["2026-07-28"], requested: "2025-06-18" } });
    const none = newServer()({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }) as Record<string, any>;
    expect(none.error).toEqual({ code: -32022, message: "unsupported protocol version None", data: { supported: ["2026-07-28"], requested: null } });
    const number = newServer()({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { [VERSION_KEY]: 5 } } }) as Record<string, any>;
    expect(number.error.message).toBe("unsupported protocol version 5");
  });

  it("runs the multi round-trip of 2.3 and keeps no memory between rounds", () => {
    expect(to(10).result.resultType).toBe("input_required");
    expect(to(10).result.inputRequests.confirm.params.message).toBe("Really cancel order A101?");
    expect(to(11).result.content[0].text).toBe("A101 cancelled");
    expect(to(12).result.content[0].text).toBe("A100 kept: the user did not confirm");
    // The retry alone, on a server that never saw round 1, answers the same.
    expect(newServer()(MESSAGES[messageIndex(11)])).toEqual(to(11));
    const retry = (answer: unknown) => (newServer()({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { ...(MESSAGES[messageIndex(11)]!["params"] as object), inputResponses: { confirm: answer } } }) as Record<string, any>).result.content[0].text;
    expect(retry({ action: "accept", content: { confirm: "yes" } })).toBe("A101 kept: the user did not confirm");
    expect(retry({ action: "decline" })).toBe("A101 kept: the user did not confirm");
  });

  it("gives every result a resultType and serverInfo, and the notification nothing", () => {
    expect(answers[MESSAGES.findIndex((m) => !("id" in m))]).toBeNull();
    for (const a of answers) if (a && "result" in a) expect(a["result"]).toMatchObject({ resultType: expect.any(String), _meta: { "io.modelcontextprotocol/serverInfo": { name: "orders", version: "0.1.0" } } });
    for (const id of [1, 2, 7, 8]) expect(to(id).result).toMatchObject({ cacheScope: "public", ttlMs: 0 });
  });

  it("cancels in the store: get_order_status reads the new status afterwards", () => {
    const handle = newServer();
    for (const m of MESSAGES) handle(m);
    const after = handle({ ...MESSAGES[messageIndex(3)]!, params: { ...(MESSAGES[messageIndex(3)]!["params"] as object), arguments: { order_id: "A101" } } }) as Record<string, any>;
    expect(after.result.structuredContent.status).toBe("cancelled");
    // A fresh server starts from the course's data again.
    expect((newServer()(MESSAGES[messageIndex(3)]) as Record<string, any>).result.structuredContent.status).toBe("shipped");
  });
});

describe("checkArgs", () => {
  it("follows check_args's order and wording", () => {
    expect(checkArgs(...CHECK_ARGS_CASES.bad_args)).toEqual(["missing 'order_id'", "unexpected 'id'"]);
    expect(checkArgs(...CHECK_ARGS_CASES.problem_order)).toEqual(["missing 'reason'", "unexpected 'note'", "'order_id' must be a string"]);
    expect(checkArgs(...CHECK_ARGS_CASES.valid)).toEqual([]);
  });
  it("sees own keys only", () => {
    const schema = { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] };
    expect(checkArgs(schema, JSON.parse('{"order_id":"A1","__proto__":"x","constructor":1}'))).toEqual(["unexpected '__proto__'", "unexpected 'constructor'"]);
    expect(checkArgs({ ...schema, required: ["toString"] }, {})).toEqual(["missing 'toString'"]);
  });
});

describe("serve", () => {
  it("answers the page's lines: a parse error line, nothing for the notification and the blank lines", () => {
    const { out, log } = serve(LINES);
    expect(out.map((l) => JSON.parse(l).id)).toEqual([1, 2, null, 3, 99]);
    expect(out[2]).toBe('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}');
    expect(log).toEqual(["line 1", "line 2", "line 4", "line 5", "line 6", "line 8"]);
    expect(serve(["5", "[]"]).out).toEqual(Array(2).fill('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}'));
  });
});
