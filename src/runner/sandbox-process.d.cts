import type { ChildProcess } from "node:child_process";

export declare const MEMORY_LIMIT_MB: number;
export declare const SANDBOX_FLAGS: string[];
/** A new sandbox process, waiting for its code (see pool.ts). */
export declare function spawnSandbox(): ChildProcess;
