#!/usr/bin/env node
// The grade executable. It loads the CLI from a bundle of src/ that esbuild rebuilds whenever a
// source file changes (kept in node_modules/.cache/grade), which starts several times faster than
// compiling the TypeScript sources through tsx on every run; if that cache cannot be used, it
// loads the sources through tsx as before.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = path.join(root, "node_modules", ".cache", "grade");

// A grading's sandbox process takes all of node's start-up to be ready: started here, before the
// grader itself loads, it is ready about when the grader is. Only when the command line is the
// grade command (no subcommand, no help); a name missing here only costs that head start, and a
// process started for nothing is stopped at the end.
const OTHER_COMMANDS = new Set(["batch", "merge", "check", "serve", "dev", "hint", "quiz", "status", "watch", "init", "dist", "help", "-h", "--help", "-v", "--version"]);
let sandbox;
if (!process.env.GRADE_NO_CACHE && !process.argv.slice(2).some((arg) => OTHER_COMMANDS.has(arg))) {
  try {
    sandbox = (await import("../src/runner/sandbox-process.js")).spawnSandbox();
    sandbox.on("error", () => { /* the pool, or the end of this file, deals with it */ });
  } catch {
    sandbox = undefined;
  }
}

/** Names, sizes and modification times of every source file: any edit gives a new bundle. */
function fingerprint() {
  // node:crypto costs a few ms to load, but the CLI loads it anyway (every grading hashes):
  // hashing in JavaScript here cost more, run by the interpreter at start-up.
  const hash = createHash("sha1");
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
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const { readFile } = await import("node:fs/promises");
      const text = await readFile(args.path, "utf8");
      const own = JSON.stringify(pathToFileURL(args.path).href);
      // Every use of import.meta.url, except the one inside the banner that student bundles get.
      return { contents: text.replace(/(__gradeRequire\()?import\.meta\.url/g, (all, banner) => (banner ? all : own)), loader: "ts" };
    });
  },
};

// Split into chunks, so that what the CLI imports lazily (the MCP SDK) is loaded
// only by the runs that use it.
async function bundledMain() {
  const dir = path.join(cacheDir, `cli-${fingerprint()}`);
  const entry = path.join(dir, "main.js");
  if (!existsSync(entry)) {
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: { main: path.join(root, "src", "cli", "main.ts") }, bundle: true, splitting: true, outdir: dir,
      platform: "node", format: "esm", target: "node20", write: false, logLevel: "silent",
      // The small packages every run needs (commander, chalk) go into the bundle: resolving and
      // loading them file by file costs more than the rest of the start-up. The large ones are
      // loaded only by the runs that need them (or need their own files: esbuild's binary).
      external: ["esbuild", "typescript", "ajv", "ajv-formats"],
      // Bundled CommonJS (commander) calls require() for Node's modules.
      banner: { js: 'import { createRequire as __gradeCreateRequire } from "node:module"; const require = __gradeCreateRequire(import.meta.url);' },
      plugins: [ownUrl],
    });
    mkdirSync(cacheDir, { recursive: true });
    for (const old of readdirSync(cacheDir)) {
      if (old.startsWith("cli-") && old !== path.basename(dir)) rmSync(path.join(cacheDir, old), { recursive: true, force: true });
    }
    const temp = `${dir}.${process.pid}.tmp`;
    mkdirSync(temp, { recursive: true });
    for (const out of result.outputFiles) writeFileSync(path.join(temp, path.relative(dir, out.path)), out.contents);
    try {
      renameSync(temp, dir);
    } catch {
      rmSync(temp, { recursive: true, force: true }); // another run got there first
    }
  }
  return (await import(pathToFileURL(entry).href)).main;
}

async function sourceMain() {
  const { register } = await import("tsx/esm/api");
  register();
  return (await import("../src/cli/main.ts")).main;
}

let main;
try {
  main = process.env.GRADE_NO_CACHE ? await sourceMain() : await bundledMain();
} catch {
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
    takeSandbox: () => { const taken = sandbox; sandbox = undefined; return taken; },
  });
} finally {
  sandbox?.kill("SIGKILL");
}
process.exitCode = code;
