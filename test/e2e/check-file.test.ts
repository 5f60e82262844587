// grade check FILE through the real CLI while the code is still the starters: the file is
// checked against the rules alone, and the report says the comparison with the code was left out.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import pack from "../../courses/mcp-ch2/pack.js";
import { runCli, tempDir } from "./cli.js";

const RIGHT = pack.evidence.map((e) => `${e.key}: ${e.accepted}`).join("\n") + "\n";

describe("grade check on a hand-written file beside untouched starters", () => {
  it("passes a right file, exit 0, saying the code comparison was left out", async () => {
    const cwd = tempDir("grade-check-");
    expect((await runCli(["init", "my-work"], { cwd })).code).toBe(0);
    writeFileSync(path.join(cwd, "mine.txt"), RIGHT);
    const run = await runCli(["check", "mine.txt", "--dir", "my-work"], { cwd });
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain(`${pack.evidence.length}/${pack.evidence.length} lines match their rule`);
    expect(run.stdout).toContain("Not compared with the code: the code in my-work/ is still the starters (not written yet), so the comparison with what it prints was left out.");
    expect(run.stdout).toContain(`${pack.evidence.length} passed, 0 failed`);
    expect(run.code).toBe(0);
  });

  it("fails a wrong line, and says what its value should show", async () => {
    const cwd = tempDir("grade-check-");
    expect((await runCli(["init", "my-work"], { cwd })).code).toBe(0);
    writeFileSync(path.join(cwd, "mine.txt"), RIGHT.replace("t1_keys: description,inputSchema,name", "t1_keys: description, inputSchema, name"));
    const run = await runCli(["check", "mine.txt", "--dir", "my-work"], { cwd });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/t1_keys[\s\S]*space/);
  });
});
