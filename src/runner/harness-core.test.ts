import { describe, expect, it } from "vitest";
import { executeJob } from "./harness-core.js";
import { decodeJob, encodeJob } from "./job-text.js";
import type { Job } from "./outcome.js";

const noFrames = (): undefined => undefined;
const strings = {
  parse: JSON.parse,
  indexOf: (text: string, search: string) => text.indexOf(search),
  slice: (text: string, start: number, end: number) => text.slice(start, end),
};
/** The job as the sandbox gets it (job-text.ts), run with `exports`. */
const run = (job: Job, exports: Record<string, unknown>) => {
  const { job: wire, expected } = decodeJob(encodeJob(job), strings);
  return executeJob(() => exports, wire, noFrames, expected);
};

describe("a job as the sandbox gets it", () => {
  it("holds the expected answers after its JSON, each found by index, none where there is none", () => {
    const expected = ['{"a":"line\\nbreak"}', null, "é☃", "", '"x"'];
    const text = encodeJob({ task: "task2", inputs: [1, 2, 3, 4, 5], stopOnFailure: false, expected });
    const { job, expected: at } = decodeJob(text, strings);
    expect(job).toMatchObject({ task: "task2", inputs: [1, 2, 3, 4, 5] });
    expect([0, 1, 2, 3, 4, 5].map((i) => at(i))).toEqual([...expected.map((e) => e ?? undefined), undefined]);
    expect([2, 0, 4].map((i) => at(i))).toEqual(["é☃", expected[0], '"x"']); // asked out of order too
    expect(decodeJob(encodeJob({ task: "task1", inputs: [1], stopOnFailure: true }), strings).expected(0)).toBeUndefined();
  });
});

describe("the harness's reply", () => {
  it("says `same` for an answer whose JSON is the expected text, and sends any other answer whole", () => {
    const job: Job = { task: "task2", inputs: [{ id: 1 }, { id: 2 }, { id: 3 }], stopOnFailure: false, expected: ['{"id":1}', '{"id":9}', null] };
    const reply = run(job, { handle: (m: { id: number }) => ({ id: m.id }) });
    expect(reply).toEqual({ kind: "calls", calls: [{ ok: true, same: true }, { ok: true, value: { id: 2 } }, { ok: true, value: { id: 3 } }] });
  });

  it("compares JSON text, so a value JSON cannot hold is still reported, not taken for the expected null", () => {
    const job: Job = { task: "task2", inputs: [{}], stopOnFailure: false, expected: ["null"] };
    const reply = run(job, { handle: () => NaN });
    expect(reply).toMatchObject({ kind: "calls", calls: [{ ok: false, failure: { reason: "not-json" } }] });
  });

  it("says `inputSame` for an input the call left as it was, and sends a changed one back", () => {
    const job: Job = { task: "task1", inputs: [{ n: 1 }, { n: 2 }], stopOnFailure: false, returnInputs: true };
    const toMcp = (tool: { n: number; seen?: boolean }): unknown => {
      if (tool.n === 2) tool.seen = true;
      return { n: tool.n };
    };
    const reply = run(job, { toMcp });
    expect(reply).toEqual({ kind: "calls", calls: [{ ok: true, value: { n: 1 }, inputSame: true }, { ok: true, value: { n: 2 }, input: { n: 2, seen: true } }] });
  });
});
