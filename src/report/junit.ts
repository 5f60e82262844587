// JUnit XML, the format CI systems and test dashboards read: a testsuite per task (per student
// and task in a batch), a testcase per check, failures carrying the expected and actual value.
// Student text is escaped for XML and for the CI log the file may be printed to (sanitize.ts).
import type { CheckResult, Report, TaskResult } from "./types.js";
import { xmlAttribute as a, xmlText as x } from "./sanitize.js";

function details(check: CheckResult): string {
  return [
    check.expected !== undefined ? `expected: ${check.expected}` : undefined,
    check.actual !== undefined ? `actual: ${check.actual ?? "(no value)"}` : undefined,
    check.message, check.hint ? `Rule: ${check.hint}` : undefined,
  ].filter((l) => l !== undefined).join("\n");
}

function testcase(check: CheckResult, classname: string): string {
  const open = `    <testcase name="${a(check.name)}" classname="${a(classname)}">`;
  switch (check.status) {
    case "pass": return `    <testcase name="${a(check.name)}" classname="${a(classname)}"/>`;
    case "skip": return `${open}\n      <skipped message="${a(check.message ?? "skipped")}"/>\n    </testcase>`;
    default: {
      const tag = check.status === "fail" ? "failure" : "error";
      return `${open}\n      <${tag} message="${a(check.title)}" type="${a(check.kind)}">${x(details(check))}</${tag}>\n    </testcase>`;
    }
  }
}

function testsuite(report: Report, task: TaskResult): string {
  const classname = `${report.submission}.${task.task}`.replace(/\//g, ".");
  const cases = task.checks.map((c) => testcase(c, classname));
  // A task that could not run (an error), or whose code stopped on its inputs or is not written
  // (a failure), is one case of its own, so CI shows why rather than only skips.
  const stopped = task.message !== undefined && task.status !== "pass";
  const tag = task.status === "error" ? "error" : "failure";
  if (stopped) cases.unshift(`    <testcase name="${a(`${task.task} runs`)}" classname="${a(classname)}">\n      <${tag} message="${a(task.message!)}" type="${tag}">${x(task.message!)}</${tag}>\n    </testcase>`);
  const count = (s: CheckResult["status"]): number => task.checks.filter((c) => c.status === s).length;
  const errors = count("error") + (stopped && tag === "error" ? 1 : 0);
  const failures = count("fail") + (stopped && tag === "failure" ? 1 : 0);
  const attrs = `name="${a(`${report.submission}/${task.task}`)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${count("skip")}"`;
  const stderr = task.stderr ? `\n    <system-err>${x(task.stderr)}</system-err>` : "";
  // The score, as every reporter gives it (course/score.ts): the task's, and its submission's.
  const scores = [["score", task.score], ["max_score", task.maxScore], ["submission_score", report.score], ["submission_max_score", report.maxScore]] as const;
  // The pack first: a dashboard that reads several courses' results tells them apart.
  const named: (readonly [string, string | number])[] = [...(report.pack ? [["pack", report.pack] as const] : []), ...scores];
  const properties = `    <properties>\n${named.map(([name, value]) => `      <property name="${name}" value="${a(String(value))}"/>`).join("\n")}\n    </properties>\n`;
  return `  <testsuite ${attrs}>\n${properties}${cases.join("\n")}${stderr}\n  </testsuite>`;
}

export function renderJunit(reports: readonly Report[]): string {
  const suites = reports.flatMap((r) => r.tasks.map((t) => testsuite(r, t)));
  const checks = reports.flatMap((r) => r.tasks.flatMap((t) => t.checks));
  const errorTasks = reports.flatMap((r) => r.tasks).filter((t) => t.status === "error").length;
  const n = (s: CheckResult["status"]): number => checks.filter((c) => c.status === s).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="grade" tests="${checks.length + errorTasks}" failures="${n("fail")}" errors="${n("error") + errorTasks}" skipped="${n("skip")}">`,
    ...suites,
    "</testsuites>",
  ].join("\n") + "\n";
}
