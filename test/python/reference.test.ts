// The grader's model of the rules against the chapter's Python reference, on the inputs the
// behaviour checks generate: wherever the chapter decides the answer, the model's answer is the
// reference's, and the reference's is one the model accepts.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { accepts, sameJson } from "../../courses/mcp-ch2/behaviour/expectation.js";
import { expectHandle } from "../../courses/mcp-ch2/behaviour/model.js";
import { expectedAnswers, planBehaviour, planInputs } from "../../courses/mcp-ch2/behaviour/plan.js";
import { TASK_IDS, type TaskId } from "../../courses/mcp-ch2/course/tasks.js";
import type { JsonObject } from "../../courses/mcp-ch2/course/types.js";

const SCRIPT = fileURLToPath(new URL("./chapter2_reference.py", import.meta.url));

type PythonAnswer = { value: unknown } | { raised: string };

// An integer of 1e21 or more is written by JSON.stringify with an exponent ("1e+21"), which Python's
// json reads as a float; a client writes the integer, and the handle under test gets the number
// either way, so it goes to the reference in full digits (t2_limit_bounds' 10 ** 21).
const BIG = "\u0000big:";
const inFullDigits = (inputs: unknown[]): string =>
  JSON.stringify(inputs, (_key, v: unknown) => (typeof v === "number" && Number.isInteger(v) && Math.abs(v) >= 1e21 ? `${BIG}${BigInt(v)}` : v))
    .replace(/"\\u0000big:(-?\d+)"/g, "$1");

function python(task: TaskId, inputs: unknown[]): PythonAnswer[] {
  const stdout = execFileSync("python3", [SCRIPT, "--run", task], { input: inFullDigits(inputs), encoding: "utf8", maxBuffer: 1 << 28 });
  return JSON.parse(stdout) as PythonAnswer[];
}

describe("the model of the rules against the chapter's Python reference", () => {
  it.each([1, 2, 12345])("answers every generated input the chapter decides as the reference does (seed %i)", (seed) => {
    for (const task of TASK_IDS) {
      const plan = planBehaviour(task, seed);
      const { inputs, offsets } = planInputs(plan);
      const answers = python(task, inputs);
      expect(answers).toHaveLength(inputs.length);
      plan.forEach((planned, k) => expectedAnswers(task, planned).forEach((expectation, i) => {
        const answer = answers[offsets[k]! + i]!;
        const where = `${planned.check.name} ${JSON.stringify(planned.inputs[i])}: ${JSON.stringify(answer)}`;
        if (expectation.kind === "protocol") {
          // Undecided by the chapter: the reference may raise, and when it answers, the answer is allowed.
          if ("value" in answer) expect(accepts(expectation, answer.value), where).toBe(true);
          return;
        }
        expect("value" in answer && sameJson(answer.value, expectation.value), where).toBe(true);
      }));
    }
  });

  it("treats names from Object.prototype as the data they are", () => {
    const args = (key: string): JsonObject => JSON.parse(`{"service": "api", "query": "x", "${key}": 1}`) as JsonObject;
    const call = (id: number, name: string, argsOf: JsonObject): JsonObject => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: argsOf } });
    const names = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"];
    const inputs: JsonObject[] = names.flatMap((name, i) => [
      { jsonrpc: "2.0", id: 3 * i, method: name },
      call(3 * i + 1, name, {}),
      call(3 * i + 2, "logs_search", args(name)),
    ]);
    const answers = python("task2", inputs);
    inputs.forEach((input, i) => {
      const expectation = expectHandle(input);
      expect(expectation.kind).not.toBe("protocol");
      expect(answers[i], JSON.stringify(input)).toEqual({ value: expectation.value });
    });
    // And what they are: not found, unknown, unexpected.
    expect(JSON.stringify(expectHandle(inputs[2]!).value)).toContain('"text":"unexpected field: toString"');
    expect(JSON.stringify(expectHandle(inputs[7]!).value)).toContain('"message":"Unknown tool: __proto__"');
    expect(JSON.stringify(expectHandle(inputs[8]!).value)).toContain('"text":"unexpected field: __proto__"');
  });
});
