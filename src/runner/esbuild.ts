// esbuild, loaded with require() on first use: an ESM import of its CommonJS main makes node scan
// all of it for export names first, a quarter of the grader's start-up.
import { createRequire } from "node:module";
import type * as Esbuild from "esbuild";

const require = createRequire(import.meta.url);
let api: typeof Esbuild | undefined;

export const esbuild = (): typeof Esbuild => (api ??= require("esbuild") as typeof Esbuild);
