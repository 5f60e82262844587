// Both compilers the type check can run on (src/typecheck/compilers.ts), for the tests that
// referee them: every fixture must get the same verdicts and messages from each. TypeScript 7
// is required here (its binary is installed for every platform CI runs on).
import { afterAll } from "vitest";
import { TypeScript59 } from "../src/typecheck/program-59.js";
import { typeScript7 } from "../src/typecheck/program-7.js";
import type { Compiler } from "../src/typecheck/typed-program.js";
import { ROOT } from "./overlay.js";

/** Each compiler, opened once per test file and closed after it. */
export function bothCompilers(): [string, () => Compiler][] {
  const opened = new Map<string, Compiler>();
  afterAll(() => { for (const c of opened.values()) c.close(); });
  const once = (name: string, open: () => Compiler) => (): Compiler => {
    if (!opened.has(name)) opened.set(name, open());
    return opened.get(name)!;
  };
  return [
    ["TypeScript 7", once("7", () => typeScript7(ROOT))],
    ["TypeScript 5.9", once("5.9", () => new TypeScript59(ROOT))],
  ];
}
