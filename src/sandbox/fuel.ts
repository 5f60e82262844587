// Limits counted in work, not time. QuickJS calls its interrupt handler once every 10,000 of its
// own ticks (a function call, a loop's jump back, a step of a regular expression), whatever the
// machine and its load: each call is one unit of fuel. The same code on the same inputs uses the
// same fuel on a laptop, in CI and in a batch of a thousand, so its verdict is the same.
// Budgets are sized from the reference solutions (bench/fuel.ts measures them; docs/sandbox.md
// has the figures). The clock stays only as a backstop, for work that does not tick.
import { Backstop, ownThreadId } from "./thread-cpu.js";

/**
 * The most fuel a reference solution's run used, over the packs and the seeds measured: 22, and 25 since
 * stop 63 (the stateless client's late runs), within the quarter of drift test/fuel-budget.test.ts
 * allows; kept, so that a run's budget (RUN_FUEL) stays where the loop tests and messages have it.
 */
export const REFERENCE_RUN_FUEL = 22;
/** The most fuel a reference solution used for a whole submission (all its tasks' runs). */
export const REFERENCE_SUBMISSION_FUEL = 108;
/**
 * One call's budget within its run (RunSpec.callFuel for an export whose calls do more): a call
 * that uses it up is stopped alone, as that input's failure, and the run goes on. A call of a
 * reference solution uses at most 1 unit (bench/fuel.ts; a unit is 10,000 steps, so that is an
 * upper bound): 100 is CALL_FUEL_FACTOR times that (test/fuel-budget.test.ts keeps it true).
 */
export const CALL_FUEL = 100;
/** How many times the largest use of a reference's call each call's first budget is, at least. */
export const CALL_FUEL_FACTOR = 100;
/**
 * Once a call of a run has been stopped, each later call of that run gets this share of the
 * first budget: code that loops on one kind of input then has every such input stopped before
 * the run's own budget runs out (chapter 2's generated run holds up to 94 notifications among
 * about 550 on seed 1: 100 + 93 × 5 units of its 1,100). 5 units is still about a hundred times
 * what a reference handle's call uses on average (a whole run of 555 calls uses 25).
 */
export const AFTER_STOP_SHARE = 20;
/** A run's budget: about 50 times the largest reference run. */
export const RUN_FUEL = 50 * REFERENCE_RUN_FUEL;
/**
 * A run's budget for `spec`: RUN_FUEL (`base`), or, for a run whose calls each get more than the
 * default (serve's, whose one call answers a whole list), enough for every input to be stopped
 * alone with the reference's whole run beside: its first call's budget, every later input's share
 * after a stop, and REFERENCE_RUN_FUEL. With RUN_FUEL alone, about 20 of serve's lists could be
 * stopped after the first (600 + 20 × 30 units), and chapter 2 draws more than 25 lists with a
 * line that is not JSON, so a serve that loops on such a line alone lost points past its mistake
 * on some seeds. No more than that: a serve that loops on every list uses all of it (bench:
 * docs/speed.md). A run of default calls needs none: 200 of its inputs can be stopped (handle's
 * most of one kind is 94).
 */
export function runFuelOf(spec: { callFuel?: number; inputs: readonly unknown[] }, base: number): number {
  if (spec.callFuel === undefined || spec.callFuel <= CALL_FUEL || spec.inputs.length < 2) return base;
  // The +1: a stopped call has used one unit past its share.
  const stops = spec.callFuel + (spec.inputs.length - 1) * (Math.max(1, Math.floor(spec.callFuel / AFTER_STOP_SHARE)) + 1);
  return Math.max(base, stops + REFERENCE_RUN_FUEL);
}
/**
 * A submission's budget, all its runs together: 28 times the largest reference submission. It was
 * 50 times 60, then 40 times 76; the stateless reference grew to 108 with more runs (the client's
 * late calls, rounds of many questions, serve's long lines), and the budget was kept where it was
 * each time, far above any correct submission's use, rather than grow the time a submission
 * looping everywhere takes to stop. Each run's own budget (RUN_FUEL, 50 times) is the margin that
 * matters to a slow correct run.
 */
export const SUBMISSION_FUEL = 28 * REFERENCE_SUBMISSION_FUEL;
/**
 * The processor time a run may spend without a single unit of fuel counted, past which the pool
 * ends the thread (watchdog.ts): only work that does not tick (a built-in call on a huge value)
 * goes that long; the costliest ticking work measured takes about 40 ms a unit. A run's whole
 * processor time is held to RUN_CPU_FACTOR times as much (a loop of such calls that ticks now
 * and then), far above what a run that uses all its fuel takes.
 */
export const NATIVE_CPU_MS = 5_000;
export const RUN_CPU_FACTOR = 12;
/**
 * One module load's own budget (a run's first load, or a fresh instance's): a load is counted
 * apart from the run's calls, so that a run that loads its module afresh for each input (the
 * stateless pack's fresh-instance run, a load per input) does not spend the calls' budget on the
 * grader's choice to load again. A reference load uses less than a unit (test/fuel-budget.test.ts
 * keeps it under LOAD_FUEL / CALL_FUEL_FACTOR); a load gets as much as a whole run, which a run's
 * one load could use before. A load that uses it up (a loop at the top level) stops the run, the
 * student's timeout, as before.
 */
export const LOAD_FUEL = RUN_FUEL;
/**
 * All of a submission's loads together: ten times its runs' budget. It bounds the work (and the
 * time) of a module whose every load is slow but ends, loaded afresh hundreds of times, with room
 * for a correct one that builds a large table at load (docs/sandbox.md has the figures).
 */
export const LOADS_FUEL = 10 * SUBMISSION_FUEL;
/** The guest's mark for "a module load starts" (guest.js run); the next mark ends it. */
export const LOAD_MARK = -2;

