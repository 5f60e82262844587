#!/usr/bin/env node
// The grade executable. It loads the CLI from a bundle of src/ that esbuild rebuilds whenever a
// source file changes (kept in node_modules/.cache/grade, run through a V8 code cache), which
// starts several times faster than compiling the TypeScript sources through tsx on every run; if
// that cache cannot be used, it loads the sources through tsx as before (GRADE_NO_CACHE=1 does
// so on purpose: stack traces then name the sources).
//
// CommonJS (bin/package.json says so): node reaches its first line about 10 ms sooner than an
// ES module's.
"use strict";
const { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const cacheDir = path.join(root, "node_modules", ".cache", "grade");

const OTHER_COMMANDS = new Set(["batch", "merge", "check", "serve", "dev", "hint", "quiz", "status", "watch", "init", "dist", "help", "-h", "--help", "-v", "--version"]);
const command = process.argv.slice(2).find((arg) => OTHER_COMMANDS.has(arg)) ?? "grade";

// A grading's sandbox thread starts now, beside the CLI's loading: Node's own start-up of a thread
// took about 100 ms, which the grading otherwise waited for (src/sandbox/early-thread.cjs).
if (command === "grade") require("../src/sandbox/early-thread.cjs").startEarlyThread();

/** Names, sizes and modification times of every source file: any edit gives a new bundle. */
function fingerprint() {
  // node:crypto costs a few ms to load, but the CLI loads it anyway (every grading hashes):
  // hashing in JavaScript here cost more, run by the interpreter at start-up.
  const hash = require("node:crypto").createHash("sha1");
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!entry.name.endsWith(".test.ts")) {
        const s = statSync(file);
        hash.update(`${file}\0${s.size}\0${s.mtimeMs}\0`);
      }
    }
  };
  walk(path.join(root, "src"));
  if (existsSync(path.join(root, "courses"))) walk(path.join(root, "courses"));
  for (const file of ["package.json", "bin/grade.js"]) {
    const s = statSync(path.join(root, file));
    hash.update(`${file}\0${s.size}\0${s.mtimeMs}\0`);
  }
  hash.update(process.version);
  return hash.digest("hex").slice(0, 16);
}

// In one bundle every module shares its import.meta.url; each keeps its own file's instead, so
// the paths it derives (the harness, the package root) stay right.
const ownUrl = {
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /[\\/](src|courses)[\\/].*\.ts$/ }, async (args) => {
      const text = await require("node:fs/promises").readFile(args.path, "utf8");
      const own = JSON.stringify(require("node:url").pathToFileURL(args.path).href);
      // Every use of import.meta.url, except the one inside the banner that student bundles get.
      return { contents: text.replace(/(__gradeRequire\()?import\.meta\.url/g, (all, banner) => (banner ? all : own)), loader: "ts" };
    });
  },
};

// The CLI as CommonJS scripts, each run through a V8 code cache (cached-script.cjs): Node 20 keeps
// none for ES modules, and compiling was most of the CLI's start-up. What only some runs need is
// a script of its own, loaded on its first require: a pack's MCP SDK (its interop check), which a
// pack imports as "./sdk.js" from a file under courses/ (its sdk.ts becomes a script of its own).
const BANNER = "(function (exports, require, module, __filename, __dirname) {";

/**
 * Leaves the lazy scripts out of the CLI's, which requires them as grade-lazy:NAME (a module of
 * one line: an external import() would stay an import(), which a script cannot run).
 */
const lazyEntries = {};
const lazyScripts = {
  name: "lazy-scripts",
  setup(build) {
    build.onResolve({ filter: /^\.\/sdk\.js$/ }, (args) => {
      const file = path.join(path.dirname(args.importer), "sdk.ts");
      const inCourses = path.relative(path.join(root, "courses"), file);
      if (inCourses.startsWith("..") || path.isAbsolute(inCourses) || !existsSync(file)) return undefined;
      const name = `sdk-${path.relative(root, path.dirname(file)).split(path.sep).join("-")}`;
      lazyEntries[name] = file;
      return { path: name, namespace: "grade-lazy" };
    });
    build.onLoad({ filter: /.*/, namespace: "grade-lazy" }, (args) => ({ contents: `module.exports = require("grade-lazy:${args.path}");`, loader: "js" }));
    build.onResolve({ filter: /^grade-lazy:/ }, (args) => ({ path: args.path, external: true }));
  },
};

// The packs (every courses/NAME/pack.ts) go into the CLI's bundle, found as src/pack/registry.ts
// finds them from the sources: the entry registers them before the CLI's code runs.
const packsEntry = {
  name: "packs-entry",
  setup(build) {
    build.onResolve({ filter: /^grade-entry$/ }, () => ({ path: "grade-entry", namespace: "grade-entry" }));
    build.onLoad({ filter: /.*/, namespace: "grade-entry" }, () => {
      const courses = path.join(root, "courses");
      const ids = existsSync(courses) ? readdirSync(courses, { withFileTypes: true }).filter((e) => e.isDirectory() && existsSync(path.join(courses, e.name, "pack.ts"))).map((e) => e.name).sort() : [];
      const table = ids.map((id) => `${JSON.stringify(id)}: () => require(${JSON.stringify(path.join(courses, id, "pack.ts"))})`).join(",\n");
      return { contents: `globalThis[Symbol.for("grade.bundledPacks")] = {${table}};\nmodule.exports = require(${JSON.stringify(path.join(root, "src", "cli", "main.ts"))});`, loader: "js", resolveDir: root };
    });
  },
};

