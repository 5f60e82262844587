import type { DevCheckReport } from "../grading/dev-check.js";
import { makeStyle } from "./style.js";

export function renderDevCheck(report: DevCheckReport, color: boolean): string {
  const s = makeStyle(color);
  const lines = report.items.map((i) => `${i.ok ? s.pass("✓") : s.fail("✗")} ${i.name}${s.dim(` — ${i.detail}`)}`);
  const failed = report.items.filter((i) => !i.ok).length;
  lines.push("", `${report.items.length - failed} passed, ${failed} failed`);
  return lines.join("\n") + "\n";
}
