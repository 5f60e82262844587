// The live checks' waits, on vitest's clock (no real time passes): a connect waits its long limit
// for a server's first work, and a request's short one once the server wrote a line the client
// could not read.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectWait, NoAnswer } from "./time-limit.js";

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

describe("connectWait", () => {
  it("waits the connect limit for a server that says nothing", async () => {
    const wait = connectWait(new Promise<never>(() => undefined), 15_000, 3000, "initialize");
    const seen = wait.result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await seen).toBeInstanceOf(NoAnswer);
    expect(String(await seen)).toMatch(/no answer to initialize within 15000 ms/);
  });

  it("waits a request's limit after a line the client could not read", async () => {
    const wait = connectWait(new Promise<never>(() => undefined), 15_000, 3000, "initialize");
    let settled: unknown;
    void wait.result.catch((e: unknown) => { settled = e; });
    await vi.advanceTimersByTimeAsync(1000);
    wait.unreadable();
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBeUndefined();
    // A second unreadable line does not start the wait again.
    wait.unreadable();
    await vi.advanceTimersByTimeAsync(1);
    expect(String(settled)).toMatch(/no answer to initialize it could read within 3000 ms of a line it could not read/);
  });

  it("answers with the connect's own result, readable lines or not, and leaves no timer behind", async () => {
    let resolve: (v: string) => void = () => undefined;
    const wait = connectWait(new Promise<string>((r) => { resolve = r; }), 15_000, 3000, "initialize");
    wait.unreadable();
    resolve("connected");
    expect(await wait.result).toBe("connected");
    wait.unreadable();
    expect(vi.getTimerCount()).toBe(0);
  });
});
