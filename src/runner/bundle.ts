// Compiles a submission's tasks for the sandbox (pool.ts): one script, kept in memory, that
// defines a loader per task, with the student's code only (the harness and the course are in the
// sandbox already). esbuild reports a syntax error as file:line:column, and compiles far faster
// than a TypeScript loader would. The live server (src/live/) is compiled here too, to a file.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Message, Plugin } from "esbuild";
import { esbuild } from "./esbuild.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { buildInGroup, STRICT } from "./bundle-group.js";
import { linkSubmission } from "./link.js";
import type { TaskFailure } from "./outcome.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const COURSE = path.join(here, "..", "course", "index.ts");
// In the sandbox the course is already there, put by its harness (vm-harness.ts).
const COURSE_GLOBAL = path.join(here, "course-global.cjs");

// Lets bundled CommonJS code call require() inside an ES module.
const BANNER = 'import { createRequire as __gradeRequire } from "node:module"; const require = __gradeRequire(import.meta.url);';

type NotBuilt = { ok: false; failure: TaskFailure };
/** Where a frame of a bundle (its line and column, from 1) is in the student's code: file:line:column. */
export type FrameMapper = (line: number, column: number) => string | undefined;
/**
 * A task's bundle for the sandbox: its text (`file` only names it), and how its frames map back
 * (a source map, or a function), or why there is none.
 */
export type TaskBundle = { ok: true; file: string; code: string; sourceMap?: string; mapFrame?: FrameMapper } | NotBuilt;
/** The live server's bundle: a file plain node runs. */
export type FileBundle = { ok: true; file: string } | NotBuilt;

/** One task on its own, so that its failure names its own file. */
async function bundleTask(submissionDir: string, task: TaskId, outDir: string, displayPath: (p: string) => string): Promise<TaskBundle> {
  const info = TASKS[task];
  const source = path.join(submissionDir, info.file);
  if (!existsSync(source)) {
    return { ok: false, failure: { reason: "missing-file", message: `${displayPath(source)} does not exist. Every submission has ${TASKS.task1.file}, ${TASKS.task2.file} and ${TASKS.task3.file}; create it (grade init makes a fresh set of starters).` } };
  }
  const outfile = path.join(outDir, `${task}.js`);
  try {
    const result = await esbuild().build({
      stdin: { contents: `globalThis.__gradeLoad = () => require(${JSON.stringify(source)});`, resolveDir: here, loader: "ts", sourcefile: "grade-entry.ts" },
      bundle: true, platform: "node", format: "iife", target: "node20", write: false, outfile, banner: { js: STRICT },
      sourcemap: "inline", sourcesContent: false, logLevel: "silent", plugins: [confine(submissionDir)],
    });
    return { ok: true, file: outfile, code: result.outputFiles[0]!.text };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors?.length) throw error;
    return { ok: false, failure: { reason: "syntax", message: describeBuildErrors(errors, info.file, displayPath) } };
  }
}

/**
 * Compiles `entry` (which imports a submission's file and whatever runs it) into one ESM file.
 * The live server (src/live/) uses it with its own entry.
 */
export async function buildBundle(entry: string, outfile: string, file: string, displayPath: (p: string) => string): Promise<FileBundle> {
  try {
    const result = await esbuild().build({
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

export interface BundleOptions {
  /** How long to wait for other submissions to share an esbuild build (bundle-group.ts). */
  groupWaitMs?: number;
  /** Keep what sucrase compiles, for the next grading of the same files (compile-cache.ts). */
  cacheCompiled?: boolean;
}

/**
 * Bundles several tasks of one submission. For the sandbox they share one script (linked by
 * link.ts when it can, else made in one esbuild build with other submissions', bundle-group.ts)
 * that defines a loader per task; the sandbox evaluates it once per task, so each task still
 * gets its own module instances. If that fails, or takes in a file from outside the submission,
 * each task is bundled on its own, so every failure names its own file exactly as it would alone.
 */
export async function bundleTasks(submissionDir: string, tasks: readonly TaskId[], outDir: string, displayPath: (p: string) => string, options: BundleOptions = {}): Promise<TaskBundle[]> {
  const one = (task: TaskId): Promise<TaskBundle> => bundleTask(submissionDir, task, outDir, displayPath);
  const present = tasks.filter((t) => existsSync(path.join(submissionDir, TASKS[t].file)));
  if (present.length === 0) return Promise.all(tasks.map(one));
  const linked = await linkSubmission(submissionDir, present, outDir, { cache: options.cacheCompiled ?? false });
  if (linked) return Promise.all(tasks.map((t) => (present.includes(t) ? { ok: true as const, ...linked } : one(t))));
  // require(), not import(): esbuild makes it a lazy, synchronous load, so a job runs in one call.
  const loaders = present.map((t) => `${t}: () => require(${JSON.stringify(path.join(submissionDir, TASKS[t].file))})`);
  const shared = await buildInGroup(submissionDir, `globalThis.__gradeLoads = { ${loaders.join(", ")} };`, { outDir, courseGlobal: COURSE_GLOBAL, ...(options.groupWaitMs !== undefined ? { waitMs: options.groupWaitMs } : {}) });
  if (!shared) return Promise.all(tasks.map(one));
  return Promise.all(tasks.map((t) => (present.includes(t) ? { ok: true as const, ...shared } : one(t))));
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

/**
 * In the sandbox a bundle holds the submission's own code only (the harness and the course
 * are compiled once per sandbox process), and a submission imports only its own files, the
 * course module and Node's built-ins (which the sandbox then refuses). Bundling happens outside
 * the sandbox, so this is what keeps one student from compiling another's files (or the
 * solutions) into their own.
 */
function confine(submissionDir: string): Plugin {
  const inside = submissionDir + path.sep;
  return {
    name: "grade-confine",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.path === "grade/course") return { path: "grade/course", namespace: "grade-course" };
        if (args.pluginData?.confined || !args.importer.startsWith(inside)) return undefined;
        const result = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { confined: true } });
        if (result.errors.length || result.external || result.path.startsWith(inside)) return result;
        return { errors: [{ text: `"${args.path}" is outside the submission folder: a submission may import only its own files and grade/course` }] };
      });
      // The course module is already in the sandbox, put there by its harness (vm-harness.ts).
      b.onLoad({ filter: /.*/, namespace: "grade-course" }, () => ({ contents: "module.exports = globalThis.__gradeCourse();", loader: "js" }));
    },
  };
}
