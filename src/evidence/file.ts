// The evidence file: a pack's `key: value` lines in the pack's order. Parsing is forgiving about
// what editors do (CRLF, a BOM, spaces around the colon) and exact about what the pack fixes
// (lower-case keys, each once).
import type { EvidenceLine } from "../pack/types.js";
import { lineValue } from "../report/sanitize.js";

type EvidenceKey = string;

export interface EvidenceEntry {
  key: EvidenceKey;
  value: string;
  line: number;
}

export interface EvidenceProblem {
  /** 1-based; absent for a key that is missing altogether. */
  line?: number;
  key?: string;
  message: string;
}

export interface ParsedEvidence {
  entries: Record<EvidenceKey, EvidenceEntry>;
  problems: EvidenceProblem[];
  /** Lines that are not evidence lines, kept so that rewriting the file loses nothing. */
  otherLines: string[];
}

export function parseEvidence(text: string, lines: readonly EvidenceLine[]): ParsedEvidence {
  const keys = lines.map((l) => l.key);
  const isEvidenceKey = (key: string): boolean => keys.includes(key);
  const entries: ParsedEvidence["entries"] = Object.create(null) as ParsedEvidence["entries"];
  const problems: EvidenceProblem[] = [];
  const otherLines: string[] = [];
  text.replace(/^\uFEFF/, "").split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    const colon = raw.indexOf(":");
    if (colon < 0) {
      otherLines.push(raw);
      problems.push({ line, message: `line ${line} is not a key: value line: ${JSON.stringify(raw.trim())}. Every line has the form key: value, for example "t1_keys: a,b,c".` });
      return;
    }
    const key = raw.slice(0, colon).trim();
    const value = raw.slice(colon + 1).trim();
    let known: EvidenceKey | undefined;
    // A key is a pack's own name, never an inherited one ("constructor").
    if (isEvidenceKey(key)) known = key;
    else if (isEvidenceKey(key.toLowerCase())) {
      known = key.toLowerCase();
      problems.push({ line, key, message: `line ${line}: the key ${key} must be written in lower case, exactly as the chapter prints it: ${known}.` });
    } else {
      otherLines.push(raw);
      const near = closestKey(key, keys);
      problems.push({ line, key, message: `line ${line}: ${JSON.stringify(key)} is not one of the chapter's ${keys.length} keys${near ? `; did you mean ${near}?` : "."}` });
      return;
    }
    const first = entries[known];
    if (first) {
      problems.push({ line, key: known, message: `line ${line}: ${known} appears again (first on line ${first.line}). Keep one line per key: the value your code printed.` });
      return;
    }
    entries[known] = { key: known, value, line };
  });
  for (const { key, task } of lines) {
    if (!entries[key]) problems.push({ key, message: `${key} is missing: add the line "${key}: <value>" (${task}).` });
  }
  return { entries, problems, otherLines };
}

/**
 * The file after grading some tasks: their lines replaced by what the code printed (a line the
 * code could not print is left out), every other line kept as it was. A value is written on its
 * one line with any line break or control shown by its code (`\n`, `\u2028`), and read back as
 * those characters, never decoded: what the code printed cannot add or forge a line, and such a
 * value is wrong for every key anyway.
 */
export function writeEvidence(existing: string | undefined, graded: readonly string[], values: Record<EvidenceKey, string>, rules: readonly EvidenceLine[]): string {
  const old = existing === undefined ? undefined : parseEvidence(existing, rules);
  const lines: string[] = [];
  for (const { key, task } of rules) {
    const value = graded.includes(task) ? values[key] : old?.entries[key]?.value;
    if (value !== undefined) lines.push(`${key}: ${lineValue(value)}`);
  }
  return [...lines, ...(old?.otherLines ?? [])].map((l) => `${l}\n`).join("");
}

function closestKey(key: string, keys: readonly string[]): EvidenceKey | undefined {
  let best: EvidenceKey | undefined;
  let bestDistance = 4;
  for (const candidate of keys) {
    const d = editDistance(key.toLowerCase(), candidate);
    if (d < bestDistance) { best = candidate; bestDistance = d; }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}
