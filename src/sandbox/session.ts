// One submission in the engine: a fresh QuickJS WebAssembly instance (its own linear memory, so
// nothing of another student's run is in reach), one runtime with the submission's memory cap,
// one context, the fuel meter (fuel.ts) as the interrupt. The student's code reaches only what guest.js gives
// it and the host functions here (write text, resolve a module, and the scripted peers of
// peers.ts); it never reaches Node, a file or another student. Used by the batch threads
// (engine.ts) and by the live server (live-server.ts).
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule, VmFunctionImplementation } from "quickjs-emscripten-core";
import { makeSlicer, messageOf, readText, stackOf, type Slicer } from "./engine-text.js";
import { callWithNumber } from "./fast-call.js";
import { failures, locateFrame } from "./failures.js";
import { CALL_CLOCK_STEP_MS, CALL_FUEL, CALL_FUEL_FACTOR, CLOCK_MS_PER_FUEL, FuelMeter, LOAD_FUEL, LOAD_MARK, TAKE_FUEL } from "./fuel.js";
import { adoptContext, adoptRuntime, captureImage, checkHostRefs, findRandomState, PAGE, pagesInUse, recordHostRefs, reseed, type EngineImage } from "./image.js";
import type { NewInstance } from "./instance.js";
import type { RunSpec, SandboxRequest, TaskFailure, WireCall } from "./protocol.js";
import { frames, parseGuest } from "./guest-reply.js";
import { hashCall, MAX_HASH_CHARS } from "./host-hash.js";
import { MAX_ZLIB_CHARS, zlibCall } from "./host-zlib.js";
import { v8HostFunctions } from "./host-intl.js";
import { MAX_CHARS } from "./host-url.js";
import { PEER_LIMITS, PeerLog, peerHostFunctions, readScripts } from "./peers.js";
import { ES_MODULE, IMPORTS_REQUIRE, resolveModule, type ModuleSources } from "./resolve.js";
import { standInAnswer } from "./stand-in-answer.js";
import { mapPlace } from "./source-map.js";

export interface EngineAssets {
  /** A fresh QuickJS WebAssembly instance whose linear memory can never grow past `maxBytes`. */
  newModule: NewInstance;
  /**
   * The thread's engine images by their number of contexts (image.ts), made between requests
   * (prepareImage); a session with none for its number builds its contexts itself.
   */
  images?: Map<number, Promise<EngineImage | undefined>>;
  /** guest.js's text. */
  guest: string;
  /** Where the fuel meter counts every unit, for the pool's watchdog (watchdog.ts). */
  ticks?: Int32Array;
  /** Told a finished submission's engine memory, in bytes, as it is let go (worker.ts). */
  released?: (bytes: number) => void;
  /** The modules every submission may import ("grade/course", the pure node: ports), as CommonJS. */
  modules: ModuleSources;
}

export type Submission = Pick<SandboxRequest, "files" | "compiled" | "refused" | "limits" | "shownAs" | "standIns">;
export type Stream = "stdout" | "stderr";
/** Takes what the code printed: the text, and how many characters of it were cut off. */
export type Writer = (stream: Stream, text: string, cut: number) => void;

/** The engine's code, stack and static data, above the submission's own memory limit. */
export const MEMORY_HEADROOM_BYTES = 32 * 1024 * 1024;
// QuickJS's own stack limit: a plain one-line recursion gets as deep as under Node 20 (about
// 13,950 frames; docs/sandbox.md has the figures). The WebAssembly's stack is 5 MB; the thread's
// native stack (early-thread.cjs THREAD_OPTIONS) holds the engine's C frames well past this limit.
export const MAX_STACK_BYTES = 2400 * 1024;
// The most contexts an image holds: a request with more fresh-context runs builds the rest. The
// stateful pack's request has 19 (18 runs of t2_isolation's servers alone): with 4, a warm
// thread built 15 for each submission (docs/speed.md, "Images of more contexts").
const MAX_IMAGE_CONTEXTS = 24;
/** The contexts of the image a request of `contexts` contexts copies. */
export const imageContexts = (contexts: number): number => Math.min(contexts, MAX_IMAGE_CONTEXTS);
// An image's instance has no submission's cap: enough for the guest in a few contexts.
const IMAGE_BUILD_BYTES = 64 * 1024 * 1024;

/** A call or load stopped by the fuel, the clock's backstop or the memory limit (the run ends there). */
export class Stopped extends Error {
  constructor(readonly failure: TaskFailure) { super(failure.message); }
}

