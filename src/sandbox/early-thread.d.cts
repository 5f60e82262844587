import type { Worker, WorkerOptions } from "node:worker_threads";
/** The sandbox thread's options but its code and data: limits, an empty environment, piped output. */
export declare const THREAD_OPTIONS: Readonly<Pick<WorkerOptions, "resourceLimits" | "env" | "stdout" | "stderr">>;
/** The threads made from now on have gc() (worker.ts collects a large finished engine). */
export declare function exposeGcToThreads(): void;
/** Starts a sandbox thread that waits for its code, once per process. */
export declare function startEarlyThread(): void;
/** The waiting thread, handed `code` to run with `data` (what it reads as workerData), or undefined. */
export declare function takeEarlyThread(code: string, data: object): Worker | undefined;
