import { describe, expect, it } from "vitest";
import type { StatusReport } from "../student/status.js";
import { HOSTILE, NORMAL, runnerCommands, terminalHazards } from "./hostile.js";
import { renderStatus } from "./status.js";

const status = (text: string): StatusReport => ({
  submission: text, score: 3, maxScore: 17, evidenceRight: 3, evidenceTotal: 17, tasksDone: 1, progressFile: `.grade/progress/${text}.json`,
  next: { task: "task2", text: `Make ${text}/task2.ts run: ${text}` },
  tasks: [
    { task: "task1", title: "Convert a tool definition", state: "done", score: 3, maxScore: 3, evidence: "evidence 3/3", failing: [] },
    { task: "task2", title: "Answer the protocol's messages", state: "does not run", score: 0, maxScore: 9, evidence: "evidence 0/9", failing: [] },
  ],
});

describe("renderStatus", () => {
  it("shows a hostile folder name and message with controls escaped and no CI command", () => {
    for (const color of [false, true]) {
      const out = renderStatus(status(HOSTILE), color);
      expect(terminalHazards(out)).toEqual([]);
      expect(runnerCommands(out)).toEqual([]);
    }
  });

  it("shows normal text as written", () => {
    const out = renderStatus(status(NORMAL), false);
    expect(out.split("\n")[0]).toBe(`grade status ${NORMAL}/ · score 3/17 · 3/17 evidence lines right · 1 of 2 tasks done`);
    expect(out).toContain(`Next: Make ${NORMAL}/task2.ts run: ${NORMAL}\n`);
  });
});
