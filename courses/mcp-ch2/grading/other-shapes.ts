// Whether serve's failures are one mistake in writing a kind of value (issue 20: one mistake, one
// point; Pack.recount, grading/recount.ts). Every answer the chapter's handle gives a request holds
// a boolean and a list, so a serve whose own json.dumps throws on a boolean fails lines 1, 3 and 5
// alone, at one place, as a serve that writes no result at all does: the page cannot tell them
// apart. Run again with a handle standing in whose answers write one kind of value otherwise
// (booleans, lists, null or numbers as strings, a list as an object of its indices; the envelope's
// jsonrpc and id as they were), a serve that forgot that one kind answers as the rules require:
// its failures were that one mistake. One kind at a time, so that a serve that writes only strings
// and objects (four kinds forgotten) is right under none, and a serve that spots the stand-in must
// still write every other kind right. A serve that throws on every result, or answers the page's
// lines from a table, fails again, and each line stays charged.
import { standInKey } from "../../../src/json/stand-in-key.js";
import { failedCalls, sameFailure } from "../../../src/pack/failed-call.js";
import { CALL_FUEL_FACTOR } from "../../../src/sandbox/fuel.js";
import type { RunSpec, SandboxReply, StandIn } from "../../../src/sandbox/protocol.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { sameJson } from "../behaviour/expectation.js";
import { LINES } from "../course/fixtures.js";
import { TASKS } from "../course/tasks.js";
import type { ServeResult } from "../course/types.js";
import { readCalls } from "./outcomes.js";

const UNKNOWN = "The grader ran serve again with a handle standing in whose answers write one kind of value otherwise, to tell whether its failures are one mistake. That copy answers only the messages of the lines it was run on, and serve called it with another value: pass handle each line's message as JSON.parse gives it.";

/** The kinds of value a json.dumps may forget, each tried alone. */
export const KINDS = ["boolean", "array", "null", "number"] as const;
export type ValueKind = (typeof KINDS)[number];

const isKind = (v: unknown, kind: ValueKind): boolean =>
  kind === "array" ? Array.isArray(v) : kind === "null" ? v === null : typeof v === kind;

/** The value with every `kind` in it written otherwise: as a string, a list as an object of its indices. */
export function otherShapes(value: unknown, kind: ValueKind): unknown {
  const inner = (v: unknown): unknown => otherShapes(v, kind);
  if (Array.isArray(value)) return kind === "array" ? Object.fromEntries(value.map((v, i) => [String(i), inner(v)])) : value.map(inner);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inner(v)]));
  return isKind(value, kind) ? String(value) : value;
}

/** A response with `kind` written otherwise below its envelope: jsonrpc and id stay as serve gave them to handle. */
function shapedResponse(answer: unknown, kind: ValueKind): unknown {
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) return answer;
  return Object.fromEntries(Object.entries(answer).map(([k, v]) => [k, k === "id" || k === "jsonrpc" ? v : otherShapes(v, kind)]));
}

const messageOf = (line: string): unknown => { try { return JSON.parse(line) as unknown; } catch { return undefined; } };
const parsed = (text: unknown): unknown => { try { return typeof text === "string" ? JSON.parse(text) as unknown : undefined; } catch { return undefined; } };

/** What serve did on LINES with one kind of value written otherwise. */
export interface OtherShapes {
  /** As many log and out lines as the rules require, each out line a single line: what the count lines read. */
  loopRight: boolean;
  /** The fixture lines (by index) whose out line holds the answer the rules require, key order and spacing aside. */
  written: ReadonlySet<number>;
}

export interface ShapesProbe {
  /** One request per kind of value. */
  requests: { runs: RunSpec[]; standIns: Record<string, StandIn> }[];
  /**
   * `lines`: what serve did on LINES under the first kind that has every failed line written
   * (when its lines were asked about); `lists`: the generated lists it answered right under some
   * one kind, by their JSON text.
   */
  read(replies: readonly SandboxReply[]): { lines?: OtherShapes; lists: ReadonlySet<string> };
}

