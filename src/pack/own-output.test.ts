import { describe, expect, it } from "vitest";
import { ownOutput } from "./own-output.js";

describe("whose print a line is", () => {
  it("leaves to a loaded task the lines its own run printed", () => {
    expect(ownOutput("converting logs_search\n", { "task1.ts": "converting logs_search\n" })).toEqual({ own: "", others: ["task1.ts"] });
  });

  it("keeps the task's own lines, in order", () => {
    const out = ownOutput("converting x\nhandling 1\nconverting x\nhandling 2\n", { "task1.ts": "converting x\n" });
    expect(out).toEqual({ own: "handling 1\nhandling 2\n", others: ["task1.ts"] });
  });

  it("charges everything to the task when nothing it loaded printed, or nothing was loaded", () => {
    expect(ownOutput("hi\n", {})).toEqual({ own: "hi\n", others: [] });
    expect(ownOutput("hi\n", { "task1.ts": "" })).toEqual({ own: "hi\n", others: [] });
    expect(ownOutput("", { "task1.ts": "x" })).toEqual({ own: "", others: [] });
  });
});