/** After a stop, what reading back the run's record may use (it returns a string it holds). */
export const TAKE_FUEL = 100;

/**
 * The sandbox's clock (globals/clock.js) advances a millisecond per unit of fuel: about what a
 * unit of a reference solution's work takes here, and the same on every machine.
 */
export const CLOCK_MS_PER_FUEL = 1;

/**
 * And a second for each call and module load a run begins: the grader's calls come one after
 * another with nothing between them, and code that did the rules' work only in the first
 * milliseconds after its load (which the fixtures' calls fall in) kept every point
 * (cheats-2026-12-05d, `*-time-window*`). No rule of a chapter reads the time between calls.
 */
export const CALL_CLOCK_STEP_MS = 1000;

/**
 * "call": one call of a run used its own budget (CALL_FUEL); the run goes on from the next input.
 * "load": a module load used its own (LOAD_FUEL) or what was left of the loads' (LOADS_FUEL).
 */
export type Stop = "fuel" | "clock" | "call" | "load";

/**
 * A session's meter: the fuel used since the last start, the limit, and the clock's backstop.
 * tick() is the engine's interrupt handler; true stops the code.
 */
export class FuelMeter {
  used = 0;
  limit = RUN_FUEL;
  backstopMs = 0;
  /** The clock's backstop, in the thread's processor time (thread-cpu.ts). */
  private backstop = new Backstop(undefined, Infinity);
  /** This thread's id, for its processor time. */
  private readonly tid = ownThreadId();
  /** Why the engine was last told to stop, until the next start. */
  stop: Stop | undefined;

  /** The input whose call is running (the guest marks it), or -1 between calls. */
  callAt = -1;
  private callStart = 0;
  callLimit = CALL_FUEL;
  private firstCallLimit = CALL_FUEL;
  /** The most one call that returned used since the last start (bench/fuel.ts reads it). */
  largestCall = 0;

  /** A module load is running (the guest's LOAD_MARK, until its next mark): its ticks are the load's. */
  loading = false;
  private loadUsed = 0;
  /** This load's bound: LOAD_FUEL, or less when the submission's loads have little left. */
  loadLimit = LOAD_FUEL;
  /** What the submission's loads may still use, from the last start. */
  private loadsLeft = LOADS_FUEL;
  /** Every load's fuel since the last start, and the most one load used. */
  loadsUsed = 0;
  largestLoad = 0;

  /** `loadsLeft`: what the submission's loads may still use (LOADS_FUEL for a first run). */
  start(limit: number, backstopMs: number, loadsLeft = LOADS_FUEL): void {
    this.used = 0;
    this.callAt = -1;
    this.largestCall = 0;
    this.loading = false;
    this.loadsLeft = loadsLeft;
    this.loadsUsed = 0;
    this.largestLoad = 0;
    this.limit = limit;
    this.backstopMs = backstopMs;
    this.backstop = new Backstop(this.tid, backstopMs);
    this.stop = undefined;
  }

  /** The guest's mark: input `at`'s call starts (at >= 0), or the call that was running ended (-1). */
  mark(at: number): void {
    if (this.callAt >= 0) this.largestCall = Math.max(this.largestCall, this.used - this.callStart);
    if (this.loading) { this.loading = false; this.largestLoad = Math.max(this.largestLoad, this.loadUsed); }
    if (at === LOAD_MARK) {
      this.loading = true;
      this.loadUsed = 0;
      this.loadLimit = Math.max(0, Math.min(LOAD_FUEL, this.loadsLeft - this.loadsUsed));
      at = -1;
    }
    this.callAt = at;
    this.callStart = this.used;
  }

  /** After a call's own stop: the run goes on, its budget and backstop as they were, each later call's budget smaller (AFTER_STOP_SHARE). */
  goOn(): void {
    this.callAt = -1;
    this.loading = false;
    this.stop = undefined;
    this.shrinkCallLimit();
  }

  /** Each call's budget from now on: AFTER_STOP_SHARE of the first. */
  shrinkCallLimit(): void {
    this.callLimit = Math.max(1, Math.floor(this.firstCallLimit / AFTER_STOP_SHARE));
  }

  /** A run's budget for each call (until one is stopped). */
  setCallLimit(limit: number): void {
    this.firstCallLimit = this.callLimit = limit;
  }

  /** A little more, after a stop, to read back what was done (the clock's limit stays the backstop). */
  extend(fuel: number, backstopMs: number): void {
    this.loading = false;
    this.limit = this.used + fuel;
    this.backstop = new Backstop(this.tid, backstopMs);
  }

  /** Every unit counted in this instance, where the pool can read it (watchdog.ts). */
  constructor(private readonly shared?: Int32Array) {}

  /** While the grader's own code runs in the engine (a context's set-up): nothing counted, nothing stopped. */
  paused = false;

  /** Every unit counted since the meter was made, across limits (the sandbox's clock reads it). */
  total = 0;

  readonly tick = (): boolean => {
    if (this.shared) this.shared[0] = (this.shared[0]! + 1) | 0;
    if (this.paused) return false;
    this.total += 1;
    if (this.loading) {
      // A load's work is its own, within its bound: none of it is the run's calls'.
      this.loadUsed += 1;
      this.loadsUsed += 1;
      if (this.loadUsed > this.loadLimit) { this.stop ??= "load"; return true; }
      if (this.backstop.passed()) { this.stop ??= "clock"; return true; }
      return false;
    }
    this.used += 1;
    if (this.used > this.limit) { this.stop ??= "fuel"; return true; }
    if (this.callAt >= 0 && this.used - this.callStart > this.callLimit) { this.stop ??= "call"; return true; }
    if (this.backstop.passed()) { this.stop ??= "clock"; return true; }
    return false;
  };
}
