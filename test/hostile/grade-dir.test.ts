// `grade --dir` on each hostile submission, one real CLI run each (a few at once), every
// reporter on: what it must not get (a pass it did not earn, exit 0), and what it must not do (to
// the grader, the machine, the reports). See attacks.ts for the submissions.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTACKS, type Attack } from "./attacks.js";
import { machineViolations, outputViolations, readJson } from "./assess.js";
import { dirRun, removeRoot } from "./build.js";
import { HOSTILE, WHY_SKIPPED } from "./gate.js";
import { canary, limiter, runGrade } from "./run.js";
import { closingLines, freeChecks, passMarks, reportViolations, type ReportV1 } from "./verdicts.js";

const ARGS = ["--evidence", "out/evidence.txt", "--reporter", "pretty", "--reporter", "json=out/report.json", "--reporter", "junit=out/junit.xml", "--reporter", "github=out/github.txt"];
const atOnce = limiter(3);

/** One `grade --dir` of attack (or of the honest wrong classmate), and what it must not have done. */
async function gradeDir(attack: Attack | undefined): Promise<{ report: ReportV1 | undefined; violations: string[] }> {
  const ear = await canary();
  const run = dirRun(attack, ear.port);
  try {
    const cli = await runGrade(["--dir", run.folder, ...ARGS], run.root);
    const report = readJson(cli, path.join("out", "report.json")) as ReportV1 | undefined;
    const violations: string[] = [];
    if (!cli.frozen && !cli.signal && cli.code !== 1) violations.push(`grade exited ${cli.code}, not 1${cli.code === 0 ? ": a submission that implements nothing got exit 0" : ""}${cli.code === 3 ? ": the grader broke on it" : ""}`);
    const closing = closingLines(cli.stdout);
    if (closing.length !== 1) violations.push(`stdout has ${closing.length} lines a CI log reader takes for the closing "N passed, M failed", not 1: ${JSON.stringify(closing.slice(0, 3))}`);
    if (report) {
      const passed = report.tasks.flatMap((t) => t.checks).filter((c) => c.status === "pass").length;
      const marks = passMarks(cli.stdout);
      if (marks > passed) violations.push(`stdout shows ${marks} pass marks for ${passed} passing checks`);
    }
    violations.push(
      ...machineViolations(cli, ear.heard, (rel) => rel === "out" || rel.startsWith(`out${path.sep}`) || rel === ".grade" || rel.startsWith(`.grade${path.sep}`)),
      ...outputViolations(cli),
    );
    return { report, violations };
  } finally {
    await ear.close();
    removeRoot(run.root);
  }
}

describe.skipIf(!HOSTILE)(`grade --dir on hostile submissions (${WHY_SKIPPED})`, () => {
  let free: ReadonlySet<string> = new Set();
  const graded = new Map<string, ReturnType<typeof gradeDir>>();
  const gradedOnce = (attack: Attack): ReturnType<typeof gradeDir> => {
    if (!graded.has(attack.name)) graded.set(attack.name, atOnce(() => gradeDir(attack)));
    return graded.get(attack.name)!;
  };

  beforeAll(async () => {
    // What honest wrong code passes: the baseline every hostile submission is measured against.
    // The attacks' own runs queue behind it at once (each test reads its run), so that the cores
    // do not wait while the baseline runs alone; a run's failure stays its test's.
    const baseline = atOnce(() => gradeDir(undefined));
    for (const attack of ATTACKS) gradedOnce(attack).catch(() => undefined);
    const { report, violations } = await baseline;
    expect(violations).toEqual([]);
    expect(report?.status).toBe("fail");
    free = freeChecks(report!);
  }, 600_000);

  for (const attack of ATTACKS) {
    it.concurrent(`${attack.name}: ${attack.tries}`, async ({ expect }) => {
      const { report, violations } = await gradedOnce(attack);
      expect([...reportViolations(report, free, attack.earned), ...(report && attack.check ? attack.check(report) : []), ...violations]).toEqual([]);
    }, 1_200_000);
  }
});
