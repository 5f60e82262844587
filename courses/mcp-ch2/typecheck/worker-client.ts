// Runs the type checker in a worker thread of the grader's process. The worker's code is
// bundled with esbuild (and kept between runs, build-cache.ts), so it runs on plain node whatever
// loaded the grader (tsx, vitest). The compiler is not in the bundle: it is loaded in the thread
// through a V8 code cache (load-typescript.ts).
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { cachedBuild } from "../../../src/runner/build-cache.js";
import type { TaskId } from "../course/tasks.js";
import type { TaskTypes } from "../../../src/typecheck/types-check.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE_ROOT = path.join(here, "..", "..", "..");
const LOADER = path.join(here, "load-typescript.ts");
const TYPESCRIPT = createRequire(import.meta.url).resolve("typescript");

export interface TypeCheckRequest {
  id: number;
  cwd: string;
  submissionDir: string;
  tasks: TaskId[];
}

export type TypeCheckReply =
  | { id: number; ok: true; result: Record<TaskId, TaskTypes> }
  | { id: number; ok: false; error: string };

function bundleWorker(): Promise<string> {
  return cachedBuild({
    entryPoints: [path.join(here, "worker.ts")], bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "silent",
    plugins: [{
      // The compiler is not bundled: load-typescript.ts loads it through a code cache.
      name: "typescript-cached",
      setup(b) {
        b.onResolve({ filter: /^typescript$/ }, () => ({ path: "typescript", namespace: "grade-typescript" }));
        b.onLoad({ filter: /.*/, namespace: "grade-typescript" }, () => ({
          contents: `import { loadTypeScript } from ${JSON.stringify(LOADER)}; export default loadTypeScript(${JSON.stringify(TYPESCRIPT)});`, loader: "ts", resolveDir: here,
        }));
      },
    }],
  }, `${LOADER}\0${TYPESCRIPT}`);
}

export class TypeCheckWorker {
  private started: Promise<{ worker: Worker }> | undefined;
  private readonly pending = new Map<number, { resolve: (r: Record<TaskId, TaskTypes>) => void; reject: (e: Error) => void }>();
  private nextId = 1;

  private start(): Promise<{ worker: Worker }> {
    this.started ??= (async () => {
      const worker = new Worker(await bundleWorker(), { eval: true, workerData: { packageRoot: PACKAGE_ROOT } });
      worker.on("message", (reply: TypeCheckReply) => {
        const waiting = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        if (reply.ok) waiting?.resolve(reply.result);
        else waiting?.reject(new Error(reply.error));
      });
      const failAll = (error: Error): void => {
        for (const w of this.pending.values()) w.reject(error);
        this.pending.clear();
        this.started = undefined;
      };
      worker.on("error", failAll);
      worker.on("exit", (code) => failAll(new Error(`the type checker's thread ended (code ${code})`)));
      worker.unref();
      return { worker };
    })();
    return this.started;
  }

  async check(cwd: string, submissionDir: string, tasks: readonly TaskId[]): Promise<Record<TaskId, TaskTypes>> {
    const { worker } = await this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, cwd, submissionDir, tasks: [...tasks] } satisfies TypeCheckRequest);
    }).finally(() => { if (this.pending.size === 0) worker.unref(); }) as Promise<Record<TaskId, TaskTypes>>;
  }

  async close(): Promise<void> {
    const started = this.started;
    this.started = undefined;
    if (!started) return;
    const { worker } = await started;
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
}
