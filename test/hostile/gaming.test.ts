// Points without the work (issue 19): submissions that answer the fixtures from a table and
// anything else with nothing, a throw, a loop or a constant, a handle that answers serve's oracle
// otherwise, and correct code that throws when its module is loaded a second time, graded through the real CLI in a batch beside a correct classmate and a
// classmate with one mistake, for every pack, and alone (grade --dir, every default check). None
// may have a task at full marks, nor more than the classmate with one mistake; the correct
// classmate keeps full marks and the one mistake costs one point. Made by gaming.ts.
import { cpSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overlay } from "../overlay.js";
import { newRoot, removeRoot, ROOT } from "./build.js";
import { chapter2Oracle, chapter2Table, FALLBACKS, readTs, statelessOracle, statelessTable, throwsOnReload, writeSubmission } from "./gaming.js";
import { statefulTable } from "./gaming-stateful.js";
import { HOSTILE, WHY_SKIPPED } from "./gate.js";
import { runGrade, type CliRun } from "./run.js";

interface Row { id: string; score: number; max_score: number; tasks: Record<string, number> }
interface TaskReport { task: string; score: number; maxScore: number }
interface Report { score: number; maxScore: number; tasks: TaskReport[] }

function rows(csv: string, tasks: string[]): Map<string, Row> {
  const [head, ...lines] = csv.trim().split("\n");
  const names = head!.split(",");
  const out = new Map<string, Row>();
  for (const line of lines) {
    const cells = line.split(",");
    const cell = (n: string): string => cells[names.indexOf(n)]!;
    out.set(cell("id"), { id: cell("id"), score: Number(cell("score")), max_score: Number(cell("max_score")), tasks: Object.fromEntries(tasks.map((t) => [t, Number(cell(t))])) });
  }
  return out;
}

const PACKS = [
  {
    pack: "mcp-ch2", tasks: ["task1", "task2", "task3"], full: { task1: 3, task2: 9, task3: 5 } as Record<string, number>,
    gaming: { ...Object.fromEntries(FALLBACKS.map((k) => [`table-${k}`, chapter2Table(k)])), oracle: chapter2Oracle(path.join(ROOT, "solutions")), "throws-on-reload": throwsOnReload(readTs(path.join(ROOT, "solutions"))) },
    correct: (dir: string) => overlay(dir),
    oneMistake: (dir: string) => overlay(dir, path.join(ROOT, "test", "fixtures", "submissions", "unknown-tool-iserror")),
  },
  {
    pack: "mcp-stateless", tasks: ["task1", "task2", "task3", "task4"], full: { task1: 5, task2: 16, task3: 17, task4: 3 } as Record<string, number>,
    gaming: { ...Object.fromEntries(FALLBACKS.map((k) => [`table-${k}`, statelessTable(k)])), oracle: statelessOracle(path.join(ROOT, "solutions", "mcp-stateless")), "throws-on-reload": throwsOnReload(readTs(path.join(ROOT, "solutions", "mcp-stateless"))) },
    correct: (dir: string) => copyTs(path.join(ROOT, "solutions", "mcp-stateless"), dir),
    oneMistake: (dir: string) => { copyTs(path.join(ROOT, "solutions", "mcp-stateless"), dir); copyTs(path.join(ROOT, "test", "fixtures", "mcp-stateless", "truthy-id"), dir); },
  },
  {
    pack: "mcp-stateful", tasks: ["task1", "task2", "task3"], full: { task1: 5, task2: 8, task3: 5 } as Record<string, number>,
    gaming: { ...Object.fromEntries(FALLBACKS.map((k) => [`table-${k}`, statefulTable(k)])), "throws-on-reload": throwsOnReload(readTs(path.join(ROOT, "solutions", "mcp-stateful"))) },
    correct: (dir: string) => copyTs(path.join(ROOT, "solutions", "mcp-stateful"), dir),
    oneMistake: (dir: string) => { copyTs(path.join(ROOT, "solutions", "mcp-stateful"), dir); copyTs(path.join(ROOT, "test", "fixtures", "mcp-stateful-class", "outbox-not-cleared"), dir); },
  },
];

