// The student edition's practice checks, made from the model at dist time: for each of a few
// seeds, every behaviour check's inputs and the answers the rules require, and serve's answers as
// templates around handle's. Instructors only: it runs the model, which the edition leaves out.
import { isDeepStrictEqual } from "node:util";
import { LINES, MESSAGES } from "../course/fixtures.js";
import { TASK_IDS } from "../course/tasks.js";
import { MODEL_KEY } from "../behaviour/model-key.js";
import { planBehaviour, planInputs } from "../behaviour/plan.js";
import type { PracticeData, PracticeSet, ServeTemplate } from "../behaviour/practice-key.js";
import { standInKey } from "../../../src/json/stand-in-key.js";
import { buildRequest } from "../grading/request.js";
import { handleMessages } from "../grading/stand-ins.js";

/**
 * handle's answers to every message serve's runs for this seed may pass it (grading/stand-ins.ts),
 * and to the chapter's messages (the branch each takes: grading/answered-branch.ts).
 */
function handleAnswers(seed: number): Record<string, string> {
  const answers: Record<string, string> = {};
  const plan = buildRequest(() => true, () => true, ["task3"], { behaviour: true, schema: true, seed });
  for (const message of [...MESSAGES, ...handleMessages(plan)]) {
    const value = MODEL_KEY.handle!(message);
    if (value !== undefined) answers[standInKey([message])] = JSON.stringify(value);
  }
  return answers;
}

/** The seeds whose inputs the edition carries: a few sets to practise on, about 220 KB each. */
export const PRACTICE_SEEDS = [1, 2, 3] as const;

const SLOT = /^\{"grade-practice-slot":(\d+)\}$/;

/** serve's answer to `lines` with a marker for each message's answer, read back as a template. */
function serveTemplate(lines: readonly string[]): ServeTemplate {
  let next = 0;
  const result = MODEL_KEY.serveWith(lines, () => ({ "grade-practice-slot": next++ }))!;
  return { log: result.log, out: result.out.map((line) => { const m = SLOT.exec(line); return m ? Number(m[1]) : line; }) };
}

export function makePracticeData(seeds: readonly number[] = PRACTICE_SEEDS): PracticeData {
  const sets = seeds.map((seed): PracticeSet => {
    const checks = {} as PracticeSet["checks"];
    const serve: PracticeSet["serve"] = {};
    for (const task of TASK_IDS) {
      const plan = planBehaviour(task, seed);
      const seen = new Set<unknown[]>();
      checks[task] = {};
      for (const planned of plan) {
        const own = !seen.has(planned.inputs);
        seen.add(planned.inputs);
        checks[task][planned.check.name] = {
          ...(own ? { inputs: planned.inputs } : {}),
          ...(planned.check.judge === "output" ? { expected: MODEL_KEY.expect(task, planned.check, seed, planned.inputs) } : {}),
        };
      }
      // The chapter's own lines too: serve is run on them again with other answers (grading/other-shapes.ts).
      if (task === "task3") for (const lines of [LINES, ...planInputs(plan).inputs as string[][]]) serve[JSON.stringify(lines)] = serveTemplate(lines);
    }
    return { seed, checks, serve, handle: handleAnswers(seed) };
  });
  const data: PracticeData = { version: 1, sets };
  // What the edition reads back must be exactly what the model answered: JSON drops undefined and
  // turns -0 into 0, so a value JSON cannot carry would change a verdict.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(data)), data)) {
    throw new Error("The practice data does not survive JSON: an input or an answer holds a value JSON cannot carry.");
  }
  return data;
}
