// Task 2 beyond the eight MESSAGES: other ids, notifications, versions, tools, each single
// argument violation, valid calls and other methods, each input with one answer under rules
// 1-7; then several violations at once, absent and odd params, and inherited names (the files
// imported below).
import { TOOL } from "../course/fixtures.js";
import type { JsonObject } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import type { Random } from "../../../src/pack/random.js";
import { ARGUMENT_CHECKS } from "./task2-argument-checks.js";
import { ODD_MESSAGE_CHECKS } from "./task2-odd-checks.js";
import { VARIANT_CHECKS } from "./task2-variant-checks.js";
import { ASTRAL, SERVICES, argumentCheck, call, query, request, times, validArgs } from "./task2-inputs.js";
import { contradictsNames } from "./expectation.js";

// A request named like a notification has an id, so it is a request all the same (rule 1 reads the id, not the name).
const OTHER_METHODS = ["ping", "prompts/list", "prompts/get", "resources/list", "resources/read", "resources/templates/list", "logging/setLevel", "completion/complete", "tools/List", "Initialize", "notifications/initialized", "notifications/cancelled"];

// A long query now and then, so length is tried too; kept out of the boundary cases, whose
// smallest counterexample should be short enough to read.
const longArgs = (random: Random): JsonObject => ({ service: random.pick(SERVICES), query: random.word(200, 600) });

/** One argument check: the valid arguments broken in exactly one way. */
const violation = (name: string, title: string, rule: string, broken: (random: Random) => JsonObject[]): BehaviourCheck =>
  argumentCheck(name, { title, rule }, broken);

