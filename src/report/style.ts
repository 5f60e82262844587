// The only place colour is decided. Reporters receive a Style and never look at the terminal.
import { Chalk, type ChalkInstance } from "chalk";

export interface Style {
  pass: (s: string) => string;
  fail: (s: string) => string;
  error: (s: string) => string;
  skip: (s: string) => string;
  dim: (s: string) => string;
  bold: (s: string) => string;
}

export function makeStyle(color: boolean): Style {
  const c: ChalkInstance = new Chalk({ level: color ? 1 : 0 });
  return { pass: c.green, fail: c.red, error: c.magenta, skip: c.yellow, dim: c.dim, bold: c.bold };
}

/** --no-color wins, then NO_COLOR, then FORCE_COLOR, then whether stdout is a terminal. */
export function wantsColor(flag: boolean | undefined, env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (flag === false) return false;
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return false;
  const force = env["FORCE_COLOR"];
  if (force !== undefined) return !["0", "false"].includes(force.toLowerCase());
  return isTTY && env["TERM"] !== "dumb";
}