interface Realm { ctx: QuickJSContext; harness: QuickJSHandle; slicer: Slicer }
// Turns of the event loop (timer callbacks) that cost one unit of fuel besides their work.
const TURNS_PER_FUEL = 10;
// The longest arguments' key a stand-in is asked by (a message of the longest line a check sends is far shorter).
const STAND_IN_KEY_CHARS = 4 * 1024 * 1024;
// The most of the harness's reply read out of the engine: a run's answers are capped far below.
const REPLY_CHARS = 16 * 1024 * 1024;

/**
 * A module with an await outside every function (transpile.ts) runs in an async function: an
 * await that is never reached while it is imported (a main guard's, false here as when any module
 * imports it) changes nothing, and the module loads as on Node. One that is reached leaves the
 * importer waiting, as Node's does: the promise callbacks run then (an `await import(...)`, an
 * await of a settled promise) until the body ends. One that waits for a timer or input would
 * need the event loop, which the sandbox's synchronous module system cannot run inside an
 * import: it is refused then, by name. A throw is the module's own, thrown as it is. On the
 * first line, so that every line of the module keeps its number.
 */
function awaitWhenReached(body: string, id: string): string {
  const refusal = JSON.stringify(`\`await\` at the top level of ${id} waited, while the module was being imported, for what only the event loop gives (a timer, input, a promise nothing settles): the grader's sandbox imports a module by running it and its promise callbacks to the end, as the chapter's runner imports it, and no more. Keep that await behind a main guard that is false when the module is imported, or move it into the function that needs it (and make that function async).`);
  // Run as Node runs an ES module with a top-level await: its body as an async function. Still
  // waiting when its first part has run, the factory returns a function that settles it: the
  // harness (guest.js require) runs the promise callbacks queued so far (an await of an import,
  // of a promise already settled), out of the module's reach, then calls it.
  return `"use strict"; let __gradeDone = false, __gradeThrew = false, __gradeThrown; (async () => { "use strict"; try { ${body}\n__gradeDone = true; } catch (e) { __gradeThrew = true; __gradeThrown = e; } })(); if (__gradeThrew) throw __gradeThrown; if (!__gradeDone) return () => { if (__gradeThrew) throw __gradeThrown; if (!__gradeDone) throw new Error(${refusal}); };`;
}

export class Session {
  private realm: Realm | undefined;
  /** Contexts of the image, set up and never used, for the runs with a context of their own. */
  private spares: Realm[] = [];
  /** Whether the instance is a copy of an image (image.ts). */
  fromImage = false;
  private readonly shown: string;
  /** Where the last call stopped at its own budget was, as the student wrote it ("in serve (at task3.ts:4:3)"). */
  private stoppedWhere: string | undefined;
  /** The exports ("entry#name") a call of which was stopped at its own budget in this request. */
  private readonly stoppedExports = new Set<string>();
  /** A place in compiled code ("task1.ts:40:9") as the student wrote it (source-map.ts). */
  private readonly place = (where: string): string => mapPlace(this.submission.compiled, where);
  private readonly meter: FuelMeter;
  /** Set when this run's fuel is what was left of the submission's budget (the failure says so). */
  private sharedBudget: number | undefined;
  /** The record of the run in progress, when it has peers. */
  private peers: PeerLog | undefined;
  /** Calls and loads begun in this instance: each moves the guest's clock on (CALL_CLOCK_STEP_MS). */
  private calls = 0;
  /** When the instance started, on the real clock: where the guest's clock starts. */
  private readonly startedAt = Date.now();
  /** Set when the WebAssembly itself failed: nothing more runs in this instance. */
  broken: TaskFailure | undefined;

  private constructor(private readonly instance: QuickJSWASMModule, private readonly runtime: QuickJSRuntime, private readonly assets: EngineAssets, private readonly submission: Submission, private readonly write: Writer) {
    this.shown = submission.shownAs ?? "";
    this.meter = new FuelMeter(assets.ticks);
  }

  /** `contexts`: how many the request will use (its shared one and one per fresh-context run). */
  static async open(assets: EngineAssets, submission: Submission, write: Writer, contexts = 1): Promise<Session> {
    const maxBytes = submission.limits.memoryBytes + MEMORY_HEADROOM_BYTES;
    const image = await assets.images?.get(imageContexts(contexts));
    const usable = image && image.pages * PAGE <= maxBytes ? image : undefined;
    // The engine's own limit counts most of what it allocates, not all (typed arrays' storage
    // escapes it): the instance's memory itself is capped, a little above, for everything.
    const module = await assets.newModule(maxBytes, usable);
    const runtime = usable ? adoptRuntime(module, usable) : module.newRuntime();
    runtime.setMemoryLimit(submission.limits.memoryBytes);
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const session = new Session(module, runtime, assets, submission, write);
    runtime.setInterruptHandler(session.meter.tick);
    if (usable) session.adopt(usable);
    return session;
  }