const SINGLE_RULE_CHECKS: BehaviourCheck[] = [
  {
    // Only the id and that a response came back: what the answer says is other rules' (so the
    // rule costs its point beside them: course/score-policy.ts).
    name: "t2_ids_echoed", task: "task2", judge: "answered", idRule: true,
    title: "Every response carries the request's id unchanged, strings and 0 included",
    rule: "Every response has the id of the request it answers: the same value of the same type (\"7\" stays the string \"7\"; 0 and negative ids are ids).",
    inputs: (random) => [
      ...["7", "abc", "", "1e3", "0"].map((id) => request(id, "tools/list")),
      ...[0, -1, 2 ** 53 - 1, 1000000].map((id) => request(id, "tools/list")),
      ...times(12, () => request(random.bool() ? random.word(1, 10) : random.int(-1e6, 1e9), random.pick(["tools/list", "initialize", "ping"]))),
      ...times(6, () => call(random.bool() ? String(random.int(0, 99)) : random.int(-99, 99), validArgs(random))),
      // Last (no draw): string ids with spaces at an end: an id trimmed kept every point while no
      // id had one (gaming-round-2026-12-08u ch2-narrow-id-string-trimmed). Not a number id with a
      // fraction: MCP's RequestId is a string or an integer.
      ...[" 7 ", "abc ", " x"].map((id) => request(id, "tools/list")),
    ],
  },
  {
    name: "t2_id_null_answered", task: "task2", judge: "answered",
    title: "A request with \"id\": null is answered, with \"id\": null",
    rule: "Rule 1 looks at whether the id key is there, not at its value: {\"id\": null} is a request and gets a response with \"id\": null. Test with \"id\" in message.",
    inputs: (random) => [request(null, "tools/list"), request(null, "initialize", {}), request(null, "ping"), call(null, validArgs(random)), call(null, {}, "deploy_nuke")],
  },
  {
    name: "t2_notifications_unanswered", task: "task2", judge: "output",
    title: "A message without an id gets no response, whatever its method",
    rule: "Rule 1: a message with no id key is a notification and handle returns null for it, even for tools/list, initialize or tools/call.",
    inputs: (random) => [
      ...["tools/list", "initialize", "notifications/cancelled", "ping", "resources/list"].map((method) => ({ jsonrpc: "2.0", method })),
      { jsonrpc: "2.0", method: "tools/call", params: { name: TOOL.name, arguments: validArgs(random) } },
      ...times(4, () => ({ jsonrpc: "2.0", method: `notifications/${random.word(3, 10)}` })),
    ],
  },
  {
    name: "t2_initialize_any_version", task: "task2", judge: "output",
    title: "initialize answers the same result whatever version the client asks for, or with no params",
    rule: "Rule 2: the server always answers with protocolVersion 2025-06-18, its capabilities and its serverInfo, whatever the client sent, params or none.",
    inputs: (random) => [
      ...["2024-11-05", "2025-06-18", "2025-11-25", "1999-01-01", ""].map((v, i) => request(i + 1, "initialize", { protocolVersion: v, capabilities: {}, clientInfo: { name: "c", version: "1" } })),
      ...times(4, (i) => request(10 + i, "initialize", { protocolVersion: `${random.int(2000, 2100)}-0${random.int(1, 9)}-1${random.int(0, 9)}`, capabilities: {}, clientInfo: { name: random.word(1, 8), version: String(random.int(0, 9)) } })),
      request(20, "initialize"), request(21, "initialize", {}),
      // Clients name their own version as they like ("1.0.0", the SDK's "1.0"): fixed, after the draws.
      ...["1.0", "1.0.0", "0.1.0-beta", "2"].map((version, i) => request(30 + i, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "client", version } })),
    ],
  },
  {
    name: "t2_unknown_tools", task: "task2", judge: "output",
    // A result or no answer where the rules refuse, from code that refuses elsewhere: its own
    // mistake, whatever the fixture's line shows (expectation.ts contradictsNames).
    contradicts: contradictsNames,
    title: "Any tool other than logs_search is a -32602 protocol error naming it",
    rule: "Rule 4: tools/call for a tool the server does not have is an error {\"code\": -32602, \"message\": \"Unknown tool: <name>\"}, not a result.",
    inputs: (random) => [
      // The tool's name with a space around it is another name: a lookup of the trimmed name passed (idioms-2026-12-06k ch2-mistake-tool-name-trimmed).
      ...["logs_search2", "LOGS_SEARCH", "logs", "", "deploy nuke", " logs_search", "logs_search "].map((name, i) => call(i + 1, {}, name)),
      ...times(6, (i) => call(10 + i, validArgs(random), random.word(3, 15, true))),
      // Last (no draw): names holding a replacement's patterns (mistake-unknown-tool-placeholder-replace).
      call(20, {}, "deploy$&nuke"), call(21, {}, "$'{name}$`"),
      // A name longer than a name should be is still the name sent: cut to 64 characters, it kept
      // every point (helper 114's ch2-mistake-unknown-tool-name-cut-64).
      call(22, {}, `search_${"logs_".repeat(16)}and_more`),
      // The name in full-width letters (NFKC makes it logs_search) and with a soft hyphen (ICU's
      // collation ignores it: localeCompare calls it equal), under a string id and an id past 99:
      // a lookup after NFKC, a localeCompare(...) === 0, and the rule kept for ASCII names or
      // number ids only each kept every point (ch2-sl-round-2026-12-07d ch2-mistake-tool-name-nfkc-lookup,
      // -localecompare-equals; cheats-round-2026-12-07f ch2-unknown-tool-ascii-only, -number-ids-only).
      call("u-23", {}, "ｌｏｇｓ_ｓｅａｒｃｈ"), call(124, {}, "logs\u00ad_search"),
      // Under ids no page or draw comes near (cheats-round-2026-12-07h ch2-unknown-tool-ids-below-1e5).
      call(Number.MAX_SAFE_INTEGER, validArgs(random), "deploy"), call(123_456_789, {}, "logs_search_v2"),
      // With no arguments key (MCP makes it optional), params a name alone or a name and _meta:
      // the rule kept only for calls carrying arguments kept every point while every call had them
      // (cheats-round-2026-12-07i ch2-unknown-tool-with-arguments).
      request(125, "tools/call", { name: "deploy" }), request("u-126", "tools/call", { name: "logs_search_v2" }),
      request(127, "tools/call", { name: "deploy_nuke", _meta: { progressToken: "p-127" } }),
    ],
  },
  // Each rule's inputs hold the other fields' plain values only (a limit inside its bounds, a
  // query that is a non-empty string, no null: t2_null_required and t2_null_optional have their own), so a slip in bounds or
  // presence fails its own check and not this one: the score charges each family apart.
  violation("t2_missing_field", "Each missing required field is reported", "Rule 5 with the rule set: a missing required field gives \"missing required field: <name>\", as a result with isError true.",
    (random): JsonObject[] => [{ query: query(random) }, { service: random.pick(SERVICES) }, { query: "x", limit: 3 }, { service: "api", limit: 49 }]),
  violation("t2_unexpected_field", "A field the schema does not list is reported", "Rule 5 with the rule set: the schema has additionalProperties false, so an unlisted field gives \"unexpected field: <name>\".",
    // A key with a space around it is another key: keys trimmed before the lookup passed while no
    // key held one (helper 114's ch2-mistake-arg-keys-trimmed). Last, so the drawn ones keep their draws.
    (random) => [{ ...validArgs(random), extra: 1 }, { ...validArgs(random), Service: "api" }, ...times(4, () => ({ ...validArgs(random), [random.word(3, 10, true)]: random.word(1, 5) })), { service: "api", query: "x", " limit": 5 }, { service: "worker", query: "y", "limit ": 7 },
      // A large number in the unlisted field (validate() skipped for numbers past a million kept 16: cheats-round-2026-12-07h ch2-args-big-numbers-lazy).
      { service: "billing", query: "z", size: 2 ** 40 },
      // Names holding a replacement's patterns, a digit, a dot or a dash, beside a query with digits
      // and capitals: a message filled by replace("<name>", name), and the rule skipped for such
      // names or queries, kept every point (gaming-round-2026-12-08u ch2-narrow-unexpected-msg-replace-dollar,
      // ch2-cheat-args-skip-odd-key, -skip-digit-query).
      { service: "api", query: "x", "a$&b": 1 }, { service: "worker", query: "y", "x$": 2 }, { service: "api", query: "Error 504 in API", limit2: 9 },
      { service: "billing", query: "q", "log.level": 1 }, { service: "api", query: "q", "max-lines": 3 }]),
  violation("t2_enum_value", "A service outside the enum is reported", "Rule 5 with the rule set: a value outside an enum gives \"<field> must be one of: <values separated by comma and space>\".",
    // " api" and "billing " are outside it too: an enum compared on the trimmed value passed (c-enum-includes-string).
    (random): JsonObject[] => [{ service: "API", query: "x" }, { service: "", query: "x" }, { service: "payments", query: "q", limit: 2 }, ...times(4, () => ({ service: random.word(2, 10), query: query(random) })), { service: " api", query: "x" }, { service: "billing ", query: "y" },
      // A full-width form and one with an ignorable code point (NFKC, localeCompare: ch2-sl-round-2026-12-07d).
      { service: "ａｐｉ", query: "x" }, { service: "api\u200b", query: "y" }]),
  violation("t2_string_type", "A query that is not a string is reported", "Rule 5 with the rule set: a wrong type gives \"<field> must be of type <type>\"; query must be a string.",
    (random) => [{ service: "api", query: 5 }, { service: "worker", query: true }, { service: "billing", query: 2.5 }, { service: "api", query: ["x"] }, { service: random.pick(SERVICES), query: { q: "x" } },
      // Text beyond the BMP inside the wrong type (argumentCheck's astral twin needs a string query).
      { service: "api", query: [ASTRAL] }, { service: "worker", query: 1e21 }]),
  // Each a wrong type and nothing else: 0.5 was below the minimum too, a case the chapter leaves
  // open (task2-argument-checks.ts), and a validator that also reported the bound failed here.
  violation("t2_integer_type", "A limit that is not an integer is reported (5.5, true and \"5\" included)", "Rule 5 with the rule set: limit has type integer, so 5.5, true and \"5\" each give \"limit must be of type integer\". In TypeScript check Number.isInteger, and that the value is a number, not a boolean or a string.",
    // Last, a fraction JavaScript writes without a dot (1e-7), below the minimum too: the bound
    // beside the type is accepted either way (model.ts boundsBesideType), the type must be there
    // (slips-round-2026-12-07p ch2-mistake-integer-string-no-dot, !String(v).includes("."), kept 17).
    (random) => [{ service: "api", query: "x", limit: 5.5 }, { service: "api", query: "x", limit: true }, { service: "api", query: "x", limit: "5" }, { service: "worker", query: "y", limit: 2.5 }, { service: random.pick(SERVICES), query: query(random), limit: random.int(1, 49) + 0.25 }, { service: "api", query: "x", limit: 1e-7 }]),
  // An integer past 2**53 is an int to Python's json and to JSON Schema: out of range, not of
  // another type (Number.isSafeInteger said otherwise and passed while no limit was that large).
  // 2 ** 53 + 2 is written without an exponent, so Python reads it as an int too; 10 ** 21 is the
  // first integer whose String() has one ("1e+21"): a regex of digits on String(v) called it no
  // integer and kept every point (ch2-sl-round-2026-12-07d ch2-mistake-integer-regex-on-string;
  // test/python/reference.test.ts hands it to Python in full digits). Last, so the drawn ones keep their draws.
  violation("t2_limit_bounds", "limit is valid from 1 to 50 inclusive, and reported outside", "Rule 5 with the rule set: below the minimum gives \"limit must be at least 1\", above the maximum \"limit must be at most 50\"; 1 and 50 themselves are valid, and an integer however large is an integer.",
    (random) => [1, 50, 0, 51, -1, 100, random.int(2, 49), random.int(52, 10000), -random.int(2, 100), 2 ** 53 + 2, -(2 ** 60), 10 ** 21].map((limit) => ({ service: random.pick(SERVICES), query: random.word(1, 8), limit }))),
  {
    name: "t2_valid_calls", task: "task2", judge: "output",
    title: "Valid calls with any service and query return the fixed text",
    rule: "Rule 6: arguments that pass the schema give {\"content\": [{\"type\": \"text\", \"text\": \"found 3 lines for <query> in <service>\"}], \"isError\": false}.",
    inputs: (random) => [
      ...SERVICES.map((service, i) => call(i + 1, { service, query: "disk" })),
      ...times(12, (i) => call(10 + i, random.bool() ? validArgs(random) : { ...validArgs(random), limit: random.int(1, 50) })),
      call(30, longArgs(random)), call(31, { ...longArgs(random), limit: random.int(1, 50) }),
      // Last (no draw): a query that reads as a template's placeholders or a replacement's patterns,
      // and one that Unicode normalisation would change. A text filled with String.replace, or a
      // query normalised, kept every point while no query held one (helper 102's
      // mistake-found-text-placeholder-replace, mistake-query-nfkc-normalized).
      call(32, { service: "api", query: "{query} in {service} $& $' $$ $1" }), call(33, { service: "worker", query: "ｔｉｍｅ x² ﬁle Å" }),
      // Whitespace and control characters inside the query are the query too: runs collapsed or
      // controls removed kept every point (helper 114's ch2-mistake-found-text-collapses-whitespace, -strips-controls).
      call(34, { service: "billing", query: "disk  full\tnow\nthen" }), call(35, { service: "api", query: "a\u0001b\u001fc\u007f" }),
    ],
  },
  {
    name: "t2_other_methods", task: "task2", judge: "output",
    // A result or no answer where the rules refuse, from code that refuses elsewhere: its own
    // mistake, whatever the fixture's line shows (expectation.ts contradictsNames).
    contradicts: contradictsNames,
    title: "Every other method is -32601 Method not found",
    rule: "Rule 7: any method the server does not handle gets an error {\"code\": -32601, \"message\": \"Method not found\"}.",
    // A method with a space around it is another method: a dispatch on the trimmed method answered
    // them (helper 114's ch2-mistake-method-trimmed). Last, so the drawn ones keep their draws.
    inputs: (random) => [...OTHER_METHODS.map((m, i) => request(i + 1, m)), ...times(4, (i) => request(20 + i, `${random.word(3, 8)}/${random.word(3, 8)}`, {})), request(30, " tools/list"), request(31, "initialize\t"), request(32, "tools/call ", { name: "logs_search", arguments: { service: "api", query: "x" } }),
      // A full-width form and one with an ignorable code point (NFKC, localeCompare: ch2-sl-round-2026-12-07d ch2-mistake-method-nfkc).
      request(33, "ｔｏｏｌｓ/list"), request(34, "tools/list\u200b")],
  },
];

// The evidence lines' own rules first: a run that stops on a later input keeps their verdicts.
export const TASK2_CHECKS: BehaviourCheck[] = [...VARIANT_CHECKS, ...SINGLE_RULE_CHECKS, ...ARGUMENT_CHECKS, ...ODD_MESSAGE_CHECKS];
