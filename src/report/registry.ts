// The reporters a command can be asked for by name. Each is a pure function of the report (or,
// for a batch, of all the reports and their summary).
import type { Pack } from "../pack/types.js";
import type { Report } from "./types.js";
import { renderBatchSummary, type BatchView } from "./batch-summary.js";
import { renderGithub } from "./github.js";
import { renderGradescope, renderGradescopeBatch } from "./gradescope.js";
import { renderJson } from "./json.js";
import { renderJunit } from "./junit.js";
import { renderPretty } from "./pretty.js";

export interface ReporterOptions {
  /** Check kinds the gradescope reporter shows only after grades are published. */
  gradescopeHide?: readonly string[];
  /** The github reporter's annotation paths start here (github.ts). */
  githubRoot?: string;
  /** The pack the reports are of: its score policy (gradescope's points) and task files (github's annotations). */
  pack?: Pick<Pack, "score" | "tasks">;
  /** Name the pack in the pretty report's first line (every pack but the course's default). */
  namePack?: boolean;
}

const fileOf = (options?: ReporterOptions) => (task: string): string => options?.pack?.tasks.find((t) => t.id === task)?.file ?? `${task}.ts`;

export type Reporter = (report: Report, color: boolean, options?: ReporterOptions) => string;

export const REPORTERS: Record<string, Reporter> = {
  pretty: (report, color, options) => renderPretty(report, color, options?.namePack ?? false),
  json: (report) => renderJson(report),
  junit: (report) => renderJunit([report]),
  github: (report, _color, options) => renderGithub([report], { root: options?.githubRoot ?? "", fileOf: fileOf(options) }),
  gradescope: (report, _color, options) => renderGradescope(report, { hideKinds: options?.gradescopeHide ?? [], ...(options?.pack ? { policy: options.pack.score } : {}) }),
};

export type BatchReporter = (reports: readonly Report[], view: BatchView, color: boolean, options?: ReporterOptions) => string;

export const BATCH_REPORTERS: Record<string, BatchReporter> = {
  pretty: (_reports, view, color) => renderBatchSummary(view, color),
  json: (reports) => renderJson(reports),
  junit: (reports) => renderJunit(reports),
  github: (reports, _view, _color, options) => renderGithub(reports, { root: options?.githubRoot ?? "", fileOf: fileOf(options) }),
  gradescope: (reports, _view, _color, options) => renderGradescopeBatch(reports, { hideKinds: options?.gradescopeHide ?? [], ...(options?.pack ? { policy: options.pack.score } : {}) }),
};
