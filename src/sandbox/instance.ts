// New QuickJS WebAssembly instances from one compiled module: each with linear memory of its
// own, created here with a maximum, so nothing a submission allocates can grow it past the cap.
// Used by the sandbox's threads (worker.ts) and by the live server (live-server.ts).
import { readFileSync } from "node:fs";
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant, type QuickJSWASMModule } from "quickjs-emscripten-core";
import variantModule from "@jitl/quickjs-wasmfile-release-sync";

interface Wasm {
  Module: new (bytes: Uint8Array) => object;
  Memory: new (descriptor: { initial: number; maximum: number }) => object;
}
// (Node's types do not declare WebAssembly; the global is there.)
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;
// The package's default export is the variant (its types describe the CommonJS module).
const variant = ((variantModule as unknown as { default?: QuickJSSyncVariant }).default ?? variantModule) as unknown as QuickJSSyncVariant;
const PAGE = 64 * 1024;
// What the engine's build starts with.
const INITIAL_BYTES = 16 * 1024 * 1024;

/** Compiles the engine once; the function it returns makes a fresh instance each call. */
export function instanceMaker(wasmPath: string): (maxBytes: number) => Promise<QuickJSWASMModule> {
  const wasmModule = new wasm.Module(readFileSync(wasmPath));
  return (maxBytes) => {
    const pages = Math.max(INITIAL_BYTES, maxBytes) / PAGE;
    const wasmMemory = new wasm.Memory({ initial: INITIAL_BYTES / PAGE, maximum: Math.ceil(pages) });
    return newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmModule: wasmModule as never, wasmMemory: wasmMemory as never }));
  };
}
