// The hostile end-to-end tests run in every npm test (vitest.config.ts's project "hostile", with
// the rest of the suite); GRADE_HOSTILE=0 leaves them out of a run, for a quick local check.
export const HOSTILE = process.env["GRADE_HOSTILE"] !== "0";
export const WHY_SKIPPED = "GRADE_HOSTILE=0 leaves the hostile submissions out";
