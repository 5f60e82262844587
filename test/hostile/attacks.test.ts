// The table of attacks and the fixture folders agree, and every hostile submission builds: its
// three tasks there, every placeholder filled in. (Runs always; the attacks themselves run in the
// grade-*.test.ts files when GRADE_HOSTILE=1.)
import { lstatSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ATTACKS, folderOf } from "./attacks.js";
import { buildAttack, FIXTURES, newRoot } from "./build.js";

describe("the hostile submissions", () => {
  it("are exactly the folders of test/fixtures/hostile (but _wrong and _shared)", () => {
    const folders = readdirSync(FIXTURES).filter((f) => !f.startsWith("_") && statSync(path.join(FIXTURES, f)).isDirectory()).sort();
    expect(ATTACKS.map((a) => a.name).sort()).toEqual(folders);
    expect(new Set(ATTACKS.map(folderOf)).size).toBe(ATTACKS.length);
  });

  it("each builds into a submission with its three tasks and no placeholder left", () => {
    const root = newRoot("build");
    try {
      for (const attack of ATTACKS) {
        const dir = buildAttack(attack, path.join(root, folderOf(attack)), { root, canaryPort: 1 });
        for (const task of ["task1.ts", "task2.ts", "task3.ts"]) expect(readdirSync(dir), attack.name).toContain(task);
        for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
          const full = path.join(dir, file);
          if (!lstatSync(full).isFile()) continue;
          expect(readFileSync(full, "utf8"), `${attack.name}/${file}`).not.toMatch(/__[A-Z_]+__/);
        }
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
