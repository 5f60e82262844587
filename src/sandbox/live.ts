// How the grader starts a live server (live-server.ts) for a submission: the server's bundle
// (kept, build-cache.ts), a request file in a folder of its own, and the command: plain node
// under the permission model, reading only those files, with an empty environment, and a limit
// on its processor time (ulimit, through /bin/sh where there is one). The live checks connect
// to one process that serves them one after another (src/live/shared-server.ts); grade serve
// runs the command on its own stdio.
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cachedBuild, keptFile } from "../runner/build-cache.js";
import { compileFiles } from "./compile.js";
import { guestSource } from "./guest-source.js";
import { NATIVE_CPU_MS } from "./fuel.js";
import { sandboxModules } from "./modules.js";
import type { SandboxRequest } from "./protocol.js";
import type { LiveRequest } from "./live-protocol.js";
import type { LiveConnection, LiveServer as Connectable, ServerCommand } from "../live/connection.js";
import { SharedServer } from "../live/shared-server.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const SHELL = "/bin/sh";
// A whole live server's processor time, in s: four times a run's stretch without fuel
// (limits.cpuMs), and node's start (the reference's server uses well under a second).
const LIVE_CPU_EXTRA_S = 5;
const require = createRequire(import.meta.url);

// Connections one server process serves: a grade's stdio check and its SDK client.
const CONNECTIONS = 2;
// The engine's WebAssembly compiled by V8's baseline compiler only: a live server lives for a
// few dozen messages, and optimising the engine's hot functions (its interpreter loop above all)
// in the background cost more processor time than the whole server's work (docs/speed.md).
const LIFTOFF_ONLY = "--liftoff-only";
// The engine's C frames for QuickJS's own stack (session.ts MAX_STACK_BYTES) need far more native
// stack than a main thread's default (docs/sandbox.md, Recursion depth): where the shell may raise
// it (ulimit -s, in KB), the server gets as much as a sandbox thread, and V8 is told a little less.
const NATIVE_STACK_KB = 64 * 1024;
const V8_STACK_KB = 60 * 1024;

export type { ServerCommand } from "../live/connection.js";
export interface LiveServer extends Connectable {
  /** The server on its own stdin and stdout, one connection (grade serve). */
  command: ServerCommand;
  /** Stops the server process the connections share, and removes its files. */
  close(): Promise<void>;
}

async function serverScript(): Promise<string> {
  const code = await cachedBuild({
    entryPoints: [path.join(here, "live-server.ts")], bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "silent",
    // (The key is spelt in two parts: bin/grade.js rewrites that expression wherever it is written.)
  define: { ["import.meta" + ".url"]: "__gradeUrl" },
    banner: { js: `const __gradeUrl = require("node:url").pathToFileURL(__filename).href;` },
  });
  return keptFile("live-server", code);
}

/** Makes a server ready to start, any number of times, for one submission's entry. */
export async function prepareServer(given: Pick<SandboxRequest, "files" | "compiled" | "refused" | "limits" | "shownAs" | "standIns">, entry: string, exportName: string, label: string, course: string, signal?: AbortSignal): Promise<LiveServer> {
  // Compiled here, each file under its time limit (compile.ts): the server only runs code.
  const compiled = given.compiled ?? compileFiles(given.files, given.shownAs ?? "", { disk: true });
  const [script, modules, files] = await Promise.all([serverScript(), sandboxModules(course), compiled]);
  const submission = { ...given, compiled: files };
  const dir = await mkdtemp(path.join(os.tmpdir(), "grade-live-"));
  const requestFile = path.join(dir, "request.json");
  const wasmPath = require.resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
  const request: LiveRequest = { wasmPath, guest: guestSource(), modules, submission, entry, exportName, label };
  await writeFile(requestFile, JSON.stringify(request));
  const cpuSeconds = Math.ceil((4 * (submission.limits.cpuMs ?? NATIVE_CPU_MS)) / 1000) + LIVE_CPU_EXTRA_S;
  const node = (...more: string[]): string[] => [process.execPath, "--experimental-permission", `--allow-fs-read=${script}`, `--allow-fs-read=${wasmPath}`, `--allow-fs-read=${requestFile}`,
    "--no-warnings", "--max-old-space-size=256", LIFTOFF_ONLY, script, requestFile, ...more];
  // The engine's fuel stops every loop (fuel.ts); a built-in call that runs long without ticking
  // is stopped by the kernel at the server's processor-time limit (the server is killed, the
  // check sees it end), as the sandbox threads' watchdog does (watchdog.ts). exec keeps the pid.
  const command = (args: string[]): ServerCommand => existsSync(SHELL)
    ? { command: SHELL, args: ["-c", `ulimit -t ${cpuSeconds} && if ulimit -s ${NATIVE_STACK_KB} 2>/dev/null; then exec "$0" --stack-size=${V8_STACK_KB} "$@"; else exec "$0" "$@"; fi`, ...args], env: {} }
    : { command: args[0]!, args: args.slice(1), env: {} };
  const shared = new SharedServer(command(node(String(CONNECTIONS))), CONNECTIONS);
  // The grading will not show these checks: the server stops, and its connections end at once.
  const stop = (): void => shared.close();
  if (signal?.aborted) stop();
  else signal?.addEventListener("abort", stop, { once: true });
  return {
    command: command(node()),
    connect: (): LiveConnection => shared.connect(),
    close: async () => {
      signal?.removeEventListener("abort", stop);
      shared.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
