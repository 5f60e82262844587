import { describe, expect, it } from "vitest";
import { NORMAL, hostileReport, runnerCommands, terminalHazards } from "./hostile.js";
import { renderJson } from "./json.js";

describe("json reporter", () => {
  it("carries a hostile submission's report exactly, escaped so no terminal or CI runner acts on it", () => {
    const report = hostileReport();
    const text = renderJson(report);
    expect(JSON.parse(text)).toEqual(report);
    expect(terminalHazards(text)).toEqual([]);
    expect(runnerCommands(text)).toEqual([]);
    expect(text).toContain("\\u001b]8;;http://x\\u0007click");
    expect(text).toContain("\\u009b31m");
    expect(text).toContain("\\u202e");
  });

  it("is plain JSON.stringify for normal text", () => {
    const report = hostileReport(NORMAL);
    expect(renderJson(report)).toBe(`${JSON.stringify(report, null, 2)}\n`);
  });
});
