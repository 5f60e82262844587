import { describe, expect, it } from "vitest";
import { PADDING_NOTIFICATION } from "./counted-calls.js";
import { meetsThePage, probeInstances } from "./probe-prefix.js";

const REQUESTS = ["tools/list", "ping"].map((method) => (id: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method }));
const msg = (id: unknown, method: string, params?: unknown): string => JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
const call = (id: unknown, args: unknown): string => msg(id, "tools/call", { name: "search", arguments: args });
const note = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });

// The page's two calls, then the generated ones; the probed message last.
const SHARED = [msg(1, "initialize", { v: 1 }), note, call(7, { q: "a" }), msg(8, "tools/list"), call(9, { q: "b" }), call(1, { q: "c" }), call(10, { q: "a", n: 2 }), call(11, { q: "z" })];
const G = SHARED.length - 1;

describe("the calls before a probed message", () => {
  const [page, probed] = probeInstances(SHARED, G, 2, REQUESTS);

  it("are the shared run's own, the page's first, in an instance after one that answered the page's", () => {
    expect(page).toEqual(SHARED.slice(0, 2));
    expect(probed).toHaveLength(SHARED.length);
    expect(probed!.at(-1)).toBe(SHARED[G]);
    expect(probed!.slice(0, 5)).toEqual(SHARED.slice(0, 5));
  });

  it("leave out what an honest memo would answer it from, a call for a call, as many as came before", () => {
    const probedAt = probeInstances(SHARED, 6, 2, REQUESTS)[1]!;
    // Message 6 ({q: "a", n: 2}) shares an argument value with message 2 ({q: "a"}): a stand-in request under another id.
    expect(JSON.parse(probedAt[2]!)).toMatchObject({ method: "tools/list" });
    expect(JSON.parse(probedAt[2]!).id).not.toBe(10);
    expect(probedAt.slice(3, 6)).toEqual(SHARED.slice(3, 6));
    expect(probedAt).toHaveLength(7);
  });

  it("put a call under the probed message's id under another, the call itself kept", () => {
    const withId = [...SHARED.slice(0, 7), call(9, { q: "y" })];
    const calls = probeInstances(withId, 7, 2, REQUESTS)[1]!;
    const moved = JSON.parse(calls[4]!) as { id: unknown; params: unknown };
    expect(moved.params).toEqual({ name: "search", arguments: { q: "b" } });
    expect(moved.id).not.toBe(9);
  });

  it("leave out a notification the probed one is, as a progress notification", () => {
    const calls = probeInstances([...SHARED.slice(0, 3), note], 3, 2, REQUESTS)[1]!;
    expect(calls[1]).toBe(PADDING_NOTIFICATION);
  });

  it("say when the probed message meets one of the page's calls", () => {
    expect(meetsThePage(SHARED, G, 2)).toBe(false);
    expect(meetsThePage([...SHARED, msg(99, "initialize", { v: 1 })], SHARED.length, 2)).toBe(true);
  });
});
