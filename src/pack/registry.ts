// Finds the packs: every folder under courses/ with a pack.ts is one, named by its folder. The
// default pack is named in package.json ("grade": { "defaultPack": ... }), so that nothing in the
// engine names a pack. In the bundled CLI (bin/grade.js) the packs are in the bundle, found at
// build time the same way; from the sources (tsx, vitest) each is imported on first use.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { UserError } from "../cli/errors.js";
import { PACK_FORMATS, type Pack } from "./types.js";

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const COURSES = path.join(PACKAGE_ROOT, "courses");

type Bundled = Record<string, () => { default: Pack }>;
const bundled = (): Bundled | undefined => (globalThis as Record<symbol, Bundled | undefined>)[Symbol.for("grade.bundledPacks")];

// What packs there are and which is the default do not change while grade runs: found once.
let found: readonly string[] | undefined;
let defaultId: string | undefined;

/** The ids of every pack, sorted. */
export function packIds(): readonly string[] {
  if (found) return found;
  const inBundle = bundled();
  if (inBundle) return (found = Object.keys(inBundle).sort());
  if (!existsSync(COURSES)) return (found = []);
  return (found = readdirSync(COURSES, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(COURSES, e.name, "pack.ts")))
    .map((e) => e.name).sort());
}

export function defaultPackId(): string {
  if (defaultId !== undefined) return defaultId;
  const manifest = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8")) as { grade?: { defaultPack?: string } };
  return (defaultId = manifest.grade?.defaultPack ?? packIds()[0] ?? "");
}

const loaded = new Map<string, Promise<Pack>>();

/** A pack by id, checked to be one this engine reads; an unknown id is the user's to fix. */
export function loadPack(id: string): Promise<Pack> {
  let pack = loaded.get(id);
  if (!pack) {
    const ids = packIds();
    if (!ids.includes(id)) {
      throw new UserError(`There is no pack "${id}". The packs here are ${ids.join(", ") || "none"} (folders under courses/); pass one with --pack NAME, or leave --pack out for the default, ${defaultPackId()}.`);
    }
    const inBundle = bundled();
    pack = (inBundle ? Promise.resolve(inBundle[id]!()) : import(pathToFileURL(path.join(COURSES, id, "pack.ts")).href) as Promise<{ default: Pack }>)
      .then((m) => {
        const p = m.default;
        if (!p || !(PACK_FORMATS as readonly number[]).includes(p.format)) {
          throw new UserError(`The pack ${id} (courses/${id}/pack.ts) has format ${String(p?.format)}, which this grade does not read (it reads ${PACK_FORMATS.join(", ")}). Update grade, or the pack.`);
        }
        return p;
      });
    loaded.set(id, pack);
  }
  return pack;
}

/**
 * Where a pack's files live: the default pack at the top, others in a folder named after the
 * pack. starters/ holds the starters as shipped, which grade init copies; tasks/ is the student's
 * working copy of them, edited in place.
 */
export function packFolder(top: "starters" | "tasks" | "solutions" | "evidence", packId: string): string {
  return packId === defaultPackId() ? top : `${top}/${packId}`;
}

/** The file a submission folder names its pack in. */
export const PACK_MARKER = "grade.json";

/**
 * Which pack a submission is: --pack when given, else the folder's grade.json ("pack"), else a
 * folder named after a pack (tasks/mcp-stateless), else the default.
 */
export function packOfFolder(abs: string | undefined, chosen: string | undefined): string {
  if (chosen) return chosen;
  if (abs) {
    const marker = path.join(abs, PACK_MARKER);
    if (existsSync(marker)) {
      let named: unknown;
      try { named = (JSON.parse(readFileSync(marker, "utf8")) as { pack?: unknown }).pack; } catch { named = undefined; }
      if (typeof named !== "string" || named === "") {
        throw new UserError(`${PACK_MARKER} in ${path.basename(abs)} does not name a pack: it should read {"pack": "NAME"} with one of ${packIds().join(", ")}. Fix the file, or pass --pack NAME.`);
      }
      return named;
    }
    const base = path.basename(abs);
    if (packIds().includes(base)) return base;
  }
  return defaultPackId();
}
