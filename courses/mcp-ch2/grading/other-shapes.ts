// Whether serve's failed lines are one mistake in writing some kind of value (issue 20: one
// mistake, one point; Pack.recount). Every answer the chapter's handle gives a request holds a
// boolean and a list, so a serve whose own json.dumps throws on a boolean fails lines 1, 3 and 5
// alone, at one place, as a serve that writes no result at all does: the page cannot tell them
// apart. Run again on LINES with a handle standing in whose answers hold the same keys with
// strings for every other value (a list as an object of its indices), a serve that writes results
// answers exactly as the rules require, so its loop is right and its failed lines are one mistake
// in the values; a serve that throws on every result, or answers the page's lines from a table,
// fails again, and each line stays charged.
import { standInKey } from "../../../src/json/stand-in-key.js";
import { failedCalls, sameFailure } from "../../../src/pack/failed-call.js";
import { CALL_FUEL_FACTOR } from "../../../src/sandbox/fuel.js";
import type { RunSpec, SandboxReply, StandIn } from "../../../src/sandbox/protocol.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { sameJson } from "../behaviour/expectation.js";
import { LINES } from "../course/fixtures.js";
import { TASKS } from "../course/tasks.js";
import { readCalls } from "./outcomes.js";

const UNKNOWN = "The grader ran serve again with a handle standing in whose answers hold strings in place of other values, to tell whether its failed lines are one mistake. That copy answers only the chapter's lines, and serve called it with another value: pass handle each line's message as JSON.parse gives it.";

/** The same keys, every value that is not an object a string; a list as an object of its indices. */
export function otherShapes(value: unknown): unknown {
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), otherShapes(v)]));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, otherShapes(v)]));
  return typeof value === "string" ? value : String(value);
}

const messageOf = (line: string): unknown => { try { return JSON.parse(line) as unknown; } catch { return undefined; } };

/** What serve did on LINES with answers of other shapes. */
export interface OtherShapes {
  /** As many log and out lines as the rules require, each out line a single line: what the count lines read. */
  loopRight: boolean;
  /** The fixture lines (by index) whose out line holds the answer the rules require, key order and spacing aside. */
  written: ReadonlySet<number>;
}

export interface ShapesProbe {
  run: RunSpec;
  standIns: Record<string, StandIn>;
  read(reply: SandboxReply): OtherShapes;
}

const parsed = (text: unknown): unknown => { try { return typeof text === "string" ? JSON.parse(text) as unknown : undefined; } catch { return undefined; } };

/**
 * The probe of serve's failed lines (`byLine`: its answer to each fixture line alone), when two or
 * more failed at one place: serve on LINES again, handle answering each message as the rules
 * do with other shapes. Undefined when the key cannot tell what serve must then return.
 */
export function shapesProbe(byLine: readonly unknown[]): ShapesProbe | undefined {
  const failed = failedCalls(byLine);
  if (!failed.some((a) => failed.some((b) => b !== a && sameFailure(a.failure, b.failure)))) return undefined;
  const messages = LINES.map(messageOf);
  const shaped = messages.map((m) => {
    if (m === undefined) return undefined;
    const answer = ANSWER_KEY.handle?.(m);
    return answer === null ? null : answer === undefined ? undefined : otherShapes(answer);
  });
  if (messages.some((m, i) => m !== undefined && shaped[i] === undefined)) return undefined;
  const asked = messages.flatMap((m, i) => (m === undefined ? [] : [shaped[i]]));
  let next = 0;
  const expected = ANSWER_KEY.serveWith(LINES, () => asked[next++]);
  if (!expected) return undefined;
  // The fixture line each out line answers: every line but the blank ones and those handle answers with null.
  const answering = LINES.flatMap((line, i) => (line.trim() === "" || shaped[i] === null ? [] : [i]));
  const answers = Object.fromEntries(messages.flatMap((m, i) => (m === undefined ? [] : [[standInKey([m]), JSON.stringify(shaped[i])]])));
  return {
    run: { entry: TASKS.task3.file, exportName: TASKS.task3.exportName, callFuel: CALL_FUEL_FACTOR * 6, inputs: [JSON.stringify(LINES)], instance: "fresh", stopOnFailure: false },
    standIns: { [TASKS.task2.file]: { exports: { [TASKS.task2.exportName]: { answers, unknown: UNKNOWN } } } },
    read(reply) {
      const call = readCalls("task3", reply.runs[0], false)?.[0];
      const value = call?.ok ? call.value as { out?: unknown; log?: unknown } | null : undefined;
      const out = value !== null && typeof value === "object" && Array.isArray(value.out) ? value.out as unknown[] : undefined;
      if (!out || out.length !== expected.out.length || answering.length !== out.length) return { loopRight: false, written: new Set() };
      // The count lines read how many log and out lines there are, and that each is one line: not the log's text.
      const log = value!.log;
      const loopRight = Array.isArray(log) && log.length === expected.log.length && out.every((line) => typeof line === "string" && !line.includes("\n"));
      const written = new Set(answering.filter((_, k) => { const v = parsed(out[k]); return v !== undefined && sameJson(v, parsed(expected.out[k])); }));
      return { loopRight, written };
    },
  };
}
