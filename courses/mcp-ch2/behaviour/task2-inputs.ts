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

// Ids of three kinds in every argument check, so that no rule is seen under number ids or ids
// below 100 only: validate() run under number ids, or ids 0..99, alone kept 16 and 15 of 17
// (cheats-round-2026-12-07f ch2-args-number-ids-only, ch2-args-small-ids-only). An id-writing
// slip (Number(id), a string id dropped) that fails these inputs by their id alone, or calls
// under string ids none of which is answered, is the id rule's, charged once to t2_ids_echoed
// (behaviour/id-answers.ts); one slip cost 4-6 points here before that charge. And ids past any
// range a generator would use: validate() skipped under ids of 100000 or more kept every point
// while the largest was 1000 and some (cheats-round-2026-12-07h ch2-args-ids-below-1e5).
const shapedId = (i: number): JsonValue => [i + 1, `call-${i + 1}`, 1000 + i, Number.MAX_SAFE_INTEGER - i][i % 4]!;

/** Text outside the Basic Multilingual Plane (a surrogate pair) and outside ASCII. */
export const ASTRAL = "日本 😀 𝄞";

/**
 * The family's last call whose query is a non-empty string (the last: each family's boundary
 * cases are there, and its first may be valid), again with that query in text beyond ASCII
 * and the BMP: the same problem, the same message. Validation skipped for any character above
 * \x7f or any surrogate pair kept every point while the families' queries were ASCII or BMP
 * only (cheats-round-2026-12-07f ch2-args-ascii-only, ch2-args-bmp-only). Made without a draw,
 * so every other input of a seed is the one it was.
 */
function astralTwin(all: JsonObject[]): JsonObject[] {
  const base = all.findLast((args) => typeof args["query"] === "string" && args["query"] !== "");
  return base ? [{ ...base, query: `${base["query"] as string} ${ASTRAL}` }] : [];
}

/** One argument check: tools/call for logs_search with each of these arguments. */
export function argumentCheck(
  name: string, text: { title: string; rule: string; hint?: string }, broken: (random: Random) => JsonObject[],
): BehaviourCheck {
  const inputs = (random: Random): JsonObject[] => {
    const all = broken(random);
    return [...all, ...astralTwin(all)].map((args, i) => call(shapedId(i), args));
  };
  return { name, task: "task2", judge: "output", ...text, contradicts: contradictsArguments, inputs };
}
