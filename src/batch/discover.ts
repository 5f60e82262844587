// What a class folder holds: one submission per immediate subfolder, named by the folder (the
// student id), the entries refused as submissions (links, misplaced files) with the reason, and a
// content hash per submission so a re-run can skip what did not change.
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { UserError } from "../cli/errors.js";
import { readSubmission } from "../grading/files.js";
import { listed } from "../report/words.js";

const hasTaskFiles = (dir: string, files: readonly string[]): boolean => {
  try {
    return readdirSync(dir, { withFileTypes: true }).some((e) => e.isFile() && files.includes(e.name));
  } catch {
    return false;
  }
};

/**
 * The class folder's submissions: every subfolder, and every symbolic link too (so that each gets
 * a row saying it was refused: refusal below). An empty class is the user's error.
 */
/** `files`: the pack's task files (task1.ts, ...). */
export function listSubmissions(classDir: string, shown: string, files: readonly string[]): string[] {
  const named = listed(files);
  let entries;
  try {
    if (!statSync(classDir).isDirectory()) throw new Error("not a folder");
    entries = readdirSync(classDir, { withFileTypes: true });
  } catch {
    throw new UserError(`The class folder ${shown} does not exist or is not a folder. Pass a folder that holds one subfolder per student, each with ${named}: npx grade batch submissions/.`);
  }
  const ids = entries.filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith(".") && e.name !== "node_modules")
    .map((e) => e.name).sort(byId);
  // Task files in the class folder itself: one submission given where a class was expected.
  if (hasTaskFiles(classDir, files)) {
    throw new UserError(`The class folder ${shown} holds task files itself, so it is one submission, not a class of them. Grade it with npx grade --dir ${shown}, or give npx grade batch the folder that holds one subfolder per student: ${shown}/ann/${files[0]}.`);
  }
  if (ids.length === 0) {
    throw new UserError(`The class folder ${shown} holds no submission folders. Put one subfolder per student in it, each with ${named}: ${shown}/ann/${files[0]}.`);
  }
  return ids;
}

/**
 * Why a class folder's entry is not graded as a submission, or undefined when it is: a symbolic
 * link (it may lead to a classmate's folder, whose grade it would copy, or out of the class), or a
 * folder whose task files are one folder too deep (bob/tasks/task1.ts).
 * The text is for the instructor (grades.csv, results.json).
 */
export function refusal(classDir: string, id: string, files: readonly string[]): string | undefined {
  const dir = path.join(classDir, id);
  const stat = lstatSync(dir, { throwIfNoEntry: false });
  if (!stat) return `${id} disappeared while the class was being graded.`;
  if (stat.isSymbolicLink()) {
    let target = "a path that does not exist";
    try {
      const real = realpathSync(dir);
      const inClass = path.relative(realpathSync(classDir), real);
      target = inClass && !inClass.startsWith("..") && !path.isAbsolute(inClass) ? `${inClass.split(path.sep).join("/")}, another folder of the class` : "a folder outside the class folder";
    } catch { /* a dangling link: the default text */ }
    return `Not graded: ${id} is a symbolic link (to ${target}), not a folder of its own. A link could copy another submission's grade; put the student's own files in a real folder named ${id}.`;
  }
  if (!stat.isDirectory()) return `Not graded: ${id} is not a folder.`;
  if (hasTaskFiles(dir, files)) return undefined;
  const nested = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && hasTaskFiles(path.join(dir, e.name), files)).map((e) => e.name).sort(byId);
  if (nested.length) return `Not graded: ${id} has no task files of its own; they are one folder too deep, in ${nested.map((n) => `${id}/${n}/`).join(", ")}. Move ${files.join(", ")} up into ${id}/ and grade again.`;
  // A folder with no task file at all is graded: its row says each file does not exist.
  return undefined;
}

/**
 * sha256 over what the grader reads of a submission (its source files, within the reader's caps,
 * and what it refused and why): a change anywhere else (a .git folder, a huge file the grader
 * never opens) neither regrades it nor costs the batch the time and memory to read it.
 */
export function hashSubmission(dir: string): string {
  const { files, refused } = readSubmission(dir, path.basename(dir));
  const hash = createHash("sha256");
  for (const id of Object.keys(files).sort(byId)) hash.update(`f\0${id}\0`).update(files[id]!).update("\0");
  for (const id of Object.keys(refused).sort(byId)) hash.update(`r\0${id}\0${refused[id]!}\0`);
  return hash.digest("hex");
}

/** Code-unit order, the same on every machine (localeCompare is not). */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
