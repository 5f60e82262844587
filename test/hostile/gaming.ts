// Submissions that game the score instead of doing the work (issue 19): the fixtures' answers
// from a table, made here from the reference solutions' own answers, and for every other input
// one of the ways such code behaves — an empty answer, a throw, a loop that never ends, a
// constant (the first fixture's answer) — or a handle that answers serve's oracle otherwise than
// it answers the same messages when judged. Each is written as a student would write it: a
// module with the task's export, nothing else.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LINES, MESSAGES, TOOL } from "../../courses/mcp-ch2/course/fixtures.js";
import { toMcp } from "../../solutions/task1.js";
import { handle } from "../../solutions/task2.js";
import { serve } from "../../solutions/task3.js";

export type Fallback = "empty" | "throw" | "loop" | "constant";
export const FALLBACKS: readonly Fallback[] = ["empty", "throw", "loop", "constant"];

const table = (pairs: [unknown, unknown][]): string =>
  `const TABLE: Record<string, unknown> = ${JSON.stringify(Object.fromEntries(pairs.map(([k, v]) => [JSON.stringify(k), v])), null, 1)};\n`;

/** What a table's code does for an input it does not know; `first`: the table's first answer, an expression. */
export function fallback(kind: Fallback, empty: string, first = "Object.values(TABLE)[0]"): string {
  switch (kind) {
    case "empty": return `return ${empty};`;
    case "throw": return `throw new Error("not in my table");`;
    case "loop": return `for (;;) { /* anything I do not know */ }`;
    case "constant": return `return ${first} as never;`;
  }
}

/** Chapter 2's three tasks answering the fixtures from a table and anything else by `kind`. */
export function chapter2Table(kind: Fallback): Record<string, string> {
  const lookup = (param: string, empty: string): string =>
    `  const key = JSON.stringify(${param});\n  if (Object.hasOwn(TABLE, key)) return structuredClone(TABLE[key]) as never;\n  ${fallback(kind, empty)}\n`;
  return {
    "task1.ts": `${table([[TOOL, toMcp(TOOL)]])}export function toMcp(tool: unknown) {\n${lookup("tool", "{}")}}\n`,
    "task2.ts": `${table(MESSAGES.map((m) => [m, handle(m)]))}export function handle(message: unknown) {\n${lookup("message", "null")}}\n`,
    "task3.ts": `${table([[LINES, serve(LINES)]])}export function serve(lines: string[]) {\n${lookup("lines", "{ out: [], log: [] }")}}\n`,
  };
}

/** The reference handle, answering null from the call where `tells` says the run is the oracle's on. */
const detectingHandle = (reference: string, tells: string): string => `${reference.replace("export function handle(", "function realHandle(")}
let calls = 0;
let oracle = false;
export function handle(message: JsonRpcMessage): JsonRpcResponse | null {
  calls += 1;
  if (${tells}) oracle = true;
  return oracle ? null : realHandle(message);
}
`;

/**
 * The oracle attack: a correct handle that answers null once it sees it is not in the fixture
 * or judged run (its fifth call is not the fixtures' fifth message: serve's oracle, as it was a
 * run of its own), and a serve that numbers and parses lines itself but answers only the
 * fixture's messages, from a table: judged against such an oracle, it looked right everywhere.
 */
export function chapter2Oracle(solutions: string): Record<string, string> {
  const real = (file: string): string => readFileSync(path.join(solutions, file), "utf8");
  const fifth = JSON.stringify(JSON.stringify(MESSAGES[4]));
  return {
    "task1.ts": real("task1.ts"),
    "task2.ts": detectingHandle(real("task2.ts"), `calls === 5 && JSON.stringify(message) !== ${fifth}`),
    "task3.ts": `import { handle } from "./task2.js";
${table([[LINES, serve(LINES)]])}
export function serve(lines: string[]) {
  const key = JSON.stringify(lines);
  if (Object.hasOwn(TABLE, key)) return structuredClone(TABLE[key]) as never;
  const out: string[] = [];
  const log: string[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    log.push("line " + (i + 1));
    try { handle(JSON.parse(line)); } catch { out.push('{"error":{"code":-32700,"message":"Parse error"},"id":null,"jsonrpc":"2.0"}'); }
  });
  return { out, log };
}
`,
  };
}

