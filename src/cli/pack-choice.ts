// Which pack a command works with, and which folder: --pack when given, else the submission
// folder's grade.json, else a folder named after a pack, else the default pack
// (src/pack/registry.ts). Without --dir, the pack's own starters folder (tasks/ for the default
// pack, tasks/<pack>/ for another).
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { loadPack, packFolder, packOfFolder } from "../pack/registry.js";
import type { Pack } from "../pack/types.js";

export async function choosePack(cwd: string, opts: { pack?: string; dir?: string }): Promise<{ pack: Pack; dir: string }> {
  const abs = opts.dir === undefined ? undefined : path.resolve(cwd, opts.dir);
  const folder = abs && existsSync(abs) && statSync(abs).isDirectory() ? abs : undefined;
  const pack = await loadPack(packOfFolder(folder, opts.pack));
  return { pack, dir: opts.dir ?? packFolder("tasks", pack.id) };
}
