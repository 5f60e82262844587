import { describe, expect, it } from "vitest";
import { PADDING_NOTIFICATION } from "./counted-calls.js";
import { meetsThePage, probeInstances } from "./probe-prefix.js";

const REQUESTS = ["tools/list", "ping"].map((method) => (id: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method }));
const msg = (id: unknown, method: string, params?: unknown): string => JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
const call = (id: unknown, args: unknown): string => msg(id, "tools/call", { name: "search", arguments: args });
const note = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
const parsed = (text: string) => JSON.parse(text) as { id?: unknown; method: string; params?: unknown };

// The page's two calls, then the generated ones; the probed message last.
const SHARED = [msg(1, "initialize", { v: 1 }), note, msg(7, "tools/list"), call(8, { q: "a" }), msg(9, "ping"), call(1, { q: "c" }), msg(10, "tools/list"), call(11, { q: "z" })];
const G = SHARED.length - 1;

describe("the calls before a probed message", () => {
  const [page, probed] = probeInstances(SHARED, G, 2, REQUESTS);

  it("are the shared run's own, the page's first, in an instance after one that answered the page's", () => {
    expect(page).toEqual(SHARED.slice(0, 2));
    expect(probed).toHaveLength(SHARED.length);
    expect(probed!.at(-1)).toBe(SHARED[G]);
    expect(probed!.slice(0, 3)).toEqual(SHARED.slice(0, 3));
    expect(probed![4]).toBe(SHARED[4]);
    expect(probed![6]).toBe(SHARED[6]);
  });

  it("leave out the calls of its method, which an honest cache could answer it from, a call for a call under another call's id", () => {
    for (const k of [3, 5]) {
      const standIn = parsed(probed![k]!);
      expect(standIn.method).toBe("tools/list");
      expect([1, 7, 9, 10]).toContain(standIn.id);
    }
  });

  it("put a call of another method under the probed message's id under another, the call itself kept", () => {
    const calls = probeInstances([...SHARED.slice(0, 7), call(7, { q: "y" })], 7, 2, REQUESTS)[1]!;
    const moved = parsed(calls[2]!);
    expect(moved.method).toBe("tools/list");
    expect(moved.id).not.toBe(7);
  });

  it("leave out a notification of the probed one's kind, as a progress notification", () => {
    const calls = probeInstances([...SHARED.slice(0, 3), note], 3, 2, REQUESTS)[1]!;
    expect(calls[1]).toBe(PADDING_NOTIFICATION);
  });

  it("ask with another method than the probed message's", () => {
    const calls = probeInstances([...SHARED.slice(0, 3), msg(12, "tools/list")], 3, 2, REQUESTS)[1]!;
    expect(parsed(calls[2]!).method).toBe("ping");
  });

  it("say when the probed message meets one of the page's calls", () => {
    expect(meetsThePage(SHARED, G, 2)).toBe(false);
    expect(meetsThePage([...SHARED, msg(99, "initialize", { v: 2 })], SHARED.length, 2)).toBe(true);
  });
});
