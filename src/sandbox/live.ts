// How the grader starts a live server (live-server.ts) for a submission: the server's bundle
// (kept, build-cache.ts), a request file in a folder of its own, and the command: plain node
// under the permission model, reading only those files, with an empty environment.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cachedBuild, keptFile } from "../runner/build-cache.js";
import { compileFiles } from "./compile.js";
import { guestSource } from "./guest-source.js";
import { sandboxModules } from "./modules.js";
import type { SandboxRequest } from "./protocol.js";
import type { LiveRequest } from "./live-protocol.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export interface ServerCommand { command: string; args: string[]; env: Record<string, string> }
export interface LiveServer { command: ServerCommand; close(): Promise<void> }

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
export async function prepareServer(given: Pick<SandboxRequest, "files" | "compiled" | "refused" | "limits" | "shownAs">, entry: string, exportName: string, label: string, course: string): Promise<LiveServer> {
  // Compiled here, each file under its time limit (compile.ts): the server only runs code.
  const compiled = given.compiled ?? compileFiles(given.files, given.shownAs ?? "", { disk: true });
  const [script, modules, files] = await Promise.all([serverScript(), sandboxModules(course), compiled]);
  const submission = { ...given, compiled: files };
  const dir = await mkdtemp(path.join(os.tmpdir(), "grade-live-"));
  const requestFile = path.join(dir, "request.json");
  const wasmPath = require.resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
  const request: LiveRequest = { wasmPath, guest: guestSource(), modules, submission, entry, exportName, label };
  await writeFile(requestFile, JSON.stringify(request));
  const command: ServerCommand = {
    command: process.execPath,
    args: ["--experimental-permission", `--allow-fs-read=${script}`, `--allow-fs-read=${wasmPath}`, `--allow-fs-read=${requestFile}`,
      "--no-warnings", "--max-old-space-size=256", script, requestFile],
    env: {},
  };
  return { command, close: () => rm(dir, { recursive: true, force: true }) };
}
