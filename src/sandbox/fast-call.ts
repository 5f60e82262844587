// The harness marks every student call for the fuel meter (guest.js hostMark): a host call per
// call, about 1,300 of a chapter-2 grading's 1,350 host calls. quickjs-emscripten's generic path
// for a host call makes a Scope, a generator and a handle for `this` and each argument; this
// path reads the one number the harness passes straight from the argument list. What the meter
// is told is the same value at the same moment, so no fuel count and no verdict moves
// (docs/speed.md, "The mark's host call"). Like image.ts, it names fields of the library pinned
// in package.json (quickjs-emscripten-core 0.32.0), which has no API for it.
import type { QuickJSContext } from "quickjs-emscripten-core";

type CallFunction = (ctx: number, thisPtr: number, argc: number, argv: number, fnId: number) => number;

interface ContextInternals {
  ffi: { QTS_ArgvGetJSValueConstPointer(argv: number, index: number): number; QTS_GetFloat64(ctx: number, value: number): number };
  runtime: { hostRefs: { get(id: number): unknown } };
  cToHostCallbacks: { callFunction: CallFunction };
}

/**
 * Calls of the host function `fn` in this context go to `withNumber`, given the first
 * argument as a number (the harness's own calls: always one number), and return undefined.
 */
export function callWithNumber(ctx: QuickJSContext, fn: unknown, withNumber: (n: number) => void): void {
  const inner = ctx as unknown as ContextInternals;
  const callbacks = inner.cToHostCallbacks;
  if (typeof callbacks?.callFunction !== "function" || typeof inner.ffi?.QTS_GetFloat64 !== "function") throw new Error("quickjs-emscripten-core's context is not as fast-call.ts expects (pinned at 0.32.0)");
  const generic = callbacks.callFunction;
  const { ffi, runtime } = inner;
  callbacks.callFunction = (ctxPtr, thisPtr, argc, argv, fnId) => {
    if (argc === 1 && runtime.hostRefs.get(fnId) === fn) {
      withNumber(ffi.QTS_GetFloat64(ctxPtr, ffi.QTS_ArgvGetJSValueConstPointer(argv, 0)));
      // The engine's undefined, as the generic path returns for a function that returns nothing.
      return 0;
    }
    return generic(ctxPtr, thisPtr, argc, argv, fnId);
  };
}
