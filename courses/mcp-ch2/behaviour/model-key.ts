// The instructor's answer key: the executable model, on inputs drawn fresh for every seed.
// Left out of the student edition with the model itself (courses/mcp-ch2/edition/dist.ts).
import type { JsonObject, ToolDefinition } from "../course/types.js";
import type { AnswerKey } from "./answer-key.js";
import { expectHandle, modelServe, modelToMcp, serveWith } from "./model.js";

export const MODEL_KEY: AnswerKey = {
  inputs: (_task, _check, _seed, generate) => generate(),
  expect: (task, _check, _seed, inputs) => inputs.map((input) => {
    if (task === "task2") return expectHandle(input as JsonObject);
    return { kind: "exact", value: task === "task1" ? modelToMcp(input as ToolDefinition) : modelServe(input as string[]) };
  }),
  serveWith: (lines, next) => serveWith([...lines], () => next()),
  expectWithTool: (message, tool) => expectHandle(message as JsonObject, tool),
  handle: (message) => (message !== null && typeof message === "object" && !Array.isArray(message) ? expectHandle(message as JsonObject).value : undefined),
};
