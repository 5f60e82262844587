// `grade merge OUT...`: joins the outputs of sharded batch runs into one results.json, one
// grades.csv and one evidence folder, exactly as one run over the whole class would have made.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { UserError } from "../cli/errors.js";
import type { Pack } from "../pack/types.js";
import type { Report } from "../report/types.js";
import { byId } from "./discover.js";
import { evidenceFiles, readResults, writeResults } from "./outputs.js";

export interface MergeOptions {
  cwd: string;
  /** The pack the runs graded (grades.csv's task columns and file names). */
  pack?: Pick<Pack, "tasks" | "title">;
  inputs: string[];
  out: string;
}

export function mergeBatches(options: MergeOptions): Report[] {
  if (options.inputs.length === 0) throw new UserError("grade merge needs the output folders of the batch runs to join, for example: npx grade merge shard-1 shard-2 --out merged.");
  const seen = new Map<string, string>();
  const reports: Report[] = [];
  const out = path.resolve(options.cwd, options.out);
  for (const input of options.inputs) {
    const dir = path.resolve(options.cwd, input);
    let results: Report[] | undefined;
    try {
      results = readResults(dir);
    } catch (error) {
      throw new UserError(`${input}/results.json is not valid JSON (${(error as Error).message}). Pass folders written by grade batch --out, unchanged.`);
    }
    if (!results) throw new UserError(`${input} holds no results.json from grade batch. Pass the folders that grade batch --out wrote, for example: npx grade merge shard-1 shard-2 --out merged.`);
    for (const report of results) {
      if (report?.version !== 1 || typeof report.submission !== "string") throw new UserError(`${input}/results.json holds something that is not a version-1 report. Pass folders written by grade batch, unchanged.`);
      const other = seen.get(report.submission);
      if (other !== undefined) throw new UserError(`The student ${report.submission} is in both ${other} and ${input}. Each student belongs to one shard: were the runs given different --shard counts, or the same shard twice?`);
      seen.set(report.submission, input);
      reports.push(report);
    }
    if (dir !== out) {
      mkdirSync(path.join(out, "evidence"), { recursive: true });
      for (const file of evidenceFiles(dir)) copyFileSync(path.join(dir, "evidence", file), path.join(out, "evidence", file));
    }
  }
  reports.sort((a, b) => byId(a.submission, b.submission));
  writeResults(out, reports, options.pack);
  return reports;
}
