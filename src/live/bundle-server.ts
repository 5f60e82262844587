// Bundles the live server with a submission's task2.ts into one file that plain node runs, so
// the server never runs student code inside the grader's process.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TASKS } from "../course/tasks.js";
import { buildBundle, type FileBundle } from "../runner/bundle.js";
import { MEMORY_LIMIT_MB } from "../runner/sandbox-process.cjs";

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "server.ts");

export async function bundleServer(submissionDir: string, outDir: string, displayPath: (p: string) => string): Promise<FileBundle> {
  const source = path.join(submissionDir, TASKS.task2.file);
  if (!existsSync(source)) {
    return { ok: false, failure: { reason: "missing-file", message: `${displayPath(source)} does not exist, and the server runs its ${TASKS.task2.exportName}.` } };
  }
  const entry = [
    `import { runServer } from ${JSON.stringify(SERVER)};`,
    `void runServer(() => import(${JSON.stringify(source)}), ${JSON.stringify(displayPath(source))});`,
  ].join("\n");
  return buildBundle(entry, path.join(outDir, "server.mjs"), TASKS.task2.file, displayPath);
}

/** How the bundled server is started: plain node, the same memory limit as the sandbox. */
export const serverCommand = (file: string): { command: string; args: string[] } =>
  ({ command: process.execPath, args: [`--max-old-space-size=${MEMORY_LIMIT_MB}`, "--enable-source-maps", file] });
