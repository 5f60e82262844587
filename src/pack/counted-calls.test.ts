import { describe, expect, it } from "vitest";
import type { RunSpec, WireRun } from "../sandbox/protocol.js";
import { afterLoads, groupRuns, loadsBefore, MOST_PADDING, padding, PADDING_NOTIFICATION, probedEnd } from "./counted-calls.js";

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

describe("the count probe's instances made before the probed one", () => {
  const spec = (entry: string, more: Partial<RunSpec> = {}): RunSpec => ({ entry, exportName: "f", inputs: ["1", "2"], instance: "shared", stopOnFailure: false, ...more });
  const ran = (modules: string[], calls = 2): WireRun => ({ status: "ran", calls: Array.from({ length: calls }, () => ({ ok: true as const, value: "null" })), modules, stdout: "", stderr: "", durationMs: 1 });

  it("are as many as the shared context made of any one module before the probed run, none of a run in a context of its own", () => {
    const specs = [spec("task1.ts"), spec("task1.ts"), spec("task2.ts"), spec("task2.ts", { instance: "fresh", context: "fresh" }), spec("task2.ts")];
    const runs = [ran(["task1.ts"]), ran(["task1.ts"]), ran(["task2.ts", "task1.ts"]), ran(["task2.ts", "task1.ts"]), ran(["task2.ts", "task1.ts"])];
    expect(loadsBefore(specs, runs, 4)).toBe(3);
    expect(loadsBefore(specs, runs, 2)).toBe(2);
    // A fresh instance a call in the shared context is a load each; a run that did not load, one; a skipped one, none.
    const more = [spec("task2.ts", { instance: "fresh" }), spec("task2.ts"), spec("task2.ts")];
    expect(loadsBefore(more, [ran(["task2.ts"], 3), { status: "failed", failure: { reason: "throw", message: "x" }, stdout: "", stderr: "", durationMs: 1 }, { status: "skipped" }], 3)).toBe(4);
    expect(loadsBefore([], [], 0)).toBe(0);
  });

  it("are the page's instance made again until the probed one comes after as many", () => {
    expect(afterLoads([["p"], ["x", "probed"]], 3)).toEqual([["p"], ["p"], ["p"], ["x", "probed"]]);
    expect(afterLoads([["p"], ["x", "probed"]], 0)).toEqual([["p"], ["x", "probed"]]);
    expect(afterLoads([["p"], ["q"], ["probed"]], 3)).toEqual([["p"], ["p"], ["q"], ["probed"]]);
    expect(afterLoads([["p"], ["probed"]], 1_000)).toHaveLength(17);
  });
});
