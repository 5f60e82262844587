// Task 2's arguments beyond one problem at a time: several problems in one call, a call without
// arguments, null values and empty strings. Every input here is decided by rules 5 and 6; where
// rule 5 gives several messages, any order of them is right (expectation.ts).
import { TOOL } from "../course/fixtures.js";
import type { JsonObject, JsonValue } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import type { Random } from "../../../src/pack/random.js";
import { SERVICES, argumentCheck, query, request, times } from "./task2-inputs.js";
import { contradictsArguments } from "./expectation.js";

// Wrong values for each field that are wrong in one way only: no wrong type that is also out of
// an enum or a range (the chapter does not say whether both are reported), and nothing falsy, so
// a slip in testing presence shows up in its own check, not here.
const OUTSIDE_ENUM = ["payments", "API", "Worker", "billing "];
const NOT_A_STRING: JsonValue[] = [5, true, ["x"], { q: "x" }, 2.5];
const NOT_AN_INTEGER: JsonValue[] = ["5", "ten", true, 5.5, 12.75, {}];
const OUT_OF_RANGE = [-3, 51, 100, 1000];
const UNLISTED = ["extra", "verbose", "Service", "q", "limits"];

/** Arguments with two problems or more, each a different rule of the rule set. */
function severalProblems(random: Random): JsonObject {
  for (;;) {
    const args: JsonObject = {};
    const service = random.int(0, 2);
    if (service === 0) args["service"] = random.pick(SERVICES);
    else if (service === 2) args["service"] = random.bool() ? random.pick(OUTSIDE_ENUM) : random.word(4, 9).toUpperCase();
    const text = random.int(0, 2);
    if (text === 0) args["query"] = query(random);
    else if (text === 2) args["query"] = random.pick(NOT_A_STRING);
    const limit = random.int(0, 3);
    if (limit === 1) args["limit"] = random.int(1, 50);
    else if (limit === 2) args["limit"] = random.pick(NOT_AN_INTEGER);
    else if (limit === 3) args["limit"] = random.bool() ? random.pick(OUT_OF_RANGE) : random.int(51, 10000);
    const unlisted = random.int(0, 2);
    for (let i = 0; i < unlisted; i++) args[i === 0 ? random.pick(UNLISTED) : `x_${random.word(2, 8, true)}`] = random.int(0, 9);
    const problems = (service ? 1 : 0) + (text ? 1 : 0) + (limit >= 2 ? 1 : 0) + unlisted;
    if (problems >= 2) return args;
  }
}

/**
 * The argument checks whose kind of problem a call holds, by the chapter's schema: a slip in one of
 * them (an integer taken as any number, bounds left out) reaches every several-problem call that
 * holds its kind, and is that check's mistake there (judge.ts).
 */
function problemKinds(input: unknown): string[] {
  const params = (input as { params?: { arguments?: JsonObject } }).params;
  const args = params?.arguments ?? {};
  const properties: Record<string, { type: string; enum?: string[]; minimum?: number; maximum?: number }> = TOOL.input_schema.properties;
  const kinds = new Set<string>();
  for (const name of TOOL.input_schema.required) if (!Object.hasOwn(args, name)) kinds.add("t2_missing_field");
  for (const [key, given] of Object.entries(args)) {
    const field = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!field) kinds.add("t2_unexpected_field");
    else if (field.type === "string" && typeof given !== "string") kinds.add("t2_string_type");
    else if (field.type === "integer" && !Number.isInteger(given)) kinds.add("t2_integer_type");
    else if (field.enum && !field.enum.includes(given as string)) kinds.add("t2_enum_value");
    else if (typeof given === "number" && (given < (field.minimum ?? -Infinity) || given > (field.maximum ?? Infinity))) kinds.add("t2_limit_bounds");
  }
  return [...kinds];
}

const withoutArguments = (id: JsonValue, extra: JsonObject = {}): JsonObject => request(id, "tools/call", { name: TOOL.name, ...extra });

