// The modules every submission may import inside the sandbox, as CommonJS text: the pack's
// course module ("grade/course", given by the pack: its fixtures and the starters'
// notWrittenYet) and Node's pure modules, from their well-kept browser ports bundled once with
// esbuild (and kept, build-cache.ts).
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cachedBuild } from "../runner/build-cache.js";
import type { ModuleSources } from "./resolve.js";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);

/** Each pure module: what its CommonJS text exports, from the browser ports in package.json. */
const PURE: Record<string, string> = {
  assert: 'module.exports = require("assert");',
  "assert/strict": 'module.exports = require("assert").strict;',
  util: 'module.exports = Object.assign({}, require("util/"), { isDeepStrictEqual: require("assert/build/internal/util/comparisons").isDeepStrictEqual });',
  events: 'module.exports = require("events/");',
  path: 'module.exports = require("path-browserify");',
  "path/posix": 'module.exports = require("path-browserify");',
  buffer: 'module.exports = require("buffer/");',
  string_decoder: 'module.exports = require("string_decoder/");',
  // The sandbox's own URL (globals/url.js); the legacy API is refused by name.
  url: 'const no = (name) => () => { throw new Error(name + " is not available in the grader\'s sandbox: use new URL(...) and its searchParams."); }; module.exports = { URL, URLSearchParams, parse: no("url.parse"), format: no("url.format"), resolve: no("url.resolve"), fileURLToPath: no("url.fileURLToPath"), pathToFileURL: no("url.pathToFileURL") };',
};

async function pureModule(name: string, contents: string): Promise<string> {
  const entry = path.join(ROOT, "src", "sandbox", "modules.ts");
  return cachedBuild({
    entryPoints: [entry], bundle: true, format: "cjs", platform: "browser", target: "es2020",
    minify: true, legalComments: "none", logLevel: "silent", write: false,
    define: { "process.env.NODE_DEBUG": "false", global: "globalThis" },
    plugins: [{
      name: "pure-entry",
      setup(b) {
        b.onLoad({ filter: /[\\/]src[\\/]sandbox[\\/]modules\.ts$/ }, () => ({ contents, loader: "js", resolveDir: ROOT }));
      },
    }],
  }, `pure:${name}:${contents}:${require.resolve("assert/package.json")}`);
}

let pure: Promise<ModuleSources> | undefined;

/**
 * Every module the sandbox gives, by id: the pack's course module (its CommonJS text, from the
 * pack) and the pure modules, built once per process (and kept on disk).
 */
export async function sandboxModules(course: string): Promise<ModuleSources> {
  pure ??= (async () => Object.fromEntries(await Promise.all(Object.entries(PURE).map(async ([name, text]) => [`node:${name}`, await pureModule(name, text)] as const))))();
  return { "grade/course": course, ...(await pure) };
}
