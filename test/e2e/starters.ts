// The starters as shipped, for tests that need a submission nobody has written yet: from
// starters/ (starters/<pack>/), never tasks/, which is the student's working copy and may hold
// their work in a clone where the tests run.
import path from "node:path";
import { defaultPackId, loadPack, packFolder } from "../../src/pack/registry.js";
import { ROOT } from "./cli.js";

export interface StarterFile {
  name: string;
  source: string;
}

/** The task files of the pack's starters (the default pack's when none is named). */
export async function starterFiles(packId = defaultPackId()): Promise<StarterFile[]> {
  const pack = await loadPack(packId);
  return pack.tasks.map((t) => ({ name: t.file, source: path.join(ROOT, packFolder("starters", pack.id), t.file) }));
}
