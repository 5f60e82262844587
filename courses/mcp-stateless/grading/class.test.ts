// "Think like the class": submissions the fixtures never show, through the real sandbox (plan →
// SandboxPool → judge, as mistakes.test.ts does). Each is a folder of
// test/fixtures/mcp-stateless-class/ laid over solutions/mcp-stateless/. The correct ones, each in
// a style other than the reference's, pass every check on two seeds; each subtly wrong one, wrong
// only on inputs the fixtures do not hold, fails the check whose rule it breaks, with a
// counterexample.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanInput } from "../../../src/pack/types.js";
import { planInput } from "../../../src/pack/plan-input.js";
import type { CheckResult } from "../../../src/report/types.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import { judgeReply } from "../../../src/grading/judgement.js";
import { scoreTask } from "../../../src/pack/score.js";
import { planChecks } from "../behaviour/check.js";
import { TASK1_CHECKS } from "../behaviour/task1-checks.js";
import { comparedPart } from "../behaviour/compare.js";
import { newServer } from "../behaviour/model.js";
import pack from "../pack.js";
import { show } from "../evidence/reading.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const SOLUTION = path.join(ROOT, "solutions", "mcp-stateless");
const FIXTURES = path.join(ROOT, "test", "fixtures", "mcp-stateless-class");
const TASK_IDS = ["task1", "task2", "task3", "task4"];
// The clock is only the backstop (limits count fuel): 10 s a run stopped correct-repr-bmp-table's
// fresh run, a large table built at each of its loads, on a loaded machine (docs/sandbox.md).
const LIMITS = { timeMs: 60_000, memoryBytes: 128 * 1024 * 1024, valueChars: 1024 * 1024, outputChars: 16 * 1024 };

// A submission's source files, its plain-JS helpers too (correct-helper-plain-js-file's pyrepr.js).
const readTs = (dir: string): Record<string, string> =>
  Object.fromEntries(readdirSync(dir).filter((f) => /\.[cm]?[tj]s$/.test(f)).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));
const submission = (fixture: string): Record<string, string> => ({ ...readTs(SOLUTION), ...readTs(path.join(FIXTURES, fixture)) });

/** Correct submissions in other styles: every check passes. */
const CORRECT = [
  // Helper 141 (class-round-2026-12-07l): an ordinary class's whole submissions, written from the
  // page and the starters alone by four personas (a Python port, Java-style classes, a beginner's
  // if/else chains with console.log left in, functional JS), and every allowed spec reading at once.
  "class-sl-B-beginner", "class-sl-C-java-classes", "class-sl-F-functional", "class-sl-P-python-port", "class-sl-C-c-strict-spec-readings",
  // fair-round-2026-12-07j: a declaration file of the student's own (types.d.ts, or pyrepr.d.ts
  // beside a plain-JS helper) failed every task (the compile step compiled it); util.styleText and
  // os.hostname in handle's stderr log were refused, and cost 5. Full marks at both seeds.
  "correct-own-types-dts",
  // slips-round-2026-12-07n: {"elicitation": {}}, the specification's other spelling of form
  // support ("equivalent to declaring support for form mode only"): 40/41 while the page's was required.
  "correct-client-capabilities-empty-elicitation",
  "correct-helper-plain-js-file",
  "correct-handle-styletext-stderr",
  "correct-handle-os-hostname-log",
  // Helper 91 (fairness-2026-12-06f): other readings of the page and the specification, and other
  // idioms (README there): full marks at both seeds.
  "correct-client-exceptions-as-control-flow",
  "correct-client-requeststate-only-rounds",
  "correct-handle-request-id-validated",
  // Helper 80, against the drawn key orders and the clock's second a call: client ids from
  // Date.now() in base 36 and a counter; replies whose jsonrpc and id follow the request's key order.
  "correct-client-date-ids",
  // Helper 82 (fairness-2026-12-06): results cached by the JSON of [method, params], the cache
  // emptied whenever ORDERS changes.
  "correct-route-memo-json-text",
  "correct-reply-head-in-request-order",
  // Helper 59's: a module counter shown only in the error.data of the answer to a rare method
  // ("toString", Object.prototype's names). They failed t2_no_session_state until the fresh-instance
  // checks compared what the rules grade only (2026-12-05): error.data where no rule gives one is
  // the server's own (README, "What a server may add is not graded"), and a trace id drawn there at
  // random (styles meta-trace-ids, helper 72) lost a point of correct code.
  "handle-counter-shown-tostring",
  "handle-counter-data-proto-methods",
  "spec-meta-trace-ids", // tasks 2 and 4 (helper 72): a random trace id in every result's _meta and every error's data (40/41 while the state checks compared them)
  "spec-server-info-title", // task 2 (helper 58): serverInfo with an Implementation's title, one constant everywhere (39/41 before)
  "correct-import-meta-resolve-guard", // task 4 (helper 60): a main guard by import.meta.resolve (38/41 while it was missing)
  "correct-os-platform-crlf", // task 4 (helper 60): os.platform() read at load (38/41 while refused)
  "correct-url-parse-resource-name", // task 2 (helper 60): resources/list's name from node:url's legacy url.parse(uri).hostname (40/41 while refused)
  "correct-switch-own-types", // task 2: a switch router, its own types and repr, keys in another order
  "correct-null-proto-table", // task 2: Object.create(null) tables, node:util isDeepStrictEqual, frozen templates
  "correct-status-key-order", // task 2: get_order_status's data as {status, eta, order_id}
  "correct-checkargs-reduce", // task 1: reduce into buckets, one replace with Unicode property escapes
  "correct-checkargs-class", // task 1: a class, a Map of properties, node:assert, long category names
  "correct-client-random-ids", // task 3: uuid-like random string ids, a while loop, Object.entries
  "correct-client-class", // task 3: a Client class, ids from 1000, recursion, for-in with Object.hasOwn
  "correct-serve-flatmap", // task 4: entries/filter/flatMap, /^\s*$/, literal error lines
  "correct-serve-class", // task 4: a StdioLoop class fed by reduce, == null for no response
  "correct-client-reverse-asks", // task 3: questions asked in reverse key order, inputResponses: undefined on round 1
  "correct-required-deduped", // task 1: schema.required through a Set (the same on every valid schema)
  "correct-client-error-subclass", // task 3: ids from 0, errors thrown as subclasses of Error
  "correct-undefined-fields", // task 2: structuredContent and data undefined rather than absent
  "correct-handle-logs-stderr", // task 2: a console.error per message (a stdio server may log there); serve's run shows it, and it is handle's
  "correct-hints-everywhere", // task 2: the cache hints on every result, tool results and the question too (rule 3: keys of its own)
  "correct-handle-returns-undefined", // task 2: a bare return (undefined) for a notification; the reference serve appends it, not serve's mistake
  // Where the page and the 2026-07-28 specification disagree, both are right (README.md):
  "spec-meta-required", // task 2: a _meta without protocolVersion or clientCapabilities is -32602 first, discover included; discover refuses another version
  "spec-version-first", // task 2: another version is -32022 first, discover included; then a malformed _meta is -32602
  "spec-error-data", // task 2: data on errors no rule gives data (the uri of a resource not found), a key more in -32022's data
  "spec-open-result", // task 2: _meta keys, capabilities and result fields of its own, no serverInfo in discover's result, no isError on success
  "spec-client-info-strict", // task 2: a clientInfo given that is not an Implementation (name and version strings) makes the _meta malformed, -32602
  "correct-client-request-state", // task 3: the retry echoes requestState too (the schema allows it)
  "correct-server-class-private", // task 2: a class with #private fields, a Map of handlers, structuredClone, localeCompare-sorted data keys
  "correct-checkargs-generator", // task 1: plain JavaScript, a generator's three passes, one global replace for repr
  "correct-checkargs-reflect", // task 1: Reflect.ownKeys, Sets of names, a switch(true) repr over code points
  "correct-handle-plain-js", // task 2: plain JavaScript, a dispatch object, failures returned as tagged values
  "spec-params-not-object", // task 2: params given but not an object is -32602 on every method (the spec), absent reads as {}
  "spec-arguments-not-object", // task 2: tools/call's arguments given but not an object is -32602 (CallToolRequestParams), where the page reads {}
  "spec-input-responses-not-object", // task 2: inputResponses given but not an object is -32602, where the page asks again
  "correct-client-closure", // task 3: plain JavaScript, a factory's closure, string ids from a generator, do/while
  "correct-client-structured-clone", // task 3: params through structuredClone, a static id counter, answers by reduce and defineProperty
  "correct-serve-sentinel", // task 4: plain JavaScript, lines.entries(), a Symbol for an unreadable line, literal error lines
  "correct-serve-generator", // task 4: a generator of log/out events folded into the result, /\S/ for not blank
  "correct-serve-broad-try", // task 4: parse, shape test and handle's call in one try (a right handle never throws)
  "correct-serve-getter-result", // task 4: a class whose out and log are getters over #private fields (PackTask.reads)
  // discover refusing any version named (a number too) with -32022, as the header words it: 40/41
  // while the model took -32022 for a string version only (behaviour/model.ts specAnswers).
  "spec-discover-refuses-any-version",
  // A class probe of serve read line by line (helper 36):
  "correct-serve-while-map", // task 4: a while loop with an index, /^\s*$/ for blank, a Map from the line's kind to what it writes
  "correct-serve-reduce-reviver", // task 4: reduce into {out, log}, an identity JSON.parse reviver, Object.prototype.toString for a plain object
  // Helper 77: -32022's data with its keys in another order, or with a field of the server's own.
  "correct-version-data-extra-field",
  "correct-version-data-keys-reversed",
  "correct-serve-filter-untyped", // task 4: plain JavaScript, blanks filtered first with numbers kept (split(/\s+/).join("")), one try around all
  "correct-serve-memo-cache", // task 4: a module-level cache of each line's output across calls, reduceRight with results put in front
  "correct-serve-shift-input", // task 4: the input consumed as a queue with shift() (the page does not ask to keep it)
  "correct-handle-normalises-message", // task 2: params that are not an object replaced by {} in the message itself
  "correct-handle-shared-templates", // task 2: discover's and tools/list's results and the envelope's _meta built once, deep-frozen, shared
  "correct-client-copies", // task 3: ask gets a structuredClone of each question, the result returned cloned, errors carry code and data
  // A third probe's idioms:
  "correct-handle-enum-abstract", // task 2: an enum of codes, an abstract Method with getters, a Map of handlers, a Refusal class with static factories
  "correct-client-generator-rounds", // task 3: the rounds a generator fed each result by gen.next, answers through a Map, a Symbol-keyed id counter, a frozen _meta
  "correct-checkargs-fromentries-overloads", // task 1: overloads, a const-asserted table of problem kinds through flatMap, repr by one replaceAll over code points
  // Helper 40's probe:
  "correct-checkargs-forin-template", // task 1: for...in guarded by Object.hasOwn, a frozen escape table, hex escapes by template literal, pieces joined once
  "correct-checkargs-labelled-map", // task 1: `any` throughout, a labelled loop filling a Map of kind to messages, repr by codePointAt stepping past pairs
  "correct-handle-response-classes", // task 2: responses as instances of Success and Failure classes (their fields the response's keys)
  "correct-handle-url-host", // task 2: a resource's name as new URL(uri).host, tools/list by destructuring, one Error subclass per code
  "correct-client-static-private", // task 3: a static #private counter behind a getter (ids "req-N"), a frozen meta, ?. and ??, answers defined (not assigned) per key, a labelled loop
  "correct-serve-labelled-switch", // task 4: a labelled for...of over entries, switch (true) on the parsed value, a plain object told by its prototype
  "correct-client-fromentries-padded", // task 3: zero-padded string ids, params copied by fromEntries(entries), while (true) with early returns, a ClientError subclass
  "correct-client-method-ids", // task 3: ids "<method>#<n>" from a counter per method, rounds by recursion carrying a Map of answers, an Error subclass
  "correct-client-negative-ids", // task 3: negative integer ids counting down from -1, a for...of over [1, 2, 3], answers defined on a null-prototype object
  "correct-handle-any-factory", // task 2: `any` throughout, a factory's closure over the data, ?. and ??, errors returned as values
  "correct-handle-null-proto-responses", // task 2: every response deep-copied into Object.create(null) objects
  // Helper 42: correct code leaning on Node 20's built-ins and modules, one or two each.
  "correct-repr-general-categories", // task 1: /[\p{C}\p{Z}]/u (general categories) and String.raw escapes
  "correct-repr-bmp-table", // task 1: a 65,536-entry table built at load; each fresh instance's load has its own fuel, not the run's (40/41 while loads shared it)
  "correct-checkargs-set-difference-v", // task 1: /^[[\p{C}\p{Z}]--[ ]]$/v (v-flag set subtraction), Array.from over code points, Sets of names
  "correct-handle-key-list-replacer", // task 2: JSON.stringify(data, [keys]) for the status text's order, new URL(uri).hostname
  "correct-client-random-uuid", // task 3: crypto.randomUUID() ids, structuredClone of the params
  "correct-client-bigint-ids", // task 3: a BigInt counter's decimal strings as ids, rounds by Array.from({ length })
  "correct-serve-util-format-json", // task 4: node:util format's "%j" for each line and "line %i" for the log
  // Helper 44: serve over several modules.
  "correct-serve-split-modules", // task 4: the loop in loop.ts, each line read in parse-line.ts, task4.ts only wires handle in
  // Helper 49: other styles and built-ins (seeds 0, 7, 12345 by grade, and seed 7 with the live checks: 41/41).
  "correct-handle-proxy-dispatch", // task 2: plain JavaScript, methods dispatched through a Proxy whose get trap answers own handlers only, errors thrown as plain objects
  "correct-handle-jsonrpc-invalid", // task 2: a request whose jsonrpc is not "2.0" gets -32600 "Invalid Request" under its id, as JSON-RPC has it (t2_jsonrpc accepts it)
  "correct-checkargs-delete-printable", // task 1: plain JavaScript, unexpected keys what a spread copy of args keeps once the schema's properties are deleted, printable read as [\p{L}\p{M}\p{N}\p{P}\p{S} ]
  "correct-serve-internal-error-guard", // task 4: plain JavaScript, undefined as the parse failure, handle's throw caught as -32603 (a right handle never throws)
  "correct-client-proxy-rpc", // task 3: plain JavaScript, string ids from a generator, tools/call through a Proxy of method names, rounds over a fixed list
  "correct-client-epoch-ids", // task 3: integer ids Date.now() * 1000 + a counter, recursive rounds, answers by reduce with Object.defineProperty
  // Helper 51: JSON-RPC 2.0 and the schema where the page is loose (seeds 0, 7, 12345 by grade, with and without the live checks: 41/41).
  "spec-id-not-request-id", // task 2: an id that is not a RequestId (null, 1.5, true, a list) is -32600 answered with id null (README: not graded)
  "spec-internal-error-data", // task 2: a failure that is no protocol error answers -32603 "Internal error" with the exception's text in data, not a throw
  "spec-client-mixed-id-kinds", // task 3: ids of both RequestId kinds in turn, an integer then a string "req-N"
  // Helper 51's, 40/41 before tools' and requested fields' optional keys were left out of the comparison (behaviour/compare.ts):
  "correct-spec-tool-title-annotations", // task 2: tools/list entries with a title and annotations (Tool's optional fields)
  "correct-spec-confirm-title-default", // task 2: the elicitation field confirm with a title and default false (BooleanSchema's)
  // A probe of TypeScript's own constructs (41/41 on seeds 0, 7 and 12345, live on for 0 and 7).
  "correct-checkargs-namespace-const-enum", // task 1: a const enum of the problem kinds, a namespace with values for repr, overloads
  "correct-handle-decorated-routes", // task 2: TC39 decorators (@route, @versioned) filling a module-level Map through addInitializer
  // What a module run as a program on Node has (helper 52; each lost 3 to 16 points before).
  "correct-checkargs-const-module", // task 1: a top-level `const module` (free in an ES module)
  "correct-handle-hrtime-timing", // task 2: process.hrtime.bigint() timing each request, logged to stderr
  "correct-serve-main-guard-readline", // task 4: a main guard that reads stdin with node:readline when run directly
  // Helper 56: the specification's optional fields where a rule fixes the others, and JSON-RPC's
  // -32600 (41/41 on seeds 0, 7, 12345, live on for 0 and 7; the five spec-* lost 1 each before).
  "spec-resource-fields", // task 2: a Resource's title, description, size and annotations, a _meta on resources/read's contents
  "spec-content-annotations", // task 2: TextContent's annotations on every tool result's text
  "spec-requested-schema-dialect", // task 2: the confirm question's requestedSchema names its "$schema"
  "spec-method-not-string", // task 2: a request with an id but no string method is -32600 "Invalid Request" first (JSON-RPC 2.0)
  "spec-input-schema-dialect", // task 2: each tool's inputSchema names its "$schema" (2020-12, the default)
  "correct-spec-output-schema", // task 2: get_order_status declares an outputSchema its structuredContent conforms to
  // Helper 56: tasks 3 and 4 in other Node and TypeScript idioms (41/41 as above).
  "correct-client-strict-replies", // task 3: every reply checked against the schema's shapes (id, one of result/error, declared capabilities) before use
  "correct-client-rest-meta-first", // task 3: the message's keys in another order, _meta first, the caller's _meta dropped by object rest
  "correct-client-json-roundtrip", // task 3: every message a JSON round trip, retries spliced as JSON text, "rpc-N" ids
  "correct-client-map-ask", // task 3: ask and send handed to Array.prototype.map as they are (extra index and list arguments)
  "correct-client-sorted-reflect", // task 3: questions asked in toSorted key order, send through Reflect.apply, an Int32Array counter
  "correct-client-capture-stack", // task 3: an Error subclass with Error.captureStackTrace and new.target.name, getRandomValues BigUint64 ids
  "correct-client-hrtime-ids", // task 3: ids from process.hrtime.bigint() (two reads differ, as on Node's nanosecond clock)
  "correct-client-random-bytes-ids", // task 3: ids from node:crypto's randomBytes(...).toString("base64url") and hex (Node's Buffer)
  "correct-client-atomics-counter", // task 3: ids from Atomics.add on an Int32Array over a SharedArrayBuffer
  "correct-serve-tla-import", // task 4: handle from a top-level `await import("./task2.js")` (an ES module on Node 20)
  "correct-serve-event-emitter", // task 4: node:events listeners per line, JSON.parse's SyntaxError told by instanceof
  "correct-serve-forin-error-name", // task 4: plain JavaScript, for...in over the indices, error.name, Object.getPrototypeOf
  "correct-serve-iterable-class", // task 4: a Symbol.iterator class of numbered lines, a generator of replies, Array.from twice
  "correct-serve-skips-notifications", // task 4: serve tells a notification itself and never calls handle for it
  "correct-serve-using-dispose", // task 4: a `using` declaration (Symbol.dispose) hands the run's lists over
  "correct-serve-namespace-map", // task 4: task 2 imported as a namespace, a Map from line number to text
  "correct-serve-jsonrpc-envelope", // task 4: serve answers -32600 itself for an id without jsonrpc "2.0" or a string method
  "correct-serve-frozen-clone", // task 4: handle gets a deep-frozen structuredClone of each parsed line
  // Helper of 2026-12-04: more styles.
  "correct-repr-manual-surrogates", // task 1: plain JavaScript, code units paired by hand with an index, a switch, \p{C}\p{Z}
  "correct-repr-wellformed-fastpath", // task 1: isWellFormed and printable-ASCII fast path with replaceAll, a Map of escapes, flatMap
  "correct-checkargs-ranked-sort", // task 1: problems ranked and sorted (stable sort), a table of escape widths
  "correct-client-recursive-rounds", // task 3: plain JavaScript, ids from a getter, rounds by recursion, Object.fromEntries answers
  "correct-client-zero-based-ids", // task 3: ids from 0 (nextId++), answers in a Map turned into an object
  "correct-serve-array-subclass", // task 4: out and log an Array subclass, a frozen result
  "correct-serve-text-buffer", // task 4: plain JavaScript, one text buffer split at the end
  "correct-repr-regex-per-char", // task 1: plain JavaScript, a RegExp built from each category's name for each character
  // Helper 68, around the charges of 2026-12-05: more styles.
  "correct-serve-readline-split", // task 4: the lines joined and split again at "\n" as readline does ("\r\n" too), /^\s*$/ for blank
  "correct-handle-tools-list-cached", // task 2: tools/list's and resources/list's results built once into module variables, copies handed out
  "correct-handle-symbol-tag", // task 2: each response tagged with a Symbol-keyed field
  "correct-serve-shared-helper", // tasks 2 and 4: serve imports task 2's exported isObject and rpcError helpers
  "correct-spec-all-leniencies", // task 2: every freedom of the header at once (discover without serverInfo, -32022 for a string version, isError left out, data of its own)
  "correct-tla-import-chain", // tasks 2 and 4: each awaits an import at its top level, a chain of two
  "correct-client-meta-key-first", // task 3: _meta first in params (params' own _meta dropped), string ids with a non-ASCII mark
  "correct-serve-calls-handle-twice", // task 4: handle asked twice per message (is an answer due, then the answer)
  "correct-repr-recursive-rest", // task 1: an escape per character, the string's by recursion over [head, ...rest]
  "correct-router-private-method", // task 2: a router class with a private method naming the class in a static field (helper 107: 25/41, tsc's ES2022 class alias)
  "correct-order-text-python-dumps", // task 2: get_order_status's text as the page's json.dumps writes it (", " and ": "), helper 85 (40/41 while only compact text was read)
];