  /**
   * Makes the thread's image for requests of `contexts` contexts, unless it has one: after a
   * request, so that a single grading (one request, then the thread ends) never pays for it.
   */
  static prepareImage(assets: EngineAssets, contexts: number): Promise<EngineImage | undefined> {
    const images = assets.images;
    const count = imageContexts(contexts);
    if (!images || images.has(count)) return Promise.resolve(undefined);
    // An image that cannot be made (the engine's build changed under it) leaves the sessions
    // to build their contexts, as they did before images.
    const image = Session.buildImage(assets, count).catch(() => undefined);
    images.set(count, image);
    return image;
  }

  /**
   * Sets up `contexts` contexts in a new instance, as a session would, and keeps its memory.
   * Their host functions are this throwaway session's, never called (the guest calls none while
   * it is set up); a copy registers its own in the same order (adopt).
   */
  private static async buildImage(assets: EngineAssets, contexts: number): Promise<EngineImage> {
    const probe = await assets.newModule(IMAGE_BUILD_BYTES);
    const randomAt = findRandomState(probe, probe.newRuntime().newContext());
    const module = await assets.newModule(IMAGE_BUILD_BYTES);
    const started = pagesInUse((module as unknown as { module: { HEAPU8: Uint8Array } }).module.HEAPU8);
    const runtime = module.newRuntime();
    const ids = recordHostRefs(runtime);
    const nobody: Submission = { files: {}, compiled: {}, refused: {}, limits: { timeMs: 0, memoryBytes: 0, valueChars: 0, outputChars: 0 } };
    const builder = new Session(module, runtime, assets, nobody, () => undefined);
    const realms: Realm[] = [];
    for (let i = 0; i < contexts; i++) {
      const ctx = runtime.newContext();
      realms.push({ ctx, ...builder.setUp(ctx) });
    }
    return captureImage(module, runtime, realms, ids, started, randomAt);
  }

  /** The guest's mark of a call or a load beginning (guest.js run), or of one ending (-1). */
  private marked(at: number): void {
    if (at >= 0 || at === LOAD_MARK) this.calls += 1;
    this.meter.mark(at);
  }

  /** Takes the contexts of the image this instance's memory was copied from. */
  private adopt(image: EngineImage): void {
    const ids = recordHostRefs(this.runtime);
    const realms = image.realms.map((r) => {
      const { ctx, harness, slicer } = adoptContext(this.runtime, r);
      for (const [name, fn] of this.hostFunctions(ctx, slicer)) {
        this.runtime.hostRefs.put(fn);
        if (name === "mark") callWithNumber(ctx, fn, (at) => this.marked(at));
      }
      return { ctx, harness, slicer };
    });
    checkHostRefs(image, ids);
    reseed(this.instance, image);
    this.realm = realms[0];
    this.spares = realms.slice(1);
    this.fromImage = true;
  }

  /**
   * Starts a limit: every load, call and promise job until the next one together may use `fuel`
   * (the run's, or, given `budget`, what is left of the submission's budget of that size), and
   * must end within `backstopMs` of the clock.
   */
  limit(fuel: number, backstopMs: number, budget?: number, loadsLeft?: number): void {
    this.sharedBudget = budget;
    this.meter.start(fuel, backstopMs, loadsLeft);
  }

  /** The fuel the module loads used since the last limit (counted apart from the run's, fuel.ts LOAD_FUEL). */
  get loadFuel(): number { return this.meter.loadsUsed; }

  /** The most fuel one load that ended used since the last limit. */
  get largestLoad(): number { return this.meter.largestLoad; }

  /** The fuel used since the last limit. */
  get fuel(): number { return this.meter.used; }

  /** The most fuel one call that returned used since the last limit. */
  get largestCall(): number { return this.meter.largestCall; }

  /**
   * After a call that was stopped by its fuel (the live server's message): the guest's harness
   * made ready for the next call, its module instance as it was left. False when it cannot be.
   */
  goOn(): boolean {
    this.meter.goOn();
    this.meter.paused = true;
    try { this.guestCall("goOn", [], false); return true; } catch { return false; } finally { this.meter.paused = false; }
  }

