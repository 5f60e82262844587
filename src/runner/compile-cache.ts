// What link.ts compiled for a file, kept in node_modules/.cache/grade/compiled, one entry per
// file path (so the cache holds at most one entry per file ever graded this way), used while
// the file's text is the same. Grading a submission again unchanged (a student running grade
// twice, a task they did not touch since) then needs no sucrase at all, whose loading takes
// about 10 ms even through its code cache (bin/grade.js), and its first compile more. A batch does not use it: it skips unchanged submissions
// altogether, and its thousands of files would only fill the folder.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CACHE_DIR } from "./build-cache.js";

const DIR = path.join(CACHE_DIR, "compiled");
// Past this many entries (files graded from many folders: test runs, an instructor's checks),
// the oldest written go until half are left. Checked only when something new was compiled.
const MAX_ENTRIES = 1000;

interface Entry {
  /** What the code was made from: the file's text and how it was compiled. */
  key: string;
  code: string;
}

const sha1 = (text: string): string => createHash("sha1").update(text).digest("hex");
/** Where a file's entry is kept (exported for the tests). */
export const entryFile = (file: string): string => path.join(DIR, `${sha1(file)}.json`);

/** The key of a file's text compiled a given way (`how` names the compiler and its options). */
export const compileKey = (source: string, how: string): string => sha1(`${how}\0${source}`);

export function readCompiled(file: string, key: string): string | undefined {
  try {
    const entry = JSON.parse(readFileSync(entryFile(file), "utf8")) as Entry;
    return entry.key === key && typeof entry.code === "string" ? entry.code : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: a read-only install compiles every time. */
export function writeCompiled(file: string, key: string, code: string): void {
  try {
    mkdirSync(DIR, { recursive: true });
    const target = entryFile(file);
    const temp = `${target}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ key, code } satisfies Entry));
    renameSync(temp, target);
    prune();
  } catch { /* compiled again next time */ }
}

function prune(): void {
  const names = readdirSync(DIR);
  if (names.length <= MAX_ENTRIES) return;
  const written = names.map((name) => {
    try {
      return { name, at: statSync(path.join(DIR, name)).mtimeMs };
    } catch {
      return { name, at: 0 };
    }
  });
  written.sort((a, b) => a.at - b.at);
  for (const { name } of written.slice(0, names.length - MAX_ENTRIES / 2)) rmSync(path.join(DIR, name), { force: true });
}