export const ARGUMENT_CHECKS: BehaviourCheck[] = [
  { ...argumentCheck("t2_several_errors", {
    title: "Several problems in one call are all reported, joined with \"; \"",
    rule: "Rule 5: arguments that fail the schema in several ways give one message per problem, every one of them, joined with \"; \" in the text of one result with isError true. The chapter fixes the messages and the separator; their order is yours.",
    hint: "Check every field and collect a message for each problem, then join them once at the end: a validator that returns at its first problem reports too little, and one that joins with anything but a semicolon and a space does not give the rule's text.",
  }, (random): JsonObject[] => [
    {}, { limit: 51 }, { service: "payments", query: 5 }, { service: "api", query: "x", limit: 51, extra: 1 },
    { query: true, limit: "5", verbose: true }, { service: "API", limit: 5.5 },
    // Each kind of message at least once (the lower bound too): code that follows a rule here but
    // skips it on one path says it (expectation.ts contradictsArguments).
    { service: "billing", limit: 0 },
    ...times(12, () => severalProblems(random)),
    // Last (no draw): six problems, and four unlisted fields beside a query with digits and
    // capitals: a validator that stops at four problems kept the point on seeds whose draws never
    // made five, and one skipped past five keys every point (gaming-round-2026-12-08u
    // ch2-narrow-errors-max-4, ch2-cheat-args-skip-many-keys).
    { service: "API", query: 5, limit: 0, a: 1, b: 2, c: 3 },
    { service: "api", query: "Error 504", note: 1, tag2: 2, "x.y": 3, "big-one": 4 },
  ]), reachedBy: problemKinds },
  {
    name: "t2_no_arguments", task: "task2", judge: "output", contradicts: contradictsArguments,
    title: "A tools/call with no arguments has every required field missing",
    rule: "In MCP the arguments of a tools/call are optional. A call to logs_search without them is checked as no arguments at all: rule 5 gives \"missing required field: service; missing required field: query\" (in either order) as a result with isError true.",
    hint: "When params has no arguments key, validate an empty set of arguments instead of reading fields of something that is not there.",
    inputs: (random) => [
      withoutArguments(1), withoutArguments("a"), withoutArguments(0), withoutArguments(2, { _meta: { progressToken: "p1" } }),
      ...times(4, (i) => withoutArguments(random.bool() ? 10 + i : random.word(1, 6))),
      // An id past any range the page or a draw uses (cheats-round-2026-12-07h ch2-args-ids-below-1e5).
      withoutArguments(Number.MAX_SAFE_INTEGER),
    ],
  },
  // A null for a required field and a null for an optional one: a presence test by truthiness
  // (the empty query called missing, grading/presence.ts) reaches the first, a null skipped as
  // "not given" both; apart, two slips cost two points.
  argumentCheck("t2_null_required", {
    title: "A required argument that is null has the wrong type; it is not missing",
    rule: "Rule 5 with the rule set: a field whose value is null is there, and null is not a string, so \"query\": null gives \"query must be of type string\", not a missing field.",
    hint: "A field is missing only when its key is absent from the arguments. Once it is present, null is a value like any other, and its type is checked like any other.",
  }, (random): JsonObject[] => [
    { service: "worker", query: null },
    ...times(2, () => ({ service: random.pick(SERVICES), query: null })),
    // A fourth, so that the family holds each kind of id (task2-inputs.ts shapedId).
    { service: "billing", query: null },
  ]),
  argumentCheck("t2_null_optional", {
    title: "An optional argument that is null has the wrong type; it is not left out",
    rule: "Rule 5 with the rule set: \"limit\": null is there, and null is not an integer, so it gives \"limit must be of type integer\"; the search does not run.",
    hint: "A field is absent only when its key is. Test presence with Object.hasOwn (or `in` on the arguments' own keys), not with a test of the value.",
  }, (random): JsonObject[] => [
    { service: "api", query: "x", limit: null },
    ...times(3, () => ({ service: random.pick(SERVICES), query: query(random), limit: null })),
  ]),
  argumentCheck("t2_empty_query", {
    title: "An empty query is a valid string",
    rule: "Rules 5 and 6: \"query\": \"\" is a string and the schema sets no minimum length, so the call is valid and returns \"found 3 lines for  in <service>\" with isError false (the same for a query of spaces).",
    hint: "An empty string is a value that is present. Look for a test of presence that treats every falsy value as missing.",
  }, (random): JsonObject[] => [
    ...SERVICES.map((service) => ({ service, query: "" })),
    { service: "api", query: "", limit: 2 }, { service: random.pick(SERVICES), query: " " },
    ...times(2, () => ({ service: random.pick(SERVICES), query: "", limit: random.int(2, 49) })),
  ]),
];
