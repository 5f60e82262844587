// Runs one submission's request in QuickJS compiled to WebAssembly: a fresh WebAssembly instance
// per submission (its own linear memory, so nothing of another student's run is in reach), one
// runtime with the submission's memory cap, a context per run, an interrupt at each run's
// deadline. The student's code reaches only what guest.js gives it and the two host functions
// below (write text, resolve a module); it never reaches Node, a file or another student.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from "quickjs-emscripten-core";
import { compileModule } from "./compile.js";
import { failures, locate } from "./failures.js";
import type { RunSpec, SandboxReply, SandboxRequest, TaskFailure, WireCall, WireRun } from "./protocol.js";
import { resolveModule, type ModuleSources } from "./resolve.js";

export interface EngineAssets {
  /** A fresh QuickJS WebAssembly instance. */
  newModule(): Promise<QuickJSWASMModule>;
  /** guest.js's text. */
  guest: string;
  /** The modules every submission may import ("grade/course", the pure node: ports), as CommonJS. */
  modules: ModuleSources;
}

// QuickJS raises its own stack overflow well before the WebAssembly stack runs out.
const MAX_STACK_BYTES = 512 * 1024;

class Stopped extends Error {
  constructor(readonly failure: TaskFailure) { super(failure.message); }
}

interface Output { stdout: string; stderr: string; dropped: { stdout: number; stderr: number } }

export async function runRequest(assets: EngineAssets, request: SandboxRequest): Promise<SandboxReply> {
  const module = await assets.newModule();
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(request.limits.memoryBytes);
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  const runs: WireRun[] = [];
  // One context per entry (task): its runs share its globals, each with fresh module instances.
  const realms = new Map<string, Realm>();
  let broken: TaskFailure | undefined;
  try {
    for (const spec of request.runs) {
      if (spec.after && !passed(runs[spec.after.run], spec.after.need)) { runs.push({ status: "skipped" }); continue; }
      if (broken) { runs.push({ status: "failed", failure: broken, stdout: "", stderr: "", durationMs: 0 }); continue; }
      const run = runOne(runtime, assets, request, spec, realms);
      runs.push(run.run);
      broken = run.broken;
    }
  } finally {
    // A runtime whose WebAssembly trapped cannot be disposed safely; the instance goes with it.
    if (!broken) {
      try {
        for (const realm of realms.values()) { realm.harness.dispose(); realm.ctx.dispose(); }
        runtime.dispose();
      } catch { /* dropped with the instance */ }
    }
  }
  return { runs };
}

interface Realm { ctx: QuickJSContext; harness: QuickJSHandle; out: Output }

function passed(run: WireRun | undefined, need: "clean" | "finished"): boolean {
  if (!run || run.status !== "ran" || run.stopped) return false;
  return need === "finished" || run.calls.every((c) => c.ok);
}

function realmFor(runtime: QuickJSRuntime, assets: EngineAssets, request: SandboxRequest, entry: string, realms: Map<string, Realm>): Realm {
  let realm = realms.get(entry);
  if (!realm) {
    const ctx = runtime.newContext();
    const out: Output = { stdout: "", stderr: "", dropped: { stdout: 0, stderr: 0 } };
    realm = { ctx, out, harness: setUp(ctx, assets, request, out, request.limits.outputChars) };
    realms.set(entry, realm);
  }
  return realm;
}

