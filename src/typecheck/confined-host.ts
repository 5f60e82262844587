// What the type checker may read. The compiler follows every path a submission names (an import,
// a `/// <reference path>`, a folder's node_modules) and its default host reads whatever is
// there: a link to /proc/self/fd/1 or a FIFO blocks it, /dev/zero fills its memory. This host
// reads only regular files: the submission's own (by real path, inside the folder, with the
// caps and refusals of the sandbox's reader, src/grading/files.ts) and the grader's own
// (the standard library, @types, the course module). Anything else does not exist for the
// compiler; what the submission named but could not be read is kept with the reason.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type TypeScript from "typescript";
import type { TaskTypes } from "./types-check.js";

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json)$/;
const SKIP_DIRS = new Set(["node_modules", ".git"]);
export const SUBMISSION_CAPS = { files: 200, fileBytes: 512 * 1024, totalBytes: 4 * 1024 * 1024, depth: 4 };
const GRADER_FILE_BYTES = 8 * 1024 * 1024;

export interface ConfinedRead {
  /** The file's text, or why it was not read (a sentence naming it as `display` shows it). */
  text?: string;
  refused?: string;
}

const realOrUndefined = (file: string): string | undefined => {
  try { return realpathSync(file); } catch { return undefined; }
};
const within = (real: string, dir: string): boolean => real === dir || real.startsWith(dir + path.sep);

/** Reads a regular file, never blocking on a FIFO or a device and never past `cap` bytes. */
export function readRegularFile(real: string, cap: number): { text: string } | { refused: "not-regular" | "too-large" | "unreadable"; size?: number } {
  let fd: number;
  try { fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW); } catch { return { refused: "unreadable" }; }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { refused: "not-regular" };
    if (stat.size > cap) return { refused: "too-large", size: stat.size };
    // Sized by what fstat says (a cap's worth, zero-filled, for each standard library file cost
    // more than the compiler's own parse), grown while the file gives more, never past the cap.
    let buffer = Buffer.allocUnsafe(Math.min(cap + 1, stat.size + 1, 1 << 30) || 1);
    let length = 0;
    for (let n = 1; n > 0 && length <= cap;) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(Math.min(cap + 1 - length, Math.max(length, 4096)))]);
      n = readSync(fd, buffer, length, buffer.length - length, null);
      length += n;
    }
    // A file that grew while it was read (a /proc file reports size 0) is held to the cap too.
    if (length > cap) return { refused: "too-large", size: length };
    return { text: buffer.subarray(0, length).toString("utf8") };
  } catch {
    return { refused: "unreadable" };
  } finally {
    closeSync(fd);
  }
}

export class FileGate {
  private readonly root: string;
  private readonly grader: string[];
  private readonly texts = new Map<string, string | undefined>();
  /** Submission paths (as the compiler asked for them) that exist but were not read, and why. */
  readonly refused = new Map<string, string>();
  private count = 0;
  private total = 0;

  /** `graderDirs`: folders or files of the grader's own that the compiler may read. */
  constructor(submissionDir: string, graderDirs: readonly string[], private readonly display: (abs: string) => string) {
    this.root = realpathSync(submissionDir);
    this.grader = graderDirs.map((d) => realOrUndefined(d)).filter((d): d is string => d !== undefined);
  }

  private zone(real: string): "submission" | "grader" | undefined {
    if (within(real, this.root)) {
      const parts = path.relative(this.root, real).split(path.sep);
      const hidden = parts.slice(0, -1).some((p) => SKIP_DIRS.has(p) || p.startsWith("."));
      return hidden || parts.length - 1 > SUBMISSION_CAPS.depth ? undefined : "submission";
    }
    return this.grader.some((g) => within(real, g)) ? "grader" : undefined;
  }

  /** The file's text, or undefined: it does not exist for the compiler. */
  read(file: string): string | undefined {
    const abs = path.resolve(file);
    if (this.texts.has(abs)) return this.texts.get(abs);
    const result = this.readOnce(abs);
    this.texts.set(abs, result.text);
    if (result.refused) this.refused.set(abs, result.refused);
    return result.text;
  }

