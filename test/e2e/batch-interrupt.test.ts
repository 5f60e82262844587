// Ctrl-C on grade batch, through the real CLI: the batch stops, says how far it got and the
// command that resumes, leaves no half-written results file, and the same command then goes on
// from where it stopped.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { overlay } from "../overlay.js";
import { ROOT, runCli, tempDir } from "./cli.js";

const IDS = ["s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "s10", "s11", "s12"];

describe("grade batch interrupted by Ctrl-C", () => {
  it("says how to resume, cleans up, and resumes with the same command", async () => {
    const cwd = tempDir("grade-interrupt-");
    for (const id of IDS) overlay(path.join(cwd, "class", id));
    // What a batch killed outright (kill -9) left behind, by a process that is gone.
    const out = path.join(cwd, "out");
    mkdirSync(out);
    writeFileSync(path.join(out, "results.json.999999999.partial"), "[\n");

    const args = ["batch", "class", "--out", "out", "--jobs", "1", "--no-behaviour"];
    const child = spawn(process.execPath, [path.join(ROOT, "bin", "grade.js"), ...args], { cwd, env: { ...process.env, NO_COLOR: "1" } });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => { stderr += d.toString(); });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    // Interrupted once a few submissions are saved (each saves its evidence file).
    const log = path.join(out, ".grade-state", "graded.jsonl");
    while (!existsSync(log) || readFileSync(log, "utf8").split("\n").filter(Boolean).length < 3) await sleep(50);
    child.kill("SIGINT");
    const code = await exited;
    const partials = (): string[] => readdirSync(out).filter((f) => f.endsWith(".partial"));

    if (stderr.includes("interrupted after")) {
      expect(code).toBe(130);
      expect(stderr).toMatch(/grade batch: interrupted after (\d+) of 12 submissions\. Their results are saved in out\/\.grade-state\//);
      expect(stderr).toContain(`  npx grade ${args.join(" ")}\n`);
      expect(partials()).toEqual([]);
    } else {
      // The class was graded before the signal arrived: nothing to resume, nothing left over.
      expect(code).toBe(0);
    }
    const again = await runCli(args, { cwd });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/12 submissions/);
    expect(Number(/(\d+) unchanged since the last run/.exec(again.stdout)?.[1])).toBeGreaterThanOrEqual(3);
    expect(partials()).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(out, "results.json"), "utf8"))).toHaveLength(12);
  }, 300_000);
});
