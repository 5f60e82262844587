// The text every QuickJS context evaluates before any student code: the Node 20 globals
// (globals/*.js, in order, each given the host functions and a shared `lib`), then guest.js, the
// harness, which it returns. Read once per process; QuickJS compiles it once per context.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
/** In the order they run: a later file may use what an earlier one put on `lib`. */
export const GLOBALS = ["base.js", "text.js", "clone.js", "web.js", "intl.js", "url.js", "inspect.js"];

let source: string | undefined;

export function guestSource(): string {
  source ??= [
    "(function (host) {\n\"use strict\";\nconst lib = {};",
    ...GLOBALS.map((file) => `(${readFileSync(path.join(here, "globals", file), "utf8").trim().replace(/;$/, "")})(host, lib);`),
    `return (${readFileSync(path.join(here, "guest.js"), "utf8").trim()})(host, lib);\n})`,
  ].join("\n");
  return source;
}
