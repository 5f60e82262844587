// The one error boundary, called in-process: user errors exit 2 with their paragraph, anything
// else is reported as a bug in grade (exit 3) without a stack unless GRADE_DEBUG is set.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "./main.js";
import type { Io } from "./output.js";

function io(overrides: Partial<Io> = {}): Io & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd: mkdtempSync(path.join(os.tmpdir(), "grade-main-")), env: {}, isTTY: false,
    stdout: (t) => { out.push(t); }, stderr: (t) => { err.push(t); }, out, err, ...overrides,
  };
}

describe("main", () => {
  it("maps a UserError to exit 2 with its message on stderr", async () => {
    const x = io();
    expect(await main(["--dir", "missing"], x)).toBe(2);
    expect(x.err.join("")).toMatch(/^grade: The submission folder missing does not exist/);
  });

  it("maps an unexpected error to exit 3, named as a bug in grade, stack only on request", async () => {
    const broken = io({ stdout: () => { throw new Error("stdout is gone"); } });
    expect(await main(["--version"], broken)).toBe(3);
    expect(broken.err.join("")).toMatch(/internal error, a bug in grade itself, not in your code: stdout is gone \(set GRADE_DEBUG=1/);
    const debug = io({ env: { GRADE_DEBUG: "1" }, stdout: () => { throw new Error("stdout is gone"); } });
    await main(["--version"], debug);
    expect(debug.err.join("")).toMatch(/\n\s+at /);
  });
});
