// New QuickJS WebAssembly instances from one compiled module: each with linear memory of its
// own, created here with a maximum, so nothing a submission allocates can grow it past the cap.
// Used by the sandbox's threads (worker.ts) and by the live server (live-server.ts).
import { readFileSync } from "node:fs";
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";
import variantModule from "@jitl/quickjs-wasmfile-release-sync";
import { PAGE, type EngineImage } from "./image.js";

interface Wasm {
  Module: new (bytes: Uint8Array) => object;
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
}
// (Node's types do not declare WebAssembly; the global is there.)
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;
// The package's default export is the variant (its types describe the CommonJS module).
const variant = ((variantModule as unknown as { default?: QuickJSSyncVariant }).default ?? variantModule) as unknown as QuickJSSyncVariant;
// What the engine's build starts with.
const INITIAL_BYTES = 16 * 1024 * 1024;

/** Makes a fresh instance; given an image (image.ts), its memory starts as a copy of the image's. */
export type NewInstance = (maxBytes: number, image?: EngineImage) => Promise<QuickJSWASMModule>;

/** Compiles the engine once; the function it returns makes a fresh instance each call. */
export function instanceMaker(wasmPath: string): NewInstance {
  const wasmModule = new wasm.Module(readFileSync(wasmPath));
  return async (maxBytes, image) => {
    const maximum = Math.ceil(Math.max(INITIAL_BYTES, maxBytes) / PAGE);
    const initial = Math.max(INITIAL_BYTES / PAGE, image?.pages ?? 0);
    if (initial > maximum) throw new Error("the engine's image is larger than the memory allowed");
    const wasmMemory = new wasm.Memory({ initial, maximum });
    const instance = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmModule: wasmModule as never, wasmMemory: wasmMemory as never }));
    // After the engine's own start-up, which wrote its static data: the image has it as well.
    if (image) {
      const heap = new Uint8Array(wasmMemory.buffer);
      for (const run of image.runs) heap.set(run.bytes, run.at);
    }
    return instance;
  };
}
