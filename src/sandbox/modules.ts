// The modules every submission may import inside the sandbox, as CommonJS text: the course
// module ("grade/course": the chapter's fixtures, fresh in each module instance, and the
// starters' notWrittenYet) and Node's pure modules, from their well-kept browser ports bundled
// once with esbuild (and kept, build-cache.ts). Nothing here is an answer: the fixtures are
// what the student's code is given anyway.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LINES, MESSAGES, TOOL } from "../../courses/mcp-ch2/course/fixtures.js";
import { NOT_WRITTEN_YET } from "../pack/not-written-yet.js";
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
};

export function courseModule(): string {
  const data = (value: unknown): string => JSON.stringify(value);
  return [
    '"use strict"; Object.defineProperty(exports, "__esModule", { value: true });',
    `exports.TOOL = ${data(TOOL)};`,
    `exports.MESSAGES = ${data(MESSAGES)};`,
    `exports.LINES = ${data(LINES)};`,
    `exports.NOT_WRITTEN_YET = ${data(NOT_WRITTEN_YET)};`,
    `exports.notWrittenYet = function notWrittenYet(task) { const e = new Error(String(task) + " is not written yet"); e.name = ${data(NOT_WRITTEN_YET)}; throw e; };`,
  ].join("\n");
}

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

let made: Promise<ModuleSources> | undefined;

/** Every module the sandbox gives, by id; built once per process (and kept on disk). */
export function sandboxModules(): Promise<ModuleSources> {
  made ??= (async () => {
    const entries = await Promise.all(Object.entries(PURE).map(async ([name, text]) => [`node:${name}`, await pureModule(name, text)] as const));
    return { "grade/course": courseModule(), ...Object.fromEntries(entries) };
  })();
  return made;
}