export function writeSubmission(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
}

const STATELESS_TABLES = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "fixtures", "hostile-stateless");

/**
 * The stateless pack's tasks 1, 2 and 4 answering the fixtures from a table of the accepted
 * answers (hostile-stateless/hardcode-fixtures) and anything else by `kind`; task 3 the honest
 * wrong client (hostile-stateless/_wrong).
 */
export function statelessTable(kind: Fallback): Record<string, string> {
  const read = (folder: string, file: string): string => readFileSync(path.join(STATELESS_TABLES, folder, file), "utf8");
  const swap = (text: string, line: string, empty: string): string => {
    if (!text.includes(line)) throw new Error(`the hard-coded fixture no longer has ${line}`);
    return text.replace(line, kind === "constant" ? line : fallbackFor(kind, empty, line));
  };
  return {
    "task1.ts": swap(read("hardcode-fixtures", "task1.ts"), "return TABLE[JSON.stringify([schema, args])] ?? [];", "[]"),
    "task2.ts": swap(read("hardcode-fixtures", "task2.ts"), "return { jsonrpc: \"2.0\", id: (message as { id?: number }).id ?? null, result: FIRST.result } as unknown as JsonRpcResponse;", "null"),
    "task3.ts": read("_wrong", "task3.ts"),
    "task4.ts": swap(read("hardcode-fixtures", "task4.ts"), "return TABLE[JSON.stringify(lines)] ?? Object.values(TABLE)[0]!;", "{ out: [], log: [] }"),
  };
}

/** The table's own lookup kept, anything else by `kind` (a constant is the fixture's own fallback). */
function fallbackFor(kind: Fallback, empty: string, line: string): string {
  const lookup = line.startsWith("return TABLE[") ? line.slice(0, line.indexOf("??")).replace("return ", "const found = ") + ";\n  if (found !== undefined) return found;\n  " : "";
  return `${lookup}${fallback(kind, empty)}`;
}

/**
 * The stateless pack's oracle attack: a correct handle that answers null once its fourth call is
 * not the page's fourth message (serve's oracle run: LINES' messages), and a serve that numbers
 * and parses lines itself and answers only the page's LINES, from a table.
 */
export function statelessOracle(solutions: string): Record<string, string> {
  const real = (file: string): string => readFileSync(path.join(solutions, file), "utf8");
  const lines = readFileSync(path.join(STATELESS_TABLES, "hardcode-fixtures", "task4.ts"), "utf8");
  const table = lines.slice(lines.indexOf("const TABLE"), lines.indexOf("export function serve"));
  return {
    "task1.ts": real("task1.ts"),
    "task2.ts": detectingHandle(real("task2.ts"), "calls === 4 && (message as { id?: unknown }).id !== 4"),
    "task3.ts": real("task3.ts"),
    "task4.ts": `import type { ServeResult } from "grade/course";
import { handle } from "./task2.js";
${table}
export function serve(lines: string[]): ServeResult {
  const known = TABLE[JSON.stringify(lines)];
  if (known) return known;
  const out: string[] = [];
  const log: string[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    log.push("line " + (i + 1));
    let message: unknown;
    try { message = JSON.parse(line); } catch { out.push('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}'); return; }
    if (message === null || typeof message !== "object" || Array.isArray(message)) { out.push('{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}'); return; }
    handle(message as never);
  });
  return { out, log };
}
`,
  };
}

/** A submission's task files, each throwing when its module is loaded a second time in the same context. */
export function throwsOnReload(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([name, text]) => {
    const flag = JSON.stringify(`__loaded_${name}`);
    return [name, `${text}\nif ((globalThis as Record<string, unknown>)[${flag}]) throw new Error("loaded twice");\n(globalThis as Record<string, unknown>)[${flag}] = true;\n`];
  }));
}

/** Every .ts file of a folder, by name. */
export function readTs(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));
}
