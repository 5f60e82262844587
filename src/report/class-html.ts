// The class report: one self-contained HTML page a batch writes next to results.json. No server,
// no network, nothing loaded from elsewhere (the Content-Security-Policy forbids it, and lets only
// this page's own script run, by its hash). Every student text goes through htmlText.
import { createHash } from "node:crypto";
import { summarise } from "../batch/summary.js";
import { classData, type RuleRow, type StudentRow } from "./class-data.js";
import { htmlText as h } from "./sanitize.js";
import type { Report } from "./types.js";

export interface ClassReportOptions {
  /** The pack's title, for the heading. */
  title?: string;
  /** Each student's evidence file, relative to the page ("evidence/ann.txt"), when written. */
  evidenceOf?: (id: string) => string | undefined;
}

const percent = (n: number, of: number): string => (of ? `${Math.round((n / of) * 100)}%` : "–");

// Sorting the students' table by a column, and a marker that the script ran to its end (the
// browser test reads it).
const SCRIPT = `"use strict";
(function () {
  var table = document.getElementById("students");
  var body = table.tBodies[0];
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell, column) {
    cell.addEventListener("click", function () {
      var up = cell.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) { c.removeAttribute("aria-sort"); });
      cell.setAttribute("aria-sort", up ? "ascending" : "descending");
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[column].getAttribute("data-key"), y = b.cells[column].getAttribute("data-key");
        var d = isNaN(x) || isNaN(y) ? (x < y ? -1 : x > y ? 1 : 0) : x - y;
        return up ? d : -d;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
  var status = document.getElementById("script-status");
  status.textContent = body.rows.length + " students listed; click a column's heading to sort by it.";
  document.body.setAttribute("data-ready", "rendered");
})();
`;

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1d1d1f;background:#fff}
h1{font-size:1.6rem}h2{margin-top:2.2rem;border-bottom:1px solid #ddd}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #eee;vertical-align:top}th{background:#f4f4f6}#students th{cursor:pointer}
.pass{color:#176f2c}.fail{color:#b3261e}.error{color:#8a4b00}code,pre{font:13px ui-monospace,monospace;white-space:pre-wrap;word-break:break-word}#rules td:first-child code{white-space:nowrap;word-break:normal}
.bar{display:inline-block;height:.8rem;background:#3b6fd8;vertical-align:middle}.rate{display:inline-block;width:6rem;background:#eee;margin-right:.4rem}
.rate span{display:block;height:.8rem;background:#2f9e44}.hist{display:flex;align-items:flex-end;gap:4px;height:10rem;border-bottom:1px solid #999}
.hist div{flex:1;background:#3b6fd8;min-height:1px;position:relative}.hist div span{position:absolute;top:-1.2rem;width:100%;text-align:center;font-size:12px}
.axis{display:flex;gap:4px}.axis span{flex:1;text-align:center;font-size:12px;color:#555}.student{border-top:1px solid #ddd;padding:.4rem 0}
#script-status{color:#555}`;

function histogram(reports: readonly Report[]): string {
  const { histogram: counts, maxScore } = summarise(reports);
  const peak = Math.max(1, ...counts);
  const bars = counts.map((n, score) => `<div style="height:${((n / peak) * 100).toFixed(1)}%" title="${n} scored ${score}/${maxScore}"><span>${n || ""}</span></div>`).join("");
  const axis = counts.map((_n, score) => `<span>${score}</span>`).join("");
  return `<div class="hist" aria-label="students by score">${bars}</div><div class="axis">${axis}</div>`;
}

function ruleRow(r: RuleRow): string {
  const rate = r.judged ? r.passed / r.judged : 1;
  const failure = r.commonFailure ? `<code>${h(r.commonFailure.shown)}</code> <small>(${r.commonFailure.count} of ${r.judged - r.passed} failing)</small>` : "";
  return `<tr><td><code>${h(r.name)}</code><br><small>${h(r.task)} · ${h(r.kind)}</small></td><td>${h(r.title)}</td>`
    + `<td data-key="${rate}"><span class="rate"><span style="width:${(rate * 100).toFixed(1)}%"></span></span>${r.passed}/${r.judged} (${percent(r.passed, r.judged)})</td>`
    + `<td>${failure}</td><td>${r.commonFailure && r.hint ? h(r.hint) : ""}</td></tr>`;
}

function studentRow(s: StudentRow, index: number): string {
  return `<tr><td data-key="${h(s.id)}"><a href="#student-${index}">${h(s.id)}</a></td><td data-key="${s.score}"><span class="bar" style="width:${s.maxScore ? ((s.score / s.maxScore) * 8).toFixed(2) : 0}rem"></span> ${s.score}/${s.maxScore}</td>`
    + `<td data-key="${s.status}" class="${s.status}">${s.status}</td><td data-key="${s.failing.length + s.problems.length}">${s.failing.length + s.problems.length}</td></tr>`;
}

/** A relative path as a URL: every segment encoded (a folder named "a#b" or "?x" stays a path). */
function relativeUrl(file: string): string {
  return file.split("/").map((part) => encodeURIComponent(part.replace(/\p{Cs}/gu, "\ufffd"))).join("/");
}

function studentSection(s: StudentRow, index: number, evidence: string | undefined): string {
  const items = [
    ...s.problems.map((p) => `<li><b>${h(p.task)}:</b> <pre>${h(p.message)}</pre></li>`),
    ...s.failing.map((f) => `<li><code>${h(f.name)}</code> (${h(f.task)}) ${h(f.title)}: <code>${h(f.shown)}</code></li>`),
  ];
  const link = evidence ? ` · <a href="${h(relativeUrl(evidence))}">evidence file</a>` : "";
  return `<section class="student" id="student-${index}"><h3>${h(s.id)} · <span class="${s.status}">${s.status}</span> · ${s.score}/${s.maxScore}${link}</h3>`
    + (items.length ? `<ul>${items.join("")}</ul>` : "<p>Every check passes.</p>") + "</section>";
}

export function renderClassHtml(reports: readonly Report[], options: ClassReportOptions = {}): string {
  const { students, rules } = classData(reports);
  const summary = summarise(reports);
  const hash = createHash("sha256").update(SCRIPT).digest("base64");
  const title = `Class report${options.title ? ` · ${options.title}` : ""}`;
  const missed = rules.filter((r) => r.passed < r.judged);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; img-src data:">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${h(title)}</title><style>${STYLE}</style></head>
<body>
<h1>${h(title)}</h1>
<p>${summary.total} submissions: <span class="pass">${summary.passed} passed</span>, <span class="fail">${summary.failed} failed</span>, <span class="error">${summary.errored} errored</span>. <span id="script-status"></span></p>
<h2>Scores</h2>
${summary.total ? histogram(reports) : "<p>No submissions.</p>"}
<h2>Students</h2>
<table id="students"><thead><tr><th>student</th><th>score</th><th>status</th><th>problems (failing checks, tasks not run or not written)</th></tr></thead>
<tbody>${students.map(studentRow).join("\n")}</tbody></table>
<h2>Rules, the least passed first</h2>
${missed.length ? "" : "<p>Every student passed every judged check.</p>"}
<table id="rules"><thead><tr><th>check</th><th>what it checks</th><th>passed</th><th>most common failing value</th><th>its hint</th></tr></thead>
<tbody>${rules.map(ruleRow).join("\n")}</tbody></table>
<h2>Each student's report</h2>
${students.map((s, i) => studentSection(s, i, options.evidenceOf?.(s.id))).join("\n")}
<script>${SCRIPT}</script>
</body></html>
`;
}
