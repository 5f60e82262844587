import { describe, expect, it } from "vitest";
import { Worker } from "node:worker_threads";
import { startEarlyThread, takeEarlyThread } from "./early-thread.cjs";

const reply = (worker: Worker): Promise<unknown> => new Promise((resolve, reject) => {
  worker.once("message", resolve);
  worker.once("error", reject);
});

describe("the sandbox thread started early", () => {
  it("runs the code it is handed later, with its data as the thread's workerData would have been", async () => {
    startEarlyThread();
    startEarlyThread(); // once per process: the second start leaves the first thread waiting
    const code = `const { parentPort, workerData } = require("node:worker_threads");
      parentPort.postMessage({ data: globalThis[Symbol.for("grade.threadData")], workerData: workerData ?? null, env: Object.keys(process.env).length });`;
    const worker = takeEarlyThread(code, { wasmPath: "x", n: 1 });
    expect(worker).toBeDefined();
    try {
      expect(await reply(worker!)).toEqual({ data: { wasmPath: "x", n: 1 }, workerData: null, env: 0 });
      // It was taken: a pool that asks again makes its own.
      expect(takeEarlyThread(code, {})).toBeUndefined();
    } finally {
      await worker!.terminate();
    }
  });

  it("is not there when nothing started it", () => {
    expect(takeEarlyThread("", {})).toBeUndefined();
  });
});