async function buildScripts(dir) {
  const { build } = require("esbuild");
  const common = {
    bundle: true, outdir: dir, outExtension: { ".js": ".cjs" }, platform: "node", format: "cjs", target: "node20",
    write: false, logLevel: "silent", minifyWhitespace: true, minifySyntax: true, legalComments: "none",
    banner: { js: BANNER }, footer: { js: "})" },
  };
  const results = [await build({
      ...common, entryPoints: { main: "grade-entry" }, plugins: [packsEntry, ownUrl, lazyScripts],
      // The small packages every run needs (commander, chalk) go into the script: resolving and
      // loading them file by file costs more than the rest of the start-up. The large ones are
      // loaded only by the runs that need them (or need their own files: esbuild's binary).
      // The sandbox's engine runs in the sandbox's threads, bundled apart (src/sandbox/), and the
      // student's code is compiled by TypeScript in a thread of its own (compile.ts).
      external: ["esbuild", "typescript", "ajv", "ajv-formats", "quickjs-emscripten-core", "@jitl/quickjs-wasmfile-release-sync"],
    })];
  // The lazy scripts the CLI's bundle met, each bundled apart.
  if (Object.keys(lazyEntries).length) results.push(await build({ ...common, entryPoints: { ...lazyEntries } }));
  return results.flatMap((r) => r.outputFiles);
}

// What esbuild leaves in the scripts beyond ASCII (a regular expression's characters; comments
// are gone) as \u escapes, which mean the same there as in a string: read as Latin-1, an ASCII
// script is a one-byte string, made without decoding.
const ascii = (text) => text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

async function bundledMain() {
  const dir = path.join(cacheDir, `cli-${fingerprint()}`);
  if (!existsSync(path.join(dir, "main.cjs"))) {
    let outputs;
    try {
      outputs = await buildScripts(dir);
    } finally {
      // esbuild's service, a process of its own, would otherwise stay for the whole run: about
      // 100 MB beside the grading (docs/speed.md). A later build (build-cache.ts) starts it again.
      await require("esbuild").stop();
    }
    mkdirSync(cacheDir, { recursive: true });
    // Older bundles go; another run's build in progress (NAME.PID.tmp, of this bundle or of a newer
    // one) stays unless it was left ten minutes ago by a run that died: removing it under that run
    // made its writes fail (seen in CI with two test files starting the CLI at once).
    for (const old of readdirSync(cacheDir)) {
      if (!old.startsWith("cli-") || old.startsWith(path.basename(dir))) continue;
      const file = path.join(cacheDir, old);
      if (old.endsWith(".tmp") && Date.now() - statSync(file, { throwIfNoEntry: false })?.mtimeMs < 600_000) continue;
      rmSync(file, { recursive: true, force: true });
    }
    const temp = `${dir}.${process.pid}.tmp`;
    mkdirSync(temp, { recursive: true });
    for (const out of outputs) writeFileSync(path.join(temp, path.relative(dir, out.path)), ascii(out.text), "latin1");
    try {
      renameSync(temp, dir);
    } catch {
      rmSync(temp, { recursive: true, force: true }); // another run got there first
    }
  }
  const { runCachedScript } = require("../src/runner/cached-script.cjs");
  const requireNode = require("node:module").createRequire(path.join(dir, "main.cjs"));
  const lazy = new Map();
  const requireFromCli = (spec) => {
    if (!spec.startsWith("grade-lazy:")) return requireNode(spec);
    const name = spec.slice("grade-lazy:".length);
    if (!lazy.has(name)) lazy.set(name, runCachedScript(path.join(dir, `${name}.cjs`), { wrapped: true, require: requireNode }));
    return lazy.get(name);
  };
  // A cache per command: it holds what the first run of that command compiled.
  const main = path.join(dir, "main.cjs");
  return runCachedScript(main, { wrapped: true, require: requireFromCli, cacheFile: `${main}.${command.replace(/^-+/, "")}.v8cache` }).main;
}

async function sourceMain() {
  const { register } = await import("tsx/esm/api");
  register();
  return (await import("../src/cli/main.ts")).main;
}

/** Runs the CLI: its exit code becomes the process's. */
async function run() {
  let main;
  try {
    main = process.env.GRADE_NO_CACHE ? await sourceMain() : await bundledMain();
  } catch (error) {
    // Slower, and otherwise silent: GRADE_DEBUG shows why (a test runs with it, test/e2e).
    if (process.env.GRADE_DEBUG) process.stderr.write(`grade: the CLI's bundle could not be used, so the sources load through tsx: ${error?.stack ?? error}\n`);
    main = await sourceMain();
  }
  let code;
  try {
    code = await main(process.argv.slice(2), {
      cwd: process.cwd(),
      env: process.env,
      isTTY: Boolean(process.stdout.isTTY),
      stderrIsTTY: Boolean(process.stderr.isTTY),
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      stdin: process.stdin,
    });
  } finally {
    // nothing to stop: every thread and server a command starts ends with it
  }
  // After the run, so that the caches hold what it compiled; only a run with none writes them.
  if (!process.env.GRADE_NO_CACHE) require("../src/runner/cached-script.cjs").saveCodeCaches();
  process.exitCode = code;
}

void run();
