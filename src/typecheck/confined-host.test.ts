import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FileGate, readRegularFile, SUBMISSION_CAPS } from "./confined-host.js";

function folder(): { root: string; sub: string; grader: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), "grade-gate-"));
  const sub = path.join(root, "sub");
  const grader = path.join(root, "grader");
  mkdirSync(sub);
  mkdirSync(grader);
  writeFileSync(path.join(sub, "task1.ts"), "export const a = 1;\n");
  writeFileSync(path.join(grader, "lib.d.ts"), "declare const b: number;\n");
  writeFileSync(path.join(root, "classmate.ts"), "export const secret = 1;\n");
  return { root, sub, grader };
}

const gateOf = (f: ReturnType<typeof folder>) => new FileGate(f.sub, [f.grader], (abs) => path.relative(f.root, abs));

describe("FileGate", () => {
  it("reads the submission's regular files and the grader's own", () => {
    const f = folder();
    const gate = gateOf(f);
    expect(gate.read(path.join(f.sub, "task1.ts"))).toBe("export const a = 1;\n");
    expect(gate.read(path.join(f.grader, "lib.d.ts"))).toBe("declare const b: number;\n");
    expect(gate.refused.size).toBe(0);
  });

  it("refuses, with a reason and without blocking, what is not a regular file of the submission", () => {
    const f = folder();
    symlinkSync("/proc/self/fd/1", path.join(f.sub, "stdout.ts"));
    symlinkSync("/dev/zero", path.join(f.sub, "zero.ts"));
    execFileSync("mkfifo", [path.join(f.sub, "fifo.ts")]);
    symlinkSync(path.join(f.sub, "fifo.ts"), path.join(f.sub, "fifo-link.ts"));
    writeFileSync(path.join(f.sub, "huge.ts"), "");
    truncateSync(path.join(f.sub, "huge.ts"), 600 * 1024 * 1024);
    symlinkSync(path.join(f.root, "classmate.ts"), path.join(f.sub, "classmate.ts"));
    symlinkSync(path.join(f.sub, "nothing.ts"), path.join(f.sub, "dangling.ts"));
    mkdirSync(path.join(f.sub, "node_modules"));
    writeFileSync(path.join(f.sub, "node_modules", "x.ts"), "export {};\n");
    const gate = gateOf(f);
    const names = ["stdout.ts", "zero.ts", "fifo.ts", "fifo-link.ts", "huge.ts", "classmate.ts", "dangling.ts", "node_modules/x.ts"];
    for (const name of names) expect(gate.read(path.join(f.sub, name)), name).toBeUndefined();
    expect(gate.read(path.join(f.root, "classmate.ts"))).toBeUndefined();
    const why = (name: string) => gate.refused.get(path.join(f.sub, name));
    expect(why("stdout.ts")).toMatch(/^sub\/stdout.ts is a symbolic link that leads out of the submission folder/);
    expect(why("zero.ts")).toMatch(/leads out of the submission folder \(to \/dev\/zero\)/);
    expect(why("fifo.ts")).toMatch(/^sub\/fifo.ts is not a regular file \(a device, a FIFO or a socket/);
    expect(why("fifo-link.ts")).toMatch(/is not a regular file/);
    expect(why("huge.ts")).toMatch(/^sub\/huge.ts is too large to type-check \(a file may hold at most 512 KB/);
    expect(why("classmate.ts")).toMatch(/leads out of the submission folder/);
    expect(why("dangling.ts")).toMatch(/a symbolic link to nothing/);
    expect(why("node_modules/x.ts")).toMatch(/in a folder the grader skips, such as node_modules/);
    expect(gate.refused.get(path.join(f.root, "classmate.ts"))).toMatch(/^classmate.ts is outside the submission folder/);
    expect(gate.exists(path.join(f.sub, "absent.ts"))).toBe(false);
    expect(gate.refused.has(path.join(f.sub, "absent.ts"))).toBe(false);
  });

  it("holds the whole submission to the sandbox reader's caps", () => {
    const f = folder();
    const big = "x".repeat(SUBMISSION_CAPS.fileBytes - 10);
    const count = Math.ceil(SUBMISSION_CAPS.totalBytes / big.length) + 1;
    for (let i = 0; i < count; i++) writeFileSync(path.join(f.sub, `f${i}.ts`), big);
    const gate = gateOf(f);
    const read = Array.from({ length: count }, (_, i) => gate.read(path.join(f.sub, `f${i}.ts`)));
    expect(read.filter((t) => t !== undefined).length).toBe(Math.floor(SUBMISSION_CAPS.totalBytes / big.length));
    expect([...gate.refused.values()].at(-1)).toMatch(/too large to type-check/);
  });

  it("lets the compiler see the folders on the way to the grader's files, not others", () => {
    const f = folder();
    const gate = gateOf(f);
    expect(gate.directoryExists(f.sub)).toBe(true);
    expect(gate.directoryExists(f.grader)).toBe(true);
    expect(gate.directoryExists(f.root)).toBe(true);
    expect(gate.directoryExists(os.homedir())).toBe(false);
    expect(gate.directoryExists("/etc")).toBe(false);
  });
});

describe("readRegularFile", () => {
  it("reads /proc files (size 0) only up to the cap", () => {
    expect(readRegularFile("/proc/self/status", 10)).toEqual({ refused: "too-large", size: 11 });
    expect(readRegularFile("/dev/zero", 10)).toEqual({ refused: "not-regular" });
  });
});
