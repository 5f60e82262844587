// A pack's ProbeSpec type check in its thread, with the engine's time and memory limits.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CompilerChoice } from "./compilers.js";
import type { ProbeSpec } from "./probe-spec.js";
import { DEFAULT_LIMITS, PACKAGE_ROOT, TypeCheckThread, type ThreadLimits } from "./thread.js";

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), "probe-worker.ts");

export class ProbeTypeCheck extends TypeCheckThread {
  constructor(spec: (packageRoot: string) => ProbeSpec, limits: ThreadLimits = DEFAULT_LIMITS, compiler: CompilerChoice = "auto") {
    super(WORKER, limits, { spec: spec(PACKAGE_ROOT), compiler });
  }
}
