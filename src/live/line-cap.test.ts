import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { capLines } from "./line-cap.js";

describe("the line cap on a live server's stdout", () => {
  it("stops a server that writes past the cap without a newline, and says so first", async () => {
    const child = spawn(process.execPath, ["-e", "const c = 'x'.repeat(16384); (function w() { process.stdout.write(c, w); })();"], { stdio: ["ignore", "pipe", "ignore"] });
    let capped = 0;
    capLines(child, () => { capped += 1; }, 256 * 1024);
    child.stdout!.resume();
    const [code, signal] = await once(child, "exit") as [number | null, NodeJS.Signals | null];
    expect(capped).toBe(1);
    expect(signal ?? code).toBe("SIGKILL");
  });

  it("leaves a server alone whose lines end before the cap", async () => {
    const child = spawn(process.execPath, ["-e", "for (let i = 0; i < 64; i++) process.stdout.write('y'.repeat(100000) + '\\n');"], { stdio: ["ignore", "pipe", "ignore"] });
    let capped = 0;
    capLines(child, () => { capped += 1; }, 256 * 1024);
    child.stdout!.resume();
    const [code] = await once(child, "exit") as [number | null];
    expect(capped).toBe(0);
    expect(code).toBe(0);
  });
});
