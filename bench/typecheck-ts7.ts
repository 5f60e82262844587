// TypeScript 7 (the native compiler, `typescript7` = typescript@7.0.2) running chapter 2's probe,
// for bench/typecheck.ts: one tsgo process kept across submissions, every file read through the
// grader's gate (src/typecheck/confined-host.ts) by the API's file-system callbacks. It gives
// each task's verdict only (pass or fail), from the probe's diagnostics and, for handle, the
// result types, which is what the fixtures referee; not the grader's messages.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { API, TypeFlags } from "typescript7/unstable/sync";
import { TASK_IDS, type TaskId } from "../courses/mcp-ch2/course/tasks.js";
import { PROBE_FILE, probeSource } from "../courses/mcp-ch2/typecheck/probe.js";
import { FileGate } from "../src/typecheck/confined-host.js";

const GLOBALS = `declare var console: { log(...data: unknown[]): void; error(...data: unknown[]): void; warn(...data: unknown[]): void; table(...data: unknown[]): void; };\n`;
const NOTHING = TypeFlags.Null | TypeFlags.Undefined | TypeFlags.Void;

/** CPU seconds used so far by this process's child processes that are still running (tsgo). */
export function childrenCpuMs(): number {
  let ticks = 0;
  for (const task of readFileSync(`/proc/self/task/${process.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) {
    try {
      const fields = readFileSync(`/proc/${task}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* ended */ }
  }
  return ticks * 10;
}

export class Ts7Probe {
  private readonly api: API;
  private current: { gate: FileGate; generated: Map<string, string> } | undefined;
  private readonly graderDirs: string[];

  constructor(private readonly root: string) {
    const lib = path.join(path.dirname(createRequire(import.meta.url).resolve("typescript7/package.json")), "..", "@typescript");
    this.graderDirs = [lib, path.join(root, "courses", "mcp-ch2", "course"), path.join(root, "courses", "mcp-ch2", "typecheck", "caller-types.ts"),
      path.join(root, "src", "json"), path.join(root, "src", "pack"), path.join(root, "node_modules", "@types"), path.join(root, "node_modules", "undici-types")];
    const gen = (f: string) => this.current?.generated.get(f);
    this.api = new API({
      cwd: root,
      fs: {
        // null, never undefined: undefined would let tsgo read the real file itself.
        readFile: (f) => gen(f) ?? this.current?.gate.read(f) ?? null,
        fileExists: (f) => gen(f) !== undefined || (this.current?.gate.exists(f) ?? false),
        directoryExists: (d) => this.current?.gate.directoryExists(d) ?? false,
        realpath: (f) => (gen(f) !== undefined ? f : this.current?.gate.realpath(f) ?? f),
        getAccessibleEntries: (d) => ({ files: [], directories: this.current?.gate.directories(d) ?? [] }),
      },
    });
  }

  /** Each task: true when it fails the check. */
  check(dir: string): Record<TaskId, boolean> {
    const probe = probeSource(TASK_IDS, path.join(this.root, "courses", "mcp-ch2", "typecheck", "caller-types.ts"));
    const config = path.join(dir, "tsconfig.json");
    const compilerOptions = {
      strict: true, noImplicitReturns: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler",
      allowImportingTsExtensions: true, skipLibCheck: true, lib: ["es2023"], types: [], typeRoots: [path.join(this.root, "node_modules", "@types")],
      paths: { "grade/course": [path.join(this.root, "courses", "mcp-ch2", "course", "index.ts")] },
    };
    this.current = {
      gate: new FileGate(dir, this.graderDirs, (a) => a),
      generated: new Map([
        [config, JSON.stringify({ compilerOptions, files: [...TASK_IDS.map((t) => `${t}.ts`), PROBE_FILE, "__grade_globals__.d.ts"] })],
        [path.join(dir, PROBE_FILE), probe.text], [path.join(dir, "__grade_globals__.d.ts"), GLOBALS],
      ]),
    };
    const snapshot = this.api.updateSnapshot({ openProjects: [config] });
    try {
      const project = snapshot.getProjects()[0]!;
      const probeFile = path.join(dir, PROBE_FILE);
      const lineOf = (pos: number) => probe.text.slice(0, pos).split("\n").length - 1;
      const failing = new Set<TaskId>();
      const imports = new Map([...probe.lines].filter(([, l]) => l.role === "import").map(([n, l]) => [n, l.task]));
      for (const d of project.program.getSemanticDiagnostics(probeFile)) {
        const line = lineOf(d.pos);
        const task = probe.lines.get(line)?.task ?? imports.get(line);
        if (task) failing.add(task);
      }
      // handle typed to answer nothing to every message never responds: the one verdict read from types.
      const results = [...probe.lines].filter(([, l]) => l.task === "task2" && l.role === "call");
      const starts = results.map(([n]) => probe.text.split("\n").slice(0, n).join("\n").length + 1 + "const ".length);
      const types = project.checker.getTypeAtPosition(probeFile, starts);
      const nothing = (t: { flags: number; getTypes?: () => readonly { flags: number }[] }) =>
        t.flags & TypeFlags.Union ? t.getTypes!().every((m) => m.flags & NOTHING) : (t.flags & NOTHING) !== 0;
      if (types.length && types.every((t) => t && nothing(t as never))) failing.add("task2");
      return Object.fromEntries(TASK_IDS.map((t) => [t, failing.has(t)])) as Record<TaskId, boolean>;
    } finally {
      snapshot.dispose();
      this.api.updateSnapshot({ closeProjects: [config] }).dispose();
    }
  }

  close(): void {
    this.api.close();
  }
}
