// A place in compiled code back to the student's own line and column, from the compiler's
// source map (its `mappings`, base64 VLQ): the compiler reformats, so a stack's line in the
// compiled text is not the line the student wrote.
import type { CompiledFile } from "./protocol.js";

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function decode(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGITS.indexOf(char);
    if (digit < 0) return [];
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) { shift += 5; continue; }
    values.push(value % 2 === 1 ? -(value - 1) / 2 : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}

/** The original 1-based line and column of a 1-based place in the compiled text, if mapped. */
export function originalPlace(mappings: string, line: number, column: number): { line: number; column: number } | undefined {
  const lines = mappings.split(";");
  if (line < 1 || line > lines.length) return undefined;
  let sourceLine = 0;
  let sourceColumn = 0;
  let found: { line: number; column: number } | undefined;
  for (let at = 0; at < line; at++) {
    let generated = 0;
    for (const segment of lines[at]!.split(",")) {
      if (!segment) continue;
      const v = decode(segment);
      if (v.length < 4) { generated += v[0] ?? 0; continue; }
      generated += v[0]!;
      sourceLine += v[2]!;
      sourceColumn += v[3]!;
      // The last mapping at or before the column, on the line asked for.
      if (at === line - 1 && (generated <= column - 1 || found === undefined)) found = { line: sourceLine + 1, column: sourceColumn + 1 };
    }
  }
  return found;
}

/** "file:line[:column]" in compiled code, as the student's file:line:column (unchanged when unknown). */
export function mapPlace(compiled: Record<string, CompiledFile> | undefined, where: string): string {
  const m = /^(.+?):(\d+)(?::(\d+))?$/.exec(where);
  const file = m ? compiled?.[m[1]!] : undefined;
  if (!m || !file || !("map" in file)) return where;
  const place = originalPlace(file.map, Number(m[2]), Number(m[3] ?? 1));
  return place ? `${m[1]}:${place.line}:${place.column}` : where;
}
