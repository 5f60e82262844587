// Parsing and checking of option values shared by the commands, with errors that teach.
import type { Pack } from "../pack/types.js";
import { gradeCommandLine } from "../report/command-line.js";
import { UserError } from "./errors.js";

/** Task arguments (ids, their numbers, or all, the default), in the pack's order. */
export function parseTaskNames(pack: Pick<Pack, "tasks" | "id">, args: readonly string[], dir?: string): string[] {
  const ids = pack.tasks.map((t) => t.id);
  if (args.length === 0) return ids;
  const chosen = new Set<string>();
  for (const arg of args) {
    const name = arg.toLowerCase();
    const byNumber = pack.tasks.find((t) => String(t.number) === name)?.id;
    if (name === "all") ids.forEach((t) => chosen.add(t));
    else if (ids.includes(name)) chosen.add(name);
    else if (byNumber) chosen.add(byNumber);
    else throw new UserError(`"${arg}" is not a task. Name one or more of ${ids.join(", ")}, or all (the default), for example: ${gradeCommandLine(ids[1] ?? ids[0]!, dir)}.`);
  }
  return ids.filter((t) => chosen.has(t));
}

export function parseTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 100 || ms > 600_000) {
    throw new UserError(`--timeout takes a whole number of milliseconds from 100 to 600000, got "${value}". It sets the clock's backstop for each run (default 120000); a task's limit is counted in the work its code does, not in time, so --timeout only matters on a machine too busy to finish in time.`);
  }
  return ms;
}

export interface ReporterChoice {
  name: string;
  /** Where to write it; undefined means stdout. */
  file?: string;
}

export function parseReporters(values: readonly string[], known: readonly string[]): ReporterChoice[] {
  const choices = (values.length ? values : ["pretty"]).map((v): ReporterChoice => {
    const eq = v.indexOf("=");
    const name = eq < 0 ? v : v.slice(0, eq);
    const file = eq < 0 ? undefined : v.slice(eq + 1);
    if (!known.includes(name)) throw new UserError(`There is no reporter "${name}". Choose from ${known.join(", ")}; write --reporter NAME for stdout or --reporter NAME=FILE for a file.`);
    if (file === "") throw new UserError(`--reporter ${name}= needs a file name after the "=", for example --reporter ${name}=reports/${name}.out.`);
    return file === undefined ? { name } : { name, file };
  });
  if (choices.filter((c) => c.file === undefined).length > 1) {
    throw new UserError(`Only one reporter can write to stdout, but ${values.join(" and ")} all would. Send the others to files: --reporter json=report.json.`);
  }
  return choices;
}

/** --gradescope-hide's comma-separated check kinds. */
export const parseHiddenKinds = (value: string | undefined): string[] => value?.split(",").map((k) => k.trim()).filter(Boolean) ?? [];

export function parseSeed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seed = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(seed) || seed > 0xffffffff) {
    throw new UserError(`--seed takes a whole number from 0 to 4294967295, got "${value}". Use the seed a report printed (for example --seed 4242) to generate the same inputs again.`);
  }
  return seed;
}
