import { describe, expect, it } from "vitest";
import { LINES, MESSAGES, TOOL } from "../course/fixtures.js";
import { computeEvidence } from "../evidence/lines.js";
import { EVIDENCE_KEYS, EVIDENCE_RULES } from "../course/evidence-keys.js";
import { modelHandle, modelServe, modelToMcp } from "./model.js";
import { accepts } from "./expectation.js";
import { expectedAnswers, planBehaviour } from "./plan.js";

describe("the model of the chapter's rules", () => {
  it("prints the accepted value of every evidence line on the fixtures", () => {
    const values = [
      computeEvidence({ task: "task1", result: modelToMcp(TOOL) }),
      computeEvidence({ task: "task2", responses: MESSAGES.map((m) => modelHandle(structuredClone(m) as never)) }),
      computeEvidence({ task: "task3", result: modelServe(LINES) }),
    ];
    const merged = Object.assign({}, ...values) as Record<string, { value?: string }>;
    for (const key of EVIDENCE_KEYS) expect(merged[key]?.value, key).toBe(EVIDENCE_RULES[key].accepted);
  });

  it.each([1, 2, 12345])("accepts the answer it gives as an example, on every generated input (seed %i)", (seed) => {
    for (const task of ["task1", "task2", "task3"] as const) {
      for (const planned of planBehaviour(task, seed)) {
        expectedAnswers(task, planned).forEach((expectation, i) => {
          expect(accepts(expectation, expectation.value), `${planned.check.name} ${JSON.stringify(planned.inputs[i])}`).toBe(true);
        });
      }
    }
  });

  it("draws the same inputs from the same seed, and others from another", () => {
    expect(planBehaviour("task2", 7)).toEqual(planBehaviour("task2", 7));
    expect(JSON.stringify(planBehaviour("task2", 7))).not.toBe(JSON.stringify(planBehaviour("task2", 8)));
  });
});
