// The instructor's answer key: the executable model, on inputs drawn fresh for every seed.
// Left out of the student edition with the model itself (courses/mcp-ch2/edition/dist.ts).
import type { JsonObject, ToolDefinition } from "../course/types.js";
import type { AnswerKey } from "./answer-key.js";
import { expectHandle, modelHandle, modelToMcp, serveWith } from "./model.js";
import { serveExpectation } from "./serve-readings.js";

/** The model's answer to a message serve hands handle: none for JSON that is no object (the README's reading 4 adds -32600 beside it). */
const modelAnswer = (message: unknown): unknown => (message !== null && typeof message === "object" && !Array.isArray(message) ? modelHandle(message as JsonObject) : null);

export const MODEL_KEY: AnswerKey = {
  inputs: (_task, _check, _seed, generate) => generate(),
  expect: (task, _check, _seed, inputs) => inputs.map((input) => {
    if (task === "task2") return expectHandle(input as JsonObject);
    if (task === "task1") return { kind: "exact", value: modelToMcp(input as ToolDefinition) };
    const lines = input as string[];
    let next = 0;
    const messages = lines.flatMap((line) => { try { return line.trim() === "" ? [] : [JSON.parse(line) as unknown]; } catch { return []; } });
    return serveExpectation((l, answer) => serveWith([...l], () => answer()), lines, () => modelAnswer(messages[next++]))!;
  }),
  serveWith: (lines, next) => serveWith([...lines], () => next()),
  expectWithTool: (message, tool) => expectHandle(message as JsonObject, tool),
  handle: (message) => (message !== null && typeof message === "object" && !Array.isArray(message) ? expectHandle(message as JsonObject).value : undefined),
};
