import { describe, expect, it } from "vitest";
import { chargeLoadedPrint, ownOutput } from "./own-output.js";
import type { CheckResult } from "../report/types.js";

describe("whose print a line is", () => {
  it("leaves to a loaded task the lines its own run printed", () => {
    expect(ownOutput("converting logs_search\n", { "task1.ts": "converting logs_search\n" })).toEqual({ own: "", others: ["task1.ts"] });
  });

  it("keeps the task's own lines, in order", () => {
    const out = ownOutput("converting x\nhandling 1\nconverting x\nhandling 2\n", { "task1.ts": "converting x\n" });
    expect(out).toEqual({ own: "handling 1\nhandling 2\n", others: ["task1.ts"] });
  });

  it("leaves to a loaded task its lines that say other numbers in this run (a time, a count)", () => {
    expect(ownOutput("tools/list: 999 µs\n", { "task2.ts": "tools/list: 1000 µs\nserver/discover: 12 µs\n" })).toEqual({ own: "", others: ["task2.ts"] });
    expect(ownOutput("tools/list took long\n", { "task2.ts": "tools/list: 1000 µs\n" }).own).toBe("tools/list took long\n");
  });

  it("charges everything to the task when nothing it loaded printed, or nothing was loaded", () => {
    expect(ownOutput("hi\n", {})).toEqual({ own: "hi\n", others: [] });
    expect(ownOutput("hi\n", { "task1.ts": "" })).toEqual({ own: "hi\n", others: [] });
    expect(ownOutput("", { "task1.ts": "x" })).toEqual({ own: "", others: [] });
  });

  it("charges a live server's stdio and interop failures to the loaded task whose print it refused", () => {
    const check = (name: string, kind: string, status: CheckResult["status"], actual?: string): CheckResult => ({ name, kind, title: name, status, ...(actual === undefined ? {} : { actual }) });
    const printer = { task: "task1", check: "t1_no_stdout", file: "task1.ts" };
    const server = { task: "task2", stdioCheck: "t2_stdio_clean" };
    const tasks = (printed: string, refused: string) => [
      { task: "task1", checks: [check("t1_no_stdout", "output", "fail", printed)] },
      { task: "task2", checks: [check("t2_stdio_clean", "stdio", "fail", refused), check("t2_sdk_list", "interop", "fail"), check("t2_ids", "behaviour", "fail")] },
    ];
    const charged = chargeLoadedPrint(tasks("checking 1\nchecking 2\n", "checking 2"), printer, server)!;
    expect(charged.map((c) => c.chargedTo)).toEqual(["t1_no_stdout", "t1_no_stdout", undefined]);
    expect(charged[0]!.message).toMatch(/task1\.ts's print, charged by t1_no_stdout/);
    // A line the loaded task never printed is the server's own, and a passing print check explains nothing.
    expect(chargeLoadedPrint(tasks("checking 1\n", "oops"), printer, server)).toBeUndefined();
    expect(chargeLoadedPrint([{ task: "task1", checks: [check("t1_no_stdout", "output", "pass")] }, tasks("x", "x")[1]!], printer, server)).toBeUndefined();
  });
});