function copyTs(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const f of readdirSync(from).filter((n) => n.endsWith(".ts"))) cpSync(path.join(from, f), path.join(to, f));
}

type Spec = (typeof PACKS)[number];

/** A pack's class in a root of its own, graded by one `grade batch`. */
async function gradeClass(spec: Spec): Promise<{ root: string; batch: CliRun }> {
  const root = newRoot(`gaming-${spec.pack}`);
  const klass = path.join(root, "class");
  for (const [name, files] of Object.entries(spec.gaming)) writeSubmission(path.join(klass, name), files);
  spec.correct(path.join(klass, "classmate-correct"));
  spec.oneMistake(path.join(klass, "classmate-one-mistake"));
  return { root, batch: await runGrade(["batch", "class", "--pack", spec.pack, "--out", "out", "--no-color"], root) };
}

describe.skipIf(!HOSTILE)(`points without the work${HOSTILE ? "" : ` (${WHY_SKIPPED})`}`, () => {
  // Every pack's batch starts at once: a pack's tests wait for its own, and the cores are not
  // idle while one pack's batch ends on its last, hanging, submissions.
  const classes = new Map<string, Promise<{ root: string; batch: CliRun }>>();
  beforeAll(() => {
    for (const spec of PACKS) {
      const graded = gradeClass(spec);
      graded.catch(() => undefined);
      classes.set(spec.pack, graded);
    }
  });
  afterAll(async () => {
    for (const graded of classes.values()) await graded.then(({ root }) => removeRoot(root), () => undefined);
  });

  for (const spec of PACKS) {
    describe(spec.pack, () => {
      let root: string;
      let batch: CliRun;
      let table: Map<string, Row>;
      beforeAll(async () => {
        ({ root, batch } = await classes.get(spec.pack)!);
        table = rows(batch.outputs.get(path.join("out", "grades.csv"))?.text ?? "", spec.tasks);
      });

      it("grades the whole class, the correct classmate at full marks and the one mistake one point off", () => {
        expect(batch.frozen).toBe(false);
        expect(batch.code, batch.stderr).toBe(0);
        expect(table.size).toBe(Object.keys(spec.gaming).length + 2);
        const full = Object.values(spec.full).reduce((a, b) => a + b, 0);
        expect(table.get("classmate-correct")?.score).toBe(full);
        expect(table.get("classmate-one-mistake")?.score).toBe(full - 1);
      });

      for (const name of Object.keys(spec.gaming)) {
        // The oracle attack games serve alone (the other tasks are the reference's).
        const gamed = name === "oracle" ? [spec.tasks[spec.tasks.length - 1]!] : spec.tasks;
        it(`keeps ${name} off full marks on every task it games, and below the classmate with one mistake`, () => {
          const row = table.get(name)!;
          expect(row, name).toBeDefined();
          for (const task of gamed) expect(row.tasks[task], `${name} ${task}`).toBeLessThan(spec.full[task]!);
          expect(row.score).toBeLessThan(table.get("classmate-one-mistake")!.score);
          // Code that implements nothing earns (nearly) nothing: a constant may be right where the rule's answer is one constant.
          if (name.startsWith("table-")) expect(row.score, name).toBeLessThanOrEqual(2);
        });
      }

      it("keeps a submission that hangs on every input it does not know at (nearly) no points alone too, every default check on", async () => {
        const alone = await runGrade(["--pack", spec.pack, "--dir", path.join("class", "table-loop"), "--reporter", "json=out/alone.json", "--no-color"], root);
        expect(alone.frozen).toBe(false);
        expect(alone.code).toBe(1);
        const report = JSON.parse(readFileSync(path.join(root, "out", "alone.json"), "utf8")) as Report;
        // As in the batch: a constant may be right where a rule's answer is one constant. Each task
        // that failed is judged again alone with a budget of its own (src/grading/stand-ins.ts), so
        // its loops no longer starve the others' runs, which had kept this at 0.
        expect(report.score).toBeLessThanOrEqual(2);
        expect(report.tasks.every((t) => t.score < t.maxScore)).toBe(true);
      });
    });
  }
});
