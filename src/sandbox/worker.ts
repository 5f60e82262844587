// The sandbox's thread: it hosts the QuickJS engine and runs one submission's request at a
// time (engine.ts). Bundled with esbuild (pool.ts), so it runs on plain node whatever loaded
// the grader. What it sends back is plain data the grader checks again (pool.ts).
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant } from "quickjs-emscripten-core";
import variantModule from "@jitl/quickjs-wasmfile-release-sync";
import { runRequest, type EngineAssets } from "./engine.js";
import type { SandboxRequest } from "./protocol.js";
import type { ModuleSources } from "./resolve.js";

interface Data { wasmPath: string; guest: string; modules: ModuleSources }
const data = workerData as Data;
// Compiled once per thread; each submission gets an instance of its own (its own memory).
// (Node's types do not declare WebAssembly; the global is there.)
const { Module } = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } }).WebAssembly;
const wasmModule = new Module(readFileSync(data.wasmPath));
// The package's default export is the variant (its types describe the CommonJS module).
const variant = ((variantModule as unknown as { default?: QuickJSSyncVariant }).default ?? variantModule) as unknown as QuickJSSyncVariant;
const fresh = newVariant(variant, { wasmModule: wasmModule as never });
const assets: EngineAssets = { newModule: () => newQuickJSWASMModuleFromVariant(fresh), guest: data.guest, modules: data.modules };

parentPort!.on("message", (message: { id: number; request: SandboxRequest }) => {
  runRequest(assets, message.request).then(
    (reply) => parentPort!.postMessage({ id: message.id, reply }),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error instanceof Error ? error.message : error).slice(0, 300) }),
  );
});
