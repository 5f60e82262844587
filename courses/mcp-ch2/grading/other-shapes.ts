// Whether serve's failures are mistakes in writing kinds of value (issue 20: one mistake, one
// point; Pack.recount, grading/recount.ts). Every answer the chapter's handle gives a request holds
// a boolean and a list, so a serve whose own json.dumps throws on a boolean fails lines 1, 3 and 5
// alone, at one place, as a serve that writes no result at all does: the page cannot tell them
// apart. Run again with a handle standing in whose answers write kinds of value otherwise
// (booleans, lists, null or numbers as strings, a list as an object of its indices; the envelope's
// jsonrpc and id as they were), a serve that forgot kinds answers as the rules require. Once with
// every kind written otherwise, and once more for each kind with every other kind written
// otherwise: a line that fails only when a kind is left in needs that kind, so each line's
// failure is read as the kinds it needs, and the failed lines cost as many mistakes as kinds
// (no boolean and no list writer: 2). A serve that writes only strings and objects meets the
// envelope's numeric ids in every request, and one that spots the stand-in must still write each
// kind right when it is left in. A serve that throws on every result, or answers the page's lines
// from a table, fails again, and each line stays charged.
import { standInKey } from "../../../src/json/stand-in-key.js";
import { failedCalls, sameFailure } from "../../../src/pack/failed-call.js";
import { CALL_FUEL_FACTOR } from "../../../src/sandbox/fuel.js";
import { callOf } from "../../../src/pack/types.js";
import type { RunSpec, SandboxReply, StandIn } from "../../../src/sandbox/protocol.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { sameJson } from "../behaviour/expectation.js";
import { LINES } from "../course/fixtures.js";
import { TASKS } from "../course/tasks.js";
import type { ServeResult } from "../course/types.js";
import { readCalls } from "./outcomes.js";

const UNKNOWN = "The grader ran serve again with a handle standing in whose answers write kinds of value otherwise, to tell whether its failures are one mistake. That copy answers only the messages of the lines it was run on, and serve called it with another value: pass handle each line's message as JSON.parse gives it.";

/** The kinds of value a json.dumps may forget. */
export const KINDS = ["boolean", "array", "null", "number"] as const;
export type ValueKind = (typeof KINDS)[number];

/** The requests' kinds written otherwise: every kind, then every kind but each one in turn. */
const SHAPINGS: readonly (readonly ValueKind[])[] = [KINDS, ...KINDS.map((left) => KINDS.filter((k) => k !== left))];

const isKind = (v: unknown, kind: ValueKind): boolean =>
  kind === "array" ? Array.isArray(v) : kind === "null" ? v === null : typeof v === kind;

/** The value with every value of `kinds` in it written otherwise: as a string, a list as an object of its indices. */
export function otherShapes(value: unknown, kinds: readonly ValueKind[]): unknown {
  const inner = (v: unknown): unknown => otherShapes(v, kinds);
  if (Array.isArray(value)) return kinds.includes("array") ? Object.fromEntries(value.map((v, i) => [String(i), inner(v)])) : value.map(inner);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inner(v)]));
  return kinds.some((kind) => isKind(value, kind)) ? String(value) : value;
}

/** A response with `kinds` written otherwise below its envelope: jsonrpc and id stay as serve gave them to handle. */
function shapedResponse(answer: unknown, kind: readonly ValueKind[]): unknown {
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) return answer;
  return Object.fromEntries(Object.entries(answer).map(([k, v]) => [k, k === "id" || k === "jsonrpc" ? v : otherShapes(v, kind)]));
}

const messageOf = (line: string): unknown => { try { return JSON.parse(line) as unknown; } catch { return undefined; } };
const parsed = (text: unknown): unknown => { try { return typeof text === "string" ? JSON.parse(text) as unknown : undefined; } catch { return undefined; } };

/** What serve did on LINES with every kind of value written otherwise. */
export interface OtherShapes {
  /** As many log and out lines as the rules require, each out line a single line: what the count lines read. */
  loopRight: boolean;
  /** The fixture lines (by index) whose out line holds the answer the rules require, key order and spacing aside. */
  written: ReadonlySet<number>;
  /** The mistake each failed line is charged with (a kind it needs): lines of one mistake are paid for once. */
  mistakeOf?: ReadonlyMap<number, string>;
}

export interface ShapesProbe {
  /** One request per shaping (SHAPINGS). */
  requests: { runs: RunSpec[]; standIns: Record<string, StandIn> }[];
  /**
   * `lines`: what serve did on LINES with every kind written otherwise, when that has every
   * failed line written (and its lines were asked about); `lists`: the generated lists it
   * answered right that way, needing one kind or only kinds the failed lines need, by their JSON text.
   */
  read(replies: readonly SandboxReply[]): { lines?: OtherShapes; lists: ReadonlySet<string> };
}

