// The student edition's answer key: the model's answers for a few fixed input sets, made at dist
// time (courses/mcp-ch2/edition/practice-data.ts) and shipped as data. It answers only the inputs it holds, so
// nothing here can answer an input it has not seen; any seed picks one of its sets.
import { canonicalJson } from "../../../src/json/python-json.js";
import { standInKey } from "../../../src/json/stand-in-key.js";
import type { TaskId } from "../course/tasks.js";
import type { AnswerKey } from "./answer-key.js";
import type { BehaviourCheck } from "./check.js";
import type { Expectation } from "./expectation.js";

/**
 * serve's answer to one list of lines, as data: each `out` entry is a line serve prints as it
 * is (a parse error), or the number of the message whose answer from handle goes there (left out
 * when handle answers null).
 */
export interface ServeTemplate {
  log: string[];
  out: Array<string | number>;
}

export interface PracticeSet {
  seed: number;
  /** Per task and check: the inputs it tries (absent for a check sharing another's) and the expected answers (checks judging output). */
  checks: Record<TaskId, Record<string, { inputs?: unknown[]; expected?: Expectation[] }>>;
  /** serve's templates, by the JSON text of the list of lines. */
  serve: Record<string, ServeTemplate>;
  /** handle's answers (JSON text) to the messages serve's runs pass it, by standInKey([message]) (grading/stand-ins.ts). */
  handle?: Record<string, string>;
}

export interface PracticeData {
  version: 1;
  sets: PracticeSet[];
}

export const PRACTICE_DATA_FILE = "practice-data.json";

class MissingPractice extends Error {
  constructor(what: string) {
    super(`The student edition's practice data has no ${what}: rebuild the edition with grade dist student.`);
  }
}

export function practiceKey(load: () => PracticeData): AnswerKey {
  let data: PracticeData | undefined;
  const set = (seed: number): PracticeSet => {
    data ??= load();
    const sets = data.sets;
    if (data.version !== 1 || sets.length === 0) throw new MissingPractice("input sets");
    return sets[(seed >>> 0) % sets.length]!;
  };
  const entry = (task: TaskId, check: BehaviourCheck, seed: number) => {
    const found = set(seed).checks[task]?.[check.name];
    if (!found) throw new MissingPractice(`entry for the check ${check.name}`);
    return found;
  };
  return {
    inputs: (task, check, seed) => {
      const inputs = entry(task, check, seed).inputs;
      if (!inputs) throw new MissingPractice(`inputs for the check ${check.name}`);
      return inputs;
    },
    expect: (task, check, seed, inputs) => {
      const expected = entry(task, check, seed).expected;
      if (!expected || expected.length !== inputs.length) throw new MissingPractice(`answers for the check ${check.name}`);
      return expected;
    },
    handle: (message) => {
      data ??= load();
      const key = standInKey([message]);
      const text = data.sets.map((s) => (s.handle && Object.hasOwn(s.handle, key) ? s.handle[key] : undefined)).find((t) => t !== undefined);
      return text === undefined ? undefined : JSON.parse(text);
    },
    serveWith: (lines, next) => {
      data ??= load();
      const key = JSON.stringify(lines);
      const template = data.sets.map((s) => s.serve[key]).find((t) => t !== undefined);
      if (!template) return undefined;
      const out: string[] = [];
      for (const slot of template.out) {
        if (typeof slot === "string") { out.push(slot); continue; }
        const answer = next();
        if (answer !== null && answer !== undefined) out.push(canonicalJson(answer));
      }
      return { out, log: [...template.log] };
    },
  };
}
