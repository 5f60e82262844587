import { describe, expect, it } from "vitest";
import type { WireRun } from "../sandbox/protocol.js";
import { groupRuns, handlePadding, MOST_PADDING, padding, PADDING_NOTIFICATION, probedEnd } from "./counted-calls.js";

const REQUESTS = ["tools/list", "ping"].map((method) => (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method }));
const parsed = (calls: string[]) => calls.map((c) => JSON.parse(c) as { id?: unknown; method: string });

describe("the count probe's padding", () => {
  it("is a notification MCP has, about no request, which no rule answers", () => {
    const m = JSON.parse(PADDING_NOTIFICATION) as Record<string, unknown>;
    expect(m).not.toHaveProperty("id");
    expect(m["method"]).toBe("notifications/progress");
  });

  it("is as many calls as came before, up to MOST_PADDING", () => {
    expect(padding(3, "x")).toEqual(["x", "x", "x"]);
    expect(padding(0, "x")).toEqual([]);
    expect(padding(MOST_PADDING + 7, "x")).toHaveLength(MOST_PADDING);
  });

  it("for handle, holds as many requests as calls came before, each between notifications, under ids of their own", () => {
    const calls = parsed(handlePadding(3, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call" }), REQUESTS));
    expect(calls.map((c) => c.method)).toEqual(["notifications/progress", "tools/list", "notifications/progress", "tools/list", "notifications/progress", "tools/list"]);
    const ids = calls.filter((c) => "id" in c).map((c) => c.id);
    expect(new Set(ids).size).toBe(3);
    expect(handlePadding(MOST_PADDING + 7, "{}", REQUESTS)).toHaveLength(2 * MOST_PADDING);
    expect(handlePadding(0, "{}", REQUESTS)).toEqual([]);
  });

  it("for handle, asks with another method than the probed message's, so that no cache by method holds its answer", () => {
    const calls = parsed(handlePadding(2, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), REQUESTS));
    expect(calls.filter((c) => "id" in c).map((c) => c.method)).toEqual(["ping", "ping"]);
    // A probed input that is no object.
    expect(parsed(handlePadding(1, "7", REQUESTS))[1]!.method).toBe("tools/list");
  });
});

describe("the count probe's runs", () => {
  it("are one a group, each in a fresh instance and context", () => {
    const runs = groupRuns({ entry: "task2.ts", exportName: "handle" }, [["a", "b"], ["c"]]);
    expect(runs.map((r) => [r.inputs, r.groups, r.instance, r.context])).toEqual([[["a", "b"], [2], "fresh", "fresh"], [["c"], [1], "fresh", "fresh"]]);
  });

  const ran = (calls: number, stopped?: "timeout" | "backstop"): WireRun => ({
    status: "ran", calls: Array.from({ length: calls }, () => ({ ok: true as const, value: "null" })), stdout: "", stderr: "", durationMs: 1,
    ...(stopped ? { stopped: { reason: stopped, message: "stopped" } } : {}),
  });

  it("judge the probed input when it was answered, fail a rule whose run the code stopped, and judge nothing on the grader's trouble", () => {
    expect(probedEnd(ran(3), 3)).toBe("answered");
    expect(probedEnd(ran(2, "timeout"), 3)).toBe("fail");
    expect(probedEnd({ status: "failed", failure: { reason: "budget", message: "m" }, stdout: "", stderr: "", durationMs: 1 }, 3)).toBe("fail");
    expect(probedEnd(ran(2, "backstop"), 3)).toBe("error");
    expect(probedEnd({ status: "skipped" }, 3)).toBe("error");
    expect(probedEnd(undefined, 3)).toBe("error");
  });
});
