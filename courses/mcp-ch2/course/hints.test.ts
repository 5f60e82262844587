import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EVIDENCE_RULES, keysOfTask } from "./evidence-keys.js";
import { HINTS } from "./hints.js";
import { TASK_IDS, TASKS } from "./tasks.js";

const CHAPTER_SECTIONS = [
  "The failure, before the explanation", "The messages are JSON-RPC", "Starting a connection: initialize and capabilities",
  "Discovering and calling a tool", "When something goes wrong: two kinds of error", "Hands-on Project", "Task 2's rule 1",
];

describe("hints", () => {
  it.each(TASK_IDS)("%s has at least three non-empty levels, each naming a part of the chapter", (task) => {
    expect(HINTS[task].length).toBeGreaterThanOrEqual(3);
    for (const hint of HINTS[task]) {
      expect(hint.text.trim().length).toBeGreaterThan(40);
      expect(CHAPTER_SECTIONS.some((s) => hint.reread.includes(s))).toBe(true);
    }
  });

  it.each(TASK_IDS)("%s's last level states the exact rule", (task) => {
    expect(HINTS[task].at(-1)!.text).toMatch(/^The exact rule/);
  });

  it.each(TASK_IDS)("%s's hints never give a whole evidence value that is not stated by the rules themselves", (task) => {
    const text = HINTS[task].map((h) => h.text).join("\n");
    // Values of more than a word are answers: a hint may state the rule, never print the line.
    for (const key of keysOfTask(task)) {
      const accepted = EVIDENCE_RULES[key].accepted;
      if (accepted.length > 12) expect(text, key).not.toContain(accepted);
    }
  });

  it.each(TASK_IDS)("%s's hints contain no line of the reference solution", (task) => {
    const solution = readFileSync(path.join(import.meta.dirname, "..", "..", "..", "solutions", TASKS[task].file), "utf8");
    const text = HINTS[task].map((h) => h.text).join("\n");
    const codeLines = solution.split("\n").map((l) => l.trim()).filter((l) => l.length > 25 && !l.startsWith("//"));
    for (const line of codeLines) expect(text).not.toContain(line);
  });
});
