// `grade merge OUT...`: joins the outputs of sharded batch runs into one results.json, one
// grades.csv and one evidence folder, exactly as one run over the whole class would have made.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { UserError } from "../cli/errors.js";
import type { Pack } from "../pack/types.js";
import type { Report } from "../report/types.js";
import { byId } from "./discover.js";
import { evidenceFiles, readResults, readShard, writeResults } from "./outputs.js";

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
  checkShards(options);
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

/** Every part of a sharded class, once: a merge of 3 of 4 shards would pass for the whole class. */
function checkShards(options: MergeOptions): void {
  const parts = options.inputs.map((input) => ({ input, shard: readShard(path.resolve(options.cwd, input)) }));
  const sharded = parts.flatMap((p) => (p.shard && p.shard !== "whole" ? [{ input: p.input, ...p.shard }] : []));
  if (sharded.length === 0) return;
  const counts = [...new Set(sharded.map((p) => p.count))];
  if (counts.length > 1) throw new UserError(`The batch outputs were split into different numbers of shards (${sharded.map((p) => `${p.input}: ${p.index}/${p.count}`).join(", ")}), so together they are not the class. Grade every shard with the same --shard I/N count, then merge them.`);
  const whole = parts.filter((p) => p.shard === "whole").map((p) => p.input);
  if (whole.length) throw new UserError(`${whole.join(", ")} graded the whole class and ${sharded.map((p) => p.input).join(", ")} only a shard of it: merge either the shards of one split or nothing at all.`);
  const count = counts[0]!;
  const twice = sharded.filter((p, i) => sharded.findIndex((q) => q.index === p.index) !== i);
  if (twice.length) throw new UserError(`Shard ${twice[0]!.index}/${count} was given twice (${sharded.filter((p) => p.index === twice[0]!.index).map((p) => p.input).join(" and ")}). Pass each shard's folder once.`);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !sharded.some((p) => p.index === i));
  if (missing.length) {
    throw new UserError(`The merge is missing shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${count}`).join(", ")}: it was given ${sharded.map((p) => `${p.input} (${p.index}/${count})`).join(", ")}. Without ${missing.length > 1 ? "them" : "it"} the results would leave out those students. Wait for every shard's batch (npx grade batch DIR --shard ${missing[0]}/${count} --out ...) and pass all ${count} folders to npx grade merge.`);
  }
}
