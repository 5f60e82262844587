// Reads a submission's source files for the sandbox, confined to its folder: every file's real
// path is resolved, and one that leads out of the folder (a link into a classmate's folder or
// into solutions/) is refused with a message naming it, never read. Bounded: a folder with more
// or larger files than a course needs is read only as far as the caps.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from "node:fs";
import path from "node:path";

export interface SubmissionFiles {
  /** Source text by path within the folder ("task1.ts", "lib/util.ts"). */
  files: Record<string, string>;
  /** Paths that were not read, each with the reason in one sentence. */
  refused: Record<string, string>;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json)$/;
const SKIP_DIRS = new Set(["node_modules", ".git"]);
const MAX_FILES = 200;
const MAX_FILE_BYTES = 512 * 1024;
const MAX_TOTAL_BYTES = 4 * 1024 * 1024;
const MAX_DEPTH = 4;

export function readSubmission(dir: string, shown: string): SubmissionFiles {
  const root = realpathSync(dir);
  const out: SubmissionFiles = { files: {}, refused: {} };
  let total = 0;
  let count = 0;
  const inside = (real: string): boolean => real === root || real.startsWith(root + path.sep);
  const walk = (abs: string, rel: string, depth: number): void => {
    let entries: string[];
    try { entries = readdirSync(abs).sort(); } catch { return; }
    for (const name of entries) {
      if (count >= MAX_FILES) return;
      const file = path.join(abs, name);
      const id = rel ? `${rel}/${name}` : name;
      let stat;
      try { stat = lstatSync(file); } catch { continue; }
      const shownId = shown === "." ? id : `${shown}/${id}`;
      if (stat.isSymbolicLink()) {
        let real: string;
        try { real = realpathSync(file); } catch { if (SOURCE.test(name)) out.refused[id] = `${shownId} is a symbolic link to nothing; replace it with the file itself.`; continue; }
        if (!inside(real)) {
          if (SOURCE.test(name) || statSafe(real)?.isDirectory()) out.refused[id] = `${shownId} is a symbolic link that leads out of the submission folder (to ${real}); the grader reads only the submission's own files. Replace the link with your own file.`;
          continue;
        }
        stat = statSafe(real);
        if (!stat) continue;
      }
      // A folder or a device under a source file's name (task1.ts/) is named, not reported missing.
      if (stat.isDirectory() && SOURCE.test(name)) {
        out.refused[id] = `${shownId} is a folder, not a file; the grader reads each task from a source file of that name. Move what it holds elsewhere and save your code as ${shownId}.`;
        continue;
      }
      if (stat.isDirectory()) {
        if (!SKIP_DIRS.has(name) && !name.startsWith(".") && depth < MAX_DEPTH) walk(file, id, depth + 1);
        continue;
      }
      if (!SOURCE.test(name)) continue;
      if (!stat.isFile()) {
        out.refused[id] = `${shownId} is not a regular file (a device, a FIFO or a socket, perhaps through a link); the grader reads only regular files. Replace it with your own source file.`;
        continue;
      }
      count += 1;
      if (stat.size > MAX_FILE_BYTES || total + stat.size > MAX_TOTAL_BYTES) {
        out.refused[id] = `${shownId} is too large to grade (${Math.round(stat.size / 1024)} KB; a file may hold at most ${MAX_FILE_BYTES / 1024} KB). The tasks need a few hundred lines at most.`;
        continue;
      }
      try {
        out.files[id] = readFileSync(file, "utf8");
        total += stat.size;
      } catch {
        out.refused[id] = `${shownId} could not be read.`;
      }
    }
  };
  walk(root, "", 0);
  return out;
}

function statSafe(file: string): Stats | undefined {
  try { return statSync(file); } catch { return undefined; }
}
