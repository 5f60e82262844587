// `grade batch` on a class of honest classmates and hostile submissions, against a batch of the
// classmates alone: the batch completes with every row, every classmate gets exactly the row,
// report and evidence it gets without the hostile ones, no hostile row gets a pass it did not
// earn, and nothing is done to the machine or the reports. Most attacks share one batch; those
// that could take a batch down or taint a sandbox process for later students (attacks.ts,
// `alone`) each get a batch of their own, in one sandbox process, classmates before and after.
import { isDeepStrictEqual } from "node:util";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTACKS, folderOf, type Attack } from "./attacks.js";
import { machineViolations, OUTPUT_LIMIT, outputViolations, readJson, threadsOf } from "./assess.js";
import { batchRun, CLASSMATES, NOTHING, removeRoot } from "./build.js";
import { HOSTILE, WHY_SKIPPED } from "./gate.js";
import { canary, limiter, runGrade, type CliRun } from "./run.js";
import { evidenceViolations, freeChecks, parseCsv, reportDifference, reportViolations, type ReportV1 } from "./verdicts.js";

const OUT = path.join("out", "batch");
const twoAtOnce = limiter(2);
const ARGS = ["--out", OUT, "--reporter", "junit=out/junit.xml", "--reporter", "github=out/github.txt"];

interface Batch {
  cli: CliRun;
  heard: string[];
  rows: Map<string, string[]>;
  reports: Map<string, ReportV1>;
  evidence: Map<string, string>;
  /** Violations of the batch as a whole. */
  violations: string[];
}

async function gradeBatch(prefix: string, attacks: readonly Attack[], extra: string[] = []): Promise<Batch> {
  const ear = await canary();
  const run = batchRun(prefix, attacks, ear.port);
  try {
    const cli = await runGrade(["batch", "class", ...ARGS, ...extra], run.root);
    const ids = [...CLASSMATES, ...attacks.map(folderOf)].sort();
    const violations: string[] = [];
    if (!cli.frozen && !cli.signal && cli.code !== 0) violations.push(`grade batch exited ${cli.code}, not 0 (every submission graded)`);
    const list = readJson(cli, path.join(OUT, "results.json"));
    const reports = new Map<string, ReportV1>();
    if (!Array.isArray(list)) violations.push("results.json is missing or not a JSON array");
    else {
      for (const r of list as ReportV1[]) reports.set(r.submission, r);
      // A crafted id the grader wrote neutralised: the one report no folder's name matches.
      const unmatched = (list as ReportV1[]).filter((r) => !ids.includes(r.submission));
      const missing = ids.filter((id) => !reports.has(id));
      if (unmatched.length === 1 && missing.length === 1) reports.set(missing[0]!, unmatched[0]!);
      if (list.length !== ids.length || ids.some((id) => !reports.has(id))) violations.push(`results.json has ${list.length} reports for ${ids.length} submissions`);
    }
    const csv = cli.outputs.get(path.join(OUT, "grades.csv"));
    const table = csv ? parseCsv(csv.text) : [];
    // Rows in the order of results.json (both are in id order): a crafted id may be written
    // neutralised in the CSV (a ' before a formula, a control by its code), so not as it is.
    const idOf = new Map([...reports].map(([id, r]) => [r, id]));
    const order = Array.isArray(list) && list.length === table.length - 1 ? (list as ReportV1[]).map((r) => idOf.get(r) ?? r.submission) : undefined;
    const rows = new Map(table.slice(1).map((r, i) => [order?.[i] ?? r[0] ?? "", r]));
    if (!csv) violations.push("grades.csv was not written");
    else if (table.length - 1 !== ids.length || ids.some((id) => !rows.has(id))) violations.push(`grades.csv has ${table.length - 1} rows for ${ids.length} submissions; missing: ${JSON.stringify(ids.filter((id) => !rows.has(id)))}`);
    for (const id of CLASSMATES) if (rows.has(id) && rows.get(id)![0] !== id) violations.push(`grades.csv's rows are not in the order of results.json (${id})`);
    for (const [id, report] of reports) {
      const size = JSON.stringify(report).length;
      if (size > OUTPUT_LIMIT) violations.push(`${JSON.stringify(id.slice(0, 40))}'s report is ${size} characters: student output is not quoted short`);
    }
    const evidence = new Map<string, string>();
    for (const id of ids) {
      const file = cli.outputs.get(path.join(OUT, "evidence", `${id}.txt`));
      if (file) evidence.set(id, file.text);
    }
    violations.push(...machineViolations(cli, ear.heard, (rel) => rel === "out" || rel.startsWith(`out${path.sep}`), threadsOf(extra)), ...outputViolations(cli));
    return { cli, heard: ear.heard, rows, reports, evidence, violations };
  } finally {
    await ear.close();
    removeRoot(run.root);
  }
}

