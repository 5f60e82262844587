// Compiles one task of a submission, with the harness, into a single ESM file that plain node
// runs. esbuild reports a syntax error as file:line:column, and a bundle starts far faster than
// a TypeScript loader would.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Message } from "esbuild";
import { TASKS, type TaskId } from "../course/tasks.js";
import type { TaskFailure } from "./outcome.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const HARNESS = path.join(here, "harness.ts");
const COURSE = path.join(here, "..", "course", "index.ts");

// Lets bundled CommonJS code call require() inside an ES module.
const BANNER = 'import { createRequire as __gradeRequire } from "node:module"; const require = __gradeRequire(import.meta.url);';

export type BundleResult = { ok: true; file: string } | { ok: false; failure: TaskFailure };

export async function bundleTask(submissionDir: string, task: TaskId, outDir: string, displayPath: (p: string) => string): Promise<BundleResult> {
  const info = TASKS[task];
  const source = path.join(submissionDir, info.file);
  if (!existsSync(source)) {
    return { ok: false, failure: { reason: "missing-file", message: `${displayPath(source)} does not exist. Every submission has ${TASKS.task1.file}, ${TASKS.task2.file} and ${TASKS.task3.file}; create it (grade init makes a fresh set of starters).` } };
  }
  const entry = [
    `import { runHarness } from ${JSON.stringify(HARNESS)};`,
    `runHarness(() => import(${JSON.stringify(source)}), ${JSON.stringify(submissionDir + path.sep)});`,
  ].join("\n");
  return buildBundle(entry, path.join(outDir, `${task}.mjs`), info.file, displayPath);
}

/**
 * Compiles `entry` (which imports a submission's file and whatever runs it) into one ESM file.
 * The live server (src/live/) uses it with its own entry.
 */
export async function buildBundle(entry: string, outfile: string, file: string, displayPath: (p: string) => string): Promise<BundleResult> {
  try {
    const result = await build({
      stdin: { contents: entry, resolveDir: here, loader: "ts", sourcefile: "grade-entry.ts" },
      bundle: true, platform: "node", format: "esm", target: "node20", write: false, outfile,
      sourcemap: "inline", sourcesContent: false, logLevel: "silent", banner: { js: BANNER },
      alias: { "grade/course": COURSE },
    });
    await writeFile(outfile, result.outputFiles[0]!.contents);
    return { ok: true, file: outfile };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors?.length) throw error;
    return { ok: false, failure: { reason: "syntax", message: describeBuildErrors(errors, file, displayPath) } };
  }
}

function describeBuildErrors(errors: Message[], file: string, displayPath: (p: string) => string): string {
  const shown = errors.slice(0, 3).map((e) => {
    const loc = e.location;
    if (!loc) return e.text;
    const where = `${displayPath(path.resolve(submissionRoot(loc.file)))}:${loc.line}:${loc.column + 1}`;
    return `${where}: ${e.text}${loc.lineText ? ` — in "${loc.lineText.trim()}"` : ""}`;
  });
  const more = errors.length > 3 ? ` (and ${errors.length - 3} more)` : "";
  return `${file} could not be compiled: ${shown.join("; ")}${more}. Fix the code at that place and save.`;
}

// esbuild reports locations relative to its working directory.
function submissionRoot(file: string): string {
  return path.isAbsolute(file) ? file : path.join(process.cwd(), file);
}
