// Each fixture submission makes one mistake the 17 evidence lines cannot see. It must keep the
// full evidence score and fail the check written for that mistake, with a counterexample.
import { afterAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grading/grade.js";
import type { CheckResult, Report } from "../../src/report/types.js";
import { ROOT as ROOT_DIR, fixtureNames, overlaySubmission } from "./overlay.js";

const SEED = 20261129;
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

// The live server checks only where a test looks at them: they are the slowest part, and the
// suite shares its machine with other end-to-end tests.
const NEEDS_LIVE = new Set(["stdout-banner", "result-and-error"]);

// One grading per submission and seed, read by every test that looks at it.
const graded = new Map<string, Promise<Report>>();

function grade(name: string | undefined, seed = SEED): Promise<Report> {
  const key = `${name ?? "reference"} ${seed}`;
  let report = graded.get(key);
  if (!report) {
    const { dir, cleanup } = overlaySubmission(name);
    cleanups.push(cleanup);
    const live = name === undefined || NEEDS_LIVE.has(name);
    graded.set(key, (report = gradeSubmission({ cwd: dir, dir: ".", tasks: ["task1", "task2", "task3"], extra: { seed, live } })));
  }
  return report;
}

const check = (report: Report, name: string): CheckResult => {
  const found = report.tasks.flatMap((t) => t.checks).find((c) => c.name === name);
  if (!found) throw new Error(`no check ${name} in the report`);
  return found;
};

/** The fixture, the check its mistake must fail, and what the failure must show. */
const EXPECTED: Record<string, { check: string; shows: RegExp }> = {
  "hardcoded": { check: "t2_valid_calls", shows: /found 3 lines for/ },
  "id-null-notification": { check: "t2_id_null_answered", shows: /"id":null/ },
  "string-ids-coerced": { check: "t2_ids_echoed", shows: /"id":"/ },
  "integer-accepts-float": { check: "t2_integer_type", shows: /limit must be of type integer/ },
  "minimum-off-by-one": { check: "t2_limit_bounds", shows: /"limit":1\b/ },
  "numbering-skips-empty": { check: "t3_blank_lines", shows: /line 2/ },
  "whitespace-as-message": { check: "t3_blank_lines", shows: /Parse error/ },
  "stdout-banner": { check: "t2_stdio_clean", shows: /chapter2-server ready/ },
  "result-and-error": { check: "t2_schema_one_of", shows: /both result and error/ },
};

describe("checks beyond the evidence lines", () => {
  it("has an expectation for every fixture folder", () => {
    expect(fixtureNames()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each([SEED, 99])("passes the reference solution on every check (seed %i)", async (seed) => {
    const report = await grade(undefined, seed);
    const notPassing = report.tasks.flatMap((t) => t.checks).filter((c) => c.status !== "pass");
    expect(notPassing).toEqual([]);
    expect(report.status).toBe("pass");
    expect(report.seed).toBe(seed);
    expect(report.score).toBe(17);
    expect(report.byKind).toMatchObject({
      behaviour: { passed: 48, total: 48 }, schema: { passed: 8, total: 8 },
      stdio: { passed: 1, total: 1 }, interop: { passed: 4, total: 4 },
    });
  });

  it.each(Object.entries(EXPECTED))("%s keeps all 17 evidence lines and fails %s", async (name, { check: name2, shows }) => {
    const report = await grade(name);
    expect(report.byKind?.evidence).toEqual({ passed: 17, total: 17 });
    // A rule of the chapter broken: never full marks (course/score.ts).
    expect(report.score).toBeLessThan(17);
    expect(report.maxScore).toBe(17);
    const failed = check(report, name2);
    expect(failed.status).toBe("fail");
    expect([failed.message, failed.expected, failed.actual].join("\n")).toMatch(shows);
    expect(report.status).toBe("fail");
  });

  it("fails the hard-coded answers on ids and inputs beyond the fixtures", async () => {
    const report = await grade("hardcoded");
    for (const name of ["t2_ids_echoed", "t2_other_methods", "t2_limit_bounds"]) expect(check(report, name).status).toBe("fail");
    expect(check(report, "t2_ids_echoed").message).toMatch(/The smallest: handle\(\{/);
    expect(check(report, "t2_ids_echoed").message).toContain(`--seed ${SEED}`);
  });

  it("fails the id-with-its-type schema rule when ids are coerced", async () => {
    const report = await grade("string-ids-coerced");
    expect(check(report, "t2_schema_id").status).toBe("fail");
    expect(check(report, "t2_schema_id").message).toMatch(/the request's id is .* but the response's id is/);
  });

  it("reports what the SDK client saw when the response holds result and error", async () => {
    const report = await grade("result-and-error");
    const unknown = check(report, "t2_interop_unknown_tool");
    expect(unknown.status).toBe("fail");
    expect(unknown.actual).toMatch(/McpError -32001/);
  });

  it("skips the checks beyond the fixtures for starters that are not written yet", async () => {
    const report = await gradeSubmission({ cwd: ROOT_DIR, dir: "tasks", tasks: ["task1", "task2", "task3"], extra: { seed: 3 } });
    const extra = report.tasks.flatMap((t) => t.checks).filter((c) => !["evidence", "output"].includes(c.kind));
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.every((c) => c.status === "skip" && /did not run on the fixtures/.test(c.message ?? ""))).toBe(true);
  });

  it("runs no extra check without the extra option (evidence only)", async () => {
    const { dir, cleanup } = overlaySubmission("hardcoded");
    cleanups.push(cleanup);
    const report = await gradeSubmission({ cwd: dir, dir: ".", tasks: ["task1", "task2", "task3"] });
    expect(report.status).toBe("pass");
    expect(report.tasks.flatMap((t) => t.checks).map((c) => c.kind).every((k) => k === "evidence" || k === "output")).toBe(true);
    expect(report.seed).toBeUndefined();
  });
});