  /** A fresh instance of the entry's modules: the ids of the modules it loaded, or why it did not load. */
  load(entry: string, exportName: string): string[] | TaskFailure {
    const reply = parseGuest(this.guestCall("load", [entry]), this.shown, this.place);
    if (reply?.kind === "loaded") return reply.modules;
    if (reply?.kind === "throw") return failures.load({ entry: this.shown + entry, exportName }, reply);
    return failures.crash("the harness gave no answer while loading the module");
  }

  /** Calls the loaded entry's export on one input (JSON text); its value described in at most `budget` characters. */
  call(entry: string, exportName: string, input: string, echo: boolean, budget = this.submission.limits.valueChars): WireCall {
    const call = this.readCall(this.guestCall("call", [entry, exportName, input, budget, echo]), { entry: this.shown + entry, exportName });
    if (call === "out-of-memory") throw new Stopped(failures.outOfMemory(this.submission.limits.memoryBytes / 2 ** 20));
    return call;
  }

  /**
   * One run in one call into the engine (guest.js run): far fewer crossings than a call per
   * input. What it did before a stop at the time or memory limit is read back with take().
   */
  run(spec: RunSpec, budget: number): { calls: WireCall[]; modules?: string[]; failure?: TaskFailure; stopped?: TaskFailure } {
    const shownSpec = { entry: this.shown + spec.entry, exportName: spec.exportName };
    const scripts = spec.peers ? readScripts(spec.peers) : [];
    if (typeof scripts === "string") return { calls: [], failure: failures.crash(scripts) };
    // With peers (or spread) each input is its arguments, an array (the grader's, so a glance suffices).
    const spread = spec.peers !== undefined || spec.spread === true;
    if (spread && spec.inputs.some((input) => !input.trimStart().startsWith("["))) return { calls: [], failure: failures.crash("an input of a run with peers or spread is not an array of arguments") };
    const inputs = `[${spec.inputs.join(",")}]`;
    const groups = spec.instance === "fresh" && spec.groups ? JSON.stringify(spec.groups) : "";
    const grownBefore = this.memoryBytes();
    let stopped: TaskFailure | undefined;
    // A context of its own (RunSpec.context): nothing an earlier run left on the globals reaches it.
    const realm = spec.context === "fresh" ? this.freshRealm() : this.context();
    if (!("ctx" in realm)) return { calls: [], failure: realm };
    const peers = spec.peers ? new PeerLog(scripts, spec.inputs.length) : undefined;
    this.peers = peers;
    this.meter.setCallLimit(spec.callFuel ?? CALL_FUEL);
    // A call of this export was stopped in an earlier run of the request (the fixture's, say):
    // every call of this run gets the share after a stop, as the later calls of that run did.
    const key = `${spec.entry}#${spec.exportName}`;
    if (this.stoppedExports.has(key)) this.meter.shrinkCallLimit();
    // The guest's frames, and in their places the calls the meter stopped at their own budget.
    const parts: (string | { stoppedAt: number; where: string | undefined; limit: number })[] = [];
    for (let from = 0; ;) {
      try {
        parts.push(this.guestCall("run", [spec.entry, spec.exportName, from === 0 ? inputs : "", spec.instance === "fresh", groups, budget, spec.echoInputs === true, spec.stopOnFailure, spread ? scripts.length : -1, spec.arity ?? 0, spec.via ?? "", from, spec.reads ? JSON.stringify(spec.reads) : ""], true, realm));
        break;
      } catch (error) {
        if (!(error instanceof Stopped)) throw error;
        const at = this.meter.stop === "call" ? this.meter.callAt : -1;
        if (at < 0) {
          this.peers = undefined;
          stopped = error.failure;
          // A little fuel to read back what was done: the harness only returns a string it holds.
          this.meter.extend(TAKE_FUEL, this.meter.backstopMs);
          try { parts.push(this.guestCall("take", [], false, realm)); } catch { /* what was read before stands */ }
          break;
        }
        // One call that never returned: that input's failure. What the run did before it is read
        // back (the grader's own work, uncounted), and the run goes on from the next input in
        // the same module instance, as the calls after a throw do.
        const limit = this.meter.callLimit;
        this.stoppedExports.add(key);
        this.meter.goOn();
        this.meter.paused = true;
        try { parts.push(this.guestCall("goOn", [], false, realm)); } finally { this.meter.paused = false; }
        parts.push({ stoppedAt: at, where: this.stoppedWhere, limit });
        from = at + 1;
        if (spec.stopOnFailure || from >= spec.inputs.length) break;
      }
    }
    // A peer kept past the run (in a global, a promise) answers nothing from now on.
    this.peers = undefined;
    const out: { calls: WireCall[]; modules?: string[]; failure?: TaskFailure; stopped?: TaskFailure } = { calls: [] };
    for (const part of parts) for (const frame of typeof part === "string" ? frames(part) : [part]) {
      if (typeof frame !== "string") {
        // The reference's costliest call is at most 1/CALL_FUEL_FACTOR of the run's first call budget.
        const failure = failures.callStopped(shownSpec, frame.limit, (CALL_FUEL_FACTOR * frame.limit) / (spec.callFuel ?? CALL_FUEL), frame.where);
        out.calls.push(peers ? { ok: false, failure, sent: peers.sentOf(frame.stoppedAt) } : { ok: false, failure });
        continue;
      }
      if (frame.startsWith("M")) {
        const loaded = parseGuest(frame.slice(1), this.shown, this.place);
        if (loaded?.kind === "loaded") out.modules = loaded.modules;
      } else if (frame.startsWith("L")) {
        const reply = parseGuest(frame.slice(1), this.shown, this.place);
        out.failure = reply?.kind === "throw" ? failures.load(shownSpec, reply) : failures.crash("the harness gave no answer while loading the module");
      } else {
        const call = this.readCall(frame, shownSpec);
        if (call === "out-of-memory") { stopped ??= failures.outOfMemory(this.submission.limits.memoryBytes / 2 ** 20); break; }
        // The n-th call's frame is the n-th input's (guest.js run): its peers' record, kept here.
        out.calls.push(peers ? { ...call, sent: peers.sentOf(out.calls.length) } : call);
      }
    }
    // Out of memory is not always an error the engine raises: a promise chain that cannot grow
    // just ends. The instance's memory grown to the limit during this run says it all the same.
    const limit = this.submission.limits.memoryBytes;
    if (!stopped && grownBefore < limit && this.memoryBytes() >= limit) stopped = failures.outOfMemory(limit / 2 ** 20);
    if (stopped) out.stopped = stopped;
    return out;
  }

