// Compiles a submission's tasks for the sandbox in this process: sucrase turns each TypeScript
// file into CommonJS, keeping its line numbers, and a small require of our own links the files.
// esbuild (bundle.ts) spends milliseconds of its own process per submission on our machines,
// most of it per call, whatever the size; sucrase spends a fraction of one, which is what a
// batch of a thousand needs. It takes only what it can do exactly: a file that does not
// compile, or an import of anything but the submission's own .ts and .js files, grade/course
// or a Node built-in, sends the submission to esbuild, whose messages name the file and place.
import { readFileSync, realpathSync, statSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import vm from "node:vm";
import type { Transform } from "sucrase";
import { TASKS, type TaskId } from "../course/tasks.js";
import type { FrameMapper } from "./bundle.js";
import { compileKey, readCompiled, writeCompiled } from "./compile-cache.js";
import { frameMapper, LINE_BREAK, type LinkedFile } from "./link-frames.js";

type Sucrase = typeof import("sucrase");
let sucrase: Sucrase | undefined;
/** Loaded on first use, and only if something is not in the compile cache. */
export async function loadSucrase(): Promise<void> {
  // A CommonJS package: bundled into the CLI, its exports come as the default export.
  const loaded = (await import("sucrase")) as Sucrase & { default?: Sucrase };
  sucrase ??= typeof loaded.transform === "function" ? loaded : loaded.default;
}

// Finds sucrase's package.json, for the compile cache's key (a variable, not `require`, so that
// the CLI's bundle leaves it to Node).
const requireHere = createRequire(import.meta.url);

// How a file is compiled, for the compile cache's key: the compiler's version and what this
// file does to its output (plainCalls). Change the last part when that changes.
let how: string | undefined;
const compiledHow = (transforms: Transform[]): string => {
  how ??= `sucrase ${(JSON.parse(readFileSync(requireHere.resolve("sucrase/package.json"), "utf8")) as { version: string }).version}; link 2`;
  return `${how}; ${transforms.join(",")}`;
};

class NeedsSucrase extends Error {}

export interface LinkedBundle {
  file: string;
  code: string;
  mapFrame: FrameMapper;
}

interface Linked extends LinkedFile {
  /** What each of its require() specifiers names: a file's index, the course (-1). Built-ins are left out. */
  links: Record<string, number>;
}

const TS = [".ts", ".mts", ".cts"];
const JS = [".js", ".mjs", ".cjs"];
// require('x') and require("x") with a literal: what sucrase writes for an import, and what a
// student writes. Text that only looks like one (in a string) at worst sends the submission to esbuild.
const REQUIRE = /\brequire\(\s*(['"])([^'"\\\n]*)\1\s*\)/g;
const COURSE = -1;
const MAX_FILE_BYTES = 512 * 1024;
// What sucrase does not compile as esbuild does (a namespace or module block with values it
// drops; import x = require, export =): those go to esbuild, which compiles them.
const NOT_FOR_SUCRASE = /\b(?:namespace|module)\s+[\w$.]+\s*\{|\bimport\s+[\w$]+\s*=|\bexport\s*=/;

// sucrase calls an imported function as `_task1js.toMcp.call(void 0, x)`: if toMcp is not
// exported, the student reads "cannot read properties of undefined (reading 'call')". Written
// `(0, _task1js.toMcp)(x)`, as esbuild writes it, the same call says "… is not a function".
const IMPORTED_CALL = /\b(_[\w$]+(?:\.[\w$]+)+)\.call\(void 0(, |\))/g;
const plainCalls = (code: string): string =>
  code.replace(IMPORTED_CALL, (_all, callee: string, tail: string) => `(0, ${callee})(${tail === ")" ? ")" : ""}`);

/** The file a relative specifier names, as TypeScript resolves it, or undefined. */
function resolveFile(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const ext = path.extname(spec);
  const candidates = TS.includes(ext) ? [base]
    : JS.includes(ext) ? [base.slice(0, -ext.length) + ext.replace("j", "t"), base]
    : ext === "" ? [`${base}.ts`, `${base}.js`, path.join(base, "index.ts"), path.join(base, "index.js")] : [];
  return candidates.find((c) => statSync(c, { throwIfNoEntry: false })?.isFile());
}

/** A file's CommonJS, from the cache or sucrase, or undefined when esbuild must compile it. */
function compileFile(file: string, source: string, transforms: Transform[], cache: boolean): string | undefined {
  if (NOT_FOR_SUCRASE.test(source)) return undefined;
  const key = cache ? compileKey(source, compiledHow(transforms)) : "";
  const kept = cache ? readCompiled(file, key) : undefined;
  if (kept !== undefined) return kept;
  if (!sucrase) throw new NeedsSucrase();
  let code: string;
  try {
    code = sucrase.transform(source, { transforms, filePath: file, disableESTransforms: true }).code;
  } catch (error) {
    // Its syntax errors only: esbuild then says where, as it would for any submission.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
  if (code.includes("import.meta")) return undefined;
  code = plainCalls(code);
  if (cache) writeCompiled(file, key, code);
  return code;
}

/**
 * The submission's tasks as one script that defines `globalThis.__gradeLoads` (as bundle.ts's
 * do), or undefined when esbuild must compile it. With `cache`, each file's compiled code is
 * kept and used while its text is the same (compile-cache.ts), and sucrase is loaded only if
 * something is not there.
 */
export async function linkSubmission(submissionDir: string, tasks: readonly TaskId[], outDir: string, options: { cache?: boolean } = {}): Promise<LinkedBundle | undefined> {
  try {
    return link(submissionDir, tasks, outDir, options.cache ?? false);
  } catch (error) {
    if (!(error instanceof NeedsSucrase)) throw error;
    await loadSucrase();
    return link(submissionDir, tasks, outDir, options.cache ?? false);
  }
}

function link(submissionDir: string, tasks: readonly TaskId[], outDir: string, cache: boolean): LinkedBundle | undefined {
  // Real paths, so that a link to a file outside the folder counts as outside.
  let root: string;
  try {
    root = realpathSync.native(submissionDir) + path.sep;
  } catch {
    return undefined;
  }
  const files: Linked[] = [];
  const index = new Map<string, number>();
  const add = (file: string): number | undefined => {
    let real: string;
    try {
      // One system call, where the JavaScript realpath stats every folder on the way.
      real = realpathSync.native(file);
      // A folder, or a file far larger than a task (compiled here, with no time limit): esbuild's.
      const stat = statSync(real);
      if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
    } catch {
      return undefined;
    }
    if (!real.startsWith(root)) return undefined;
    const known = index.get(real);
    if (known !== undefined) return known;
    const ext = path.extname(real);
    if (!TS.includes(ext) && !JS.includes(ext)) return undefined;
    const source = readFileSync(real, "utf8");
    const code = compileFile(real, source, TS.includes(ext) ? ["typescript", "imports"] : ["imports"], cache);
    if (code === undefined) return undefined;
    const at = files.length;
    index.set(real, at);
    // Named by where it is in the folder as given, which is how the report names it.
    const linked: Linked = { file: path.join(submissionDir, real.slice(root.length)), source, code, links: {}, lineCount: code.split(LINE_BREAK).length, startLine: 0 };
    files.push(linked);
    for (const [, , spec] of code.matchAll(REQUIRE)) {
      if (spec === undefined || Object.hasOwn(linked.links, spec)) continue;
      if (spec === "grade/course") linked.links[spec] = COURSE;
      else if (spec.startsWith("./") || spec.startsWith("../")) {
        const target = resolveFile(real, spec);
        const to = target === undefined ? undefined : add(target);
        if (to === undefined) throw new Unlinkable();
        linked.links[spec] = to;
      } else if (!isBuiltin(spec)) throw new Unlinkable();
    }
    return at;
  };
  const entries: [TaskId, number][] = [];
  try {
    for (const task of tasks) {
      const at = add(path.join(submissionDir, TASKS[task].file));
      if (at === undefined) return undefined;
      entries.push([task, at]);
    }
  } catch (error) {
    if (error instanceof Unlinkable) return undefined;
    throw error;
  }
  const code = script(files, entries);
  // What sucrase lets through and V8 does not take (a name declared twice, say) goes to esbuild
  // too, rather than failing in the sandbox without a place. Compiling runs nothing.
  try {
    new vm.Script(code);
  } catch {
    return undefined;
  }
  return { file: path.join(outDir, "submission.js"), code, mapFrame: frameMapper(files) };
}

class Unlinkable extends Error {}

/**
 * The script: each file's code as the body of a function (exports, require, module), starting
 * on a line of its own so that a frame's line names the file's line; then the require that links
 * them, with each evaluation of the script getting its own module instances.
 */
function script(files: Linked[], entries: [TaskId, number][]): string {
  const lines = ["(() => {", "const __gradeFiles = ["];
  let count = lines.length;
  for (const f of files) {
    lines.push("function (exports, require, module) {", f.code, "},");
    f.startLine = count + 2;
    count += f.lineCount + 2;
  }
  lines.push(
    "];",
    `const __gradeLinks = ${JSON.stringify(files.map((f) => f.links))};`,
    "const __gradeModules = [];",
    "let __gradeCourseCopy;",
    "const __gradeLoad = (at) => {",
    "  let m = __gradeModules[at];",
    "  if (m) return m.exports;",
    "  m = __gradeModules[at] = { exports: {} };",
    "  __gradeFiles[at].call(m.exports, m.exports, (spec) => __gradeRequire(at, spec), m);",
    "  return m.exports;",
    "};",
    "const __gradeRequire = (from, spec) => {",
    "  const links = __gradeLinks[from];",
    // Anything not linked is a built-in, which the sandbox's require refuses with its name.
    "  if (!Object.prototype.hasOwnProperty.call(links, spec)) return globalThis.require(spec);",
    `  return links[spec] === ${COURSE} ? (__gradeCourseCopy ??= globalThis.__gradeCourse()) : __gradeLoad(links[spec]);`,
    "};",
    `globalThis.__gradeLoads = { ${entries.map(([task, at]) => `${task}: () => __gradeLoad(${at})`).join(", ")} };`,
    "})();",
  );
  return lines.join("\n");
}