/** Each classmate's row, report and evidence, as in the batch without hostile submissions. */
function classmateViolations(batch: Batch, baseline: Batch): string[] {
  const out: string[] = [];
  for (const id of CLASSMATES) {
    if (!isDeepStrictEqual(batch.rows.get(id), baseline.rows.get(id))) out.push(`${id}'s grades.csv row changed: ${JSON.stringify(batch.rows.get(id)?.slice(0, 8))} instead of ${JSON.stringify(baseline.rows.get(id)?.slice(0, 8))}`);
    const differs = reportDifference(batch.reports.get(id), baseline.reports.get(id));
    if (differs) out.push(`${id}'s report in results.json changed (status ${batch.reports.get(id)?.status}, score ${batch.reports.get(id)?.score}; without the hostile ones: ${baseline.reports.get(id)?.status}, ${baseline.reports.get(id)?.score}): ${differs}`);
    if (batch.evidence.get(id) !== baseline.evidence.get(id)) out.push(`${id}'s evidence file changed`);
  }
  return out;
}

/** What a hostile submission's row must not say. */
function rowViolations(batch: Batch, attack: Attack, free: ReadonlySet<string>): string[] {
  const id = folderOf(attack);
  const report = batch.reports.get(id);
  const out = reportViolations(report, free, attack.earned);
  if (report && attack.check) out.push(...attack.check(report));
  const row = batch.rows.get(id);
  if (row && row[6] === "pass") out.push("its grades.csv row says pass");
  const evidence = batch.evidence.get(id);
  if (evidence !== undefined) out.push(...evidenceViolations(`its evidence file`, evidence));
  return out;
}

describe.skipIf(!HOSTILE)(`grade batch with hostile submissions (${WHY_SKIPPED})`, () => {
  let baseline: Batch;
  let free: ReadonlySet<string> = new Set();
  const shared = ATTACKS.filter((a) => !a.alone);
  let sharedBatch: Promise<Batch>;

  beforeAll(async () => {
    // The shared batch needs nothing of the baseline's but its rows to compare with afterwards:
    // both run at once, so that neither leaves a core idle while the other ends.
    sharedBatch = gradeBatch("shared", shared);
    sharedBatch.catch(() => undefined);
    baseline = await gradeBatch("baseline", []);
    // Only that it ran: what its outputs hold is the shared batch's to judge, with the rest.
    expect([baseline.cli.code, baseline.reports.size, baseline.rows.size]).toEqual([0, CLASSMATES.length, CLASSMATES.length]);
    expect(baseline.reports.get("classmate-correct")?.status).toBe("pass");
    free = freeChecks(baseline.reports.get(NOTHING)!);
  }, 600_000);

  describe("many hostile submissions in one batch", () => {
    let batch: Batch;

    beforeAll(async () => {
      batch = await sharedBatch;
    }, 1_200_000);

    it("completes with every row, harms nothing, writes reports with no live student text", () => {
      expect(batch.violations).toEqual([]);
    });

    it("gives every classmate exactly the row, report and evidence it gets without them", () => {
      expect(classmateViolations(batch, baseline)).toEqual([]);
    });

    for (const attack of shared) {
      it(`${attack.name}: ${attack.tries}`, () => {
        expect(rowViolations(batch, attack, free)).toEqual([]);
      });
    }
  });

  // Two batches at once: each alone batch has one sandbox thread (--jobs 1), and the machine two cores.
  describe("each attack that could take a batch down, in a batch of its own", () => {
    for (const attack of ATTACKS.filter((a) => a.alone)) {
      it.concurrent(`${attack.name}: ${attack.tries}`, async ({ expect }) => {
        const batch = await twoAtOnce(() => gradeBatch(attack.name, [attack], ["--jobs", "1"]));
        expect([...rowViolations(batch, attack, free), ...classmateViolations(batch, baseline), ...batch.violations]).toEqual([]);
      }, 600_000);
    }
  });

  describe("the live checks (--live): student code as a real server", () => {
    const live = ATTACKS.filter((a) => a.name.startsWith("live-server-") || a.name === "write-classmate" || a.name === "leak-env" || a.name === "escape-import-rejection");
    it(`live servers reach nothing and forge nothing (${live.map((a) => a.name).join(", ")})`, async () => {
      // The baseline and the batch at once, as the shared batch and its baseline: they are compared once both have ended.
      const [liveBaseline, batch] = await Promise.all([gradeBatch("live-baseline", [], ["--live"]), gradeBatch("live", live, ["--live"])]);
      expect([liveBaseline.cli.code, liveBaseline.reports.size]).toEqual([0, CLASSMATES.length]);
      const liveFree = freeChecks(liveBaseline.reports.get(NOTHING)!);
      expect([
        ...live.flatMap((attack) => rowViolations(batch, attack, liveFree).map((v) => `${attack.name}: ${v}`)),
        ...classmateViolations(batch, liveBaseline),
        ...batch.violations,
      ]).toEqual([]);
    }, 900_000);
  });
});