  private readCall(text: string, spec: { entry: string; exportName: string }): WireCall | "out-of-memory" {
    const reply = parseGuest(text, this.shown, this.place);
    if (reply?.kind === "value") return { ok: true, value: reply.valueText, ...(reply.inputText !== undefined ? { input: reply.inputText } : {}) };
    if (reply?.kind === "throw") {
      // Caught by the harness, the engine's own out-of-memory error still ends the run.
      if (reply.name === "InternalError" && reply.text.includes("out of memory")) return "out-of-memory";
      return { ok: false, failure: failures.call(spec, reply) };
    }
    if (reply?.kind === "missing-export") return { ok: false, failure: failures.missingExport(spec, reply.found) };
    if (reply?.kind === "too-large") return { ok: false, failure: failures.tooLarge(spec) };
    if (reply?.kind === "no-driver") return { ok: false, failure: failures.crash(`the pack's course module has no function ${reply.name} to drive the call`) };
    return { ok: false, failure: failures.crash("the harness gave no answer for a call") };
  }

  /** The instance's linear memory now: it never shrinks, and is freed only when collected. */
  memoryBytes(): number {
    const heap = (this.instance as unknown as { module?: { HEAPU8?: Uint8Array } }).module?.HEAPU8;
    return heap?.byteLength ?? 0;
  }

  /**
   * Lets the submission go. Nothing is freed one by one: the runtime, its contexts and every
   * handle live in the instance's own memory, which goes whole with the instance (freeing a
   * runtime that still holds objects, a promise queue left running, say, aborts the engine).
   */
  dispose(): void {
    this.realm = undefined;
  }

  // One context for the whole submission, as the chapter's runner runs its three tasks in one
  // process: each run still loads fresh instances of its modules; the globals are shared.
  private context(): Realm {
    if (!this.realm) {
      const ctx = this.runtime.newContext();
      this.realm = { ctx, ...this.setUp(ctx) };
    }
    return this.realm;
  }

  /**
   * A context made for one run (RunSpec.context "fresh"): new globals, built-ins and pure
   * modules, so that state kept on globalThis, a prototype or a library by an earlier run is not
   * there; the shared context is left as it was for the runs after. Like every context, it goes
   * with the instance (see dispose).
   */
  private freshRealm(): Realm | TaskFailure {
    const spare = this.spares.shift();
    if (spare) return spare;
    try {
      const ctx = this.runtime.newContext();
      return { ctx, ...this.setUp(ctx) };
    } catch (error) {
      if (this.meter.stop) return this.stopped();
      const limit = this.submission.limits.memoryBytes;
      return this.memoryBytes() >= limit || /memory/i.test(String(error)) ? failures.outOfMemory(limit / 2 ** 20) : failures.crash(`a fresh context could not be made: ${String(error).slice(0, 200)}`);
    }
  }

