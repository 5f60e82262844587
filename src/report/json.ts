// The machine format: the version-1 report of PRODUCT.md, alone on stdout. Reports hold no
// colour and no absolute paths; jsonText keeps the data exact and still safe in a CI log.
import { jsonText } from "./sanitize.js";

export function renderJson(report: object): string {
  return jsonText(report) + "\n";
}
