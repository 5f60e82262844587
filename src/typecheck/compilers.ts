// Which compiler a type check uses: TypeScript 7's native one where its binary is installed for
// this platform (an optional dependency of the `typescript7` package), TypeScript 5.9 where it
// is not. Both give the same verdicts and messages on the type-check fixtures (the tests run
// every fixture through both); TypeScript 7 takes about a quarter of the CPU (docs/speed.md). Each
// is loaded only when chosen: loading 5.9's 9 MB of JavaScript is most of a cold check.
import { typeScript7, TypeScript7, typeScript7Binary } from "./program-7.js";
import type { Compiler } from "./typed-program.js";

/** "auto": TypeScript 7 where it is installed, else 5.9. */
export type CompilerChoice = "auto" | "7" | "5.9";

export async function openCompiler(packageRoot: string, choice: CompilerChoice = "auto"): Promise<Compiler> {
  if (choice === "7") return typeScript7(packageRoot);
  const exe = choice === "5.9" ? undefined : typeScript7Binary(packageRoot);
  if (exe) {
    let compiler: TypeScript7 | undefined;
    try {
      compiler = new TypeScript7(packageRoot, exe);
      return compiler.ready();
    } catch {
      // Installed but not runnable here (another libc, a damaged binary): 5.9 gives the same verdicts.
      compiler?.close();
    }
  }
  const { TypeScript59 } = await import("./program-59.js");
  return new TypeScript59(packageRoot);
}