  private setUp(ctx: QuickJSContext): { harness: QuickJSHandle; slicer: Slicer } {
    // The guest's set-up is the grader's work, not the run's: a context made now costs the run
    // what one of the engine image's does, nothing, whichever the thread has (prepareImage).
    this.meter.paused = true;
    try {
      return this.setUpGuest(ctx);
    } finally {
      this.meter.paused = false;
    }
  }

  private setUpGuest(ctx: QuickJSContext): { harness: QuickJSHandle; slicer: Slicer } {
    const host = ctx.newObject();
    const slicer = makeSlicer(ctx);
    for (const [name, fn] of this.hostFunctions(ctx, slicer)) {
      const handle = ctx.newFunction(name, fn);
      if (name === "mark") callWithNumber(ctx, fn, (at) => this.marked(at));
      ctx.setProp(host, name, handle);
      handle.dispose();
    }
    for (const [name, value] of Object.entries({ peerChars: PEER_LIMITS.messageChars, peerMessages: PEER_LIMITS.messagesPerCall, hostChars: MAX_CHARS })) {
      const handle = ctx.newNumber(value);
      ctx.setProp(host, name, handle);
      handle.dispose();
    }
    const made = ctx.evalCode(this.assets.guest, "grade-guest.js");
    if (made.error) { made.error.dispose(); host.dispose(); throw new Error("the guest harness did not compile"); }
    const harness = ctx.callFunction(made.value, ctx.undefined, host);
    made.value.dispose();
    host.dispose();
    if (harness.error) { harness.error.dispose(); throw new Error("the guest harness did not start"); }
    return { harness: harness.value, slicer };
  }

