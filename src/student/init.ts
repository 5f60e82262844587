// `grade init DIR`: a fresh submission folder holding the pack's starters as shipped, copied from
// starters/ (or starters/<pack>/; the file names come from the pack), never from tasks/, which is
// the student's own working copy and may hold their work. It never overwrites. The commands in the starters' header comments get the new folder's --dir, so they
// run as printed. A folder of a pack other than the default also gets grade.json, naming its pack,
// and a tsconfig.json mapping "grade/course" to that pack's module for the editor.
import { existsSync, statSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { UserError } from "../cli/errors.js";
import { defaultPackId, packFolder, PACK_MARKER } from "../pack/registry.js";
import type { Pack } from "../pack/types.js";
import { gradeCommandLine } from "../report/command-line.js";

export interface InitResult {
  /** The new folder, as the user named it. */
  dir: string;
  files: string[];
}

export async function initSubmission(options: { root: string; cwd: string; dir: string; pack: Pack }): Promise<InitResult> {
  const { pack } = options;
  const target = path.resolve(options.cwd, options.dir);
  const files = pack.tasks.map((t) => t.file);
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
      const starter = await readFile(path.join(options.root, packFolder("starters", pack.id), file), "utf8");
      await writeFile(path.join(target, file), withDir(starter, options.dir), { flag: "wx" });
    }
    if (pack.id !== defaultPackId()) {
      await writeFile(path.join(target, PACK_MARKER), `${JSON.stringify({ pack: pack.id })}\n`, { flag: "wx" });
      const rel = (to: string): string => path.relative(target, to).split(path.sep).join("/");
      const tsconfig = { extends: rel(path.join(options.root, "tsconfig.json")), compilerOptions: { paths: { "grade/course": [rel(pack.course.typesFile)] } }, include: ["**/*.ts"] };
      await writeFile(path.join(target, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`, { flag: "wx" });
      files.push(PACK_MARKER, "tsconfig.json");
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
