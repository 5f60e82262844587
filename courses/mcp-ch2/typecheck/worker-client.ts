// Chapter 2's type check in its thread, with the engine's time and memory limits.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CompilerChoice } from "../../../src/typecheck/compilers.js";
import { DEFAULT_LIMITS, TypeCheckThread, type ThreadLimits } from "../../../src/typecheck/thread.js";

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), "worker.ts");

export class TypeCheckWorker extends TypeCheckThread {
  constructor(limits: ThreadLimits = DEFAULT_LIMITS, compiler: CompilerChoice = "auto") {
    super(WORKER, limits, { compiler });
  }
}
