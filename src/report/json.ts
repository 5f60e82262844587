// The machine format: the version-1 report of PRODUCT.md, alone on stdout. Reports hold no
// colour and no absolute paths, so this is a plain serialisation.
export function renderJson(report: object): string {
  return JSON.stringify(report, null, 2) + "\n";
}
