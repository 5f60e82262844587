// `grade init DIR`: a fresh submission folder holding the three starters, copied from the
// course's tasks/ folder (the file names come from the course data). It never overwrites. The
// commands in the starters' header comments get the new folder's --dir, so they run as printed.
import { existsSync, statSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { TASK_IDS, TASKS } from "../../courses/mcp-ch2/course/tasks.js";
import { UserError } from "../cli/errors.js";
import { STARTERS_DIR } from "../grading/dev-check.js";
import { gradeCommandLine } from "../report/command-line.js";

export interface InitResult {
  /** The new folder, as the user named it. */
  dir: string;
  files: string[];
}

export async function initSubmission(options: { root: string; cwd: string; dir: string }): Promise<InitResult> {
  const target = path.resolve(options.cwd, options.dir);
  const files = TASK_IDS.map((t) => TASKS[t].file);
  if (existsSync(target) && !statSync(target).isDirectory()) {
    throw new UserError(`${options.dir} is a file, not a folder. Name a new folder for your submission, for example: npx grade init my-submission.`);
  }
  const present = files.filter((f) => existsSync(path.join(target, f)));
  if (present.length) {
    throw new UserError(`${options.dir} already has ${present.join(", ")}, and grade init never overwrites your work. Name a new folder (npx grade init my-submission-2), or delete those files yourself if you really want to start again.`);
  }
  try {
    await mkdir(target, { recursive: true });
    for (const file of files) {
      const starter = await readFile(path.join(options.root, STARTERS_DIR, file), "utf8");
      await writeFile(path.join(target, file), withDir(starter, options.dir), { flag: "wx" });
    }
  } catch (error) {
    throw new UserError(`The starters could not be written to ${options.dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Choose a folder you can write.`);
  }
  return { dir: options.dir.split(path.sep).join("/"), files };
}

/** The starter with each `npx grade ...` command of its comments naming the folder. */
export function withDir(starter: string, dir: string): string {
  return starter.replace(/`npx grade([^`]*)`/g, (_all, args: string) => `\`${gradeCommandLine(args.trim(), dir.split(path.sep).join("/"))}\``);
}