/**
 * [fixture, its task, the checks of that task it must fail (each with a counterexample), checks
 * of other tasks it may fail too]. The marked ones passed every check before the check or input
 * that catches them was added.
 */
// serve's checks that read handle's state through it (this table grades without the engine's
// second verdict, whose stand-in handle gives serve its points back: the CLI's grade is 40/41).
const SERVE_THROUGH_STATE = ["t4_fresh_instance", "t4_same_lines", "t4_blank_lines", "t4_not_objects", "t4_messages"];

const WRONG: [string, string, string[], string[]?, number?][] = [
  // Helper 57's, each one mistake that cost 2-6 points: names written otherwise than repr(), the
  // list cut at the first problem or the first three (evidence/args-mistakes.ts), and params left
  // out when undefined, a kind of call no fixture makes (beyondLines).
  ["args-names-unquoted", "task1", ["t1_quoted_name"], ["t2_bad_args_text"]],
  // Four mistakes in rules no line names (names found with `in`, order ids trimmed and
  // upper-cased, params not checked to be an object, the request's jsonrpc copied): 40/41 while
  // the general rules cost one point a kind at full marks only; a point a family now.
  ["gaming-skip-unnamed-rules", "task2", ["t2_order_ids", "t2_inherited_names", "t2_odd_params", "t2_jsonrpc"], [], 4],
  // Helper 70: one slip each. A version refused with -32600 (its data right): t2_version_data judges
  // what a refusal under another code carries too (2 before); tool failures thrown as -32602 errors
  // holding their text: read through t2_z9_is_error, lines and rules (5 before).
  ["version-32600", "task2", ["t2_old_version_code"]],
  ["tool-errors-as-rpc-errors", "task2", ["t2_z9_is_error"]],
  // And errors written without a message: t2_unknown_tool_error shows it, the rule checks failing
  // only by the messages left out are charged there (grading/fixture-slips.ts; 2 before).
  ["error-message-missing", "task2", ["t2_unknown_tool_error"]],
  // Helper 70: every error written with one code (-32602): t2_old_version_code shows it, an unknown
  // method's -32601 is the same slip, charged there (fixture-slips.ts; 2 before). Its control: the
  // version and unknown methods -32600 while an unknown tool keeps -32602 are two mistakes.
  ["every-error-32602", "task2", ["t2_old_version_code"]],
  ["version-and-method-32600", "task2", ["t2_old_version_code", "t2_unknown_names"], [], 2],
  // Helper 70: the retry's inputResponses read from params.arguments, so every retry is asked
  // again: the accepted retry's line shows it, the declined retry's line and both retries' rules
  // read through it (evidence/lines.ts, grading/fixture-slips.ts; 2 before). Its control: only a
  // declined retry asked again is the decline's own mistake.
  ["input-responses-from-arguments", "task2", ["t2_cancel_accept_text"]],
  ["decline-asks-again", "task2", ["t2_cancel_decline_text"]],
  // Helper 71 (gaming): a handle that skips about eight general rules, beside one cheap slip (only
  // tool results carry resultType): every family read through that line (40/41). A family's wrong
  // response is its own mistake whatever the envelope shows, which it never compares
  // (evidence/rule-families.ts ANSWERED): the line and five families.
  ["gaming-lazy-handle-no-result-type", "task2", ["t2_without_result_type", "t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_arguments", "t2_unknown_names"], [], 6],
  // A client with one wrong line (the thrown message) and three mistakes in rules no line names
  // (answers on the first round, an isError result thrown, a result without resultType asked
  // again): they cost only at full marks (40/41); two families now, a point each.
  ["gaming-client-general-rules-free", "task3", ["t3_error_message", "t3_first_round_no_answers", "t3_final_result_returned"], [], 3],
  // The same lazy handle, and a-handle-six-gaps (six general mistakes), each beside one cheap slip:
  // A101 set "cancelled" as the module loads, which failed t2_data_alone alone, read through by
  // every family (40/41 each). A family none of whose failing inputs reads an order is not read
  // through it (grading/data-free.ts): 35/41 each.
  ["gaming-lazy-handle-switch", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_data_alone"], [], 6],
  ["gaming-six-gaps-a101-switch", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_unknown_names", "t2_jsonrpc", "t2_notifications", "t2_data_alone"], [], 6],
  // Helper 71: the page's handle, or the lazy one, for what the page's examples send, and a throw
  // on anything else. Checks failing only by throws were one cause a task: 40/41 each. Throws whose
  // inputs share no kind of value (src/pack/crash-kinds.ts) are each their check's own mistake,
  // and not read through the envelope's check that threw too: 33/41 and 35/41. (serve calls this
  // handle here; the CLI judges serve again with the pack's copy of handle: task 4 3/3.)
  // Helper 75 (gaming): one-stretch slips in fixture answers (a text's "A-100", a message without its
  // colon, data's supported written as a string) beside the lazy handle, or beside two or three
  // skipped rules: every family read through the slipped lines (38/41, 40/41, 40/41). A family
  // with a failing answer still wrong once the slip is written right is its own mistake
  // (grading/line-slips.ts): the three lines and five families; two; two and arguments read raw.
  ["gaming-lazy-three-slips", "task2", ["t2_z9_text", "t2_unknown_tool_error", "t2_old_version_data", "t2_version_check", "t2_arguments", "t2_unknown_names", "t2_jsonrpc"], [], 8],
  ["gaming-slip-version-data-version-rules", "task2", ["t2_old_version_data", "t2_version_check"], [], 2],
  ["gaming-slip-z9-order-rules", "task2", ["t2_z9_text", "t2_order_ids", "t2_arguments"], [], 3],
  // Its control: order ids trimmed and upper-cased, a confirm taken by truthiness (one family) and
  // arguments read raw, which read through t2_order_ids (40/41); a call with a string order_id is
  // that family's case (behaviour/task2-checks.ts reachedBy), the others are checkArgs': two.
  ["order-ids-trimmed-arguments-raw", "task2", ["t2_order_ids", "t2_arguments"], [], 2],
  // The same in checkArgs and serve: "must be str" with names found by `in` and wrong types in the
  // schema's order (39/41), a Parse error line "Parse error." beside a blank test too narrow
  // (40/41). And one slip alone: "must be str" shows in two lines and both lines' rules (a line
  // showing another's value slip again reads through it: evidence/value-slip.ts), one point; the
  // narrow blank test answers blank lines in every kind's lists (38/41): charged to t4_blank_lines
  // (grading/skipped-as-blank.ts).
  ["gaming-args-slip-wrong-type-rules", "task1", ["t1_wrong_type", "t1_inherited_names", "t1_generated_args"], [], 3],
  ["gaming-serve-slip-parse-blank", "task4", ["t4_parse_error_line", "t4_blank_lines"], [], 2],
  ["checkargs-must-be-str", "task1", ["t1_wrong_type"], [], 1],
  // Helper 77 (fairness of the value slips): one slip each, in wording, case, punctuation, quoting,
  // separators or numbering, seen by several lines or families: one point each (an "Error: " prefix
  // written otherwise cost 3-4 before chargeRepeatedSlips and the repairs with context after the
  // stretch, at a string's start or end: grading/line-slips.ts, evidence/value-slip.ts).
  ["slip-error-prefix-lowercase", "task2", ["t2_z9_text"], [], 1],
  ["slip-error-prefix-no-space", "task2", ["t2_z9_text"], [], 1],
  ["slip-errors-trailing-period", "task2", ["t2_z9_text"], [], 1],
  ["slip-method-not-found-capital", "task2", ["t2_unknown_names"], [], 1],
  ["slip-names-double-quoted", "task1", ["t1_quoted_name"], ["t2_bad_args_text", "t2_inherited_names", "t2_version_check"], 1], // handle writes names with task 1's pyRepr: charged there
  ["slip-problems-joined-comma", "task2", ["t2_bad_args_text"], [], 1],
  ["slip-repr-no-hex-escapes", "task1", ["t1_repr_quoting"], [], 1],
  ["slip-resource-not-found-capital", "task2", ["t2_unknown_names"], [], 1],
  ["slip-serve-log-zero-based", "task4", ["t4_log"], [], 1],
  ["slip-serve-parse-error-lowercase", "task4", ["t4_parse_error_line"], [], 1],
  ["slip-serve-python-separators", "task4", ["t4_parse_error_line"], [], 1],
  ["slip-str-js-values", "task2", ["t2_unknown_names"], [], 1],
  ["slip-unknown-tool-capital", "task2", ["t2_unknown_tool_error"], [], 1],
  // tools/list newest first (the tool names' line) beside unknown names written with String():
  // t2_unknown_names read through the line (40/41). A list in another order is a slip whose answers
  // are put right by reordering (evidence/value-slip.ts orderSlip): two. The order alone: one
  // (t2_client_meta, which sends tools/list again, still reads through it).
  ["gaming-slip-tool-order-unknown-names", "task2", ["t2_tool_names", "t2_unknown_names"], [], 2],
  ["tools-list-newest-first", "task2", ["t2_tool_names"], [], 1],
  // The client: a key "version" added to every request beside a first round with answers, an
  // isError result thrown and a result without resultType asked again: both families read through
  // the request keys' line (40/41). The scripted server never reads a key it does not know: keys
  // added reach no call (client/extra-keys.ts): the line and the two families.
  ["gaming-client-slip-keys-rules", "task3", ["t3_request_keys", "t3_first_round_no_answers", "t3_final_result_returned"], [], 3],
  ["serve-blank-test-narrow", "task4", ["t4_blank_lines"], [], 1],
  // Helper 75: the lazy handle behind a guard answering nothing to whatever the page never sends
  // (ids 0, "" and strings too): 38/41, most families charged to t2_notifications as requests left
  // unanswered. They are charged there only where t2_notifications' own unanswered inputs share a
  // kind with theirs (CheckResult.unansweredOn): six.
  ["gaming-null-on-odd", "task2", ["t2_order_ids", "t2_version_check", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_notifications"], ["t4_out_ids"], 6],
  ["gaming-throws-odd", "task2", ["t2_inherited_names", "t2_version_check", "t2_client_meta", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc"], ["t4_out_ids", "t4_log"], 8],
  ["gaming-lazy-handle-throws-odd", "task2", ["t2_inherited_names", "t2_version_check", "t2_client_meta", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc"], ["t4_out_ids", "t4_log"], 6],
  // A counter as a switch (cheats-2026-12-05c lazy-after-13): the reference for a module's first 13
  // calls (the page's session), a handle without the general rules after. Every family read
  // through t2_no_session_state: 40/41. Each family's earliest failing message sent again after as
  // many notifications as calls came before it fails there too: the count, not state
  // (grading/counted-calls.ts), a point a family.
  // Helper 81 (cheats-2026-12-06): repr's "not printable" as a table of the characters the checks'
  // odd names held, and blank as a table of seven characters: 41/41 while those came from fixed
  // lists. Some of each are now drawn from the whole class (src/pack/drawn-chars.ts): the rule's point.
  ["gaming-repr-char-table", "task1", ["t1_repr_quoting"], [], 1],
  ["gaming-blank-char-table", "task4", ["t4_blank_lines"], [], 1],
  ["gaming-lazy-after-13", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_no_session_state"], [], 6],
  // The same counter, spinning on the probe's padding (progress notifications): 40/41 while the probe
  // was one run its spin stopped before any probed message. A run a probed message now, and one the
  // code's own budget stopped counts as failed; its counter skips what spins, but the padding holds
  // requests too: as gaming-lazy-after-13.
  ["gaming-probe-budget-burn", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_no_session_state"], [], 6],
  // A counter of every message but progress notifications (cheats-2026-12-06b progress-blind): 40/41
  // while the probe padded with those alone; requests of another method come between them now.
  ["gaming-progress-blind", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_no_session_state"], [], 6],
  // Helper 84 (cheats-2026-12-06c): the same counter behind a latch that tells the count probe's run
  // from the shared one (a fresh context's first instance, a first message that is a notification,
  // one message repeated): 40/41 each while the probe padded with calls of the grader's own. The
  // probed instance now gets the shared run's own calls, after an instance that answered the page's
  // (src/pack/probe-prefix.ts). And serve right on an instance's first call only: 40/41 while the odd
  // lines' checks were charged to the state on each list alone; now probed after a count of calls
  // too (grading/counted-serve.ts), task 4's every point.
  ["gaming-context-first-load", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_no_session_state"], [], 6],
  ["gaming-first-notification-latch", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_no_session_state"], [], 6],
  ["gaming-repeat-blind-counter", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_no_session_state"], [], 6],
  ["gaming-serve-first-call", "task4", ["t4_fresh_instance", "t4_blank_lines", "t4_unreadable_lines", "t4_not_objects"], [], 3],
  // The same behind a count of module loads kept on globalThis (cheats-2026-12-06d
  // context-load-count): 40/41 each while the probe's context made two instances; the page's
  // instance is made again until the probed one comes after as many as the shared context made
  // (src/pack/counted-calls.ts loadsBefore).
  ["gaming-context-load-count", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_no_session_state"], [], 6],
  ["gaming-serve-context-load-count", "task4", ["t4_fresh_instance", "t4_blank_lines", "t4_unreadable_lines", "t4_not_objects"], [], 3],
  // Helper 86 (state-mistakes-2026-12-06), honest state: results cached by method and params with
  // _meta left out of the key; cancel_order remembering the order it asked about. 39/41 each while
  // the count probe judged its probed message by the shared run's answers: the probe leaves out the
  // earlier tools/call (a cancel among them), so it is judged by the model's answer to its own calls
  // now (judge.ts probeJudge).
  ["state-memo-params-no-meta", "task2", ["t2_no_session_state"], [], 1],
  ["state-pending-order", "task2", ["t2_no_session_state"], [], 1],
  // Arguments piled into a module-level object; results of valid calls cached by tool name: the
  // page's own run answers its later messages wrong (37/41 and 38/41, a point an evidence line).
  // Each message alone makes those lines right, so they read through the state's check
  // (src/pack/page-alone.ts). serve, calling that handle, shows the state too (t4_fresh_instance
  // left unjudged: its answers in fresh modules do not follow the rules either; the arguments piled
  // up reach serve's lists; a grading judges serve again with a correct handle, which this table does not).
  ["state-args-assign", "task2", ["t2_no_session_state"], ["t4_fresh_instance", "t4_same_lines", "t4_messages"], 1],
  ["state-memo-tool-name", "task2", ["t2_no_session_state"], ["t4_fresh_instance"], 1],
  // State kept by id for every id but the page's (cheats-2026-12-06b seen-id-offpage): 41/41 while
  // only the page's ids were drawn to repeat. Drawn ids meet too now (behaviour/meeting-ids.ts).
  ["gaming-seen-id-offpage", "task2", ["t2_no_session_state"], [], 1],
  // Helper D (ch2-sl-round-2026-12-07d): the version tested by a module-level regex with the g flag,
  // whose lastIndex refuses every other well-versioned request: 31/41 while the count probe took
  // the refusals for a count of calls (every call moved the regex). A few failing inputs of each
  // rule go alone to fresh instances now; one wrong answer switched on and off after earlier calls,
  // the rules' answer alone, is the state's (grading/families-alone.ts). Beside it, "Method not
  // found" capitalised fails alone too: its own point. A helper's shared array reversed in place
  // (every other tools/list newest first) and an order-id regex with the g flag: the state's point.
  ["state-version-regex-lastindex", "task2", ["t2_no_session_state"], SERVE_THROUGH_STATE, 1],
  ["state-version-regex-beside-method-capital", "task2", ["t2_no_session_state", "t2_unknown_names"], SERVE_THROUGH_STATE, 2],
  ["state-tools-reversed-in-place", "task2", ["t2_no_session_state"], SERVE_THROUGH_STATE, 1],
  ["state-order-id-regex-lastindex", "task2", ["t2_no_session_state"], SERVE_THROUGH_STATE, 1],
  // Helper 69: four shortcuts (checkArgs never called, only the fixture's old version refused, a
  // cancel on action alone, string ids left unanswered): 36/41 while the cancel's family read
  // through the unanswered ids; a wrong response under the request's id is no slip in which
  // messages are answered (CheckResult.ownMistake), and checks failing only by requests left
  // unanswered are charged to t2_notifications (CheckResult.unanswered), the live stdio check too.
  // (serve, the reference's, fails two lists with this handle here; graded whole, with correct
  // copies of what it imports, it passes: src/grading/stand-ins.ts.)
  // A family is not read through a failing page line when one of its failing requests gets a kind
  // of answer from the rules that no failing line's request gets (grading/path-free.ts): 6.
  ["basics-only-string-ids-unanswered", "task2", ["t2_bad_args_text", "t2_same_old_version", "t2_input_responses", "t2_notifications"], ["t4_same_lines", "t4_messages"], 7], // one more since path-free.ts reads the code's kind of answer too
  ["args-first-problem-only", "task1", ["t1_bad_args"], ["t2_bad_args_text"]],
  ["args-first-three-problems", "task1", ["t1_same_problem_order"]],
  ["client-no-params-when-undefined", "task3", ["t3_meta_every_request", "t3_request_as_given"]],
  // Helpers 145 and 147 (slips-round-2026-12-07p, gaming-round-2026-12-07r): a repr escaping every
  // letter beyond ASCII (2-3 while the families read through names with their letters as written
  // only: evidence/args-mistakes.ts unescaped); a version read from a bare protocolVersion key
  // too, _meta's code 0 not thrown, ping sent without _meta, a complete result holding
  // inputRequests taken for a round (41 each while no case held one; 2 where it did, before
  // client/rule-charges.ts chargeAskedWhenDone).
  ["repr-non-ascii-escaped", "task1", ["t1_repr_quoting"], ["t2_version_check"]],
  // checkArgs deleting from args the unexpected keys it found: 41/41 while nothing read args after a call (grading/args-pure.ts).
  ["args-deletes-unexpected", "task1", ["t1_args_unchanged"]],
  ["version-bare-key-fallback", "task2", ["t2_version_check"]],
  ["client-error-code-truthy", "task3", ["t3_error_response_throws"]],
  ["client-meta-slash-methods", "task3", ["t3_meta_every_request"]],
  ["client-rounds-by-inputrequests-key", "task3", ["t3_ask_each_request", "t3_final_result_returned"]],
  // Helper 59, against today's charging: a crash or a made-up answer where params are left out
  // (beyondLines) was free beside a cap of 5 rounds (score.ts: it costs at any marks).
  ["client-params-crash-plus-rounds", "task3", ["t3_cap_requests", "t3_request_as_given", "t3_at_most_three_rounds"], [], 2],
  ["client-params-fabricated-plus-rounds", "task3", ["t3_cap_requests", "t3_request_as_given", "t3_at_most_three_rounds"], [], 2],
  ["args-undefined-check", "task1", ["t1_inherited_names"]],
  // handle's fixture answer to {id: 100} shows checkArgs's extra problem in a task 2 evidence line.
  ["args-reports-twice", "task1", ["t1_generated_args"], ["t2_bad_args_text"]],
  ["repr-hand-ranges", "task1", ["t1_repr_quoting"]], // hole: ODD_NAMES had no U+3000, U+1680, U+2060, U+2066, U+E000, U+E0001
  // hole: no name held two backslashes or two of the chosen quote. The reference handle writes
  // <v> with task 1's repr, so its -32022 message shows the same bug (as repr-always-single's).
  ["repr-replace-first", "task1", ["t1_repr_quoting"], ["t2_version_check"]],
  ["version-repr-replace-first", "task2", ["t2_version_check"]], // hole: the same for the -32022 message's <v>
  ["version-startswith", "task2", ["t2_version_check"]],
  ["version-loose-equal", "task2", ["t2_version_check"]], // hole: no version was a list (["2026-07-28"] == "2026-07-28")
  ["memo-order-data", "task2", ["t2_input_responses"]], // hole: no status asked of an order surely cancelled after its first status
  // data is the server's to add where no rule gives one (README.md): the stale data is the state's.
  // serve's same-kind lists hold unknown tools and methods: their stale data differs in a fresh module (skipped, no cost).
  ["shared-error-object", "task2", ["t2_no_session_state"], ["t4_fresh_instance"]],
  ["client-object-assign", "task3", ["t3_request_as_given"]],
  ["client-reuses-id-third-round", "task3", ["t3_new_id_each_request", "t3_ids_distinct"]],
  ["client-two-rounds", "task3", ["t3_at_most_three_rounds", "t3_cap_requests"]],
  ["client-local-counter", "task3", ["t3_new_id_each_request"]], // hole: callWithInput was never called twice in one instance
  ["client-meta-first", "task3", ["t3_request_as_given"]], // hole: no params held a _meta of their own (then judged by t3_meta_every_request, which took every _meta line's point)
  ["client-keys-by-field", "task3", ["t3_input_responses_keyed"]],
  ["client-accumulates-answers", "task3", ["t3_input_responses_keyed"]],
  ["client-keeps-answers", "task3", ["t3_first_round_no_answers"]], // hole: no check read a first round's inputResponses
  ["client-json-copy", "task3", ["t3_request_as_given"]], // hole: request was never called with params left out, as the page calls it
  ["arguments-array-as-object", "task2", ["t2_arguments"]],
  ["serve-trims-before-parse", "task4", ["t4_unreadable_lines"]], // hole: no line was JSON padded with U+00A0, U+FEFF...
  ["serve-blank-spaces-only", "task4", ["t4_blank_lines"]], // hole: no blank line held "\r" or U+00A0
  ["serve-falsy-id-notification", "task4", ["t4_messages"]], // hole: serve's lines never had id 0 or ""
  ["args-empty-is-missing", "task1", ["t1_same_valid"]], // hole: no required name held "" but by chance
  ["repr-code-units", "task1", ["t1_repr_quoting"]],
  ["repr-c-escapes", "task1", ["t1_repr_quoting"]], // hole: no name held \b, \f, \v or BEL
  ["client-error-first-round-only", "task3", ["t3_error_response_throws"]],
  ["args-null-is-missing", "task1", ["t1_same_wrong_type", "t1_generated_args"]],
  ["version-requested-constant", "task2", ["t2_version_data"]],
  // Gaming: tables of the page's requests keyed on anything but the id. hole: the variants changed only the id.
  ["game-cancel-table", "task2", ["t2_same_cancel_ask", "t2_same_cancel_accept"], [], 3], // one more since path-free.ts reads the code's kind of answer too
  // hole: t1_same_valid's inputs were all valid, so [] everywhere after the fixtures kept t1_valid_count.
  // Its counter shows in handle's fresh instances too, and in serve's lines through handle (their bad
  // arguments); the CLI grades tasks 2 and 4 with a copy of task 1 (stand-ins.ts), not here.
  ["game-after-n-calls", "task1", ["t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_problem_order", "t1_same_valid"], ["t2_no_session_state", "t4_same_lines", "t4_fresh_instance"], 5],
  ["game-serve-constant-log", "task4", ["t4_same_lines"], [], 3], // hole: the variants kept every line in its place
  // hole: its page requests under other ids failed the oracle's probes, so serve was judged
  // against the model, not this handle: a correct serve lost 3 (t4_same_lines, t4_messages).
  ["game-known-ids", "task2", ["t2_same_discover", "t2_same_a100", "t2_same_cancel_ask", "t2_order_ids"], [], 16], // 15 while its families read through t2_data_alone (grading/data-free.ts)
  // hole: t1_generated_args gave the listed keys in schema.properties's order, so walking the schema passed.
  ["args-wrong-in-schema-order", "task1", ["t1_generated_args"]],
  ["repr-json-stringify", "task1", ["t1_repr_quoting"]],
  ["cancel-unknown-asks-first", "task2", ["t2_order_ids"]],
  ["resource-name-whole-uri", "task2", ["t2_same_resources"]],
  ["method-not-found-repr", "task2", ["t2_unknown_names"]],
  ["decline-is-error", "task2", ["t2_same_cancel_decline", "t2_input_responses"]],
  ["client-answers-assigned", "task3", ["t3_input_responses_keyed"]],
  ["serve-non-object-parse-error", "task4", ["t4_not_objects"]],
  ["serve-lists-to-handle", "task4", ["t4_not_objects"]],
  ["unknown-tool-string-name", "task2", ["t2_unknown_names"]],
  // The spec's -32602 for a name that is not a string: the page answers that code too, and its rule fixes the message.
  ["spec-name-not-string", "task2", ["t2_unknown_names"]],
  // Gaming: the page's five calls from a table, [] for anything else.
  // Its [] reaches serve's lines through handle (a call with bad arguments): the CLI judges serve with a copy of task 1.
  ["game-checkargs-table-empty", "task1", ["t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_problem_order", "t1_same_valid", "t1_generated_args"], ["t4_same_lines"], 5],
  // The reference handle writes <v> with this pyRepr: its -32022 messages show the same table (charged to task 1).
  ["game-repr-page-names", "task1", ["t1_repr_quoting"], ["t2_version_check"], 1],
  ["game-serve-page-table", "task4", ["t4_same_lines", "t4_blank_lines", "t4_unreadable_lines", "t4_not_objects"], [], 3],
  // hole: its made-up texts kept t3_final_text and t3_declined_text (35/41) while no retry was sent.
  ["game-client-fabricates", "task3", ["t3_final_text", "t3_declined_text", "t3_rounds", "t3_retry_same_call"], [], 8],
  // hole: t3_same_cancel_flows compared the whole result, so this one mistake voided t3_rounds and both text lines (38/41).
  ["client-rebuilds-result", "task3", ["t3_final_result_returned"]],
  // hole: the flows' servers spoke the page's words, so a text made up from the answer kept both text lines (40/41).
  // 6 since the flows' rule is the rule of all six of the accepted flow's lines (helper 118): a
  // text made up on the page's flow keeps none of them, its rounds' lines included.
  ["game-client-retries-then-fabricates", "task3", ["t3_same_cancel_flows"], [], 6],
  // A third probe: single mistakes seen only beyond the fixtures...
  ["args-unexpected-sorted", "task1", ["t1_quoted_name", "t1_generated_args"]],
  ["cancel-accept-truthy", "task2", ["t2_input_responses"]],
  ["order-id-trimmed", "task2", ["t2_order_ids"]],
  ["serve-null-skipped", "task4", ["t4_not_objects"]],
  // serve's one call on LINES throws at the not-JSON line (no try/catch around JSON.parse): it cost
  // all three of task 4's lines; they are now read line by line (grading/serve-lines.ts).
  ["serve-parse-without-catch", "task4", ["t4_parse_error_line"]],
  // ... and gaming that reading: a serve that answers one line at a time keeps none of them.
  ["game-serve-one-line-only", "task4", ["t4_out_ids", "t4_parse_error_line", "t4_log", "t4_blank_lines", "t4_not_objects"], [], 3],
  ["client-four-rounds", "task3", ["t3_cap_requests", "t3_at_most_three_rounds"]],
  // ... the stateful habit (requests refused until the instance has seen server/discover): the fresh instances show it.
  // serve calls this handle: in fresh instances its lists are refused before server/discover, so
  // t4_fresh_instance is skipped (not serve's state), at no cost.
  ["handle-requires-discover", "task2", ["t2_stateless", "t2_no_session_state"], ["t4_fresh_instance"]],
  // ... and code that tells the page's run apart: a counter on globalThis (the context's first 13 calls by the rules),
  ["game-handle-global-counter", "task2", ["t2_same_discover", "t2_same_a100", "t2_same_cancel_ask"], [], 16],
  // the page's key order (hole: every variant had it, 15/16 in the CLI; every other one is now reversed),
  ["game-handle-key-order", "task2", ["t2_same_discover", "t2_same_a100", "t2_same_cancel_ask"], [], 16], // 15 while its families read through t2_data_alone
  // a Promise that never settles for every call it has not seen (handle reads it here; the CLI
  // grades task 2 with a copy of task 1 and gives it 16/16),
  ["game-checkargs-promise-unseen", "task1", ["t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_problem_order", "t1_same_valid", "t1_generated_args"], ["t2_same_bad_args", "t2_inherited_names", "t2_arguments", "t4_same_lines"], 5],
  // the input rounds only for the page's tool (hole: the flows were all cancel_order's, and it kept
  // both text lines, 12/17 or 13/17). It keeps request's lines and the two retry lines, whose rules
  // judge the retries it does send (for cancel_order); 10/17 at seed 7, 10 or 11 on seeds 1-3.
  // 9 since t3_same_cancel_flows is the rule of the question and retry lines too (helper 118): the
  // rounds for cancel_order alone keep no line of the flow, as no rounds at all (9).
  ["game-client-cancel-only", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_final_result_returned", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  // ... keyed on the page's key order in checkArgs's inputs (hole: every t1_same_* input had it, 4/5;
  // every other one is now reversed): it keeps t1_quoted_name, whose rule is pyRepr's, honest here.
  ["game-checkargs-schema-key-order", "task1", ["t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_problem_order", "t1_same_valid", "t1_generated_args"], [], 4],
  // ... a Promise that never settles for every call of callWithInput but the page's four (hole:
  // t3_same_call_each_round read a call that sent nothing as not its to judge, 11/17; now it fails
  // it). It kept t3_ask_calls and t3_retry_input_responses (7), whose rules judged only questions
  // and retries that came: a call that would have been asked, sent nothing and never ended now
  // fails them (client/rules.ts stalledUnsent); one that returns or throws without sending does not.
  ["game-client-promise-unseen", "task3", ["t3_same_call_each_round", "t3_at_most_three_rounds", "t3_final_result_returned", "t3_same_cancel_flows", "t3_ask_each_request", "t3_input_responses_keyed"], [], 9],
  // More single mistakes the page's own answers show.
  ["discover-extra-version", "task2", ["t2_same_discover"]],
  ["cache-ttl-nonzero", "task2", ["t2_same_envelope"]],
  ["tools-list-sorted", "task2", ["t2_tool_names", "t2_same_tools_list"]],
  ["game-params-table", "task2", ["t2_same_a100", "t2_same_z9", "t2_same_bad_args", "t2_same_unknown_tool", "t2_same_old_version", "t2_same_cancel_ask", "t2_same_cancel_accept", "t2_same_cancel_decline"], [], 16], // one more since path-free.ts reads the code's kind of answer too; 14 while its families read through t2_data_alone
  // A class probe of serve read line by line (helper 36). One mistake each: a throw on the page's
  // "   " line (only "" skipped), on the notification (handle's null read for an id), JSON.parse
  // unguarded two helpers deep, a throw on an instance's first not-JSON line, the in operator on
  // JSON that is no object (beyond the page).
  ["serve-throws-on-spaces", "task4", ["t4_out_ids"]],
  ["serve-reads-id-of-null", "task4", ["t4_out_ids"]],
  ["serve-parse-in-helper", "task4", ["t4_parse_error_line"]],
  ["serve-throws-first-parse-error", "task4", ["t4_parse_error_line"]],
  ["serve-in-on-primitive", "task4", ["t4_not_objects"]],
  // A wrong check after the loop (as many output lines as log lines) throws whenever a notification was read: line 5 alone.
  ["serve-asserts-counts", "task4", ["t4_out_ids"]],
  // Two mistakes, two points: no try/catch and only "" skipped (lines 4 and 7 fail alone); no
  // try/catch and a log from line 0.
  ["serve-no-catch-no-blank-skip", "task4", ["t4_parse_error_line", "t4_out_ids"], [], 2],
  ["serve-no-catch-log-zero-based", "task4", ["t4_parse_error_line", "t4_log"], [], 2],
  // Gaming the reading: single page lines from a table (the page's list throws: the task's failure);
  // the page's sub-lists, or LINES without line 4, from tables, anything else thrown at one place.
  ["game-serve-line-table", "task4", [], [], 3],
  ["game-serve-sublist-table", "task4", ["t4_parse_error_line", "t4_blank_lines", "t4_not_objects", "t4_messages"], [], 3],
  ["game-serve-minus-one-table", "task4", ["t4_parse_error_line", "t4_blank_lines", "t4_not_objects", "t4_messages"], [], 3],
  // No try/catch, and a throw on any list of 8 lines or more, which fails t4_same_lines at its
  // own throw, not excused: 2, as the two mistakes.
  ["game-serve-throws-over-n", "task4", ["t4_parse_error_line", "t4_same_lines"], [], 2],
  // No try/catch as a shield for two shortcuts (the line trimmed before JSON.parse, JSON null
  // skipped): should be 3; 2 is the failed line and the behaviour checks' cap of one.
  ["game-serve-throw-shield", "task4", ["t4_parse_error_line", "t4_unreadable_lines", "t4_not_objects"], [], 2],
  // A table of the page's lines with any id (the fresh ids pass), its misses thrown where its
  // JSON.parse throws on line 4: all 3. It cost 2 while t4_log was charged to t4_parse_error_line;
  // the per-line run's lists without line 4 hold other lines of the same kinds (behaviour/line-kinds.ts).
  ["game-serve-sublist-any-id", "task4", ["t4_parse_error_line", "t4_out_ids", "t4_log", "t4_blank_lines", "t4_not_objects", "t4_messages"], [], 3],
  // out and log at module level: t4_fresh_instance's one point (grading/fresh-serve.ts); it was 3.
  ["serve-module-arrays", "task4", ["t4_fresh_instance"], []],
  // A module's first call thrown unless it is the page's lines, the work done on later calls: its
  // fresh calls throw in task4.ts, serve's own state (it was skipped as not serve's, 41/41).
  ["game-serve-warm-up", "task4", ["t4_fresh_instance"], []],
  // A table of the page's lines with any id put back, any other line skipped: t4_same_lines tries
  // lines of the same kinds with other texts (it kept 2 of 3 while that rule tried the page's lines only).
  ["game-serve-any-id-table", "task4", ["t4_same_lines", "t4_blank_lines", "t4_unreadable_lines", "t4_not_objects", "t4_messages"], [], 3],
  // Work done on an instance's first call only, with JSON.parse unguarded: 2, the state between
  // calls and the throw (each call of the line-by-line run has an instance of its own: plan.ts).
  // It cost 3 while that run was one instance, where every call after the first returned undefined.
  ["game-serve-first-call-no-catch", "task4", ["t4_parse_error_line", "t4_same_lines"], [], 2],
  // Gaming (helper 37): the page's flow only, two rounds and the question under "confirm". It kept
  // request's lines and the page's flow (4) while every varied flow asked the page's one question
  // in two rounds; the flows now ask under other keys, two questions a round and in a second round
  // (client/cases.ts pageFlowShapes, helper 118, after helper 116's sl-client-confirm-shape), and
  // their rule is the six flow lines': the page's flow written as the only flow keeps none of them,
  // the price of no rounds at all (9).
  ["game-client-page-flow", "task3", ["t3_round_cap", "t3_cap_requests", "t3_error_message", "t3_ask_each_request", "t3_at_most_three_rounds", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  // Gaming (helper 37): the page's shapes with the varying bits put back. hole: each line's variants
  // changed one thing in the page's case (names, ids), so the general rules' cap of one was all it lost.
  // checkArgs by the shapes of the page's five cases (the variants now draw the counts): it keeps
  // t1_valid_count, whose rule it follows, and loses the quoting line to its naive quotes.
  ["game-checkargs-shapes", "task1", ["t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_problem_order", "t1_repr_quoting"], [], 4],
  // handle by the page's shapes (unknown orders Z<digits>, one bad key, tools word_word, the old
  // version on tools/list): the variants now draw other shapes and methods (rule-draws.ts). Its
  // handle throws on what it does not know, and serve calls it on t4_same_lines' requests here;
  // the CLI judges serve again with the pack's copy of handle (stand-ins.ts): task 4 3/3, seeds 1-3.
  // Its throws on everything else meet inputs of no one kind (src/pack/crash-kinds.ts): each family
  // they fail is its own mistake (5 while throws were one cause a task).
  ["game-handle-shape-table", "task2", ["t2_same_z9", "t2_same_bad_args", "t2_same_unknown_tool", "t2_same_old_version_methods", "t2_order_ids", "t2_version_check"], ["t4_same_lines", "t4_messages"], 9], // two more since path-free.ts reads the code's kind of answer too
  ["game-unknown-order-z-shape", "task2", ["t2_same_z9", "t2_order_ids"], ["t4_same_lines"], 3],
  // The version read in one method's code is one honest mistake's shape: one line. No checkArgs,
  // or unknown tools of one shape, with a throw on every other case: the line, and the family of
  // the rule it did not write (1 each while throws were one cause a task).
  ["game-bad-args-one-key", "task2", ["t2_same_bad_args", "t2_arguments"], ["t4_same_lines"], 2],
  ["game-version-on-list-only", "task2", ["t2_same_old_version_methods"], [], 2], // one more since path-free.ts reads the code's kind of answer too
  ["game-unknown-tool-word-word", "task2", ["t2_same_unknown_tool", "t2_unknown_names"], ["t4_same_lines"], 2],
  // serve from a table of handle's answers to the page's requests plus a few shapes: the same-kind
  // lists now hold bad arguments, unknown tools, methods and orders, old versions (it kept 3/3 lines).
  ["game-serve-handle-table", "task4", ["t4_same_lines"], [], 3],
  // Helper 40's probe: one honest mistake each, one point each.
  ["version-checked-after-method", "task2", ["t2_version_check"]], // an unknown method with another version is -32601: the version is checked first
  ["version-requested-undefined", "task2", ["t2_version_check"]], // no version: data.requested undefined (left out), not null
  // The reference handle writes <v> with this pyRepr: its -32022 messages show the same bug (as repr-replace-first's).
  ["repr-quote-ignores-double", "task1", ["t1_repr_quoting"], ["t2_version_check"]], // double quotes for a name holding both quotes
  ["client-error-code-in-message", "task3", ["t3_error_message", "t3_error_response_throws"]], // "<code>: <message>" thrown
  ["checkargs-type-before-unexpected", "task1", ["t1_problem_order", "t1_same_problem_order"]], // not-a-string before unexpected
  ["discover-versions-string", "task2", ["t2_discover_versions", "t2_same_discover"]], // supportedVersions the version, not a list
  // hole: no line held an object with a key named "constructor", so message.constructor === Object passed (41/41).
  ["serve-constructor-plain-check", "task4", ["t4_not_objects"]],
  // hole: t3_request_as_given checked only that the client's three fields won, so merging them into
  // the caller's _meta (its keys kept) passed (41/41); the rule has the client's replace it.
  ["client-meta-merged", "task3", ["t3_request_as_given"]],
  ["unknown-tool-undefined-name", "task2", ["t2_unknown_names"]], // ${name}: "undefined" and "null" where str() writes None
  ["structured-content-on-error", "task2", ["t2_order_ids"]], // structuredContent on an unknown order's error result (t2_arguments fails too on some seeds' draws, charged there)
  ["cancel-question-no-mark", "task2", ["t2_same_cancel_ask", "t2_order_ids"]], // "Really cancel order <id>" without its "?"
  ["version-accepts-newer", "task2", ["t2_version_check"]], // version < PROTOCOL_VERSION refused: a newer one accepted
  ["checkargs-unexpected-vs-required", "task1", ["t1_same_valid", "t1_generated_args"]], // unexpected = not in required: an optional property flagged
  // Responses written with JSON.stringify(response, null, 2). It cost 3 (all): t4_same_lines, the
  // rule of all three lines, failed on the newlines; it now reads what the lines read (judge.ts serveComparison).
  ["serve-pretty-json", "task4", ["t4_messages"]],
  // hole: a tool's failure after a round of questions was drawn on some seeds only (41/41 on seed 1): now an edge call.
  ["client-throws-tool-errors", "task3", ["t3_final_result_returned"]], // a result with isError true thrown, not returned
  ["client-first-round-empty-responses", "task3", ["t3_first_round_no_answers"]], // "inputResponses": {} on round 1
  // Helper 41's client gamers (each kept 41/41 on seeds 0-3 but one). Errors thrown for JSON-RPC's
  // own codes only: caught on seed 1 alone, where a generated case drew -32001; an edge call now
  // has a server's own code on every seed (client/cases.ts).
  ["game-client-rpc-codes-only", "task3", ["t3_error_response_throws"]],
  // Right for a module instance's first 20 calls: every run but one was one call in a fresh
  // instance (that one, two); the confirmed cancel now runs 24 times in one instance, judged as
  // the page's accepted flow (client/task3.ts AGAIN): the rounds, the question and the texts go.
  // A limit of 24 or more passed then: more calls would pass the work budget (fuel-budget.test).
  // 6 since t3_same_cancel_flows is the rule of the question and retry lines too (helper 118).
  // 9 now, the price of no rounds at all (the one-round client's, 32/41), the right one for code
  // that skips the rounds: a case of each rule that asks (the cap and an error after a question
  // too) is called after 41 to 56 calls in its instance (client/late-calls.ts), so past its 20th
  // call it loses the cap's and the error's rules as well; any limit up to 40 is seen.
  ["game-client-first-calls", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_same_cancel_flows", "t3_final_result_returned", "t3_error_response_throws"], [], 9],
  // Ids in a byte repeat past 255 requests: 41/41 while one instance made 48 at most; request is
  // now called 260 times in one instance by the course module's driver (client/many-requests.ts).
  ["game-client-id-byte", "task3", ["t3_new_id_each_request"], [], 1],
  // Not a hole: the course's InputRequest is elicitation/create alone (see its header). Full marks.
  ["game-client-asks-elicitation-only", "task3", [], [], 0],
  // Helper 42: one mistake each, hidden by a built-in. util.inspect as repr() for the -32022
  // message's version (backticks for both quotes, \x7F); ids from Date.now() (the same within a millisecond);
  ["version-repr-util-inspect", "task2", ["t2_version_check"]],
  ["client-ids-date-now", "task3", ["t3_new_id_each_request", "t3_ids_distinct"]],
  // repr() by Intl.Segmenter's graphemes, not code points. hole: no name was one cluster of
  // several code points (CR LF, U+200D after a letter, a combining mark after a space): 41/41.
  ["repr-grapheme-segments", "task1", ["t1_repr_quoting"]],
  // A uri looked up as new URL(uri).href (the scheme lowercased, tabs dropped, spaces trimmed).
  // hole: every unknown uri stayed unknown through URL parsing (41/41); t2_unknown_names now sends three that do not.
  ["resource-url-normalised", "task2", ["t2_unknown_names"]],
  // Helper 43, around serve's shield (shieldedThrow, since deleted): 3, all of task 4. A table of
  // the page's lines with any id, as game-serve-sublist-any-id, but line 4 reaches a real JSON.parse
  // without try/catch while every list the table lacks throws at another place, or loops for ever.
  // The per-line run's lists without line 4 hold
  // other lines of the same kinds (behaviour/line-kinds.ts), which the table has no answer for, so
  // t4_out_ids and t4_log are not charged to t4_parse_error_line. It cost 2 while those lists were
  // the page's lines under fresh ids, which a table that takes any id answers.
  ["game-serve-table-other-site", "task4", ["t4_parse_error_line", "t4_out_ids", "t4_log", "t4_same_lines", "t4_blank_lines", "t4_unreadable_lines", "t4_not_objects", "t4_messages"], [], 3],
  ["game-serve-table-stalls", "task4", ["t4_parse_error_line", "t4_out_ids", "t4_log", "t4_same_lines", "t4_blank_lines", "t4_unreadable_lines", "t4_not_objects", "t4_messages"], [], 3],
  // As serve-parse-without-catch, 1: JSON.parse unguarded in a module of serve's own
  // (parse-line.ts). A failure reached from serve's call is serve's, wherever it happened (it cost
  // 3 while the place named read as another module's).
  ["serve-parse-in-module", "task4", ["t4_parse_error_line"]],
  // A trace line on stdout per message, the answers right: t2_no_stdout's one point. With every
  // default check t2_stdio_clean fails too and is the same rule (pack.ts SCORE_POLICY; it cost 2
  // before), interop passes (7/7).
  ["handle-logs-junk-stdout", "task2", ["t2_no_stdout"]],
  // One mistake each, a stall on lines of whitespace: "   " only (line 7; 1), or any line that
  // starts with whitespace, by a trim loop that never moves on: 1. Line 7 stalls alone; the padded
  // messages of t4_unreadable_lines stall at the same place, and are lines that are not JSON, not blank,
  // so failedAsCase does not excuse them with line 7; served again with each line trimmed, they
  // are answered by the rules (the recount, trimmed-lines.ts), so the rule is line 7's mistake seen
  // again, skipped. 2 before (t4_log paid for the rule as a second mistake).
  ["serve-loops-on-blank-spaces", "task4", ["t4_out_ids"]],
  ["serve-loops-on-padded", "task4", ["t4_out_ids", "t4_log"]],
  // Helper 44: serve over several modules (seeds 0, 7, 12345 by grade). One mistake each, 1. Blank
  // lines skipped by a recursion that never ends on one: lines 3 ("") and 7 ("   ") throw alike,
  // two lines of one kind failing at one place, paid for once (line-by-line.ts chargeLinesAlone's
  // sameKind; it cost 2 while each was charged apart). The same in a module serve imports
  // (lines.ts): 1 as well (3 while the place named read as another module's).
  ["serve-recursion-on-blank", "task4", ["t4_out_ids"]],
  ["serve-helper-recursion-on-blank", "task4", ["t4_out_ids"]],
  // 1 each: serve written in server.ts and re-exported by task4.ts, JSON.parse unguarded;
  // game-serve-warm-up's serve so moved; a module's first call thrown by handle(null) (a throw in
  // task2.ts, whose own checks all pass). A failure reached from serve's call is serve's wherever it
  // happened (fresh-instance.ts failsOnlyFresh); they cost 3, 0 and 0 while the place decided.
  ["serve-reexport-parse-throws", "task4", ["t4_parse_error_line"]],
  ["game-serve-warm-up-reexport", "task4", ["t4_fresh_instance"]],
  ["game-serve-warm-up-via-handle", "task4", ["t4_fresh_instance"]],
  // 1, as serve-parse-without-catch. JSON.parse unguarded in parseLine, which serve imports from
  // task2.ts (handle never calls it). It cost 3 while a throw in task2.ts read as handle's.
  ["serve-parse-in-task2", "task4", ["t4_parse_error_line"]],
  // One mistake, as serve-parse-without-catch: JSON.parse unguarded in a method named handle of
  // serve's own class (server.ts, a module of no task; task 2's handle imported as answer): 1. A
  // reading that took a frame named after another task's export for that task's (tried) made it 3.
  ["serve-class-handle-method", "task4", ["t4_parse_error_line"]],
  // Helper 45 (seeds 0, 7, 12345 by grade: the same figure on each). The per-line run's lists of
  // other lines of each kind (another client, another order) against serves that
  // react to a line's content, one mistake the page shows: 1 each. JSON.parse unguarded only for
  // a line that starts with "{" (the lists' other not-JSON texts all do, and are left out with
  // line 4); answers cached across calls by the line's text.
  ["serve-brace-sniff-parse-throws", "task4", ["t4_parse_error_line"]],
  ["serve-cache-by-text-parse-throws", "task4", ["t4_parse_error_line"]],
  // Two mistakes, one a task: handle knows a notification only by the name notifications/cancelled
  // (task 2: t2_notifications and, a request of that name, t2_unknown_names; its schema checks charged there), serve-parse-without-catch's serve:
  // task 4 pays 1, serve judged with the stand-in handle.
  ["handle-cancel-by-name-serve-parse-throws", "task4", ["t4_parse_error_line"], ["t2_notifications", "t2_schema_discover", "t2_schema_tools_list", "t2_schema_tools_call", "t2_unknown_names"]],
  // Gaming the per-line lists, caught: a table of the page's answers by method under the line's id,
  // handle never asked after load, line 4 throwing. The lists' get_order_status call for another
  // order gets A100's answer, so t4_out_ids is not charged to line 4: 2 (it logs every line by the
  // rules, which is all t4_log reads).
  ["game-serve-table-by-method", "task4", ["t4_parse_error_line", "t4_out_ids", "t4_not_objects", "t4_messages"], [], 2],
  // Two mistakes, 2: JSON.parse unguarded, and a cancellation's request looked up among the lines
  // read, which throws for one never seen (line 5 alone, and the per-line lists' other
  // cancellation; seeds 0, 7, 12345 by grade: 2 on each): t4_out_ids pays for line 5's failed call,
  // which no generated list of task 4 sees.
  ["serve-cancel-lookup-parse-throws", "task4", ["t4_parse_error_line", "t4_out_ids"], [], 2],
  // Two mistakes, 2: JSON.parse unguarded, and the version read as the message's first value, which
  // throws when jsonrpc is not the first key (t4_not_objects sees it). It cost 3 while the per-line
  // run's lists reversed every message's keys, so that serve's call on LINES without line 4 threw
  // and t4_out_ids and t4_log each paid for the second mistake; those lists keep the page's keys
  // and their order now (behaviour/line-kinds.ts), their values changed.
  ["serve-first-key-version-parse-throws", "task4", ["t4_parse_error_line", "t4_out_ids", "t4_not_objects"], [], 2],
  // Gaming the per-line run by telling its lists apart, caught: JSON.parse unguarded and no log,
  // but lists holding a message whose first key is not jsonrpc (the per-line lists reversed every
  // message's keys when it was written) are logged by the rules. 2 (seeds 0, 7, 12345 by grade):
  // t4_log, the odd lines' checks and t4_messages see the missing log; since the per-line lists keep the
  // page's key order, t4_log is not charged to line 4 and t4_out_ids is.
  ["game-serve-detects-reversed-keys", "task4", ["t4_parse_error_line", "t4_out_ids", "t4_blank_lines", "t4_not_objects", "t4_messages"], [], 2],
  // Helper 49: one realistic mistake each, 1 on seeds 0, 7 and 12345 (grade --no-live).
  ["repr-upper-hex", "task1", ["t1_repr_quoting"]], // repr()'s \x, \u, \U escapes in upper-case hex ('nbsp\xA0')
  ["version-in-on-string-meta", "task2", ["t2_version_check"]], // the version looked up with `in` on params._meta ?? {}: throws for a _meta that is a string or a number
  ["resource-not-found-32002", "task2", ["t2_unknown_names", "t2_inherited_names"]], // resources/read of an unknown uri is -32002 (earlier MCP's code), not -32602
  ["cancel-accept-ignores-confirm", "task2", ["t2_input_responses"]], // action "accept" cancels whatever content.confirm holds (false too)
  ["cancel-no-action-asks-again", "task2", ["t2_input_responses"]], // an answer without a string action ({}) asks again, where it keeps the order
  // data.requested `version || null`: a version "", 0 or false reported as null: 1 (t2_version_check),
  // as the CLI gives it. t2_schema_errors fails on the same responses and the pack's settle
  // (chargeBehindBehaviour) charges it there; it cost 2 here while grade() did not settle.
  ["version-requested-or-null", "task2", ["t2_version_check"]],
  ["client-reuses-answer-same-key", "task3", ["t3_ask_each_request"]], // an answer of an earlier round sent again for the same key, ask not called
  // ask(question.params) (the form), not ask(question): ask is called once per key and its return sent
  // under that key: 1 (t3_ask_calls). t3_retry_input_responses, right over what ask returned, reads
  // through it (client/evidence.ts sentWhatAskReturned); 2 before.
  ["client-asks-with-params", "task3", ["t3_ask_calls", "t3_retry_input_responses"]],
  // ask called, its answer dropped: the retry always sends {"action": "accept", "content": {"confirm": true}}:
  // 1 (t3_declined_text). The rule of the retry's answers fails on generated calls with the same
  // mistake (the right keys, other answers) and is charged to that line (client/dropped-answers.ts),
  // so t3_retry_input_responses, right on the accepted cancel, keeps its point; 2 before.
  ["client-always-sends-accept", "task3", ["t3_declined_text", "t3_input_responses_keyed"]],
  ["serve-batch-arrays", "task4", ["t4_not_objects", "t4_messages"]], // a JSON list read as a JSON-RPC batch (one list of responses), not one -32600
  ["serve-lines-end-newline", "task4", ["t4_parse_error_line", "t4_messages"]], // each out line written with its "\n", as print() ends it
  // Helper 49, gaming: the page's examples answered, anything else spins or is refused.
  // handle from a table of the page's requests (method, params without _meta, version), a busy
  // loop otherwise: it keeps t2_discover_versions and t2_tool_names (2/16), whose answers never vary.
  // serve calls it on t4_same_lines' and t4_messages' requests here; the CLI judges serve with the
  // pack's copy of handle (stand-ins.ts): task 4 3/3.
  ["game-handle-page-stalls", "task2", ["t2_same_a100", "t2_same_z9", "t2_same_bad_args", "t2_same_unknown_tool", "t2_same_old_version", "t2_same_cancel_ask", "t2_same_cancel_accept", "t2_same_cancel_decline", "t2_same_envelope"], ["t4_same_lines", "t4_messages"], 14],
  // checkArgs from a table of the page's five calls, a busy loop otherwise: 0/5. handle stalls in it
  // on every call but the page's bad arguments and A100 (Z9 and the cancels too); the CLI grades
  // tasks 2 and 4 with the pack's copy of task 1 (stand-ins.ts): 16/16 and 3/3, seeds 0, 7, 12345.
  ["game-checkargs-stalls-unseen", "task1", ["t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_problem_order", "t1_same_valid"], [
    "t2_responses", "t2_z9_text", "t2_z9_is_error", "t2_cancel_round1", "t2_cancel_accept_text", "t2_without_result_type", "t2_without_server_info", "t2_without_cache_hints",
    "t2_same_a100", "t2_same_z9", "t2_same_bad_args", "t2_same_cancel_ask", "t2_same_cancel_accept", "t2_same_cancel_decline", "t2_same_envelope", "t2_order_ids", "t2_inherited_names",
    "t2_input_responses", "t2_arguments", "t2_unknown_names", "t2_result_envelope", "t2_jsonrpc", "t2_notifications", "t2_stateless", "t2_no_session_state",
    "t4_same_lines", "t4_messages",
  ], 5],
  // callWithInput throws before sending for any call but the page's (its tools on A100, A101,
  // Z9): 8/17, request's six lines (request is honest) and the cap's two (honest on the page's cancel).
  // 11 since t3_same_cancel_flows is the rule of the question and retry lines too (helper 118).
  ["game-client-page-calls-only", "task3", ["t3_requests_without_meta", "t3_ids_distinct", "t3_error_message", "t3_same_call_each_round", "t3_same_cancel_flows", "t3_error_response_throws"], [], 11],
  // Helper 53: a notification told by its method (anything under notifications/, as the page's
  // notifications/cancelled line) as well as by a missing id: a request with an id and such a
  // method is left unanswered, by handle or by serve, which skips it without asking handle. 41/41
  // on seeds 0, 7, 12345 while no generated request had both; t2_unknown_names and t4_messages
  // now send such requests: 1 each.
  ["game-notification-by-method", "task2", ["t2_unknown_names"], [], 1],
  ["game-serve-notification-by-method", "task4", ["t4_messages"], [], 1],
  // Helper of 2026-12-04: one mistake each.
  ["order-lookup-in-operator", "task2", ["t2_inherited_names"]], // orderId in ORDERS finds "toString"
  ["cancel-content-unchecked", "task2", ["t2_input_responses"]], // an accept with no content throws
  ["client-ids-random-float", "task3", ["t3_new_id_each_request"]], // Math.random() ids: numbers, not integers
  ["client-requires-complete", "task3", ["t3_final_result_returned"]], // a result with no resultType read as input_required
  ["serve-log-after-filter", "task4", ["t4_log"]], // lines numbered after the blank ones are filtered out
  // Helper 57's, 41/41 before: a serve that reads only its first 16 lines (no list had more than
  // 10: t4_messages has a 60-line session now); repr shortened as reprlib shortens (no name was
  // longer than about 20: t1_repr_quoting has two long names now).
  ["serve-first-sixteen-lines", "task4", ["t4_messages"]],
  ["repr-reprlib-shortened", "task1", ["t1_repr_quoting"], ["t2_version_check"]], // the long version's repr in task 2's refusals, charged to task 1
  // "Not printable" as a table of exactly the format characters the checks drew, those Unicode 6
  // had (cheats-2026-12-06b repr-format-list): 41/41 while they were drawn from that list. Drawn
  // from every block of the class now, format's nine names of their own (src/pack/drawn-chars.ts).
  ["gaming-repr-format-list", "task1", ["t1_repr_quoting"]],
  // Surrogates and noncharacters written raw (cheats-2026-12-06e repr-no-cs-cn): Python escapes
  // both; 41/41 while neither class was drawn. Both are now (src/pack/drawn-chars.ts).
  ["gaming-repr-no-cs-cn", "task1", ["t1_repr_quoting"]],
  // A lazy handle without even checkArgs: 37/41 while families read through the page's
  // bad-arguments line whatever their failing requests (grading/path-free.ts); with checkArgs, 35/41.
  ["gaming-lazy-no-checkargs", "task2", ["t2_bad_args_text", "t2_same_bad_args", "t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc"], ["t4_same_lines", "t4_messages"], 7], // one more since path-free.ts reads the code's kind of answer too
  // Helper 92 (cheats-2026-12-06f): the lazy handle beside a memo of the orders asked (state the
  // cancel's rounds show): 40/41 while every family read through t2_stateless; its failing rounds'
  // kinds now say which (a retry asked again, no version let through: grading/path-free.ts). And
  // beside an unknown tool answered as a tool's error result, a kind of answer none of the
  // families' failing requests got: 35/41.
  ["gaming-cancel-memo-lazy", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc", "t2_stateless", "t2_no_session_state"], [], 5], // its price 7: t2_input_responses still reads through the memo's retries (t2_jsonrpc no longer: a result asking again explains only the same method's results)
  ["gaming-unknown-tool-as-result-lazy", "task2", ["t2_unknown_tool_error", "t2_same_unknown_tool", "t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc"], [], 7],
  // Helper 90 (monotone-2026-12-06 stateless-14): a lazy handle (arguments read raw, order ids
  // trimmed, a truthy confirm, no accept rule), and the same with A100's structuredContent without
  // eta: one slip more kept one point more while the order families read through the A100 line
  // and t2_data_alone; a search where the rules refuse is not a wrong field inside a result
  // (grading/path-free.ts).
  ["monotone-lazy-orders", "task2", ["t2_order_ids", "t2_input_responses", "t2_arguments"], [], 2],
  ["monotone-lazy-orders-a100", "task2", ["t2_a100_structured", "t2_same_a100", "t2_order_ids", "t2_client_meta", "t2_input_responses", "t2_arguments", "t2_data_alone"], [], 3],
  // Helper 68, against the charges of 2026-12-05. serve answers only JSON objects, anything else
  // dropped unanswered and unlogged: two rules left out (-32700 and -32600), 2, the kinds' checks
  // charged once (skipped-as-blank.ts) and the page's parse-error line its own.
  ["game-serve-objects-only", "task4", ["t4_parse_error_line", "t4_blank_lines"], [], 2],
  // handle right on a module instance's first request only, -32603 after: the fresh instances get
  // the rules' answers and the line rules are charged to t2_no_session_state, but the page's lines
  // and the general rules fail on their own: it keeps 1 of 16 (2 while the count probe padded
  // with notifications alone: t2_order_ids' message after as many requests fails too). Its page
  // messages alone get the rules' answers too, but the count probe found families broken by a
  // count of calls, so the page's lines are not read through the state (judge.ts judgeAll). None
  // of 16 since a family is read through a failing page line only where the kinds of answer of its
  // failing requests are those lines' (grading/path-free.ts).
  ["game-handle-first-call-only", "task2", ["t2_no_session_state", "t2_version_check", "t2_unknown_names"], ["t4_fresh_instance"], 16],
  // Two mistakes, 2: a -32022 message of its own words (not "unsupported protocol version <repr>")
  // and unknown tools' names by \${name}; read-through.ts does not take the message for a repr slip.
  ["version-message-own-text-undefined-name", "task2", ["t2_version_check", "t2_unknown_names"], [], 2],
  // The -32022 message a constant with no version at all: not "right but for the version's writing" (read-through.ts uptoRepr).
  ["version-message-constant-undefined-name", "task2", ["t2_version_check", "t2_unknown_names"], [], 2],
  ["serve-skips-comment-lines", "task4", ["t4_unreadable_lines"]], // hole: no unreadable line started with "#" or "//"
  // The blank test too wide (a line not starting with "{" skipped): one slip, the kinds' checks charged to t4_blank_lines.
  ["serve-skips-unbraced-lines", "task4", ["t4_blank_lines"]],
  // Two mistakes each in checkArgs, 2: names known by `in` (the inherited names' family) beside
  // missing names sorted, or "must be str": the family costs its point beside the other lines'.
  ["checkargs-in-known-missing-sorted", "task1", ["t1_inherited_names", "t1_generated_args"], [], 2],
  ["checkargs-in-known-must-be-str", "task1", ["t1_wrong_type", "t1_inherited_names"], [], 2],
  // Lines at an odd index that are not JSON objects skipped as blanks: one rule (each line not blank answered), 1.
  ["game-serve-skips-odd-index", "task4", ["t4_blank_lines"]],
  // The cancel's decision memoized by order id: state between calls, its one point (grading/state-charges.ts).
  ["handle-cancel-memo-by-order", "task2", ["t2_no_session_state", "t2_input_responses"]],
  // Helper 94 (mistakes-2026-12-06g): one slip in a helper every answer goes through, each 3 to 5
  // points before; undone in every answer and the code judged again, one (src/grading/one-slip.ts).
  ["slip-content-object", "task2", ["t2_z9_text"]],
  ["slip-error-code-string", "task2", ["t2_same_unknown_tool"]],
  ["slip-resulttype-typo", "task2", ["t2_same_cancel_accept"]],
  // Helper 99 (idioms-2026-12-06k), one mistake each, 2 to 8 points before: rounds without jsonrpc
  // were no rounds of the call (client/rules.ts roundProblem), one _meta value written wrong and
  // sent everywhere failed every line of every request (client/evidence.ts sameMetaEverywhere), an
  // error call's arguments under another key left its line unread, blank lines logged and a
  // notification's null written failed every kind's list (grading/serve-slips.ts).
  ["client-no-jsonrpc", "task3", ["t3_request_keys"]],
  // {"elicitation": {}} was this row's mistake until the specification's reading was taken (CORRECT).
  ["client-capabilities-url-only", "task3", ["t3_request_capabilities"]],
  ["client-old-protocol-version", "task3", ["t3_request_meta_version"]],
  ["client-args-key", "task3", ["t3_retry_same_call"]],
  ["serve-logs-blank-lines", "task4", ["t4_log"]],
  ["serve-writes-null-line", "task4", ["t4_out_ids"]],
  // server/discover's method typed server/discovery (helper 96, mistakes-2026-12-06g: 37/41): the
  // envelope lines read through its line, and the checks whose every failing input is a discover
  // through its rule (evidence/lines.ts RESULT_LINES, behaviour/variant-checks.ts discoverReached).
  ["discover-typo", "task2", ["t2_discover_versions"]],
  // Helper 100 (clients-2026-12-06l): clientInfo left out of _meta (39/41: t3_request_as_given judged
  // the client's fields too), and a client that throws when the user declines (37/41: every rule with
  // a declining user; client/throws-after-ask.ts).
  ["client-meta-no-client-info", "task3", ["t3_client_info"]],
  ["client-decline-throws", "task3", ["t3_declined_text"]],
  // Helper 99 (idioms-2026-12-06k): the retry answers only the page's key, `ask(inputRequests.confirm)`,
  // which the mock refuses by throwing where the server asked under other keys (36/41: every rule
  // with such a round); and code doing the page's tool alone, handing ask nothing elsewhere (its own
  // price: the round's rules fail, refund_order's round holding the page's key threw too).
  ["client-confirm-key-only", "task3", ["t3_ask_each_request"]],
  // Helper 105 (clients-round-2026-12-06q), one mistake each: _meta sent with the module's first
  // request only (36/41: each field's line, and the caller's own _meta kept read as "merged"), a
  // decline returned unsent (36/41), the cap thrown as a string (38/41: its lines cancelled), a round
  // counter at module level (37/41: two rules); the error's data preferred to its message and a
  // result's _meta stripped (41/41 while no scripted call had either); a client without _meta only
  // for methods outside a table keeps less than one without any (gaming: 36 against 40).
  ["client-meta-once-per-module", "task3", ["t3_request_meta_version"]],
  ["client-decline-returns-unsent", "task3", ["t3_declined_text"]],
  ["client-cap-throws-string", "task3", ["t3_at_most_three_rounds"]],
  ["client-round-counter-module-level", "task3", ["t3_same_call_each_round"]],
  ["client-error-prefers-data", "task3", ["t3_error_response_throws"]],
  ["client-result-meta-stripped", "task3", ["t3_final_result_returned"]],
  // And each question asked twice (39/41: the retry's line read through the count of asks now).
  ["client-ask-twice-per-key", "task3", ["t3_ask_calls"]],
  // And a request sent again when its answer was an error (39/41: t3_request_as_given beside the
  // error line; charged there now, client/rule-charges.ts chargeResentOnError).
  ["client-resends-on-error", "task3", ["t3_error_message"]],
  ["gaming-client-meta-by-method-table", "task3", ["t3_meta_every_request"], [], 5],
  // Helper 103 (stateless-round-2026-12-06o): the parse error written with the line's number as its
  // id (38/41: every list with a line that is not JSON, grading/serve-slips.ts PARSE_ERROR_ID), and
  // a replacer dropping nulls (41/41 while no answer through serve held one: task4-checks.ts).
  ["serve-parse-error-id-line", "task4", ["t4_parse_error_line"]],
  ["serve-replacer-drops-null", "task4", ["t4_messages"]],
  // And handle throwing on the unknown order (39/41: isError's line read through the text's, which
  // cannot be read either: evidence/lines.ts).
  ["z9-throws", "task2", ["t2_z9_text"], ["t4_same_lines", "t4_messages"]],
  // 9 since t3_same_cancel_flows is the rule of the question and retry lines too (helper 118): no
  // more than no rounds at all keeps.
  ["gaming-client-table-ask-nothing", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_final_result_returned", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  // Helper 101 (cheats-2026-12-06m): repr for strings of 24 characters or fewer only, 41/41 while
  // every version to escape was short; a long one is sent now (behaviour/task2-checks.ts BAD_VERSIONS).
  ["gaming-repr-short-only", "task2", ["t2_version_check"]],
  // Helper 95 (cheats-2026-12-06g): the lazy handle (6 points) with a slip in every answer kept 38
  // and 36/41; the slip undone, the lazy handle's mistakes are its own, the slip a point beside
  // them (34/41, the price: the slip alone costs one now, 3 before).
  ["gaming-lazy-envelope-meta", "task2", ["t2_same_envelope", "t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc"], [], 7],
  // Helper 96 (slips-2026-12-06h): jsonrpc "2.0 " in every answer; the lazy handle writing a
  // made-up resultType ("done") on every result, the undoing left to choose which it meant.
  ["slip-jsonrpc-space", "task2", ["t2_responses"]],
  ["gaming-lazy-resulttype-undecided", "task2", ["t2_same_resources", "t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc"], [], 7],
  ["gaming-lazy-is-error-snake", "task2", ["t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc"], [], 7],
  // An unknown order refused with a JSON-RPC error -32602, not the tool's error result: 36/41.
  ["gaming-lazy-order-not-found-as-rpc-error", "task2", ["t2_z9_is_error", "t2_inherited_names", "t2_version_check", "t2_input_responses", "t2_odd_params", "t2_arguments", "t2_unknown_names", "t2_jsonrpc"], [], 7],
  // Helper 109 (stateless-round-2026-12-06u): each line through a TextDecoder round trip, which
  // drops a leading U+FEFF: 41/41 while every BOM came after the message (task4-checks.ts PADDED_OTHER_SIDE).
  ["serve-strips-leading-bom", "task4", ["t4_unreadable_lines"]],
  // A tool name's "-" read as "_", an order id normalised (NFKC): 41/41 while no input showed them.
  ["tool-name-dashes-as-underscores", "task2", ["t2_unknown_names"]],
  ["order-id-nfkc-normalised", "task2", ["t2_order_ids"]],
  // Helper 111 (clients-round-2026-12-06w): declined and cancelled answers left out of the retry's
  // inputResponses, 39/41: the keyed rule now charged to the declined cancel's line (client/dropped-answers.ts).
  ["client-declines-filtered", "task3", ["t3_declined_text"]],
  // Helper 109: each log line numbered by indexOf, 38/41 while t4_same_lines' extra lines repeated
  // the page's; a line met twice is t4_messages' case now (task4-checks.ts REPEATS).
  ["serve-log-index-of-repeats", "task4", ["t4_messages"]],
  // Helper 114 (ch2-sl-round-2026-12-07a): one slip each that no generated input showed (41/41):
  // serve forgiving text around a message or a stream's framing, reading 100 lines or lines of
  // 2,048 characters at most (behaviour/task4-checks.ts); a falsy answer asking again, an accept
  // with spaces cancelling, a method trimmed, an unknown tool's name cut.
  ["serve-strips-line-comments", "task4", ["t4_unreadable_lines"]],
  ["serve-drops-trailing-comma", "task4", ["t4_unreadable_lines"]],
  ["serve-strips-sse-data-prefix", "task4", ["t4_unreadable_lines"]],
  ["serve-skips-content-length-headers", "task4", ["t4_unreadable_lines"]],
  ["serve-line-cap-100", "task4", ["t4_messages"]],
  ["serve-line-length-cap", "task4", ["t4_messages"]],
  ["confirm-falsy-asks-again", "task2", ["t2_input_responses"]],
  ["cancel-action-trimmed", "task2", ["t2_input_responses"]],
  ["method-trimmed", "task2", ["t2_unknown_names"]],
  ["unknown-tool-name-cut-64", "task2", ["t2_unknown_names"]],
  // Helper 116's client cheats (cheats-round-2026-12-07c), each at or below its honest sibling, the
  // same client with no input rounds at all (32/41, 9 points of task 3). The page's one question
  // under "confirm" asked once and answered in a second round, with no loop and no cap, with no
  // test (confirm-shape) or behind a test of the page's words (question-table): 37-38/41 while the
  // page's flows, varied, all asked one question under "confirm" and ended in round 2. They now ask
  // under other keys, two questions a round and in a second round (client/cases.ts pageFlowShapes),
  // and t3_same_cancel_flows is the rule of the accepted flow's six lines (evidence/line-rules.ts).
  ["sl-client-confirm-shape", "task3", ["t3_round_cap", "t3_cap_requests", "t3_ask_each_request", "t3_at_most_three_rounds", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  ["sl-client-question-table", "task3", ["t3_round_cap", "t3_cap_requests", "t3_ask_each_request", "t3_at_most_three_rounds", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  // The same with a table of the page's capped call (A100 asked again): its cap lines right and
  // voided by the cap's rule, 36-37/41, a point below question-table's while t3_rounds, voided by the
  // cap's rule here and kept there (the cap lines wrong took that rule's charge), was still earned
  // by the flow's shape; the flows' rule voids it in both now: the same figure.
  ["sl-client-question-cap-table", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  // The page's flows tabled by order id (A101 two rounds, A100 three): 34/41 while the flows' rule
  // took only t3_rounds and the two text lines.
  ["sl-client-order-table", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  // Helper c3 (from ch2-sl-round-2026-12-07d): one slip each that no generated input showed (41/41):
  // names, methods, uris, versions, cancel actions, order ids and checkArgs keys compared after NFKC
  // or by localeCompare (a full-width form and one with an ignorable code point in each list now);
  // arguments or inputResponses given as JSON text parsed; a version read from params.protocolVersion;
  // a shared /g regex in repr skipping the second of two non-printables; serve finding "id" by text,
  // or a reviver changing numeric strings (task4-checks.ts t4_messages).
  ["arguments-json-string-parsed", "task2", ["t2_arguments"]],
  ["cancel-action-localecompare-equals", "task2", ["t2_input_responses"]],
  ["cancel-action-nfkc", "task2", ["t2_input_responses"]],
  ["checkargs-keys-nfkc", "task1", ["t1_inherited_names"]],
  ["inputresponses-json-string-parsed", "task2", ["t2_input_responses"]],
  ["method-nfkc", "task2", ["t2_unknown_names"]],
  ["order-id-localecompare-lookup", "task2", ["t2_order_ids"]],
  ["repr-shared-global-regex", "task1", ["t1_repr_quoting"]],
  ["resource-uri-nfkc-lookup", "task2", ["t2_unknown_names"]],
  ["serve-id-by-text-search", "task4", ["t4_messages"]],
  ["serve-reviver-numeric-strings", "task4", ["t4_messages"]],
  ["tool-name-localecompare-lookup", "task2", ["t2_unknown_names"]],
  ["tool-name-nfkc-lookup", "task2", ["t2_unknown_names"]],
  ["version-fallback-params-protocolversion", "task2", ["t2_version_check"]],
  ["version-localecompare-equals", "task2", ["t2_version_check"]],
  ["version-nfkc", "task2", ["t2_version_check"]],
  // Cheats of cheats-round-2026-12-07f, at their honest siblings now (41/41 and 40/41 before):
  // checkArgs run only for ASCII params or plain keys (t2_arguments and t2_same_bad_args hold keys
  // beyond ASCII, the BMP and [a-z_] now), checkArgs itself only for ASCII arguments (each task 1
  // variant has a twin under a name beyond ASCII: args-variants.ts nonAsciiTwin).
  ["sl-args-ascii-only", "task2", ["t2_same_bad_args", "t2_arguments"], [], 2],
  ["sl-args-plain-keys-only", "task2", ["t2_same_bad_args", "t2_arguments"], [], 2],
  ["sl-checkargs-ascii-only", "task1", ["t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_problem_order", "t1_same_valid", "t1_repr_quoting", "t1_inherited_names"], [], 5],
  // The client cheats of the same round, at their honest sibling now, the client with no input
  // rounds (32/41, 9 points of task 3): the rounds run only for an ASCII call (38/41 at seed 7,
  // 37 at 0) or for arguments of at most 40 characters (36 and 37), while every call the flows',
  // cap's and error's rules read was page-shaped. Those calls are drawn beyond ASCII and the BMP,
  // hundreds of characters long and with odd keys now (client/wide-args.ts).
  ["sl-client-rounds-ascii-calls-only", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  ["sl-client-rounds-short-args-only", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  // Cheats of cheats-round-2026-12-07h, at their honest siblings now (each 41/41 before): the rules
  // followed only where the draws always stayed. checkArgs [] past 4 properties (behaviour/wide-schemas.ts); handle's
  // checkArgs skipped for a number above a million or an id of 10^7 or more (behaviour/late-arguments.ts);
  // serve's Invalid Request only in batches of at most 12 lines (t4_not_objects' long batches).
  ["sl-checkargs-few-props", "task1", ["t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_problem_order", "t1_same_valid", "t1_repr_quoting", "t1_inherited_names"], [], 5],
  ["sl-args-big-numbers", "task2", ["t2_same_bad_args", "t2_arguments"], [], 2],
  ["sl-args-ids-below-1e7", "task2", ["t2_same_bad_args", "t2_arguments"], [], 2],
  ["sl-serve-invalid-small-batch", "task4", ["t4_not_objects"], [], 1],
  // And the client's rounds only while a round holds at most 3 questions, or only for the module's
  // first 40 calls (41/41 each): rounds of 4 to 8 questions in every kind of case that asks
  // (client/many-questions.ts), and a case of each such kind after 41 to 56 calls in its module
  // instance (client/late-calls.ts). 9, the price of no rounds at all (the honest siblings', 32/41).
  ["sl-client-few-questions", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_final_result_returned", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  ["sl-client-first-40-calls", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_final_result_returned", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  // And counted only over calls whose send was anonymous, as the grader's mocks were and the
  // padding's was not (41/41 then): every late call's send and ask are one wrapper now.
  // cheats-round-2026-12-07i: the missing names found by walking schema.properties (their order,
  // and a required name properties lacks never reported) cost 2, one a half of rule 1: the reach's
  // inputs are t1_same_problem_order's now, beside the order's.
  ["sl-mistake-missing-by-properties", "task1", ["t1_same_problem_order"], [], 1],
  ["sl-client-first-40-peer-calls", "task3", ["t3_ask_each_request", "t3_at_most_three_rounds", "t3_final_result_returned", "t3_same_cancel_flows", "t3_error_response_throws"], [], 9],
  // cheats-round-2026-12-07i: the user asked only about the page's one-boolean form (any other
  // cancelled unasked), and an error thrown only when its message is not empty: 41/41 while every
  // question was that form and every error had a sentence (client/many-questions.ts varies both).
  // One point each: the first is the ask rule's (its honest sibling, never asking, loses the page's line too).
  ["sl-client-ask-one-boolean-forms", "task3", ["t3_ask_each_request"], [], 1],
  // Its honest sibling, every question answered {"action": "cancel"} without asking: one rule,
  // t3_ask_calls's (the retry's line read through it: nothing ask returned could be sent). 2 before.
  ["sl-client-ask-one-boolean-forms-honest", "task3", ["t3_ask_calls", "t3_ask_each_request"], [], 1],
  ["sl-client-throw-nonempty-message", "task3", ["t3_error_response_throws"], [], 1],
  // Cheats of cheats-round-2026-12-07i, at their honest siblings now (each 41/41 before): the
  // Parse error line only for unreadable lines with no space or tab at an end, or of at most 400
  // characters; the Invalid Request line only for bare non-objects. t4_unreadable_lines sends
  // padded and several-KB unreadable lines, t4_not_objects padded non-objects.
  ["sl-serve-parse-unpadded", "task4", ["t4_unreadable_lines"], [], 1],
  ["sl-serve-parse-short-lines", "task4", ["t4_unreadable_lines"], [], 1],
  ["sl-serve-invalid-unpadded", "task4", ["t4_not_objects"], [], 1],
  // fair-round-2026-12-07j: a line that is a JSON string holding a message parsed again and answered
  // (41/41 while the only string line was "tools/list"): t4_not_objects sends doubly encoded messages.
  ["sl-mistake-serve-double-encoded-parsed", "task4", ["t4_not_objects"], [], 1],
  // cheats-round-2026-12-07i: checkArgs followed only for schemas whose every property is
  // {"type": "string"}, [] otherwise (41/41 before: every schema declared strings); its honest
  // sibling (checkArgs always []) is 36. The wide twins' absent properties declare other types now
  // (behaviour/wide-schemas.ts), and t1_same_wrong_type's typed twins declare each value's own type
  // (args-variants.ts typedTwin). And a mistake on the same trait: rule 3 read as the schema's
  // declared type ("must be a integer"), one rule, one point (41/41 before).
  ["sl-checkargs-string-props-only", "task1", ["t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_problem_order", "t1_same_valid", "t1_repr_quoting", "t1_inherited_names"], [], 5],
  ["sl-mistake-type-from-schema", "task1", ["t1_same_wrong_type"], [], 1],
  // cheats-round-2026-12-07i, handle's rules followed only for what every request carried (41/41
  // each before), at their honest siblings now: checkArgs or the unknown tool's -32602 only for the
  // page's clientCapabilities (t2_arguments, t2_same_bad_args and t2_unknown_names hold other
  // clients' calls: behaviour/other-clients.ts; checkArgs never run is 39, the -32602 never given
  // 40); the version check only for a _meta of the page's three keys (t2_version_check and
  // t2_same_old_version_methods hold a progressToken or a client's key; no version check is 39);
  // resources/read's not found only for policy: and scheme-less uris (t2_unknown_names holds file:,
  // https:, urn: ...; none at all is 40); an accept read only without a requestState beside it or
  // without _meta in the answer (t2_input_responses holds both; never cancelling is 40).
  ["sl-args-page-capabilities", "task2", ["t2_same_bad_args", "t2_arguments"], [], 2],
  ["sl-unknown-tool-page-capabilities", "task2", ["t2_unknown_names"], [], 1],
  ["sl-version-extra-meta-key", "task2", ["t2_same_old_version_methods", "t2_version_check"], [], 2],
  ["sl-resource-unknown-page-scheme", "task2", ["t2_unknown_names"], [], 1],
  ["sl-cancel-no-requeststate", "task2", ["t2_input_responses"], [], 1],
  ["sl-cancel-plain-answer-only", "task2", ["t2_input_responses"], [], 1],
];

describe("mcp-stateless: the class's submissions through the sandbox", () => {
  let pool: SandboxPool;
  // A thread a core, and the rows at once (vitest's maxConcurrency at a time), each row's seeds
  // too: one after another, a grading left the other core idle.
  beforeAll(() => { pool = new SandboxPool(os.availableParallelism(), false, pack.course.sandboxSource()); });
  afterAll(() => pool.close());

  async function grade(files: Record<string, string>, seed: number): Promise<Record<string, CheckResult[]>> {
    const input: PlanInput = planInput(files, {}, { tasks: TASK_IDS, behaviour: true, schema: true, seed });
    const plan = pack.plan(input);
    const reply = await pool.run({ files, refused: {}, runs: plan.runs, limits: LIMITS });
    // As the engine does: failures that may be one mistake are asked about again (Pack.recount),
    // and a slip in how every answer is written is counted once (src/grading/one-slip.ts).
    const j = await judgeReply(pack, plan, reply, input, (runs, standIns) => pool.run({ files, refused: {}, runs, standIns, limits: LIMITS }));
    // And its last look across the tasks (Pack.settle: a schema failure behind a behaviour check's is charged there).
    const tasks = TASK_IDS.map((t) => ({ task: t, checks: [...(j[t]?.checks ?? []), ...(j[t]?.extra ?? [])] }));
    const settled = pack.settle?.(tasks) ?? {};
    return Object.fromEntries(tasks.map(({ task, checks }) => [task, settled[task] ?? checks]));
  }
  const notPassing = (checks: CheckResult[]): string[] => checks.filter((c) => c.status !== "pass").map((c) => `${c.name} (${c.status}): ${c.message ?? ""}`);

  it("has a folder for every submission named here, and names every folder", () => {
    const named = [...CORRECT, ...WRONG.map(([n]) => n)].sort();
    expect(readdirSync(FIXTURES).sort()).toEqual(named);
  });

  it.concurrent.for(CORRECT)("passes %s on every check, seeds 0 and 12345", async (name, { expect }) => {
    const seeds = [0, 12345];
    const graded = await Promise.all(seeds.map((seed) => grade(submission(name), seed)));
    seeds.forEach((seed, i) => {
      for (const t of TASK_IDS) expect(notPassing(graded[i]![t]!), `${name} ${t} seed ${seed}`).toEqual([]);
    });
  });

  it.concurrent.for(WRONG)("fails %s (%s) on %j, with a counterexample", async ([name, task, own, shared = [], cost = 1], { expect }) => {
    const checks = await grade(submission(name), 7);
    // One mistake costs one point of its task however many checks see it; gaming, what it did not earn.
    const full = pack.evidence.filter((l) => l.task === task).length;
    expect(scoreTask({ checks: checks[task]! }, pack.score).score, `${name}: its task's score`).toBe(full - cost);
    for (const id of own) {
      const check = checks[task]!.find((c) => c.name === id);
      expect(check?.status, `${name}: ${id}`).toBe("fail");
      if (check!.kind === "evidence" || check!.kind === "output") expect(check!.actual, `${name}: ${id}`).not.toBeUndefined();
      else expect(check!.message, `${name}: ${id}`).toMatch(/The smallest: /);
    }
    // A mistake in one task is that task's alone.
    for (const other of TASK_IDS.filter((t) => t !== task)) expect(notPassing(checks[other]!.filter((c) => !shared.includes(c.name))), `${name} in ${other}`).toEqual([]);
  });
});

describe("mcp-stateless: what the class found in the checks", () => {
  it("never generates a schema that lists a required name twice (JSON Schema wants them unique)", () => {
    for (const seed of [1026, 1402, 0, 7]) {
      for (const p of planChecks(TASK1_CHECKS, seed)) {
        for (const input of p.inputs as [{ required: string[] }, unknown][]) expect(new Set(input[0].required).size, `seed ${seed}`).toBe(input[0].required.length);
      }
    }
  });

  it("reads get_order_status's JSON text in any key order and spacing (the task's JSON.stringify, the page's json.dumps)", () => {
    const answer = newServer()({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_order_status", arguments: { order_id: "A100" }, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } });
    const withText = (text: string): unknown => {
      const copy = structuredClone(answer) as { result: { content: { text: string }[] } };
      copy.result.content[0]!.text = text;
      return comparedPart(copy, "content");
    };
    const want = comparedPart(answer, "content");
    expect(withText('{"status":"shipped","eta":"Friday","order_id":"A100"}')).toEqual(want);
    expect(withText('{"status": "shipped", "eta": "Friday", "order_id": "A100"}')).toEqual(want);
    expect(withText('{"order_id": "A100", "status": "shipped", "eta": "Friday", "x": 1}')).not.toEqual(want);
    expect(withText('{"order_id":"A100","status":"shipped"}')).not.toEqual(want);
  });

  it("shows characters a reader cannot tell from a space escaped, as JSON that pastes back the same", () => {
    const text = show(["\u00a0{", "\u2028", "zero\u200bwidth", "caf\u00e9", "tag\u{E0001}"]);
    expect(text).toBe('["\\u00a0{","\\u2028","zero\\u200bwidth","café","tag\\udb40\\udc01"]');
    expect(JSON.parse(text)).toEqual(["\u00a0{", "\u2028", "zero\u200bwidth", "caf\u00e9", "tag\u{E0001}"]);
  });
});
