// A job as the sandbox gets it: one string. Its JSON, without the expected answers, then a line
// break, then the expected answers' texts one after another (their lengths are in the JSON; a
// JSON text never holds a raw line break, so the first one ends it). Parsing each sandbox
// context's copy of tens of KB of answers as JSON strings, escaped twice, cost more than
// slicing them out of one string.
import type { Job } from "./outcome.js";

/** A job as the harness parses it. */
export type WireJob = Omit<Job, "expected"> & { expectedLengths?: number[] };

export function encodeJob(job: Job): string {
  if (!job.expected) return JSON.stringify(job);
  const { expected, ...rest } = job;
  const wire: WireJob = { ...rest, expectedLengths: expected.map((text) => (text === null ? -1 : text.length)) };
  return `${JSON.stringify(wire)}\n${expected.filter((text) => text !== null).join("")}`;
}

/** String methods taken before the student's code ran, so that it cannot see what they are given. */
export interface SafeStrings {
  parse: (json: string) => unknown;
  indexOf: (text: string, search: string) => number;
  slice: (text: string, start: number, end: number) => string;
}

/**
 * In the sandbox: the job, and its expected answer for input i, if any. The answers stay in this
 * closure: they are the answer key.
 */
export function decodeJob(text: string, s: SafeStrings): { job: WireJob; expected: (i: number) => string | undefined } {
  const end = s.indexOf(text, "\n");
  const job = s.parse(end < 0 ? text : s.slice(text, 0, end)) as WireJob;
  const lengths = job.expectedLengths;
  if (end < 0 || !lengths) return { job, expected: () => undefined };
  // Found by walking the lengths, not kept in an array the harness fills: an earlier task's code
  // may have given Array.prototype setters. The harness asks in order, so each step is one length.
  let upTo = 0;
  let at = end + 1;
  const expected = (i: number): string | undefined => {
    if (i < upTo) {
      upTo = 0;
      at = end + 1;
    }
    for (; upTo < i && upTo < lengths.length; upTo++) if (lengths[upTo]! > 0) at += lengths[upTo]!;
    const length = i < lengths.length ? lengths[i]! : -1;
    return length >= 0 ? s.slice(text, at, at + length) : undefined;
  };
  return { job, expected };
}
