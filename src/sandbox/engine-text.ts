// Text read out of the engine: its length first, then at most a cap of it, so that no string the
// student's code made (a 24 MB exit code, a message) is ever copied out whole.
import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten-core";

/** The engine's own String.prototype.slice, taken before any student code ran in the context. */
export type Slicer = QuickJSHandle;

export function makeSlicer(ctx: QuickJSContext): Slicer {
  const made = ctx.evalCode("(() => { const apply = Reflect.apply, slice = String.prototype.slice; return (s, n) => apply(slice, s, [0, n]); })()", "grade-text.js");
  if (made.error) { made.error.dispose(); throw new Error("the engine's text reader did not compile"); }
  return made.value;
}

/** A string's length without copying it; undefined for anything but a string. */
function lengthOf(ctx: QuickJSContext, handle: QuickJSHandle): number | undefined {
  if (ctx.typeof(handle) !== "string") return undefined;
  const length = ctx.getProp(handle, "length");
  const n = ctx.typeof(length) === "number" ? ctx.getNumber(length) : undefined;
  length.dispose();
  return n;
}

/** At most `cap` characters of a string in the engine (cut inside it), and its whole length. */
export function readText(ctx: QuickJSContext, slicer: Slicer, handle: QuickJSHandle, cap: number): { text: string; length: number } | undefined {
  const length = lengthOf(ctx, handle);
  if (length === undefined) return undefined;
  if (length <= cap) return { text: ctx.getString(handle), length };
  const capHandle = ctx.newNumber(cap);
  const cut = ctx.callFunction(slicer, ctx.undefined, handle, capHandle);
  capHandle.dispose();
  if (cut.error) { cut.error.dispose(); return { text: "", length }; }
  const text = ctx.typeof(cut.value) === "string" ? ctx.getString(cut.value) : "";
  cut.value.dispose();
  return { text, length };
}

/** A string property of an error, if at most `cap` long ("" otherwise); undefined when reading it failed. */
function errorText(ctx: QuickJSContext, error: QuickJSHandle, key: "message" | "stack", cap: number): string | undefined {
  try {
    const value = ctx.getProp(error, key);
    const length = lengthOf(ctx, value);
    const text = length !== undefined && length <= cap ? ctx.getString(value) : "";
    value.dispose();
    return text;
  } catch {
    return undefined;
  }
}

/** An error's stack as the engine wrote it (the interrupt's: where the code was stopped), if short. */
export const stackOf = (ctx: QuickJSContext, error: QuickJSHandle): string => errorText(ctx, error, "stack", 4000) ?? "";

/** An error's message, read without trusting it: only a short string is copied out. Reading it fails only when the engine has no memory left. */
export const messageOf = (ctx: QuickJSContext, error: QuickJSHandle): string => errorText(ctx, error, "message", 200) ?? "out of memory";
