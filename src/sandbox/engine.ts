// Runs one submission's request (a sandbox thread's unit of work): its runs in order, each under
// its own fuel and within the submission's budget (fuel.ts), the clock only a backstop, in one Session (session.ts), each run's
// output apart.
import type { RunSpec, SandboxReply, SandboxRequest, TaskFailure, WireCall, WireRun } from "./protocol.js";
import { failedTheTask, failsTheTask, failures } from "./failures.js";
import { LOADS_FUEL, RUN_FUEL, runFuelOf } from "./fuel.js";
import { ownThreadId, threadCpuMs } from "./thread-cpu.js";
import type { EngineImage } from "./image.js";
import { Session, type EngineAssets } from "./session.js";

export type { EngineAssets } from "./session.js";

interface Output { stdout: string; stderr: string; dropped: { stdout: number; stderr: number } }

/** How many contexts a request uses: the submission's shared one and one per fresh-context run. */
export const contextsOf = (request: SandboxRequest): number => 1 + request.runs.filter((r) => r.context === "fresh").length;

/** The thread's engine image for requests like this one, made if it has none (session.ts prepareImage): the new one, if made. */
export const prepareImage = (assets: EngineAssets, request: SandboxRequest): Promise<EngineImage | undefined> => Session.prepareImage(assets, contextsOf(request));

/** `onRun(i, previous)`: run i starts, after `previous` (the pool's watchdog keeps what was done). */
export async function runRequest(assets: EngineAssets, request: SandboxRequest, onRun?: (index: number, previous: WireRun | undefined) => void): Promise<SandboxReply> {
  const out: Output = { stdout: "", stderr: "", dropped: { stdout: 0, stderr: 0 } };
  const cap = request.limits.outputChars;
  const session = await Session.open(assets, request, (stream, text, cut) => {
    const room = Math.max(0, cap - out[stream].length);
    out[stream] += text.slice(0, room);
    out.dropped[stream] += Math.max(0, text.length - room) + cut;
  }, contextsOf(request));
  const runs: WireRun[] = [];
  const { limits } = request;
  const base = limits.fuel ?? RUN_FUEL;
  let fuelLeft = limits.budgetFuel ?? Infinity;
  let msLeft = limits.budgetMs ?? Infinity;
  const tid = ownThreadId();
  // The module loads' fuel, counted apart from the runs' (fuel.ts LOAD_FUEL), within one budget of their own.
  let loadsLeft = LOADS_FUEL;
  try {
    for (const spec of request.runs) {
      onRun?.(runs.length, runs.at(-1));
      if (spec.after && !passed(runs[spec.after.run], spec.after.need)) { runs.push({ status: "skipped" }); continue; }
      const started = Date.now();
      const cpuStarted = threadCpuMs(tid);
      const runFuel = runFuelOf(spec, base);
      // A run's raise is room to stop each input alone (fuel.ts runFuelOf): the submission's
      // budget grows by it too, or a serve looping on one kind of line ran it out in its later runs.
      fuelLeft += runFuel - base;
      const fuel = Math.min(runFuel, fuelLeft);
      const backstopMs = Math.max(0, Math.min(limits.timeMs, msLeft));
      const willRun = !session.broken && fuel > 0 && backstopMs > 0;
      const run = session.broken ? { status: "failed" as const, failure: session.broken }
        : fuel <= 0 ? { status: "failed" as const, failure: failures.budget(limits.budgetFuel!) }
        // The clock's budget spent is the grader's trouble, like its backstop.
        : backstopMs <= 0 ? { status: "failed" as const, failure: failures.backstop(limits.budgetMs!) }
        : runOne(session, request, spec, fuel, backstopMs, fuel < runFuel ? limits.budgetFuel : undefined, loadsLeft);
      const used = willRun ? session.fuel : 0;
      const loads = willRun ? session.loadFuel : 0;
      fuelLeft -= used;
      loadsLeft -= loads;
      // The request's clock budget counts the thread's processor time where it can be read (thread-cpu.ts).
      const cpuNow = threadCpuMs(tid);
      msLeft -= cpuStarted !== undefined && cpuNow !== undefined ? cpuNow - cpuStarted : Date.now() - started;
      runs.push({ ...run, stdout: capped(out.stdout, out.dropped.stdout), stderr: capped(out.stderr, out.dropped.stderr), durationMs: Date.now() - started, fuel: used, ...(willRun ? { loadFuel: loads } : {}), ...(run.status === "ran" ? { largestCall: session.largestCall, largestLoad: session.largestLoad } : {}) } as WireRun);
      out.stdout = ""; out.stderr = ""; out.dropped.stdout = 0; out.dropped.stderr = 0;
    }
  } finally {
    assets.released?.(session.memoryBytes());
    session.dispose();
  }
  return { runs };
}

function passed(run: WireRun | undefined, need: NonNullable<RunSpec["after"]>["need"]): boolean {
  if (!run || run.status !== "ran" || run.stopped) return false;
  if (need === "answered") return !failsTheTask(run.calls);
  if (need === "ran") return !failedTheTask(run.calls);
  if (need === "failed-call") return !failedTheTask(run.calls) && run.calls.some((c) => !c.ok);
  return need === "finished" || run.calls.every((c) => c.ok);
}

const capped = (text: string, dropped: number): string => (dropped ? `${text}\n… (${dropped} more characters not shown)` : text);

type Ran = { status: "ran"; calls: WireCall[]; stopped?: TaskFailure; modules?: string[] } | { status: "failed"; failure: TaskFailure };

function runOne(session: Session, request: SandboxRequest, spec: RunSpec, fuel: number, backstopMs: number, budget: number | undefined, loadsLeft: number): Ran {
  session.limit(fuel, backstopMs, budget, loadsLeft);
  try {
    const run = session.run(spec, request.limits.valueChars);
    if (run.failure) return { status: "failed", failure: run.failure };
    return { status: "ran", calls: run.calls, ...(run.stopped ? { stopped: run.stopped } : {}), ...(run.modules ? { modules: run.modules } : {}) };
  } catch (error) {
    // The WebAssembly itself failed (a trap): this submission's instance is not used again.
    session.broken = failures.crash(`the sandbox's engine stopped: ${String(error).slice(0, 200)}`);
    return { status: "failed", failure: session.broken };
  }
}