function runOne(runtime: QuickJSRuntime, assets: EngineAssets, request: SandboxRequest, spec: RunSpec, realms: Map<string, Realm>): { run: WireRun; broken?: TaskFailure } {
  const started = Date.now();
  const deadline = started + request.limits.timeMs;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  let out: Output = { stdout: "", stderr: "", dropped: { stdout: 0, stderr: 0 } };
  const finish = (run: Omit<Extract<WireRun, { status: "ran" }>, "stdout" | "stderr" | "durationMs"> | { status: "failed"; failure: TaskFailure }): WireRun => {
    const wire = { ...run, stdout: capped(out.stdout, out.dropped.stdout), stderr: capped(out.stderr, out.dropped.stderr), durationMs: Date.now() - started } as WireRun;
    // Each run's output is its own.
    out.stdout = ""; out.stderr = ""; out.dropped.stdout = 0; out.dropped.stderr = 0;
    return wire;
  };
  const calls: WireCall[] = [];
  try {
    const realm = realmFor(runtime, assets, request, spec.entry, realms);
    out = realm.out;
    const { ctx, harness } = realm;
    const load = (): TaskFailure | undefined => loadFailure(guestCall(ctx, harness, "load", [spec.entry], runtime, deadline, request.limits.timeMs), spec);
    let loaded = false;
    for (let i = 0; i < spec.inputs.length; i++) {
      if (!loaded || spec.instance === "fresh") {
        const failure = load();
        if (failure) return { run: finish({ status: "failed", failure }) };
        loaded = true;
      }
      const text = guestCall(ctx, harness, "call", [spec.entry, spec.exportName, spec.inputs[i]!, request.limits.valueChars, spec.echoInputs === true], runtime, deadline, request.limits.timeMs);
      const call = readCall(text, spec);
      calls.push(call);
      if (!call.ok && spec.stopOnFailure) break;
    }
    if (!loaded) {
      const failure = load();
      if (failure) return { run: finish({ status: "failed", failure }) };
    }
    return { run: finish({ status: "ran", calls }) };
  } catch (error) {
    if (error instanceof Stopped) return { run: finish({ status: "ran", calls, stopped: error.failure }) };
    // The WebAssembly itself failed (a trap): this submission's instance is not used again.
    const failure = failures.crash(`the sandbox's engine stopped: ${String(error).slice(0, 200)}`);
    return { run: finish({ status: "failed", failure }), broken: failure };
  }
}

const capped = (text: string, dropped: number): string => (dropped ? `${text}\n… (${dropped} more characters not shown)` : text);

function setUp(ctx: QuickJSContext, assets: EngineAssets, request: SandboxRequest, out: Output, cap: number): QuickJSHandle {
  const host = ctx.newObject();
  const write = ctx.newFunction("write", (streamHandle, textHandle) => {
    const stream = ctx.typeof(streamHandle) === "string" && ctx.getString(streamHandle) === "stderr" ? "stderr" : "stdout";
    if (ctx.typeof(textHandle) !== "string") return;
    const text = ctx.getString(textHandle);
    const room = Math.max(0, cap - out[stream].length);
    out[stream] += text.slice(0, room);
    out.dropped[stream] += Math.max(0, text.length - room);
  });
  const resolve = ctx.newFunction("resolve", (fromHandle, specHandle) => {
    const from = ctx.getString(fromHandle);
    const spec = ctx.typeof(specHandle) === "string" ? ctx.getString(specHandle) : "";
    const found = resolveModule(request, assets.modules, from, spec);
    if ("refused" in found) {
      // Thrown in the guest with the import's line on its stack: name and reason in one message.
      const error = ctx.newError({ name: "ModuleRefused", message: found.refused });
      return { error };
    }
    const code = "compiled" in found ? found.compiled : compileModule(found.id, found.source);
    if (typeof code !== "string") return { error: ctx.newError({ name: "CompileError", message: code.syntax }) };
    const factory = ctx.evalCode(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, found.id);
    if (factory.error) return { error: factory.error };
    const pair = ctx.newArray();
    ctx.setProp(pair, 0, ctx.newString(found.id));
    ctx.setProp(pair, 1, factory.value);
    factory.value.dispose();
    return pair;
  });
  ctx.setProp(host, "write", write);
  ctx.setProp(host, "resolve", resolve);
  write.dispose();
  resolve.dispose();
  const made = ctx.evalCode(assets.guest, "grade-guest.js");
  if (made.error) { made.error.dispose(); host.dispose(); throw new Error("the guest harness did not compile"); }
  const harness = ctx.callFunction(made.value, ctx.undefined, host);
  made.value.dispose();
  host.dispose();
  if (harness.error) { harness.error.dispose(); throw new Error("the guest harness did not start"); }
  return harness.value;
}