/** What serve must return on `lines` with `kind` written otherwise, adding the stand-in's answers; undefined when the key cannot tell. */
function expectedWith(lines: readonly string[], kind: readonly ValueKind[], answers: Record<string, string>): ServeResult | undefined {
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
 * Each failed line's mistake: one kind it needs, so that as many mistakes are charged as kinds the
 * lines need, at most one a line (a matching of kinds to lines; a line matched to none shares a
 * kind it needs with a line that is). A line that needs no kind (right with any kind left in) is
 * the first mistake's.
 */
export function mistakesOf(needs: ReadonlyMap<number, ReadonlySet<ValueKind>>): Map<number, string> {
  const lineOf = new Map<ValueKind, number>();
  const match = (line: number, tried: Set<ValueKind>): boolean => [...needs.get(line)!].some((k) => {
    if (tried.has(k)) return false;
    tried.add(k);
    const other = lineOf.get(k);
    if (other !== undefined && !match(other, tried)) return false;
    lineOf.set(k, line);
    return true;
  });
  for (const line of needs.keys()) match(line, new Set());
  const matched = new Map([...lineOf].map(([k, line]) => [line, k as string]));
  const first = [...matched.values()][0] ?? "";
  return new Map([...needs].map(([line, kinds]) => [line, matched.get(line) ?? [...kinds].find((k) => lineOf.has(k)) ?? first]));
}

/**
 * The probe of serve's failures (`byLine`: its answer to each fixture line alone): serve on LINES
 * again when two or more lines failed at one place, and on the generated lists that failed where
 * a fixture line did (`failedLists`), one request per shaping. Undefined when there is nothing to
 * ask, or the key cannot tell the answers.
 */
export function shapesProbe(byLine: readonly unknown[], failedLists: readonly string[][] = []): ShapesProbe | undefined {
  const failed = failedCalls(byLine);
  const shared = failed.filter((a) => failed.some((b) => b !== a && sameFailure(a.failure, b.failure))).map((f) => f.index);
  const shapings = SHAPINGS.map((kinds) => {
    const answers: Record<string, string> = {};
    const lines = shared.length ? expectedWith(LINES, kinds, answers) : undefined;
    const lists = failedLists.slice(0, LISTS).flatMap((list) => { const e = expectedWith(list, kinds, answers); return e ? [{ list, expected: e }] : []; });
    return { answers, lines, lists };
  });
  // What the key can answer does not hang on the kinds: every shaping asks the same.
  const [all] = shapings;
  if (!all || (!all.lines && !all.lists.length)) return undefined;
  return {
    requests: shapings.map((k) => ({
      runs: [{ ...callOf(TASKS.task3), callFuel: CALL_FUEL_FACTOR * 6, instance: "fresh" as const, stopOnFailure: false,
        inputs: [...(k.lines ? [LINES] : []), ...k.lists.map((l) => l.list)].map((l) => JSON.stringify(l)) }],
      standIns: { [TASKS.task2.file]: { exports: { [TASKS.task2.exportName]: { answers: k.answers, unknown: UNKNOWN } } } },
    })),
    read(replies) {
      const valuesOf = (r: number): ((i: number) => unknown) => {
        const calls = readCalls("task3", replies[r]?.runs[0], false) ?? [];
        return (i) => (calls[i]?.ok ? (calls[i] as { value: unknown }).value : undefined);
      };
      const values = shapings.map((_, r) => valuesOf(r));
      // The kinds a call needs: those whose leaving in (request 1 + k) it fails under.
      const needsOf = (right: (r: number) => boolean): Set<ValueKind> => new Set(KINDS.filter((_, k) => !right(1 + k)));
      const first = all.lines ? 1 : 0;
      let lines: OtherShapes | undefined;
      const lineKinds = new Set<ValueKind>();
      if (all.lines) {
        const seen = shapings.map((k, r) => (k.lines ? readLines(values[r]!(0), k.lines) : undefined));
        if (shared.every((i) => seen[0]!.written.has(i))) {
          const needs = new Map(shared.map((i) => [i, needsOf((r) => seen[r]?.written.has(i) === true)] as const));
          lines = { ...seen[0]!, mistakeOf: mistakesOf(needs) };
          for (const kinds of needs.values()) for (const k of kinds) lineKinds.add(k);
        }
      }
      const lists = new Set<string>();
      all.lists.forEach((l, i) => {
        if (!sameJson(values[0]!(first + i), l.expected)) return;
        const needs = needsOf((r) => sameJson(values[r]!(first + i), shapings[r]!.lists[i]?.expected));
        if (needs.size <= 1 || [...needs].every((k) => lineKinds.has(k))) lists.add(JSON.stringify(l.list));
      });
      return { ...(lines ? { lines } : {}), lists };
    },
  };
}
