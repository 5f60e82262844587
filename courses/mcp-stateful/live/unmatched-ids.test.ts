// The responses the SDK client could not match: counted from the server's stdout, line by line,
// against the ids the client sent.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { watchIds } from "./unmatched-ids.js";

describe("responses under an id the client never sent", () => {
  it("counts a response with id null or another id, not one with a sent id, a notification or a line that is no JSON", () => {
    const stdout = new PassThrough();
    const ids = watchIds();
    ids.attach(stdout);
    ids.sent({ jsonrpc: "2.0", id: 0, method: "initialize" });
    ids.sent({ jsonrpc: "2.0", method: "notifications/initialized" });
    stdout.write('{"jsonrpc":"2.0","id":0,"result":{}}\n{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\nnot json\n');
    expect(ids.unmatched).toBe(0);
    // A line written in two chunks is read once whole.
    stdout.write('{"jsonrpc":"2.0","id":null,');
    expect(ids.unmatched).toBe(0);
    stdout.write('"error":{"code":-32601,"message":"unknown tool"}}\n{"jsonrpc":"2.0","id":"0","result":{}}\n');
    expect(ids.unmatched).toBe(2);
  });
});
