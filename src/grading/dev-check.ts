// `grade dev check`: lints every pack, as rustlings lints its exercises. For each: its format is
// one this engine reads, every starter fails as shipped (with the friendly "not written yet"),
// every solution passes every check, every check and evidence line carries a title and a hint,
// every task has hints, and whatever the pack lints of itself (Pack.lint: a quiz key, say).
import { existsSync } from "node:fs";
import path from "node:path";
import { loadPack, packFolder, packIds } from "../pack/registry.js";
import { PACK_FORMATS, type Pack } from "../pack/types.js";
import { ownTsconfigs, tsconfigErrors } from "./dev-tsconfig.js";
import { gradeSubmission } from "./grade.js";

export interface DevCheckItem {
  name: string;
  ok: boolean;
  detail: string;
}

export interface DevCheckReport {
  ok: boolean;
  items: DevCheckItem[];
}

export async function devCheck(options: { root: string; timeoutMs?: number; packs?: string[] }): Promise<DevCheckReport> {
  const items: DevCheckItem[] = [];
  for (const id of options.packs ?? packIds()) {
    let pack: Pack;
    try {
      pack = await loadPack(id);
    } catch (error) {
      items.push({ name: `${id}: the pack loads, in a format this grade reads (${PACK_FORMATS.join(", ")})`, ok: false, detail: (error as Error).message });
      continue;
    }
    try {
      items.push(...await packItems(pack, options));
    } catch (error) {
      // A pack whose own code throws is the author's to fix: one failing line, the other packs still linted.
      items.push({ name: `${id}: the pack grades its starters and solutions without an error of its own`, ok: false, detail: (error as Error).stack?.split("\n").slice(0, 3).join(" ") ?? String(error) });
    }
  }
  return { ok: items.length > 0 && items.every((i) => i.ok), items };
}

async function packItems(pack: Pack, options: { root: string; timeoutMs?: number }): Promise<DevCheckItem[]> {
  const items: DevCheckItem[] = [{ name: `${pack.id}: format ${pack.format}, ${pack.tasks.length} tasks, ${pack.evidence.length} evidence lines`, ok: true, detail: pack.title }];
  const starters = packFolder("starters", pack.id);
  const solutions = packFolder("solutions", pack.id);
  const missing = [starters, solutions].flatMap((dir) => pack.tasks.map((t) => `${dir}/${t.file}`)).filter((f) => !existsSync(path.join(options.root, f)));
  if (missing.length) return [...items, { name: `${pack.id}: every task has a starter and a solution`, ok: false, detail: `missing: ${missing.join(", ")}` }];
  // With the checks beyond the evidence lines too (a fixed seed, so the lint is repeatable).
  const grade = (dir: string) => gradeSubmission({ cwd: options.root, pack, dir, tasks: pack.tasks.map((t) => t.id), timeoutMs: options.timeoutMs, extra: { seed: 0 }, typecheck: true });
  const [started, solved] = await Promise.all([grade(starters), grade(solutions)]);
  for (const task of started.tasks) {
    const notWritten = task.status === "fail" && /not written yet/.test(task.message ?? "");
    items.push({
      name: `${starters}/${fileOf(pack, task.task)} fails as shipped`, ok: notWritten,
      detail: notWritten ? "reports \"not written yet\"" : `status ${task.status}${task.message ? `: ${task.message}` : ""}`,
    });
  }
  for (const task of solved.tasks) {
    const failing = task.checks.filter((c) => c.status !== "pass");
    items.push({
      name: `${solutions}/${fileOf(pack, task.task)} passes every check`, ok: task.status === "pass" && failing.length === 0,
      detail: failing.length ? `not passing: ${failing.map((c) => `${c.name} (${c.status}${c.message ? `: ${c.message}` : ""})`).join("; ")}` : `${task.checks.length} checks pass`,
    });
  }
  const checks = solved.tasks.flatMap((t) => t.checks);
  const untitled = checks.filter((c) => !c.title?.trim() || !c.hint?.trim()).map((c) => c.name);
  const ruleGaps = pack.evidence.filter((e) => !e.title.trim() || !e.hint.trim() || e.accepted === "").map((e) => e.key);
  const gaps = [...new Set([...untitled, ...ruleGaps])];
  items.push({ name: `${pack.id}: every check has a title and a hint`, ok: gaps.length === 0, detail: gaps.length ? `missing on: ${gaps.join(", ")}` : `${checks.length} checks` });
  // A line's own rules (src/pack/score.ts) must be checks its task runs, or the line would earn
  // its point with nothing judged beyond the fixtures.
  const lineRules = pack.score.lines ?? {};
  const runs = (task: string): Set<string> => new Set(solved.tasks.find((t) => t.task === task)?.checks.map((c) => c.name) ?? []);
  const unknownRules = pack.evidence.flatMap((e) => (lineRules[e.key] ?? []).filter((r) => !runs(e.task).has(r)).map((r) => `${e.key} names ${r}`));
  const ruleless = pack.evidence.filter((e) => !(lineRules[e.key] ?? []).length).map((e) => e.key);
  items.push({
    name: `${pack.id}: every rule an evidence line names is a check of its task`, ok: unknownRules.length === 0,
    detail: unknownRules.length ? `no such check: ${unknownRules.join("; ")}` : ruleless.length ? `${ruleless.length} of ${pack.evidence.length} lines name no rule of their own (earned by the fixtures alone): ${ruleless.join(", ")}` : `${pack.evidence.length} lines, each with its own rules`,
  });
  const ids = new Set(checks.map((c) => c.name));
  const thin = pack.tasks.map((t) => t.id).filter((t) => !pack.hints[t]?.length || pack.hints[t]!.some((h) => !h.text.trim() || !h.reread.trim()));
  const stray = Object.values(pack.hints).flatMap((list) => list.flatMap((h) => h.checks)).filter((c) => !ids.has(c) && !pack.evidence.some((e) => e.key === c));
  items.push({
    name: `${pack.id}: every task has hints, each naming a part of the course text and only checks that exist`, ok: thin.length === 0 && stray.length === 0,
    detail: thin.length ? `empty or missing on: ${thin.join(", ")}` : stray.length ? `hints name checks no task has: ${[...new Set(stray)].join(", ")}` : pack.tasks.map((t) => `${t.id}: ${pack.hints[t.id]!.length} levels`).join(", "),
  });
  for (const config of ownTsconfigs(options.root, [`courses/${pack.id}`, starters, solutions])) {
    const errors = tsconfigErrors(config);
    const shown = path.relative(options.root, config).split(path.sep).join("/");
    items.push({ name: `${shown} type-checks`, ok: errors.length === 0, detail: errors.length ? `${errors.length} errors: ${errors.slice(0, 3).join("; ")}` : "no errors" });
  }
  items.push(...(pack.lint?.(options.root) ?? []));
  return items;
}

const fileOf = (pack: Pack, task: string): string => pack.tasks.find((t) => t.id === task)?.file ?? task;
