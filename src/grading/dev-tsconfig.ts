// A pack's folders that carry a tsconfig.json of their own (a pack other than the default maps
// "grade/course" to its own module there) are type-checked by grade dev check with it: the root
// tsconfig cannot, since it maps that name to the default pack's module.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as TS from "typescript";

const require = createRequire(import.meta.url);

/** The compiler's errors for the project of one tsconfig.json, as `file:line message` lines. */
export function tsconfigErrors(configFile: string): string[] {
  const ts = require("typescript") as typeof TS;
  const host: TS.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined };
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, { noEmit: true }, host);
  if (!parsed) return [`${configFile} could not be read`];
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  return [...parsed.errors, ...ts.getPreEmitDiagnostics(program)].map((d) => {
    const where = d.file && d.start !== undefined ? `${path.relative(process.cwd(), d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} ` : "";
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}

/** The tsconfig.json files among these folders (relative to root). */
export const ownTsconfigs = (root: string, dirs: readonly string[]): string[] =>
  dirs.map((d) => path.join(root, d, "tsconfig.json")).filter((f) => existsSync(f));
