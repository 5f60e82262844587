// The evidence file: 17 `key: value` lines in the chapter's order. Parsing is forgiving about
// what editors do (CRLF, a BOM, spaces around the colon) and exact about what the chapter fixes
// (lower-case keys, each once).
import { EVIDENCE_KEYS, EVIDENCE_RULES, isEvidenceKey, type EvidenceKey } from "../../courses/mcp-ch2/course/evidence-keys.js";
import type { TaskId } from "../../courses/mcp-ch2/course/tasks.js";
import { lineValue } from "../report/sanitize.js";

export const DEFAULT_EVIDENCE_FILE = "evidence/chapter2-evidence.txt";

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
  entries: Partial<Record<EvidenceKey, EvidenceEntry>>;
  problems: EvidenceProblem[];
  /** Lines that are not evidence lines, kept so that rewriting the file loses nothing. */
  otherLines: string[];
}

export function parseEvidence(text: string): ParsedEvidence {
  const entries: ParsedEvidence["entries"] = {};
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
    if (isEvidenceKey(key)) known = key;
    else if (isEvidenceKey(key.toLowerCase())) {
      known = key.toLowerCase() as EvidenceKey;
      problems.push({ line, key, message: `line ${line}: the key ${key} must be written in lower case, exactly as the chapter prints it: ${known}.` });
    } else {
      otherLines.push(raw);
      const near = closestKey(key);
      problems.push({ line, key, message: `line ${line}: ${JSON.stringify(key)} is not one of the chapter's 17 keys${near ? `; did you mean ${near}?` : "."}` });
      return;
    }
    const first = entries[known];
    if (first) {
      problems.push({ line, key: known, message: `line ${line}: ${known} appears again (first on line ${first.line}). Keep one line per key: the value your code printed.` });
      return;
    }
    entries[known] = { key: known, value, line };
  });
  for (const key of EVIDENCE_KEYS) {
    if (!entries[key]) problems.push({ key, message: `${key} is missing: add the line "${key}: <value>" (${EVIDENCE_RULES[key].task}).` });
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
export function writeEvidence(existing: string | undefined, graded: readonly TaskId[], values: Partial<Record<EvidenceKey, string>>): string {
  const old = existing === undefined ? undefined : parseEvidence(existing);
  const lines: string[] = [];
  for (const key of EVIDENCE_KEYS) {
    const value = graded.includes(EVIDENCE_RULES[key].task) ? values[key] : old?.entries[key]?.value;
    if (value !== undefined) lines.push(`${key}: ${lineValue(value)}`);
  }
  return [...lines, ...(old?.otherLines ?? [])].map((l) => `${l}\n`).join("");
}

function closestKey(key: string): EvidenceKey | undefined {
  let best: EvidenceKey | undefined;
  let bestDistance = 4;
  for (const candidate of EVIDENCE_KEYS) {
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