/** What serve must return on `lines` with `kind` written otherwise, adding the stand-in's answers; undefined when the key cannot tell. */
function expectedWith(lines: readonly string[], kind: ValueKind, answers: Record<string, string>): ServeResult | undefined {
  const shaped: unknown[] = [];
  for (const line of lines) {
    const m = line.trim() === "" ? undefined : messageOf(line);
    if (m === undefined) continue;
    const answer = ANSWER_KEY.handle?.(m);
    if (answer === undefined) return undefined;
    const response = shapedResponse(answer, kind);
    shaped.push(response);
    answers[standInKey([m])] = JSON.stringify(response);
  }
  let next = 0;
  return ANSWER_KEY.serveWith(lines, () => shaped[next++]);
}

/** How many generated lists one recount runs again at most. */
const LISTS = 32;

/** What serve did on LINES (the call's value) against what it must do. */
function readLines(value: unknown, expected: ServeResult): OtherShapes {
  const answering = LINES.flatMap((line, i) => (line.trim() === "" || (messageOf(line) !== undefined && ANSWER_KEY.handle?.(messageOf(line)) === null) ? [] : [i]));
  const v = value as { out?: unknown; log?: unknown } | null | undefined;
  const out = v !== null && typeof v === "object" && Array.isArray(v.out) ? v.out as unknown[] : undefined;
  if (!out || out.length !== expected.out.length || answering.length !== out.length) return { loopRight: false, written: new Set() };
  // The count lines read how many log and out lines there are, and that each is one line: not the log's text.
  const log = v!.log;
  const loopRight = Array.isArray(log) && log.length === expected.log.length && out.every((line) => typeof line === "string" && !line.includes("\n"));
  const written = new Set(answering.filter((_, k) => { const w = parsed(out[k]); return w !== undefined && sameJson(w, parsed(expected.out[k])); }));
  return { loopRight, written };
}

/**
 * The probe of serve's failures (`byLine`: its answer to each fixture line alone): serve on LINES
 * again when two or more lines failed at one place, and on the generated lists that failed where
 * a fixture line did (`failedLists`), one request per kind of value. Undefined when there is
 * nothing to ask, or the key cannot tell the answers.
 */
export function shapesProbe(byLine: readonly unknown[], failedLists: readonly string[][] = []): ShapesProbe | undefined {
  const failed = failedCalls(byLine);
  const shared = failed.filter((a) => failed.some((b) => b !== a && sameFailure(a.failure, b.failure))).map((f) => f.index);
  const perKind = KINDS.map((kind) => {
    const answers: Record<string, string> = {};
    const lines = shared.length ? expectedWith(LINES, kind, answers) : undefined;
    const lists = failedLists.slice(0, LISTS).flatMap((list) => { const e = expectedWith(list, kind, answers); return e ? [{ list, expected: e }] : []; });
    return { kind, answers, lines, lists };
  });
  const asked = perKind.filter((k) => k.lines || k.lists.length);
  if (!asked.length) return undefined;
  return {
    requests: asked.map((k) => ({
      runs: [{ entry: TASKS.task3.file, exportName: TASKS.task3.exportName, callFuel: CALL_FUEL_FACTOR * 6, instance: "fresh" as const, stopOnFailure: false,
        inputs: [...(k.lines ? [LINES] : []), ...k.lists.map((l) => l.list)].map((l) => JSON.stringify(l)) }],
      standIns: { [TASKS.task2.file]: { exports: { [TASKS.task2.exportName]: { answers: k.answers, unknown: UNKNOWN } } } },
    })),
    read(replies) {
      const lists = new Set<string>();
      let lines: OtherShapes | undefined;
      asked.forEach((k, r) => {
        const calls = readCalls("task3", replies[r]?.runs[0], false) ?? [];
        const valueOf = (i: number): unknown => (calls[i]?.ok ? (calls[i] as { value: unknown }).value : undefined);
        const first = k.lines ? 1 : 0;
        k.lists.forEach((l, i) => { if (sameJson(valueOf(first + i), l.expected)) lists.add(JSON.stringify(l.list)); });
        if (!k.lines || lines) return;
        const seen = readLines(valueOf(0), k.lines);
        if (shared.every((i) => seen.written.has(i))) lines = seen;
      });
      return { ...(lines ? { lines } : {}), lists };
    },
  };
}
