// Where a frame of a linked script (link.ts) is in the student's code. sucrase keeps lines, so the
// line is exact; the column is found by the text there.
import type { FrameMapper } from "./bundle.js";

/** A file as it stands in the linked script. */
export interface LinkedFile {
  /** Its path, as the report names it. */
  file: string;
  source: string;
  code: string;
  lineCount: number;
  /** Its first line in the script. */
  startLine: number;
}

// What V8 counts as a line break, so that a frame's line is the file's line whatever its endings.
export const LINE_BREAK = /\r\n|\r|\n|\u2028|\u2029/;

/**
 * Maps a frame of the script to file:line:column. sucrase keeps lines, so the line is exact. Its
 * source map is too coarse for columns (a whole line after a type can map to one place), so the
 * column is found by the text: the word at the frame's column, in the student's line, where it
 * stands nearest (removed types put the output to the left of the source, the names sucrase
 * gives imports to the right).
 */
export function frameMapper(files: readonly LinkedFile[]): FrameMapper {
  return (line, column) => {
    const f = files.findLast((x) => x.startLine <= line);
    const lineInFile = f ? line - f.startLine + 1 : 0;
    if (!f || lineInFile > f.lineCount) return undefined;
    const generated = f.code.split(LINE_BREAK)[lineInFile - 1] ?? "";
    const original = f.source.split(LINE_BREAK)[lineInFile - 1] ?? "";
    return `${f.file}:${lineInFile}:${originalColumn(generated, original, column - 1) + 1}`;
  };
}

const TOKEN = /[\w$]+|\S/g;
const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\w$]/.test(c);

/** Where the text at `at` in the output line stands in the source line (0 when nowhere). */
export function originalColumn(generated: string, original: string, at: number): number {
  TOKEN.lastIndex = at;
  // The token at the column; failing that (a name sucrase made, `_task1js`), the names after it.
  for (let tries = 0, m = TOKEN.exec(generated); m && tries < 4; tries++, m = TOKEN.exec(generated)) {
    if (tries > 0 && !isWordChar(m[0][0])) continue;
    const found = nearest(original, m[0], m.index);
    if (found >= 0) return found;
  }
  return 0;
}

function nearest(line: string, token: string, near: number): number {
  let best = -1;
  for (let i = line.indexOf(token); i >= 0; i = line.indexOf(token, i + 1)) {
    const whole = !isWordChar(token[0]) || (!isWordChar(line[i - 1]) && !isWordChar(line[i + token.length]));
    if (whole && (best < 0 || Math.abs(i - near) < Math.abs(best - near))) best = i;
  }
  return best;
}
