// The probe: a generated file that imports each task's export and calls it the way the chapter's
// runner does, on the course's own fixtures, then assigns each result to what the runner needs
// (caller-types.ts). The type check judges a submission by the compiler's errors in this file,
// so a submission's own copies of the types fit whenever its export can really be used so.
//
// Each fixture is passed with the exact type of its value (string literals, tuples), not the
// course's declared type: TOOL fits any parameter type that TOOL's value fits, whether it says
// `input_schema: Record<string, unknown>`, `type: "object" | "string"` or `required: string[]`.
import { MESSAGES, TOOL } from "../course/fixtures.js";
import { TASKS, type TaskId } from "../course/tasks.js";

export const PROBE_FILE = "__grade_probe__.ts";

/** What one line of the probe does, so that a diagnostic on it can be told to the student. */
export interface ProbeLine {
  task: TaskId;
  role: "import" | "call" | "use";
  /** The fixture as the student knows it: "TOOL", "MESSAGES[3]", "LINES" ("" on an import). */
  fixture: string;
  /** The result's variable in the probe, to read its type. */
  result: string;
}

export interface Probe {
  text: string;
  /** By 0-based line of `text`. */
  lines: Map<number, ProbeLine>;
}

/** The exact type of a JSON value, as TypeScript source: literals, tuples, object literals. */
export function literalType(value: unknown): string {
  if (value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(literalType).join(", ")}]`;
  if (typeof value !== "object") throw new Error(`a course fixture holds ${String(value)}, which is not JSON`);
  const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${literalType(v)}`);
  return entries.length ? `{ ${entries.join("; ")} }` : "{}";
}

/** The fixtures each task's runner passes, by the names the probe declares them under. */
const ARGUMENTS: Record<TaskId, readonly string[]> = {
  task1: ["TOOL"],
  task2: MESSAGES.map((_, i) => `MESSAGES_${i}`),
  task3: ["LINES"],
};

// A response may be absent: handle answers a notification with null (or undefined, or nothing).
const USE: Record<TaskId, (result: string) => string> = {
  task1: (r) => `UsableAs<typeof ${r}, UsableMcpTool>`,
  task2: (r) => `UsableAs<Exclude<typeof ${r}, null | undefined | void>, UsableResponse> | null | undefined | void`,
  task3: (r) => `UsableAs<typeof ${r}, UsableServeResult>`,
};

/** The probe's declarations of the fixtures, the same for every submission. */
const FIXTURES = [
  `type TOOL = ${literalType(TOOL)}; declare const TOOL: TOOL;`,
  ...MESSAGES.map((m, i) => `type MESSAGES_${i} = ${literalType(m)}; declare const MESSAGES_${i}: MESSAGES_${i};`),
  "declare const LINES: string[];",
];

/** The probe over the given tasks; `callerTypes` is caller-types.ts's absolute path. */
export function probeSource(tasks: readonly TaskId[], callerTypes: string): Probe {
  const text: string[] = [
    `import type { UsableAs, UsableMcpTool, UsableResponse, UsableServeResult } from ${JSON.stringify(callerTypes)};`,
    ...FIXTURES,
  ];
  const lines = new Map<number, ProbeLine>();
  for (const task of tasks) {
    const info = TASKS[task];
    const fn = `__${task}`;
    lines.set(text.length, { task, role: "import", fixture: "", result: "" });
    text.push(`import { ${info.exportName} as ${fn} } from "./${info.file}";`);
    ARGUMENTS[task].forEach((arg, i) => {
      const result = `${fn}_${i}`;
      const fixture = arg.replace(/^MESSAGES_(\d+)$/, "MESSAGES[$1]");
      lines.set(text.length, { task, role: "call", fixture, result });
      text.push(`const ${result} = ${fn}(${arg});`);
      lines.set(text.length, { task, role: "use", fixture, result });
      text.push(`const ${result}_use: ${USE[task](result)} = ${result};`);
    });
  }
  return { text: text.join("\n") + "\n", lines };
}

/** The fixture a student reads about: "MESSAGES[3] (tools/call, id 3)". */
export function describeFixture(fixture: string): string {
  const index = /^MESSAGES\[(\d+)\]$/.exec(fixture)?.[1];
  const message = index === undefined ? undefined : MESSAGES[Number(index)];
  if (!message) return fixture;
  return `${fixture} (${message.method}, ${"id" in message ? `id ${JSON.stringify(message.id)}` : "a notification"})`;
}
