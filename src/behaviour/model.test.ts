import { describe, expect, it } from "vitest";
import { handle } from "../../solutions/task2.js";
import { serve } from "../../solutions/task3.js";
import { toMcp } from "../../solutions/task1.js";
import { LINES, MESSAGES, TOOL } from "../course/fixtures.js";
import type { JsonRpcMessage, ToolDefinition } from "../course/types.js";
import { computeEvidence } from "../evidence/compute.js";
import { EVIDENCE_KEYS, EVIDENCE_RULES } from "../course/evidence-keys.js";
import { modelHandle, modelServe, modelToMcp } from "./model.js";
import { planBehaviour } from "./plan.js";

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

  it.each([1, 2, 12345])("agrees with the reference solutions on every generated input (seed %i)", (seed) => {
    for (const { check, inputs } of planBehaviour("task1", seed)) {
      for (const input of inputs) expect(toMcp(structuredClone(input) as ToolDefinition), check.name).toEqual(modelToMcp(input as ToolDefinition));
    }
    for (const { check, inputs } of planBehaviour("task2", seed)) {
      for (const input of inputs) expect(handle(structuredClone(input) as JsonRpcMessage), `${check.name} ${JSON.stringify(input)}`).toEqual(modelHandle(input as never));
    }
    for (const { check, inputs } of planBehaviour("task3", seed)) {
      for (const input of inputs) expect(serve(input as string[]), check.name).toEqual(modelServe(input as string[]));
    }
  });

  it("draws the same inputs from the same seed, and others from another", () => {
    expect(planBehaviour("task2", 7)).toEqual(planBehaviour("task2", 7));
    expect(JSON.stringify(planBehaviour("task2", 7))).not.toBe(JSON.stringify(planBehaviour("task2", 8)));
  });
});
