// The stateful pack's type check in its thread, with the engine's time and memory limits.
import { ProbeTypeCheck } from "../../../src/typecheck/probe-thread.js";
import { DEFAULT_LIMITS, type ThreadLimits } from "../../../src/typecheck/thread.js";
import { statefulSpec } from "./spec.js";

export class StatefulTypeCheck extends ProbeTypeCheck {
  constructor(limits: ThreadLimits = DEFAULT_LIMITS) {
    super(statefulSpec, limits);
  }
}
