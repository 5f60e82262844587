import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openCompiler } from "./compilers.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A package root with `typescript7` installed, and as its binary for this platform a script that exits at once. */
function brokenBinary(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "grade-compilers-"));
  writeFileSync(path.join(root, "package.json"), "{}");
  mkdirSync(path.join(root, "node_modules", "typescript7"), { recursive: true });
  writeFileSync(path.join(root, "node_modules", "typescript7", "package.json"), "{}");
  const platform = path.join(root, "node_modules", "@typescript", `typescript-${process.platform}-${process.arch}`);
  mkdirSync(path.join(platform, "lib"), { recursive: true });
  writeFileSync(path.join(platform, "package.json"), "{}");
  writeFileSync(path.join(platform, "lib", "tsc"), "#!/bin/sh\nexit 1\n");
  chmodSync(path.join(platform, "lib", "tsc"), 0o755);
  return root;
}

describe("openCompiler", () => {
  it("takes TypeScript 7 where its binary is installed, 5.9 when asked", async () => {
    const seven = await openCompiler(ROOT);
    expect(seven.name).toBe("TypeScript 7");
    seven.close();
    expect((await openCompiler(ROOT, "5.9")).name).toBe("TypeScript 5.9");
  });

  it("falls back to 5.9 where TypeScript 7's binary is missing or does not run", async () => {
    expect((await openCompiler(mkdtempSync(path.join(os.tmpdir(), "grade-compilers-")))).name).toBe("TypeScript 5.9");
    expect((await openCompiler(brokenBinary())).name).toBe("TypeScript 5.9");
  });
});
