// A small report with every status, and text that tests the formats' escaping, for reporter tests.
import { REPORT_VERSION, type Report } from "./types.js";

export const TRICKY = 'a <tag> & "quotes", 100% done:\nsecond line\u0001';

export const SAMPLE_REPORT: Report = {
  version: REPORT_VERSION, submission: "students/ann", status: "error", score: 2, maxScore: 12, evidence: {},
  tasks: [
    { task: "task1", title: "Convert a tool definition", status: "fail", score: 2, maxScore: 3, stderr: "debug <out>", checks: [
      { name: "t1_keys", kind: "evidence", title: "keys", status: "pass", expected: "a", actual: "a" },
      { name: "t1_schema_unchanged", kind: "evidence", title: "schema", status: "pass" },
      { name: "t1_name_description_unchanged", kind: "evidence", title: "The name & description", status: "fail", expected: "True", actual: "False", message: TRICKY, hint: "keep them" },
      { name: "t1_shape", kind: "behaviour", title: "works on other tools", status: "fail", message: "at students/ann/task1.ts:7:3" },
      { name: "t1_no_stdout", kind: "output", title: "prints nothing", status: "error", message: "broke" },
    ] },
    { task: "task2", title: "Answer the protocol's messages", status: "error", score: 0, maxScore: 9, message: "handle threw TypeError: x (at students/ann/task2.ts:12:5).", checks: [
      { name: "t2_responses", kind: "evidence", title: "responses", status: "skip", message: "did not run" },
    ] },
  ],
};
