// An engine image: the linear memory of a QuickJS instance whose runtime holds contexts that have
// evaluated the guest text (the Node 20 globals and the harness) and no student's code, and
// where in it the runtime, the contexts and their handles are. A submission's instance is a new
// WebAssembly instance with memory of its own, into which the image's bytes are copied: the bytes
// are all it shares, and nothing writes them. Building the contexts was the largest part of a
// small submission's sandbox time (docs/speed.md, "Where a submission's sandbox time goes").
//
// The image holds pointers into its memory, and quickjs-emscripten's JavaScript objects for a
// runtime and a context are made again around them (adoptRuntime, adoptContext): the library
// pinned in package.json has no API for that, so what it reads of the module is named here.
import { Lifetime, QuickJSRuntime, type JSContextPointer, type JSRuntimePointer, type JSValuePointer, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from "quickjs-emscripten-core";
import { Buffer } from "node:buffer";
import { randomBytes } from "node:crypto";

/** A context in the image: its JSContext and two values it holds (the harness, the text slicer). */
export interface RealmImage { ctx: number; harness: number; slicer: number }

export interface EngineImage {
  /**
   * The memory at the time of the image, as the runs of 4 KiB pages to write into a fresh
   * instance's: those not zero in the image or after a fresh instance's start-up. Only these are
   * written: a page written is a page the system must provide, which is most of a copy's cost.
   */
  runs: { at: number; bytes: Uint8Array }[];
  /** The memory's size then, in 64 KiB pages. */
  pages: number;
  rt: number;
  realms: RealmImage[];
  /** How many host functions the contexts hold, registered in order (Session's hostFunctions). */
  hostFunctions: number;
  /** Where Math.random's state is in a JSContext (reseeded in each copy). */
  randomAt: number;
}

export const PAGE = 64 * 1024;
// quickjs-emscripten's HostRefMap gives ids in order from here, in a runtime's fresh map.
const FIRST_HOST_REF = -2147483648;

interface ModuleParts { module: { HEAPU8: Uint8Array }; ffi: unknown; callbacks: unknown }
const parts = (module: QuickJSWASMModule): ModuleParts => module as unknown as ModuleParts;
const pointerOf = (owner: QuickJSRuntime | QuickJSContext, field: "rt" | "ctx"): number => (owner as unknown as Record<string, { value: number }>)[field]!.value;

const OS_PAGE = 4096;

const ZERO_PAGE = new Uint8Array(OS_PAGE);

/** For each 4 KiB page of the memory, whether any byte of it is not zero. */
export function pagesInUse(heap: Uint8Array): boolean[] {
  // Compared with a page of zeros natively: a loop over the words in JavaScript took 70-440 ms
  // per image made (16 MB and more, twice), most of it before V8 had optimised the loop.
  const bytes = Buffer.from(heap.buffer, heap.byteOffset, heap.byteLength);
  const used: boolean[] = [];
  for (let at = 0; at < bytes.length; at += OS_PAGE) {
    const end = Math.min(at + OS_PAGE, bytes.length);
    used.push(bytes.compare(ZERO_PAGE, 0, end - at, at, end) !== 0);
  }
  return used;
}

/**
 * Records the ids a runtime gives its host functions from now on: an image is usable only if
 * they are the first ids in order, which a copy's fresh map gives again.
 */
export function recordHostRefs(runtime: QuickJSRuntime): number[] {
  const ids: number[] = [];
  const map = runtime.hostRefs;
  const put = map.put.bind(map);
  map.put = (value) => { const id = put(value); ids.push(id); return id; };
  return ids;
}

/**
 * The image of `module` now. `started`: the pages a fresh instance's own start-up wrote
 * (pagesInUse), which a copy must write too, even where the image's are zero.
 */
export function captureImage(module: QuickJSWASMModule, runtime: QuickJSRuntime, realms: { ctx: QuickJSContext; harness: QuickJSHandle; slicer: QuickJSHandle }[], hostRefIds: number[], started: boolean[], randomAt: number): EngineImage {
  if (hostRefIds.some((id, i) => id !== FIRST_HOST_REF + i)) throw new Error("the image's host functions were not given the first ids in order");
  const heap = parts(module).module.HEAPU8;
  const used = pagesInUse(heap);
  const runs: EngineImage["runs"] = [];
  for (let page = 0; page < used.length; page++) {
    if (!used[page] && !started[page]) continue;
    let end = page + 1;
    while (end < used.length && (used[end] || started[end])) end++;
    runs.push({ at: page * OS_PAGE, bytes: heap.slice(page * OS_PAGE, end * OS_PAGE) });
    page = end;
  }
  return {
    runs,
    pages: heap.byteLength / PAGE,
    rt: pointerOf(runtime, "rt"),
    realms: realms.map((r) => ({ ctx: pointerOf(r.ctx, "ctx"), harness: r.harness.value as number, slicer: r.slicer.value as number })),
    hostFunctions: hostRefIds.length,
    randomAt,
  };
}

/** The runtime of an instance whose memory is a copy of `image`. */
export function adoptRuntime(module: QuickJSWASMModule, image: EngineImage): QuickJSRuntime {
  const { module: emscripten, ffi, callbacks } = parts(module);
  // No disposer: nothing in an instance is freed one by one, it goes whole (session.ts dispose).
  const rt = new Lifetime(image.rt as JSRuntimePointer);
  return new QuickJSRuntime({ module: emscripten, ffi, callbacks, rt } as unknown as ConstructorParameters<typeof QuickJSRuntime>[0]);
}

/** A context of the image in its copy, with its harness and slicer handles. */
export function adoptContext(runtime: QuickJSRuntime, realm: RealmImage): { ctx: QuickJSContext; harness: QuickJSHandle; slicer: QuickJSHandle } {
  const ctx = runtime.newContext({ contextPointer: realm.ctx as JSContextPointer });
  const memory = ctx.getMemory(pointerOf(runtime, "rt") as JSRuntimePointer);
  return { ctx, harness: memory.heapValueHandle(realm.harness as JSValuePointer), slicer: memory.heapValueHandle(realm.slicer as JSValuePointer) };
}

/** Checks that a copy's host functions got the image's ids (registered in the same order). */
export function checkHostRefs(image: EngineImage, ids: number[]): void {
  if (ids.length !== image.hostFunctions || ids.some((id, i) => id !== FIRST_HOST_REF + i)) throw new Error("an image's host functions did not get the ids they had");
}

/**
 * Gives each context of a copy a Math.random state of its own, as a context made then would
 * have (QuickJS seeds it from the clock): a copy otherwise repeats the image's numbers.
 */
export function reseed(module: QuickJSWASMModule, image: EngineImage): void {
  const heap = parts(module).module.HEAPU8;
  const view = new DataView(heap.buffer);
  for (const realm of image.realms) {
    let seed = 0n;
    while (seed === 0n) seed = randomBytes(8).readBigUInt64LE();
    view.setBigUint64(realm.ctx + image.randomAt, seed, true);
  }
}

// QuickJS's Math.random: xorshift64* over the context's state (the state, not the product, is kept).
const MASK = (1n << 64n) - 1n;
function xorshift(x: bigint): bigint {
  x ^= x >> 12n;
  x = (x ^ (x << 25n)) & MASK;
  return x ^ (x >> 27n);
}

/**
 * Where Math.random's state lies in a JSContext: the one 8-byte word of the context that a call
 * of Math.random moves by exactly one xorshift step. `ctx` is a context made for this and let go.
 */
export function findRandomState(module: QuickJSWASMModule, ctx: QuickJSContext, span = 4096): number {
  const heap = parts(module).module.HEAPU8;
  const base = pointerOf(ctx, "ctx");
  const read = (): bigint[] => { const v = new DataView(heap.buffer); const out: bigint[] = []; for (let o = 0; o < span; o += 8) out.push(v.getBigUint64(base + o, true)); return out; };
  const before = read();
  const called = ctx.evalCode("Math.random()");
  if (called.error) { called.error.dispose(); throw new Error("Math.random failed"); }
  called.value.dispose();
  const after = read();
  const found = before.flatMap((word, i) => (word !== 0n && after[i] === xorshift(word) ? [i * 8] : []));
  if (found.length !== 1) throw new Error(`Math.random's state was found ${found.length} times in a context`);
  return found[0]!;
}
