// The text every QuickJS context evaluates before any student code: the Node 20 globals
// (globals/*.js, each given the host functions and a shared `lib`), then guest.js, the harness,
// which it returns. QuickJS compiles all of it for every context (a submission's, and each
// "fresh" one), so the larger globals are carried as strings and compiled on first use: a
// context whose code never touches URL, Intl or structuredClone does not pay for them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { node20RegexProblem } from "./node20-regex.js";
import { NEWER_THAN_NODE20 } from "./newer-than-node20.js";

const here = path.dirname(fileURLToPath(import.meta.url));
/** Run at set-up, in this order: a later file may use what an earlier one put on `lib`. */
export const EAGER = ["base.js", "regexp.js", "errors.js", "web.js", "timers.js", "clock.js", "sort.js"];
/** Compiled on first use of one of the globals each gives (or, for inspect.js, of console or util). */
export const LAZY: Record<string, { globals: string[]; methods?: [string, string[]][]; lib?: string[] }> = {
  "text.js": { globals: ["TextEncoder", "TextDecoder", "atob", "btoa"] },
  "clone.js": { globals: ["structuredClone"] },
  "url.js": { globals: ["URL", "URLSearchParams"], lib: ["legacyUrl"] },
  "intl.js": {
    globals: ["Intl"],
    methods: [["String.prototype", ["localeCompare", "toLocaleUpperCase", "toLocaleLowerCase"]], ["Number.prototype", ["toLocaleString"]], ["BigInt.prototype", ["toLocaleString"]],
      ["Date.prototype", ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]], ["Array.prototype", ["toLocaleString"]]],
  },
  "inspect.js": { globals: [], lib: ["format", "inspect"] },
  "json-errors.js": { globals: [], lib: ["jsonParseMessage"] },
  "error-source.js": { globals: [], lib: ["errorFromSource"] },
  "json-cycle.js": { globals: [], lib: ["circularMessage"] },
  "hash.js": { globals: [], lib: ["nodeHashes"] },
  "zlib.js": { globals: [], lib: ["nodeZlib"] },
  "atomics.js": { globals: ["Atomics"] },
};

const read = (file: string): string => readFileSync(path.join(here, "globals", file), "utf8").trim().replace(/;$/, "");

/** The stand-ins that compile a lazy file when first used; the file then defines the real ones over them. */
function lazyStubs(): string {
  const lines: string[] = [];
  for (const [file, { globals, methods = [], lib = [] }] of Object.entries(LAZY)) {
    const load = `lib.load(${JSON.stringify(file)})`;
    for (const name of globals) lines.push(`lib.lazy(${JSON.stringify(name)}, () => { ${load}; return globalThis[${JSON.stringify(name)}]; });`);
    for (const [holder, names] of methods) {
      for (const name of names) lines.push(`lib.define(${JSON.stringify(name)}, { ${JSON.stringify(name)}(...args) { ${load}; return ${holder}[${JSON.stringify(name)}].apply(this, args); } }[${JSON.stringify(name)}], ${holder});`);
    }
    for (const name of lib) lines.push(`lib[${JSON.stringify(name)}] = (...args) => { ${load}; return lib[${JSON.stringify(name)}](...args); };`);
  }
  return lines.join("\n");
}

let source: string | undefined;

export function guestSource(): string {
  source ??= [
    "(function (host) {\n\"use strict\";\nconst lib = {};",
    // Our own text, compiled by the engine's own eval as captured here, before any student code.
    "const evaluate = eval;",
    // The compile step's check of a regular expression literal, for patterns made at run time (globals/regexp.js).
    `lib.node20RegexProblem = (${node20RegexProblem.toString()});`,
    // What Node 20 lacks, for globals/base.js to take out: the table the failures' hint reads.
    `lib.newerThanNode20 = ${JSON.stringify(NEWER_THAN_NODE20.map(({ name, on }) => ({ name, on })))};`,
    `const sources = ${JSON.stringify(Object.fromEntries(Object.keys(LAZY).map((file) => [file, `(${read(file)})`])))};`,
    "const loaded = {};",
    "lib.load = (file) => { if (!loaded[file]) { loaded[file] = true; evaluate(sources[file])(host, lib); } };",
    ...EAGER.map((file) => `(${read(file)})(host, lib);`),
    lazyStubs(),
    `return (${readFileSync(path.join(here, "guest.js"), "utf8").trim()})(host, lib);\n})`,
  ].join("\n");
  return source;
}
