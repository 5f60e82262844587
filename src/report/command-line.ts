// The commands grade prints, written so they run as printed: through npx (grade is this
// repository's bin, not a command on PATH) and with the --dir in use, left out for tasks/.
import path from "node:path";

const PLAIN_WORD = /^[\w@%+=:,./-]+$/;

/** A word as a POSIX shell reads it back: quoted when it holds anything but plain characters. */
export function shellWord(word: string): string {
  return PLAIN_WORD.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** The submission folder as a command line names it; undefined for the default, tasks/. */
export function dirArgument(dir: string | undefined): string | undefined {
  if (dir === undefined) return undefined;
  const shown = path.posix.normalize(dir.split(path.sep).join("/")).replace(/(.)\/+$/, "$1");
  return shown === "tasks" ? undefined : shown;
}

/** `npx grade <args> --dir <dir>`, the --dir only when it is not tasks/. */
export function gradeCommandLine(args: string, dir?: string): string {
  const shown = dirArgument(dir);
  return ["npx grade", args, shown === undefined ? "" : `--dir ${shellWord(shown)}`].filter(Boolean).join(" ");
}
