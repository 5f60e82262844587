import { describe, expect, it } from "vitest";
import { Backstop, ownThreadId, threadCpuMs, WALL_FACTOR } from "./thread-cpu.js";

const tid = ownThreadId();
const sleep = (ms: number): void => { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms); };
const spin = (cpuMs: number): void => { const at = threadCpuMs(tid)!; while (threadCpuMs(tid)! - at < cpuMs) { /* work */ } };

describe.skipIf(tid === undefined || threadCpuMs(tid) === undefined)("Backstop: a backstop in the thread's processor time", () => {
  it("is not passed by wall time the thread spent waiting, and is by its own work", () => {
    const backstop = new Backstop(tid, 60);
    sleep(150); // the wall clock is past it; the thread did nothing
    expect(backstop.passed()).toBe(false);
    spin(120);
    expect(backstop.passed()).toBe(true);
  });

  it("is passed by the wall clock alone after WALL_FACTOR times its span", () => {
    const backstop = new Backstop(tid, 5);
    sleep(5 * WALL_FACTOR + 20);
    expect(backstop.passed()).toBe(true);
  });
});

describe("Backstop without a thread's processor time (not Linux)", () => {
  it("is the wall clock", () => {
    const backstop = new Backstop(undefined, 20);
    expect(backstop.passed()).toBe(false);
    sleep(40);
    expect(backstop.passed()).toBe(true);
  });
});