  /**
   * The host functions a context's guest is given, in a fixed order: an image's contexts hold
   * them by the ids that order gives (adopt).
   */
  private hostFunctions(ctx: QuickJSContext, slicer: Slicer): [string, VmFunctionImplementation<QuickJSHandle>][] {
    const write: VmFunctionImplementation<QuickJSHandle> = (streamHandle, textHandle, lengthHandle) => {
      // The guest sends at most 16 KB a write (guest.js), and the length it had.
      const text = readText(ctx, slicer, textHandle, 16384)?.text;
      const stream = readText(ctx, slicer, streamHandle, 10)?.text;
      if (text === undefined || stream === undefined) return;
      const length = ctx.typeof(lengthHandle) === "number" ? ctx.getNumber(lengthHandle) : text.length;
      this.write(stream === "stderr" ? "stderr" : "stdout", text, Math.max(0, length - text.length));
    };
    const resolve: VmFunctionImplementation<QuickJSHandle> = (fromHandle, specHandle) => {
      const from = readText(ctx, slicer, fromHandle, 1000)?.text ?? "";
      const spec = readText(ctx, slicer, specHandle, 1000)?.text ?? "";
      const found = resolveModule(this.submission, this.assets.modules, from, spec);
      // Thrown in the guest, with the import's line on its stack.
      if ("refused" in found) return { error: ctx.newError({ name: "ModuleRefused", message: found.refused }) };
      if ("syntax" in found) return { error: ctx.newError({ name: "CompileError", message: found.syntax }) };
      if ("standIn" in found) return this.standInModule(ctx, found.id, found.standIn);
      const code = found.compiled;
      // import.meta is module syntax; in the CommonJS the module runs as, it is a parameter.
      // A first line `#!…` (a file run as a command) is a comment to Node; inside the module's
      // function it would be a syntax error. Kept as a comment, so every line keeps its number.
      const unbanged = code.startsWith("#!") ? `//${code.slice(2)}` : code;
      const plain = unbanged.includes("import.meta") ? unbanged.split("import.meta").join("__gradeImportMeta") : unbanged;
      const body = found.awaits ? awaitWhenReached(plain, found.id) : plain;
      // An ES module has no module, __filename or __dirname (Node: "not defined in ES module
      // scope"), and may declare its own: only CommonJS files get them.
      // Nor `require`: its imports call IMPORTS_REQUIRE (transpile.ts), and it may declare a
      // require of its own.
      const params = ES_MODULE.test(found.id) ? `${IMPORTS_REQUIRE}, __gradeModule, __gradeFilename, __gradeDirname` : "require, module, __filename, __dirname";
      const factory = ctx.evalCode(`(function (exports, ${params}, __gradeImportMeta, __gradeError) {${body}\n})`, found.id);
      if (factory.error) return { error: factory.error };
      const pair = ctx.newArray();
      const id = ctx.newString(found.id);
      ctx.setProp(pair, 0, id);
      ctx.setProp(pair, 1, factory.value);
      // A module with a top-level await: its factory may return the function that settles it.
      if (found.awaits) ctx.setProp(pair, 2, ctx.true);
      id.dispose();
      factory.value.dispose();
      return pair;
    };
    // A stand-in's export called (guest.js) in the state its module instance is in: "<state after>;<answer's
    // JSON text>" for the arguments, from the pack's table or template.
    const standIn: VmFunctionImplementation<QuickJSHandle> = (fileHandle, nameHandle, keyHandle, orderedHandle, stateHandle) => {
      const file = readText(ctx, slicer, fileHandle, 1000)?.text ?? "";
      const name = readText(ctx, slicer, nameHandle, 1000)?.text ?? "";
      const table = this.submission.standIns?.[file]?.exports[name];
      if (!table) return { error: ctx.newError({ name: "Error", message: `the grader's stand-in for ${file} has no ${name}` }) };
      const args = (handle: QuickJSHandle | undefined): string | undefined => {
        const text = handle ? readText(ctx, slicer, handle, STAND_IN_KEY_CHARS) : undefined;
        return text && text.length <= STAND_IN_KEY_CHARS ? text.text : undefined;
      };
      const state = stateHandle && ctx.typeof(stateHandle) === "number" ? ctx.getNumber(stateHandle) : 0;
      const answer = standInAnswer(table, args(keyHandle), args(orderedHandle), state);
      return answer === undefined ? { error: ctx.newError({ name: "Error", message: table.unknown }) } : ctx.newString(`${answer.state};${answer.text}`);
    };
    // The guest's Date (globals/clock.js): the real time the instance started, then the work done.
    const clock: VmFunctionImplementation<QuickJSHandle> = () => ctx.newNumber(this.startedAt + this.meter.total * CLOCK_MS_PER_FUEL + this.calls * CALL_CLOCK_STEP_MS);
    const { turn, peer } = peerHostFunctions(ctx, () => this.peers);
    const { intl, url } = v8HostFunctions(ctx);
    const mark: VmFunctionImplementation<QuickJSHandle> = (atHandle) => {
      this.marked(ctx.typeof(atHandle) === "number" ? ctx.getNumber(atHandle) : -1);
    };
    const hash: VmFunctionImplementation<QuickJSHandle> = (textHandle) => {
      const text = textHandle ? readText(ctx, slicer, textHandle, MAX_HASH_CHARS + 1) : undefined;
      return ctx.newString(hashCall(text?.text ?? ""));
    };
    const zlib: VmFunctionImplementation<QuickJSHandle> = (textHandle) => {
      const text = textHandle ? readText(ctx, slicer, textHandle, MAX_ZLIB_CHARS + 1) : undefined;
      return ctx.newString(zlibCall(text?.text ?? ""));
    };
    // A module whose top-level await was reached while it was imported (awaitWhenReached, asked
    // by guest.js's require only): the promise callbacks queued so far run now, as Node runs them
    // before the importer goes on. The engine stopping them for want of memory is thrown on in
    // the guest as it came; true: the meter stopped them (the module's fuel is spent), and the
    // guest spins into the interrupt, which nothing catches, as any loop's ends (a job's stop
    // only rejects its promise).
    const drain: VmFunctionImplementation<QuickJSHandle> = () => {
      const jobs = this.runtime.executePendingJobs(-1);
      if (this.meter.stop) {
        if (jobs.error) try { jobs.error.dispose(); } catch { /* freed with the runtime */ }
        return ctx.true;
      }
      return jobs.error ? { error: jobs.error } : undefined;
    };
    // A promise's state and value for util.inspect (Node reads them from V8; code in the engine
    // cannot): [state] or [state, value], the value handed back inside the engine; undefined for
    // what is not a promise.
    const promiseState: VmFunctionImplementation<QuickJSHandle> = (promiseHandle) => {
      const state = ctx.getPromiseState(promiseHandle);
      if (state.type === "fulfilled" && state.notAPromise) return undefined;
      const pair = ctx.newArray();
      const name = ctx.newString(state.type);
      ctx.setProp(pair, 0, name);
      name.dispose();
      const settled = state.type === "fulfilled" ? state.value : state.type === "rejected" ? state.error : undefined;
      if (settled !== undefined) { ctx.setProp(pair, 1, settled); settled.dispose(); }
      return pair;
    };
    return [["write", write], ["resolve", resolve], ["turn", turn], ["peer", peer], ["intl", intl], ["url", url], ["standIn", standIn], ["clock", clock], ["mark", mark], ["hash", hash], ["zlib", zlib], ["drain", drain], ["promiseState", promiseState]];
  }