  private readOnce(abs: string): ConfinedRead {
    const shown = this.display(abs);
    let exists = false;
    try { lstatSync(abs); exists = true; } catch { /* nothing there: nothing to refuse */ }
    if (!exists) return {};
    const real = realOrUndefined(abs);
    if (!real) return { refused: `${shown} is a symbolic link to nothing; replace it with the file itself.` };
    const zone = this.zone(real);
    if (!zone) {
      return within(abs, this.root) && !within(real, this.root)
        ? { refused: `${shown} is a symbolic link that leads out of the submission folder (to ${real}); the type check reads only the submission's own files. Replace the link with your own file.` }
        : { refused: `${shown} is outside the submission folder (or in a folder the grader skips, such as node_modules); the type check reads only the submission's own files. Copy what you need into your folder.` };
    }
    if (zone === "grader") {
      const read = readRegularFile(real, GRADER_FILE_BYTES);
      return "text" in read ? { text: read.text } : {};
    }
    if (!SOURCE.test(real)) return { refused: `${shown} is not a source file (.ts, .js or .json); the type check reads only those.` };
    if (this.count >= SUBMISSION_CAPS.files) return { refused: `${shown} was not read: a submission may hold at most ${SUBMISSION_CAPS.files} source files.` };
    const read = readRegularFile(real, Math.min(SUBMISSION_CAPS.fileBytes, SUBMISSION_CAPS.totalBytes - this.total));
    if ("refused" in read) {
      if (read.refused === "not-regular") return { refused: `${shown} is not a regular file (a device, a FIFO or a socket, perhaps through a link); the type check reads only regular files. Replace it with your own source file.` };
      if (read.refused === "too-large") return { refused: `${shown} is too large to type-check (a file may hold at most ${SUBMISSION_CAPS.fileBytes / 1024} KB, a submission ${SUBMISSION_CAPS.totalBytes / 1024 / 1024} MB). The tasks need a few hundred lines at most.` };
      return { refused: `${shown} could not be read.` };
    }
    this.count += 1;
    this.total += Buffer.byteLength(read.text);
    return { text: read.text };
  }

  isGrader(file: string): boolean {
    const real = realOrUndefined(file);
    return real !== undefined && this.zone(real) === "grader";
  }

  exists(file: string): boolean {
    return this.read(file) !== undefined;
  }

  directoryExists(dir: string): boolean {
    const real = realOrUndefined(dir);
    if (!real) return false;
    // The folders on the way to the grader's own files exist too: module resolution walks them.
    const allowed = within(real, this.root) ? real === this.root || this.zone(path.join(real, "x")) === "submission"
      : this.grader.some((g) => within(real, g) || within(g, real));
    if (!allowed) return false;
    try { return statSync(real).isDirectory(); } catch { return false; }
  }

  directories(dir: string): string[] {
    if (!this.directoryExists(dir)) return [];
    try {
      return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).slice(0, 1000);
    } catch {
      return [];
    }
  }

  realpath(file: string): string {
    const real = realOrUndefined(file);
    return real && this.zone(real) ? real : file;
  }
}

/** A compiler host whose every read goes through the gate; `generated` files are never on disk. */
export function confinedHost(ts: typeof TypeScript, options: TypeScript.CompilerOptions, gate: FileGate, generated: ReadonlyMap<string, string>,
  shared: Map<string, TypeScript.SourceFile | undefined>): TypeScript.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const text = (file: string): string | undefined => generated.get(path.resolve(file)) ?? gate.read(file);
  host.readFile = text;
  host.fileExists = (file) => generated.has(path.resolve(file)) || gate.exists(file);
  host.directoryExists = (dir) => gate.directoryExists(dir);
  host.getDirectories = (dir) => gate.directories(dir);
  host.realpath = (file) => (generated.has(path.resolve(file)) ? file : gate.realpath(file));
  host.getSourceFile = (fileName, languageVersion) => {
    const make = (): TypeScript.SourceFile | undefined => {
      const t = text(fileName);
      return t === undefined ? undefined : ts.createSourceFile(fileName, t, languageVersion, true);
    };
    // The grader's files are parsed once per builder and shared by every submission's Program.
    if (generated.has(path.resolve(fileName)) || !gate.isGrader(fileName)) return make();
    if (!shared.has(fileName)) shared.set(fileName, make());
    return shared.get(fileName);
  };
  return host;
}

/** A task's own file that cannot be checked: absent (skipped: the run says so) or refused (the check fails, saying why). */
export function unreadableTask(gate: FileGate, abs: string, file: string, display: (abs: string) => string): TaskTypes | undefined {
  if (gate.exists(abs)) return undefined;
  const refused = gate.refused.get(path.resolve(abs));
  return refused ? { findings: [{ file: display(abs), line: 1, column: 1, message: refused }] } : { skipped: `${file} does not exist.` };
}
