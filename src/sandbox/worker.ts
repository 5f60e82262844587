// The sandbox's thread: it hosts the QuickJS engine and runs one submission's request at a
// time (engine.ts). Bundled with esbuild (pool.ts), so it runs on plain node whatever loaded
// the grader. What it sends back is plain data the grader checks again (pool.ts).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { runRequest, type EngineAssets } from "./engine.js";
import { instanceMaker } from "./instance.js";
import type { SandboxRequest } from "./protocol.js";
import type { ModuleSources } from "./resolve.js";

interface Data { wasmPath: string; guest: string; modules: ModuleSources }
const data = workerData as Data;
// Compiled once per thread; each submission gets an instance of its own (its own memory).
const assets: EngineAssets = { newModule: instanceMaker(data.wasmPath), guest: data.guest, modules: data.modules };
// A finished submission's instance is garbage, but V8 does not count its linear memory towards
// collecting: a class's dead instances held gigabytes. Collected here once they add up.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const COLLECT_AFTER_BYTES = 96 * 1024 * 1024;
let dead = 0;

parentPort!.on("message", (message: { id: number; request: SandboxRequest }) => {
  runRequest(assets, message.request).then(
    ({ reply, memoryBytes }) => {
      parentPort!.postMessage({ id: message.id, reply });
      dead += memoryBytes;
      if (dead > COLLECT_AFTER_BYTES) { dead = 0; collect(); }
    },
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error instanceof Error ? error.message : error).slice(0, 300) }),
  );
});
