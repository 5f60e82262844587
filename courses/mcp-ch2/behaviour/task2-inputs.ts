// The pieces task 2's generated messages are built from, shared by its check files.
import { TOOL } from "../course/fixtures.js";
import type { JsonObject, JsonValue } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import { contradictsArguments } from "./expectation.js";
import type { Random } from "../../../src/pack/random.js";

export const SERVICES = (TOOL.input_schema.properties?.["service"]?.enum ?? []) as string[];

export const request = (id: JsonValue, method: string, params?: JsonObject): JsonObject =>
  ({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
export const call = (id: JsonValue, args: JsonObject, name = TOOL.name): JsonObject =>
  request(id, "tools/call", { name, arguments: args });

export function query(random: Random): string {
  return random.pick([
    () => random.word(1, 12),
    () => `${random.word(2, 8)} ${random.word(2, 8)}`,
    () => `"${random.word(1, 6)}" ${random.pick(["é", "☃", "日本", "\\", "%s"])}`,
  ])();
}

export const validArgs = (random: Random): JsonObject => ({ service: random.pick(SERVICES), query: query(random) });
export const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

/** One argument check: tools/call for logs_search with each of these arguments. */
export function argumentCheck(
  name: string, text: { title: string; rule: string; hint?: string }, broken: (random: Random) => JsonObject[],
): BehaviourCheck {
  return { name, task: "task2", judge: "output", ...text, contradicts: contradictsArguments, inputs: (random) => broken(random).map((args, i) => call(i + 1, args)) };
}
