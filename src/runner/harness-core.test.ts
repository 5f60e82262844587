import { describe, expect, it } from "vitest";
import { executeJob } from "./harness-core.js";
import type { Job } from "./outcome.js";

const noFrames = (): undefined => undefined;

describe("the harness's reply", () => {
  it("says `same` for an answer whose JSON is the expected text, and sends any other answer whole", () => {
    const job: Job = { task: "task2", inputs: [{ id: 1 }, { id: 2 }, { id: 3 }], stopOnFailure: false, expected: ['{"id":1}', '{"id":9}', null] };
    const reply = executeJob(() => ({ handle: (m: { id: number }) => ({ id: m.id }) }), job, noFrames);
    expect(reply).toEqual({ kind: "calls", calls: [{ ok: true, same: true }, { ok: true, value: { id: 2 } }, { ok: true, value: { id: 3 } }] });
  });

  it("compares JSON text, so a value JSON cannot hold is still reported, not taken for the expected null", () => {
    const job: Job = { task: "task2", inputs: [{}], stopOnFailure: false, expected: ["null"] };
    const reply = executeJob(() => ({ handle: () => NaN }), job, noFrames);
    expect(reply).toMatchObject({ kind: "calls", calls: [{ ok: false, failure: { reason: "not-json" } }] });
  });

  it("says `inputSame` for an input the call left as it was, and sends a changed one back", () => {
    const job: Job = { task: "task1", inputs: [{ n: 1 }, { n: 2 }], stopOnFailure: false, returnInputs: true };
    const toMcp = (tool: { n: number; seen?: boolean }): unknown => {
      if (tool.n === 2) tool.seen = true;
      return { n: tool.n };
    };
    const reply = executeJob(() => ({ toMcp }), job, noFrames);
    expect(reply).toEqual({ kind: "calls", calls: [{ ok: true, value: { n: 1 }, inputSame: true }, { ok: true, value: { n: 2 }, input: { n: 2, seen: true } }] });
  });
});