  /** [id, the names of its exports] for the guest, which makes the stand-in's functions (guest.js). */
  private standInModule(ctx: QuickJSContext, id: string, names: string[]): QuickJSHandle {
    const pair = ctx.newArray();
    const idHandle = ctx.newString(id);
    const list = ctx.newArray();
    names.forEach((name, i) => { const h = ctx.newString(name); ctx.setProp(list, i, h); h.dispose(); });
    ctx.setProp(pair, 0, idHandle);
    ctx.setProp(pair, 1, list);
    idHandle.dispose();
    list.dispose();
    return pair;
  }

  /** Calls a harness function; its text reply, or Stopped at the fuel, clock or memory limit. */
  private guestCall(name: "load" | "call" | "run" | "take" | "goOn", args: (string | number | boolean)[], drain = true, realm: Realm = this.context()): string {
    const { ctx, harness, slicer } = realm;
    const fn = ctx.getProp(harness, name);
    const handles = args.map((a) => (typeof a === "string" ? ctx.newString(a) : typeof a === "number" ? ctx.newNumber(a) : a ? ctx.true : ctx.false));
    const result = ctx.callFunction(fn, ctx.undefined, ...handles);
    fn.dispose();
    for (const h of handles) h.dispose();
    if (result.error) {
      const message = messageOf(ctx, result.error);
      // A call stopped at its own budget: where its loop was, for the student.
      if (message === "interrupted" && this.meter.stop === "call") {
        const found = locateFrame(stackOf(ctx, result.error));
        const at = found && this.shown + this.place(found.where);
        this.stoppedWhere = found && (found.fn ? `in ${found.fn} (at ${at})` : `at ${at}`);
      }
      result.error.dispose();
      throw new Stopped(this.stopFailure(message));
    }
    const text = readText(ctx, slicer, result.value, REPLY_CHARS)?.text ?? "";
    result.value.dispose();
    if (!drain) return text;
    // Promise callbacks the call queued run now, as they would before node's next event; then
    // the event loop's timers, one callback a turn (globals/timers.js), the jobs after each. The
    // turns themselves cost fuel too: an interval never cleared ends by fuel, not as a hang.
    for (let turns = 1; ; turns++) {
      this.drainJobs();
      if (turns % TURNS_PER_FUEL === 0 && this.meter.tick()) throw new Stopped(this.stopped());
      const turn = ctx.getProp(harness, "turn");
      const more = ctx.callFunction(turn, ctx.undefined);
      turn.dispose();
      if (more.error) {
        const message = messageOf(ctx, more.error);
        more.error.dispose();
        throw new Stopped(this.stopFailure(message));
      }
      const again = ctx.typeof(more.value) === "boolean" && ctx.dump(more.value) === true;
      more.value.dispose();
      if (!again) return text;
    }
  }

  private drainJobs(): void {
    const jobs = this.runtime.executePendingJobs(-1);
    if (jobs.error) {
      // A job's own throw only rejects its promise: an error here is the engine stopping the
      // queue (the interrupt, or no memory left, when even its message may not be readable).
      const message = messageOf(jobs.error.context, jobs.error);
      try { jobs.error.dispose(); } catch { /* freed with the runtime */ }
      throw new Stopped(message === "interrupted" ? this.stopped() : failures.outOfMemory(this.submission.limits.memoryBytes / 2 ** 20));
    }
    // A job loop stopped at the interrupt may end without an error: the meter says.
    if (this.meter.stop) throw new Stopped(this.stopped());
  }

  private stopFailure(message: string): TaskFailure {
    if (message === "out of memory") return failures.outOfMemory(this.submission.limits.memoryBytes / 2 ** 20);
    if (message === "interrupted") return this.stopped();
    return failures.crash(`the harness failed: ${message.slice(0, 200)}`);
  }

  /** Why the meter stopped the code: its fuel (the student's loop) or the clock (the grader's trouble). */
  private stopped(): TaskFailure {
    const { used, limit, backstopMs } = this.meter;
    if (this.meter.stop === "clock") return failures.backstop(backstopMs, { used, limit });
    // No place: a load's frames name the module's wrapper (line 1), and a loop in its promise jobs has none.
    if (this.meter.stop === "load") return failures.loadStopped(this.meter.loadLimit, this.meter.loadLimit < LOAD_FUEL);
    return failures.timeout(used, limit, this.sharedBudget);
  }
}
