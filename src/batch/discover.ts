// What a class folder holds: one submission per immediate subfolder, named by the folder (the
// student id), and a content hash per submission so a re-run can skip what did not change.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { UserError } from "../cli/errors.js";

export function listSubmissions(classDir: string, shown: string): string[] {
  let entries;
  try {
    if (!statSync(classDir).isDirectory()) throw new Error("not a folder");
    entries = readdirSync(classDir, { withFileTypes: true });
  } catch {
    throw new UserError(`The class folder ${shown} does not exist or is not a folder. Pass a folder that holds one subfolder per student, each with task1.ts, task2.ts and task3.ts: grade batch submissions/.`);
  }
  return entries.filter((e) => e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules")
    .map((e) => e.name).sort(byId);
}

/** sha256 over every file's relative path and bytes, in a fixed order. */
export function hashSubmission(dir: string): string {
  const hash = createHash("sha256");
  const walk = (rel: string): void => {
    const entries = readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (e.name !== "node_modules") walk(child);
      } else if (e.isFile()) {
        hash.update(`${child}\0`).update(readFileSync(path.join(dir, child))).update("\0");
      }
    }
  };
  walk("");
  return hash.digest("hex");
}

/** Code-unit order, the same on every machine (localeCompare is not). */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
