// A file the type checker refused to read (confined-host.ts) is missing to the compiler, which
// says so where the file is named: "File '…' not found." for a reference, "Cannot find module"
// for an import. This finds the refusals behind such a diagnostic, to tell the student why.
import path from "node:path";
import type { Diag } from "./typed-program.js";

const FILE_NOT_FOUND = 6053;
const MODULE_NOT_FOUND = new Set([2307, 2792]);
const SCRIPT = /\.(m|c)?(j|t)sx?$/;

function quoted(d: Diag): string | undefined {
  return /'([^']+)'/.exec(d.lines[0] ?? "")?.[1];
}

/** The reasons of the refused files that `d` says are missing (none when it says nothing of a file). */
export function refusalsOf(d: Diag, refused: ReadonlyMap<string, string>): string[] {
  if (!refused.size || !d.fileName) return [];
  const named = quoted(d);
  if (named === undefined) return [];
  // 5.9 names the file by its absolute path, TypeScript 7 as the reference wrote it.
  if (d.code === FILE_NOT_FOUND) return [...refused].filter(([file]) => file === path.resolve(path.dirname(d.fileName!), named)).map(([, why]) => why);
  if (!MODULE_NOT_FOUND.has(d.code) || !named.startsWith(".") && !path.isAbsolute(named)) return [];
  const stem = path.resolve(path.dirname(d.fileName), named).replace(SCRIPT, "");
  return [...refused].filter(([file]) => file === stem || file.startsWith(`${stem}.`) || file.startsWith(`${stem}${path.sep}`)).map(([, why]) => why);
}
