// The reporters a command can be asked for by name. Each is a pure function of the report.
import type { Report } from "./types.js";
import { renderJson } from "./json.js";
import { renderPretty } from "./pretty.js";

export type Reporter = (report: Report, color: boolean) => string;

export const REPORTERS: Record<string, Reporter> = {
  pretty: renderPretty,
  json: (report) => renderJson(report),
};
