import { describe, expect, it } from "vitest";
import type { WireRun } from "../sandbox/protocol.js";
import { groupRuns, MOST_PADDING, padding, PADDING_NOTIFICATION, probedEnd } from "./counted-calls.js";

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
});

describe("the count probe's runs", () => {
  it("are one a probed input, each in a fresh context, its instances in order", () => {
    const runs = groupRuns({ entry: "task2.ts", exportName: "handle" }, [[["a", "b"], ["c"]], [["d"]]]);
    expect(runs.map((r) => [r.inputs, r.groups, r.instance, r.context])).toEqual([[["a", "b", "c"], [2, 1], "fresh", "fresh"], [["d"], [1], "fresh", "fresh"]]);
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
