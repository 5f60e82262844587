// The hostile end-to-end tests run when GRADE_HOSTILE=1. Today's sandbox (node:vm contexts in a
// shared node process) loses to many of them, on purpose: they are the acceptance tests of the
// sandbox that replaces it (issue 12), and `npm test` (CI) stays green until it lands. When it
// does, make this `true` so that every run of the suite holds the grader to them.
export const HOSTILE = process.env["GRADE_HOSTILE"] === "1";
export const WHY_SKIPPED = "set GRADE_HOSTILE=1 to run the hostile submissions (issue 12)";
