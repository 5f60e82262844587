// Generates a class of N submissions in a temporary folder: copies of the solutions, every
// fourth one wrong in one of several ways, each with a comment that makes its files unique (as
// real students' files are). Never committed: made on the fly by the benchmarks.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const solution = (file: string): string => readFileSync(path.join(ROOT, "solutions", file), "utf8");

// Each mistake is one a student makes in the chapter; all of them terminate.
const MISTAKES: ((files: Record<string, string>) => void)[] = [
  (f) => { f["task2.ts"] = f["task2.ts"]!.replace("code: -32602, message: `Unknown tool", "code: -32601, message: `Unknown tool"); },
  (f) => { f["task1.ts"] = f["task1.ts"]!.replace("inputSchema: tool.input_schema", "inputSchema: { ...tool.input_schema, extra: true }"); },
  (f) => { f["task3.ts"] = f["task3.ts"]!.replace("if (line.trim() === \"\") return;", ""); },
  (f) => { f["task3.ts"] = f["task3.ts"]!.replace("log.push(`line ${index + 1}`);", "console.log(`line ${index + 1}`);"); },
];

/**
 * A class of the stateless pack (courses/mcp-stateless): copies of its solution, every fourth one
 * with one of the mistakes its tests list (test/fixtures/mcp-stateless/*, the correct ones left out).
 */
export function generateStatelessClass(count: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "grade-bench-stateless-"));
  const solutions = path.join(ROOT, "solutions", "mcp-stateless");
  const fixtures = path.join(ROOT, "test", "fixtures", "mcp-stateless");
  const read = (folder: string): Record<string, string> => Object.fromEntries(readdirSync(folder).filter((f) => f.endsWith(".ts")).map((f) => [f, readFileSync(path.join(folder, f), "utf8")]));
  const base = read(solutions);
  const mistakes = readdirSync(fixtures).filter((m) => !m.startsWith("correct-")).sort().map((m) => read(path.join(fixtures, m)));
  for (let i = 0; i < count; i++) {
    const id = `student-${String(i).padStart(4, "0")}`;
    const files = { ...base, ...(i % 4 === 3 ? mistakes[(i >> 2) % mistakes.length] : {}) };
    mkdirSync(path.join(dir, id));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, id, name), `// ${id}\n${text}`);
  }
  return dir;
}

export function generateClass(count: number, options: { hanging?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "grade-bench-class-"));
  const base = { "task1.ts": solution("task1.ts"), "task2.ts": solution("task2.ts"), "task3.ts": solution("task3.ts") };
  for (let i = 0; i < count; i++) {
    const id = `student-${String(i).padStart(4, "0")}`;
    const files: Record<string, string> = { ...base };
    if (options.hanging) files["task1.ts"] = files["task1.ts"]!.replace("export function toMcp(tool: ToolDefinition): McpTool {", "export function toMcp(tool: ToolDefinition): McpTool {\n  for (;;) { /* never returns */ }");
    else if (i % 4 === 3) MISTAKES[(i >> 2) % MISTAKES.length]!(files);
    mkdirSync(path.join(dir, id));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, id, name), `// ${id}\n${text}`);
  }
  return dir;
}