/** Calls a harness function; its text reply, or Stopped at the time or memory limit. */
function guestCall(ctx: QuickJSContext, harness: QuickJSHandle, name: "load" | "call", args: (string | number | boolean)[], runtime: QuickJSRuntime, deadline: number, timeMs: number): string {
  const fn = ctx.getProp(harness, name);
  const handles = args.map((a) => (typeof a === "string" ? ctx.newString(a) : typeof a === "number" ? ctx.newNumber(a) : a ? ctx.true : ctx.false));
  const result = ctx.callFunction(fn, ctx.undefined, ...handles);
  fn.dispose();
  for (const h of handles) h.dispose();
  if (result.error) {
    let error: { name?: unknown; message?: unknown } | undefined;
    try { error = ctx.dump(result.error) as typeof error; } catch { error = { message: "out of memory" }; }
    result.error.dispose();
    throw new Stopped(stopFailure(error, timeMs));
  }
  // Promise callbacks the call queued run now, as they would before node's next event.
  const jobs = runtime.executePendingJobs(-1);
  if (jobs.error) {
    const error = ctx.dump(jobs.error) as { message?: unknown } | undefined;
    jobs.error.dispose();
    if (String(error?.message) === "interrupted" || String(error?.message) === "out of memory") throw new Stopped(stopFailure(error, timeMs));
  }
  const text = ctx.typeof(result.value) === "string" ? ctx.getString(result.value) : "";
  result.value.dispose();
  // A job loop stopped at the interrupt may end without an error: the clock says.
  if (Date.now() > deadline) throw new Stopped(failures.timeout(timeMs));
  return text;
}

function stopFailure(error: { name?: unknown; message?: unknown } | undefined, timeMs: number): TaskFailure {
  const message = String(error?.message ?? "");
  if (message === "out of memory") return failures.outOfMemory();
  if (message === "interrupted") return failures.timeout(timeMs);
  return failures.crash(`the harness failed: ${message.slice(0, 200)}`);
}

function loadFailure(text: string, spec: RunSpec): TaskFailure | undefined {
  const reply = parseGuest(text);
  if (reply?.kind === "loaded") return undefined;
  if (reply?.kind === "throw") return failures.load(spec, reply);
  return failures.crash("the harness gave no answer while loading the module");
}

function readCall(text: string, spec: RunSpec): WireCall {
  const reply = parseGuest(text);
  if (reply?.kind === "value" && typeof reply.valueText === "string") {
    return { ok: true, value: reply.valueText, ...(typeof reply.inputText === "string" ? { input: reply.inputText } : {}) };
  }
  if (reply?.kind === "throw") {
    // Caught by the harness, the engine's own out-of-memory error still ends the run.
    if (reply.name === "InternalError" && reply.text.includes("out of memory")) throw new Stopped(failures.outOfMemory());
    return { ok: false, failure: failures.call(spec, reply) };
  }
  if (reply?.kind === "missing-export") return { ok: false, failure: failures.missingExport(spec, reply.found) };
  if (reply?.kind === "too-large") return { ok: false, failure: failures.tooLarge(spec) };
  return { ok: false, failure: failures.crash("the harness gave no answer for a call") };
}

export interface GuestThrow { kind: "throw"; name: string; text: string; stack: string; exit?: string; where?: string }
type GuestReply =
  | { kind: "loaded" } | GuestThrow | { kind: "missing-export"; found: string[] } | { kind: "too-large" }
  | { kind: "value"; valueText: string; inputText?: string };

/**
 * Reads the guest's reply. The value is cut out as text, not parsed here: the grader decodes it
 * (value.ts); the rest is checked field by field, since the student's code could have shaped it.
 */
function parseGuest(text: string): GuestReply | undefined {
  // "V<length>:<value><input>": framed by length, so neither part is read for the other's end.
  const framed = /^V(\d{1,9}):/.exec(text.slice(0, 12));
  if (framed) {
    const start = framed[0].length;
    const end = start + Number(framed[1]);
    if (end > text.length) return undefined;
    return { kind: "value", valueText: text.slice(start, end), ...(end < text.length ? { inputText: text.slice(end) } : {}) };
  }
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { return undefined; }
  if (parsed === null || typeof parsed !== "object") return undefined;
  const p = parsed as Record<string, unknown>;
  const str = (v: unknown): string => (typeof v === "string" ? v : "");
  if (p["kind"] === "loaded") return { kind: "loaded" };
  if (p["kind"] === "too-large") return { kind: "too-large" };
  if (p["kind"] === "missing-export") return { kind: "missing-export", found: Array.isArray(p["found"]) ? p["found"].filter((f): f is string => typeof f === "string").slice(0, 20) : [] };
  if (p["kind"] === "throw") {
    const stack = str(p["stack"]);
    const where = locate(stack);
    return { kind: "throw", name: str(p["name"]), text: str(p["text"]), stack, ...(typeof p["exit"] === "string" ? { exit: p["exit"] } : {}), ...(where ? { where } : {}) };
  }
  return undefined;
}
