// "Think like the class": submissions the fixtures never show, through the real sandbox (plan →
// SandboxPool → judge → the follow-up, as mistakes.test.ts does). Each is a folder of
// test/fixtures/mcp-stateful-class/ laid over solutions/mcp-stateful/. The correct ones, each in
// a style other than the reference's, pass every check on two seeds; each wrong one makes one
// realistic mistake, fails the check named for it with a counterexample, and costs one point.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followUp } from "../../../src/grading/follow-up.js";
import { scoreTask } from "../../../src/pack/score.js";
import type { PlanInput } from "../../../src/pack/types.js";
import { planInput } from "../../../src/pack/plan-input.js";
import type { CheckResult } from "../../../src/report/types.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import pack from "../pack.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const SOLUTION = path.join(ROOT, "solutions", "mcp-stateful");
const FIXTURES = path.join(ROOT, "test", "fixtures", "mcp-stateful-class");
const TASK_IDS = ["task1", "task2", "task3"];
const LIMITS = { timeMs: 20_000, memoryBytes: 128 * 1024 * 1024, valueChars: 1024 * 1024, outputChars: 16 * 1024 };

// A folder's code files, those in its subfolders (a lib/ of helpers) by their relative path.
const readTs = (dir: string): Record<string, string> =>
  Object.fromEntries(readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => /\.[mc]?[tj]s$/.test(f)).map((f) => [f.split(path.sep).join("/"), readFileSync(path.join(dir, f), "utf8")]));
const submission = (fixture: string): Record<string, string> => ({ ...readTs(SOLUTION), ...readTs(path.join(FIXTURES, fixture)) });

/** Correct submissions in other styles: every check passes. */
const CORRECT = [
  // Helper 141 (class-round-2026-12-07l): an ordinary class's whole submissions, written from the
  // page and the starters alone by four personas (a Python port, Java-style classes, a beginner's
  // if/else chains with console.log left in, functional JS), and three accepted spec readings at once.
  "class-sf-B-beginner", "class-sf-C-java-classes", "class-sf-F-functional", "class-sf-P-python-port", "class-sf-C-c-spec-readings",
  // Helper 107 (fair-round-2026-12-06s): static readonly fields naming the class beside a private
  // method (10/18: tsc's ES2022 class alias, microsoft/TypeScript#56292; src/sandbox/transpile.ts).
  "correct-static-readonly-classname",
  // Helper 91 (fairness-2026-12-06f): other readings of the page and the specification, and other
  // idioms (README there): full marks at both seeds.
  "correct-client-invalidate-then-refetch",
  "correct-client-params-always-object",
  "correct-client-sdk-zero-ids",
  "correct-client-spec-negotiation-guards",
  "correct-kindof-type-predicates",
  "correct-server-initialize-params-checked",
  "correct-server-keeps-config-object",
  "correct-server-prompt-declared-arguments",
  "correct-server-spec-ping-ignores-responses",
  "correct-server-version-negotiation",
  "correct-transport-eager-notification-buffer",
  "correct-transport-pipe-lines",
  // Helper 80, against the drawn key orders and the clock's second a call: kindOf by a Set of keys
  // gathered with for...in; tools/list kept five minutes by Date.now() and cleared by addTool; a
  // client timing each request with performance.now() (McpError -32001 after 30 s).
  // Helper 82 (fairness-2026-12-06): tools/list and prompts/get cached per server by JSON text,
  // the cache emptied by addTool.
  "correct-prompt-list-memo-json-text",
  "correct-kindof-for-in",
  "correct-tools-list-ttl-cache",
  "correct-client-request-timeout",
  // Helper 78: arguments checked against the types their inputSchema declares, refused with -32602
  // as the specification's tools page lets a server (17/18 while only the page's run was accepted:
  // behaviour/compare.ts refusesArguments); a null argument read as missing gives the same answer.
  "correct-spec-validates-argument-types",
  "correct-tool-args-null-refused",
  "correct-transport-zlib-wire", // task 3 (helper 76): the wire deflated with node:zlib (13/18 while node:zlib was refused: host-zlib.ts)
  "correct-serverinfo-2025-11-25-fields", // helper 115: serverInfo with 2025-11-25's description and websiteUrl (17/18 before: src/json/spec-extras.ts)
  "correct-serverinfo-title", // task 2 (helper 58): initialize's serverInfo with 2025-06-18's optional title (16/18 before: src/json/spec-extras.ts)
  // Helper 58: drains that a lab server answers with [] (16/18 each while every drain took the
  // next pump's scripted notes: drivers-source.ts serves them once, in pumps).
  "correct-mjs-asobject-helper", // task 2 (helper 60): asObject in an .mjs helper (10/18 while .mjs kept ES syntax)
  "correct-parseargs-debug", // task 2 (helper 60): a --debug flag read at load with node:util parseArgs (10/18 while the sandbox refused it)
  "pump-drains-until-empty", // task 3: pump calls notifications() until it is empty
  "client-drain-on-connect", // task 3: connect drains the notifications once after initialized
  "correct-plain-js", // tasks 1-3: `any` everywhere, hasOwnProperty.call, a handler table, errors as plain objects
  "correct-private-fields", // tasks 2-3: #fields and getters, switch, an Error subclass with code, string ids, a Set of pending ids
  "correct-eventemitter", // task 2: the server an EventEmitter (node:events), a null-prototype registry with an order array
  "correct-spec-reading", // task 2: the specification's lifecycle and -32002, error data, ping, RequestId checked with Number.isInteger
  "correct-client-emitter", // task 3: notifications through an EventEmitter, ids from a generator, tools/list with params {}
  "correct-client-uuid", // task 3: crypto.randomUUID ids, a Map of requests in flight, the cache copied
  "correct-kindof-switch", // task 1: spreads for optional keys, kindOf as a switch over a key signature (Reflect.has)
  "correct-client-meta", // task 3: a _meta (progressToken) in every request's params, roots and sampling capabilities
  "correct-client-own-info", // task 3: clientInfo the client's own (a name, title and version other than CLIENT_INFO)
  "correct-readded-moves-last", // task 2: tools in an array, a name added again moved last (the page leaves its place open)
  "correct-class-hierarchy", // tasks 2-3: base classes (an endpoint, a gated session; a JSON pipe, an RPC caller), an Error subclass per code
  "correct-closures", // tasks 2-3: constructors that return a factory's object, state in closure variables, a null-prototype handler table
  // Helper 54: each lost a point while the sandbox's EventTarget ignored addEventListener's signal
  // and node:events' listenerCount its listener argument (globals/web.js, sandbox/modules.ts).
  "client-listener-abort-signal", // task 3: pump's once listener scoped to the pump by an AbortSignal
  "correct-listenercount-filter", // task 2: the notifier subscribed once, guarded by listenerCount(event, listener)
  "correct-generators-reduce", // tasks 1-2: builders folded with reduce, kindOf by a generator's bit mask; Maps and Sets everywhere, the template by split and reduce
  "correct-python-port-frozen", // task 2: the page's Python line by line (snake_case), deep-frozen constants, JSON copies, initialize's params checked (spec)
  "correct-symbol-optional", // tasks 2-3: Symbol-keyed state, #private helpers, optional chaining and ?? throughout
  "correct-client-strict", // task 3: UTF-8 lines (TextEncoder), response ids and jsonrpc checked, the server's version checked, ids from 0
  "correct-builders-json", // task 1: builders through a JSON round trip (undefined keys dropped), kindOf by a sorted key signature
  "correct-session-generator", // task 2: the session a generator fed each message, a method table, the template by split
  "correct-node-builtins", // task 3: the wire as Buffer bytes and TextDecoder, ids by util.format, the cache a structuredClone
  "correct-client-closures-copies", // task 3: state in closures, "req-n" ids, an Error subclass with code, JSON copies handed out, a pump handler table
  "correct-client-rpc-pending", // task 3: an Rpc helper with a Map of requests in flight (response ids checked), ids from 100, listTools a slice
  "correct-result-union", // task 2: no protocol error thrown, handlers return a discriminated union; tools as entries replaced in place; isError false on success, -32002 for an unknown resource
  "correct-weakmap-state", // tasks 2-3: each instance's state in a module WeakMap keyed by it, a Map of handlers, branded error objects; tools as an accessor pair, JSON lines as stdio frames them
  "correct-mixins", // task 2: the server composed of mixins (a tool host, a catalogue, a gate), routing by super.route, an Error subclass per code
  "correct-frozen-builders", // task 1: one generic envelope from entries (undefined left out, null kept), deep-frozen; kindOf by a key signature string
  "correct-client-string-ids", // task 3: "lab-" base-36 ids, a generic #rpc with a type guard, an McpError subclass, a private setter for the cache, JSON then structuredClone
  "correct-event-log", // task 2: the session an event log: live, the tools and the outbox folded from it with reduce, a Record of handlers, the template by split
  // Helper 42: correct code leaning on Node 20's built-ins and modules, one or two each.
  "correct-builders-structuredclone", // task 1: structuredClone of each params, result and data; kindOf by Object.hasOwn
  "correct-replaceall-fn-map", // task 2: replaceAll(/\{(\w+)\}/g, fn) for the template, Array.from(map.values(), fn) for tools/list
  "correct-eventtarget-outbox", // task 2: EventTarget and Event: addTool dispatches, a listener queues list_changed
  "correct-string-decoder-transport", // task 3: the wire as UTF-8 Buffer chunks read back by node:string_decoder's StringDecoder
  "correct-client-findlast-copies", // task 3: Array.prototype.findLast in pump, structuredClone of the tools handed out
  "correct-error-cause", // task 2: a tool's throw wrapped by new Error(message, { cause }), the isError text read from the cause
  // Helper 47: other idioms a class writes (Proxy and Reflect, ES5 prototypes, a reducer, sans-IO generators).
  "correct-proxy-dispatch", // task 2: a null-prototype handler table behind a Proxy (unknown methods trap to a thrower), Reflect.apply, static error factories, a Map subclass registry, the template by a labelled-loop scanner
  "correct-defineproperty-builders", // task 1: every key set by Object.defineProperty (enumerable), kindOf by a for…in walk with hasOwnProperty
  "correct-prototype-plain-js", // task 2: @ts-nocheck ES5: a constructor function and its prototype, errors as marked plain objects, the call lattice an array of guards, for…in key sets
  "correct-reducer-actions", // task 2: a pure reducer over frozen state (add, drain, message actions), errors returned as values, a phase field for the gate
  "correct-client-sans-io", // task 3: each op a generator yielding its messages, one driver sending them with Reflect.apply, ids from a counter generator, a labelled pump loop
  "correct-client-proxy-rpc", // task 3: requests through a Proxy of property paths (rpc.tools.list()), decimal-string ids, the cache a defineProperty accessor, an McpError subclass's static factory
  // Helper 51: JSON-RPC 2.0 and the 2025-06-18 schema where the page is loose (seeds 0, 7, 12345 by grade, with and without the live checks: 18/18).
  "correct-key-order-reversed", // task 2: every response built result/error first and jsonrpc last, error.message before code, isError false on success
  "correct-initialized-empty-params", // task 3: notifications/initialized sent with params {} (optional NotificationParams)
  "correct-standard-messages-data", // task 2: every error message JSON-RPC's own wording for its code, the details (uri, tool, missing argument) in data
  // Helper 51's, which lost 2 and 4 before the comparison left out what the specification allows beyond the rule's fields (src/json/spec-extras.ts):
  "correct-spec-initialize-instructions", // task 2: initialize's result with instructions (InitializeResult's optional string)
  "correct-spec-result-meta", // task 2: every result with a _meta of the server's own (Result._meta)
  // Class-idioms probe (after helper 53): Node 20 and TypeScript idioms of a class (seeds 0, 7, 12345, with the live checks: 18/18).
  "correct-decorator-routes", // task 2: TC39 method decorators registering routes (addInitializer), node:assert/strict ok(value, error) throwing the protocol error, util.types.isNativeError, splice(0)
  "correct-server-extends-map", // task 2: LabServer extends Map (the registry itself), handlers built in a static block, #private state, an iterable outbox drained by spreading
  "correct-client-accessor-events", // task 3: the client an EventEmitter with Symbol-keyed events (one per distinct method drained), an auto-accessor cache, generator ids, response ids checked
  "correct-ts-enum-namespace", // task 2: numeric and string enums, a namespace of envelope helpers, an abstract class per method (override), overloads, satisfies, a type guard
  // Helper 55 (seeds 0 and 7: 18/18, the same answers as the reference under Node 20 but for free messages).
  // Lost 1 (t2_isolation, "state leaks between instances") before judgeAlone left out what no rule judges (behaviour/compare.ts, judgedPart):
  "correct-error-trace-ids", // task 2: a random trace id and the time in every error's message and data, a request id and time in every result's _meta
  // Full marks already, each a new idiom (regression guards):
  "correct-capture-stack-trace", // task 2: an Error subclass per code with Error.captureStackTrace(this, new.target), Symbol.hasInstance by a branded symbol, toJSON, #x in o brand checks
  "correct-middleware-compose", // task 2: a Koa-style compose of middlewares (envelope, lifecycle, router, notFound) over a context object, errors as plain marked objects
  "correct-url-intl-lookup", // task 2: resources found by new URL(uri).href (a uri that is no URL unknown), every missing argument named by Intl.ListFormat and Intl.PluralRules
  "correct-es2023-arrays", // task 2: the registry an immutable array (with, toSpliced, findLastIndex, findLast), toSorted for the listing, the outbox a new array each time
  "correct-regexp-named-groups", // task 2: the template by matchAll over /(?<variable>)/dg, every variable checked first, the text rebuilt from match indices
  "correct-frozen-tool-copies", // task 2: each tool kept as Object.freeze({ ...tool }) (a name added again moved last), listed by ({ run, ...listing }), the allow-list a frozen array
  "correct-object-registry-odd-names", // task 2: a plain-object registry by Object.defineProperty ("__proto__" a name like any other), Object.hasOwn lookups, an allow-list from Object.fromEntries
  "correct-computed-method-routes", // task 2: routes as class methods under their wire names (["tools/list"]()) read from the prototype, an Array subclass outbox (species), an AggregateError for missing arguments
  // Helper 73 (2026-12-05): optional fields of the specification's objects, one level into a result
  // (17/18 each while src/json/spec-extras.ts left out a result's own _meta only); and a
  // capability's flags spelled out as false (styles-2026-12-05, 17/18 while t2_init_capabilities
  // printed them).
  "correct-spec-tool-meta", // task 2: each tools/list entry carries Tool's _meta
  "correct-spec-tool-title", // task 2: each tools/list entry carries Tool's title
  "correct-spec-content-annotations", // task 2: a tool result's text block carries annotations
  "correct-spec-contents-meta", // task 2: resources/read's contents carry _meta
  "correct-spec-capabilities-false-flags", // task 2: initialize's capabilities with subscribe and listChanged set to false
  "correct-stderr-logging", // task 2: every diagnostic on stderr (console.error/warn/trace/assert, process.stderr.write, a Console on stderr, util.debuglog)
  "correct-builder-classes", // task 1: a class per shape (optional keys assigned only when given, a kind getter on the prototype), kindOf by instanceof first
  "correct-client-frozen-reviver", // task 3: deep-frozen copies by a JSON.parse reviver, an McpError subclass (captureStackTrace, the response as cause), time-based string ids, ??= and ||=
  "correct-client-iterator-ids", // task 3: LSP Content-Length frames as UTF-8 bytes, ids from an endless Symbol.iterator, pump by for...of, results as Object.fromEntries copies
  "correct-arrow-field-methods", // tasks 2-3: every method an arrow-function class field (auto-bound), the client calling its transport's send through bind
  "correct-frozen-instances", // tasks 2-3: Object.freeze(this) in the server and transport, Object.seal(this) in the client, state in containers changed in place
  "correct-deep-frozen-responses", // task 2: every response and drained notification deep-frozen (Reflect.ownKeys walk), frozen constants shared by every answer
  "correct-normalize-in-place", // task 2: each request normalised in place before dispatch (params and arguments defaulted, _meta deleted), as a body parser does
  "correct-client-cache-in-place", // task 3: client.tools one read-only array for the client's life (defineProperty), refilled in place by splice
  "correct-client-module-ids", // task 3: request ids from one module-level sequence shared by every client (unique in the process), the cache on the instance
  "correct-undefined-optionals", // task 2: optional fields written as undefined (error data, isError on success, a tool's title, a result's _meta), left out by JSON
  "correct-spec-pagination", // tasks 2-3: the specification's pagination: tools/list pages with an opaque base64url cursor (a bad one -32602), listTools following nextCursor
  "correct-gate-phase-union", // task 2 (helper 68): the handshake as a phase union ("new" | "initializing" | "live"), ids by a type guard
  // Helper 98 (stateful-round-2026-12-06j), the specification's optional fields (src/json/spec-extras.ts): 16-17/18 before.
  "correct-spec-output-schema", // task 2: each listed tool with an outputSchema, each success with the structuredContent it then requires
  "correct-spec-structured-content", // task 2: structuredContent beside the text block of a tool's result
  "correct-capabilities-experimental", // task 2: initialize's capabilities with an empty experimental object
  // Helper 110 (stateful-round-2026-12-06v): a reused request id refused -32600, as the specification
  // forbids a client to reuse one: 16/18 while the sessions sent "" twice (behaviour/generate.ts nextId).
  "correct-spec-reused-ids-refused",
];

/** [fixture, the checks it must fail (and nothing else), points it costs, what their diagnosis shows]. */
const WRONG: [string, string[], number, RegExp][] = [
  // Helper 58: initialize answering the version asked kept 18/18 while every initialize asked
  // 2025-06-18; every fourth asks 2099-01-01 now (generate.ts), a kind no fixture shows (beyondLines).
  ["initialize-echoes-version", ["t2_initialize"], 1, /"protocolVersion":"2099-01-01"/],
  // Helper 80 (fairness-2026-12-05c): tools/list's answer kept five minutes, addTool not dropping
  // it. One mistake, t2_tools_added's; on seeds whose sessions list again after adding a tool the
  // allow-list does not name (t2_tools_list's lists), it cost a second point (grading/stale-lists.ts;
  // the seeds' test below).
  ["tools-list-cache-kept-after-addtool", ["t2_tools_after", "t2_tools_list", "t2_tools_added"], 1, /subtract/], // t2_tools_list charged to t2_tools_added (a list after a tool added without notify, every seed)
  // Each kept 18/18 while no session sent its case (server-checks.ts oddEnvelopes, nullArguments).
  // Helper 78: methods found in a handler table with `in` (Object.prototype's names answered): 18/18 on
  // the seeds whose sessions drew none of them; every seed sends them now (server-checks.ts oddEnvelopes).
  ["dispatch-table-in-lookup", ["t2_notifications", "t2_schema_responses"], 1, /constructor|toString|__proto__|hasOwnProperty/],
  ["initialize-before-validation", ["t2_notifications"], 1, /"id":"init-1\.0"/],
  ["unknown-method-before-jsonrpc", ["t2_notifications"], 1, /-32600/],
  ["method-trimmed", ["t2_notifications"], 1, /" tools\/list"|"tools\/list "/],
  ["jsonrpc-loose-equality", ["t2_notifications"], 1, /"jsonrpc":2,/],
  // kindOf: an error that is no {code, message}, a response without jsonrpc (kept 18/18: messages.ts
  // kindCases' last edges); jsonrpc required, and id null read as none (16/18: both rule checks
  // voided a line each; grading/kind-mistakes.ts charges the second to the first, or to the line).
  ["kindof-error-shape-checked", ["t1_kinds"], 1, /"error":"boom"/],
  ["kindof-response-requires-jsonrpc", ["t1_kinds"], 1, /is "response"/],
  ["kindof-requires-jsonrpc", ["t1_method_kinds", "t1_kinds"], 1, /charged there/],
  ["kindof-hasid-loose", ["t1_null_id_kind", "t1_method_kinds", "t1_kinds"], 1, /charged there/],
  // tools/list in another order than added (16/18: step 6's list and t2_tools_added each voided a
  // line): read through t2_tool_names when only the order differs (judge.ts chargeListAfter, chargeAddedOrder).
  ["tools-list-newest-first", ["t2_tool_names", "t2_tools_after", "t2_tools_list", "t2_tools_added"], 1, /another order/],
  ["tools-list-sorted", ["t2_tool_names", "t2_tools_after", "t2_tools_list", "t2_tools_added"], 1, /another order/],
  // initialize's serverInfo CLIENT_INFO: a part no line reads (16/18 while t2_initialize voided
  // both of its lines; server-verdicts.ts withServerInfoOf, CheckResult.beyondLines).
  ["serverinfo-client-info", ["t2_initialize", "t2_initialize_again"], 1, /what no line reads/],
  // The session on the config object: two servers given equal configs share one object now, as a
  // host that builds its config once (drivers-source.ts configsOf; 18/18 while each had a copy).
  ["state-on-config-object", ["t2_isolation"], 1, /state leaks between instances/],
  // Helper 59, against today's charging: a version echo (beyondLines) was free beside a sorted
  // list's point (score.ts: it costs at any marks); a client whose own cache invented a required
  // name refused every call, not made up while the cache was read (beyond.ts reads the reply).
  ["beyond-version-echo-plus-list-sorted", ["t2_tool_names", "t2_tools_after", "t2_initialize", "t2_tools_list", "t2_tools_added"], 2, /2099-01-01/],
  ["beyond-version-echo-three-mistakes", ["t2_tool_names", "t2_tools_after", "t2_initialize", "t2_tool_errors", "t2_tools_list", "t2_tools_added"], 3, /2099-01-01/],
  ["client-refuses-by-poisoned-cache", ["t3_sent_methods", "t3_add_text", "t3_delete_db_code", "t3_cache_after_pump", "t3_messages", "t3_results", "t3_errors", "t3_cache"], 4, /without asking the server/],
  // A transport walking the value by hand, fixing each odd value the probes carried: a real array
  // hole (client/odd-values.ts holey) stays a hole where JSON gives null (18/18 before).
  ["gaming-transport-walk-probed", ["t3_transport"], 1, /holey\[1\]/],
  ["outbox-module-variable", ["t2_isolation"], 1, /state leaks between instances/],
  ["outbox-not-cleared", ["t2_list_changed"], 1, /held \["notifications\/tools\/list_changed".*not \[\]/],
  ["allow-after-required", ["t2_tool_errors"], 1, /-32602, not -32600/],
  ["prompt-filled-twice", ["t2_prompts_resources"], 1, /Compare \{b\} with MCP/], // hole: no value held a placeholder filled later ("{b}" for a)
  ["falsy-id-notification", ["t2_handshake", "t2_notifications"], 1, /whatever the id's value/], // cost 6 before: every method's check charged id 0's missing answer
  // (t2_handshake: helper 117's id-null initialized after initialize opens its session too, charged to t2_notifications: grading/gate-slips.ts chargeNullIdGate)
  ["transport-structured-clone", ["t3_date_across", "t3_transport"], 1, /as a Date object/],
  ["error-data-falsy-dropped", ["t1_error_built"], 1, /"data":(null|0|"")/],
  // t2_tools_added judges only the names, so the entries' mistake is t2_tools_list's alone (cost 2
  // when one rule was named by both tools/list lines, t2_tool_names and t2_tools_after).
  ["tools-list-without-description", ["t2_tools_list"], 1, /"tools":\[\{"name":"\w+","inputSchema"/],
  // cost 2 before: t3_outcomes, named by two lines, was split. t3_errors' while the notification took
  // a scripted reply (none left: the send threw); answered null, connect throws the McpError due.
  ["initialized-after-refusal", ["t3_messages"], 1, /connect\(\) sent \{"jsonrpc":"2.0","method":"notifications\/initialized"\} after the 1 message\(s\) due/],
  ["cache-appends", ["t3_cache_after_pump", "t3_cache"], 1, /add,weather,delete_db,add,weather,delete_db/],
  ["falsy-id-refused", ["t2_notifications"], 1, /0 and "" included/], // cost 4 before: each method's check charged its -32600 (grading/falsy-ids.ts)
  ["resources-sorted", ["t2_prompts_resources"], 1, /"resources":\[\{"uri":"lab:\/\/broken"/],
  ["unknown-tool-by-lab-registry", ["t2_tool_errors"], 1, /not -32601/],
  ["state-shallow-copied", ["t2_isolation"], 1, /state leaks between instances/],
  ["tools-static-registry", ["t2_isolation"], 1, /state leaks between instances/],
  ["notification-error-answered", ["t2_notifications"], 1, /nothing is due \(null\)/],
  ["notify-after-initialize-request", ["t2_list_changed"], 1, /held \[.*\], not \[/],
  ["prompt-empty-value-missing", ["t2_prompts_resources"], 1, /"(a|topic)":""[\s\S]*a result is due, and it is error \{"code":-32602/], // cost 0 on seed 7 before: "" came up on some seeds only
  ["tool-error-string-e", ["t2_tool_results"], 1, /ERROR: Error: /],
  ["kindof-result-loose", ["t1_kinds"], 1, /"result":null/],
  ["kindof-result-before-method", ["t1_method_kinds"], 1, /^(?=[^]*"method":"[^"]*")(?=[^]*"(result|error)")/], // cost 0 before: no shape had a method beside result or error
  ["pump-reads-first-only", ["t3_messages"], 1, /pump\(\) sent 0 message\(s\); tools\/list was due next/],
  ["transport-notifications-uncopied", ["t3_transport"], 1, /notifications\(\) returned the server's own objects/],
  // Loops that never end: cost 8 before (every check charged each session the stopped run never
  // answered); now a step per call, a run per check, and the step that never returned is its rule's.
  ["prompt-filled-until-none-left", ["t2_prompts_resources"], 1, /Compare MCP with MCP|never returned/],
  // Any raising tool: flaky, divide, or a made one (behaviour/made-tools.ts) that raises.
  ["tool-retried-until-it-works", ["t2_tool_results"], 1, /"method":"tools\/call","params":\{"name":"[^"]+"[^\n]*\n→ it never returned/], // cost 2 on seeds 0 and 12345 when charged to the stopped session's check
  // Cost 2 in the CLI before: the stdio session's request before initialize charged the pipe's point too (grading/live-charges.ts).
  ["gate-code-32002", ["t2_handshake"], 1, /its error code is -32002, not -32600/],
  // Helper 147 (gaming-round-2026-12-07r): initialized opens the session only right after
  // initialize: every check whose sessions sent an early request first failed by it (12/18).
  // One slip of the gate, charged there (grading/gate-slips.ts initializedOnlyAfterInitialize).
  ["gate-initialized-after-initialize-only", ["t2_handshake", "t2_tool_errors", "t2_tool_results", "t2_tools_list", "t2_prompts_resources", "t2_notifications", "t2_initialize_again"], 1, /opened it only right after initialize/],
  // Cost 2 before: the name listed twice failed t2_tools_added's lists too, voiding t2_tools_after beside t2_tool_names.
  ["readd-duplicates", ["t2_tools_list"], 1, /its result is \{"tools":\[/],
  ["client-id-after-success", ["t3_ids"], 1, /was used twice/], // the id moved on only after a success: the request after an error reuses it
  // Charged to t2_tools_list and t2_prompts_resources before (the methods refused after it): grading/regated.ts.
  ["initialize-again-resets", ["t2_initialize_again"], 1, /initialize came again once the session was live/],
  // Cost 2 on seeds 7 and 12345 before: the unasked list was due an error, charged to t3_errors as
  // if the error had reached it (grading/client-verdicts.ts, startsAsModel).
  ["list-lazy-after-first", ["t3_messages"], 1, /list\(\) sent 0 message\(s\); tools\/list was due next/],
  ["pump-refetch-on-any", ["t3_messages"], 1, /pump\(\) sent \{"jsonrpc":"2\.0","id":\d+,"method":"tools\/list"\} after the 0 message\(s\) due/],
  // Helper 42: each placeholder filled by replaceAll with a string replacement, so "$&" and "$'" in
  // a value are patterns, not text. hole: no value held a "$" (18/18); one fixed request's does now.
  ["prompt-replaceall-string", ["t2_prompts_resources"], 1, /Compare {2}with \$5 & \{b\} {2}MCP/],
  // Helper 47: one mistake each.
  ["prompt-unknown-32601", ["t2_prompts_resources"], 1, /"prompts\/get"[\s\S]*its error code is -32601, not -32602/], // an unknown prompt -32601, as an unknown tool is
  ["resource-read-mime-fixed", ["t2_prompts_resources"], 1, /"uri":"lab:\/\/config","mimeType":"text\/plain"/], // resources/read's mimeType always "text/plain"
  ["resource-read-failure-32602", ["t2_prompts_resources"], 1, /lab:\/\/broken[\s\S]*its error code is -32602, not -32603/], // a read() that raises caught and answered -32602
  ["tool-error-no-iserror", ["t2_tool_results"], 1, /its result is \{"content":\[\{"type":"text","text":"ERROR: [^"]*"\}\]\}/], // a raising tool's "ERROR: " text without isError: true
  ["pump-refetch-not-cached", ["t3_cache_after_pump", "t3_cache"], 1, /got add,weather,delete_db\b/], // pump sends tools/list on list_changed but keeps the old cache
  ["client-connect-id-reused", ["t3_ids"], 1, /id 1 was used twice/], // connect sends initialize with id nextId and never moves it on
  ["pump-counts-list-changed-only", ["t3_results"], 1, /pump\(\) returned \d+, not \d+/], // pump returns how many list_changed it drained, not how many notifications
  ["allow-before-unknown", ["t2_tool_errors"], 1, /"tools\/call"[\s\S]*its error code is -32600, not -32601/], // the allow-list checked before the lookup: a name neither added nor allowed is -32600
  ["required-falsy-missing", ["t2_tool_results"], 1, /a result is due, and it is error \{"code":-32602/], // a required argument with a falsy value (0, "", false) counted missing
  // Helper 47's holes, each 0 on some or every seed before: kindOf's edges now hold an error with
  // id null (behaviour/messages.ts); each notification session a request whose id is true, [1], {},
  // false or {id: 1} (server-checks.ts NOT_IDS; -32600 with that id or with null); a pump drains
  // two list_changed (client/scenarios.ts); a malformed initialized is followed by a gated request
  // (server-checks.ts handshakeSessions). 1 on seeds 0, 7, 12345.
  ["kindof-error-null-id", ["t1_kinds"], 1, /"id":null,"(result|error)"/], // a response or error with id null read as invalid (a parse error's error response is "error")
  ["request-id-null-only", ["t2_notifications"], 1, /answered wrongly/], // "id must not be null" read literally: any other non-string, non-number id served
  ["pump-refetch-per-notification", ["t3_messages"], 1, /pump\(\) sent \{"jsonrpc":"2\.0","id":\d+,"method":"tools\/list"\} after the 1 message\(s\) due/], // pump calls listTools for each list_changed drained
  ["initialized-before-jsonrpc-check", ["t2_handshake"], 1, /answered wrongly/], // notifications/initialized flips live before the jsonrpc (and id) checks
  // Helper 58's, 2026-12-05: a memo of results outliving the driver's call that filled it read as
  // made up (15/18: client/beyond.ts reads a continued call against the client's earlier calls);
  // a TypeError on the undefined cache a reply meant for another request left, a second charge
  // (16/18: beyond.ts thrownOnCacheLeftByOther); a gate open once both were seen, either reading
  // per step, charged to the methods' checks (16-17/18: grading/mixed-gate.ts).
  ["client-call-memoized", ["t3_messages"], 1, /call\(\) sent 0 message\(s\); tools\/call was due next/],
  ["client-validates-required-locally", ["t3_messages"], 1, /call\(\) sent 0 message\(s\); tools\/call was due next/],
  ["gate-both-seen-any-order", ["t2_handshake"], 1, /other reading of an early notifications\/initialized/],
  // Helper 68, around the charges of 2026-12-05 (string-ids.ts, gate-slips.ts): one slip each.
  ["no-gate-at-all", ["t2_handshake"], 1, /server not initialized/], // requests served before the handshake
  ["id-numeric-strings-as-numbers", ["t2_envelope"], 1, /"id":"\d+"/], // a string id of numeric text answered under the number
  ["live-at-initialize-notify-always", ["t2_handshake", "t2_list_changed"], 2, /list_changed/], // live at initialize (the gate's slip) and list_changed queued before any initialize: two
  ["client-ping-after-connect", ["t3_sent_methods", "t3_messages"], 1, /ping/], // a ping sent after the handshake, its answer ignored (the scripted peer answers only its methods)
  // Moved from mcp-stateful-class-open on 2026-12-06 (stop 57). An eager tools/list at connect
  // shifted every later scripted reply (14/18): a tools/list asked once more gets the last list
  // again (src/sandbox/peers.ts `again`, client/rules.ts alignedOps). String ids refused with
  // -32600 beside an unknown tool refused -32600 for every id (11/18): only requests the model
  // serves tell a string-id mistake (string-ids.ts), and a step answered as the server answers its
  // rule everywhere is no sign of the other gate reading (mixed-gate.ts ruleHabits). The allow-list
  // and the required arguments both skipped, and a sorted list whose entries lost their
  // descriptions (17/18 each): a refusal skipped of a rule the trace's wrong answers do not show
  // (skipped-rules.ts), and a list answer still wrong in the page's order (value-slips.ts), cost
  // beside the wrong line.
  ["client-connect-lists-tools", ["t3_sent_methods", "t3_messages"], 1, /connect\(\) sent \{"jsonrpc":"2.0","id":\d+,"method":"tools\/list"/],
  ["string-ids-refused-unknown-tool-same-code", ["t2_tool_errors", "t2_envelope"], 2, /id must be an integer/],
  ["no-required-no-allow-list", ["t2_delete_db_code", "t2_tool_errors"], 2, /a refusal of another kind was skipped/],
  // One branch skipped both refusals: on calls without arguments, or on tools added to the live
  // session. One slip, one point (grading/skipped-rules.ts markTabledRules: the page's refusal was
  // never skipped on a call of its shape).
  ["validate-only-with-args", ["t2_tool_errors"], 1, /an error with code -326\d\d is due, and it has a result instead/],
  ["live-added-tools-unchecked", ["t2_tool_errors"], 1, /an error with code -326\d\d is due, and it has a result instead/],
  ["list-sorted-entries-no-description", ["t2_tool_names", "t2_tools_after", "t2_tools_list", "t2_tools_added"], 2, /still wrong: a mistake of its own beside the list's order/],
  // Helper 98 (stateful-round-2026-12-06j), one mistake each. Every error's message empty, once
  // every refusing method's check (14/18): the envelope's now. A tool added with notify while live
  // never registered (15/18: grading/notify-added.ts) and every tools/list refused by a switch
  // case falling through (16/18: value-slips.ts chargeListsRefused): one line's. Kept 18/18
  // before: a notification answered undefined (the page's transport cannot round-trip it), and
  // resources or prompts in a plain object (every Object.prototype name is sent as a uri and a name now).
  ["error-message-empty", ["t2_envelope"], 1, /its error has no message/],
  ["addtool-notify-early-return", ["t2_tools_after", "t2_tools_list", "t2_tools_added"], 1, /tools added with notify never registered/],
  ["switch-fallthrough-list", ["t2_tool_names", "t2_tools_after", "t2_tools_list", "t2_tools_added"], 1, /Every tools\/list is refused/],
  ["notification-returns-undefined", ["t2_initialized_answer", "t2_notifications"], 1, /<undefined>/],
  // A uri or name that is no string (a list) finds the table's entry too: that counterexample, shorter, where it is sent.
  ["resource-object-table", ["t2_prompts_resources"], 1, /"uri":"constructor"|"uri":\["lab:\/\/readme"\]/],
  ["prompt-object-table", ["t2_prompts_resources"], 1, /"name":"constructor"|"name":\["summarize"\]/],
  // callTool throwing McpError(-32601) unsent for a name its cache lacks: t3_results and t3_errors
  // read it as made up (15/18); a client judging names itself is t3_messages' one mistake (client/beyond.ts).
  ["client-refuse-unknown-name", ["t3_messages"], 1, /sent 0 message\(s\); tools\/call was due next/],
  // The allow-list a plain object: 18/18 while no tool had a name Object.prototype has
  // (behaviour/server-checks.ts inheritedNamedTools).
  ["allow-object-lookup", ["t2_tool_errors"], 1, /"constructor"/],
  // Helper 104 (stateful-round-2026-12-06p), 18/18 each while no session sent what shows them (now
  // on every seed: behaviour/server-checks.ts lookalikes, handshakeSessions' and listChangedSessions'
  // last): an allow-list joined into one string and searched, negative ids refused, params null not
  // read as {}, prompt names matched in any case, list_changed queued for a new name only, the outbox
  // emptied by initialize, a second initialize refused before the session is live.
  ["allow-list-joined-string", ["t2_tool_errors"], 1, /"allowedTools":\["weather","add_more","sub"\]/],
  ["id-nonnegative-only", ["t2_tools_list"], 1, /"id":-1/],
  ["params-null-destructure", ["t2_prompts_resources"], 1, /"params":null/],
  ["prompt-name-case-insensitive", ["t2_prompts_resources"], 1, /"name":"(Summarize|summarize |COMPARE)"/],
  ["notify-new-names-only", ["t2_list_changed"], 1, /drainOutbox/],
  ["outbox-cleared-on-initialize", ["t2_list_changed"], 1, /"method":"initialize"/],
  ["initialize-again-refused-before-live", ["t2_initialize_again"], 1, /a result is due/],
  // A second initialized closing the gate again (16/18: t2_tools_list and t2_initialize_again,
  // told initialize was refused once live): the gate's, charged once (grading/regated.ts reclosedSteps).
  ["initialized-toggles", ["t2_handshake"], 1, /notifications\/initialized came again/],
  // Helper 111 (clients-round-2026-12-06w): a transport whose replacer drops null-valued keys,
  // 18/18 while no probe held one outside a list (client/odd-values.ts nullable).
  ["client-transport-drops-nulls", ["t3_transport"], 1, /nullable\.none is missing/],
  // Helper 111: tools/list sent again after each refused call, 15-16/18 where the long scenario ran
  // out of the mock's 64 messages a call: what the unfinished ops gave is unjudged (grading/client-verdicts.ts).
  ["client-refetch-after-error", ["t3_messages", "t3_sent_methods"], 1, /tools\/list/],
  // Helper 110: 18/18 each while no session showed them (behaviour/server-checks.ts handshakeSessions'
  // last two, behaviour/messages.ts kindCases): "initialized" taken for notifications/initialized,
  // notifications/initialized holding params ignored, ids past 2**31 refused, initialize again from
  // another client refused, an empty method read as none.
  ["initialized-lsp-alias", ["t2_handshake"], 1, /lsp-gated/],
  ["initialized-without-params-only", ["t2_tools_list"], 1, /live-after-params/],
  ["id-int32-range", ["t2_tools_list"], 1, /1099511627776/],
  ["reinitialize-other-client-refused", ["t2_initialize_again"], 1, /another-client/],
  ["kindof-method-truthy", ["t1_method_kinds"], 1, /"method":""/],
  // And an allow-list compared lowercased, prompt values trimmed (server-checks.ts otherCaseAllowed, "padded-value").
  ["allow-list-case-insensitive", ["t2_tool_errors"], 1, /allowed-in-caps/],
  ["prompt-values-trimmed", ["t2_prompts_resources"], 1, /padded-value/],
  // Caught on some seeds only before (helper 110): the outbox emptied by a tools/list, a list's memo
  // dropped only on notify, a builder dropping params {} (sent on every seed now).
  ["outbox-cleared-by-tools-list", ["t2_list_changed"], 1, /list_changed/],
  ["list-memo-dropped-on-notify-only", ["t2_tools_list", "t2_tools_added"], 1, /tools\/list/],
  ["notification-empty-params-dropped", ["t1_notification_built"], 1, /params/],
  // Helper 110 (stateful-round-2026-12-06v): a phase table read as row.next[method], broken by a
  // method named toString before the handshake: 10-11/18 while every later -32603 was each check's;
  // charged to the gate now (grading/regated.ts poisonedSteps), its notifications and drains still
  // their own checks' (3 points at seed 7, 7 before).
  ["server-phase-table-inherited", ["t2_handshake", "t2_list_changed", "t2_notifications"], 3, /"method":"(toString|__proto__|constructor|valueOf|hasOwnProperty)"/],
  // Builtins round C2 (builtins-round-2026-12-08t): every prompts/get answered -32603 (prompt.arguments
  // read as a schema). 16/18 while poisonedSteps took the -32603s after the early __proto__, answered
  // as the model answers it, as t2_handshake's too; an inherited name poisons only when answered wrongly.
  ["prompt-get-internal-error", ["t2_prompts_resources"], 1, /schema\.required is not iterable/],
  // Helper 105: a pump that empties the cache on list_changed instead of fetching again (16/18:
  // t3_cache beside t3_messages); the cache is the client's to choose until its next list (client/beyond.ts).
  ["pump-invalidates-only", ["t3_sent_methods", "t3_cache_after_pump", "t3_messages"], 1, /pump\(\) sent 0 message\(s\); tools\/list was due next/],
  // Helper 110: the allow-list read as indexOf(name) > 0 (its first name refused -32600): 16/18
  // while a missing argument of such a tool, refused as not allowed first, was t2_tool_errors' too
  // (grading/allowed-refused.ts charges it to t2_tool_results, which the page's add line shows).
  ["allow-list-indexof-gt-zero", ["t2_add_text", "t2_tool_errors", "t2_tool_results"], 1, /not permitted/],
  // Helper 115: a -32603 retried once under a new id: t3_messages, and a connect whose retry got no
  // answer threw code null, t3_errors too (16/18 at seed 12345). An op that sent more after its error
  // response gave what that send got: t3_messages' mistake where that rule failed (client/rules.ts).
  ["client-retries-internal-error", ["t3_messages"], 1, /sent \{"jsonrpc":"2\.0","id":\d+,"method":"tools\/list"\} after the 1 message\(s\) due/],
  // Helper 117, from helper 115's stateful-round-2026-12-07b (each folder m-<name> there): one
  // mistake each that kept 18/18 on some seed or all while no generated session or scenario showed
  // it, caught now by one drawn last on every seed (behaviour/server-checks.ts, client/scenarios.ts).
  ["handshake-by-client-name", ["t2_isolation"], 1, /same-client-gated/], // a module Set of client names that finished the handshake (sameClientName)
  ["id-checked-after-dispatch", ["t2_handshake"], 1, /gated-after-null-id/], // an initialized with "id": null refused -32600 after it opened the session
  ["jsonrpc-missing-accepted", ["t2_notifications"], 1, /no-jsonrpc/], // jsonrpc checked only when the key is present (moreEnvelopes)
  ["emitter-dispatch-error-event", ["t2_notifications"], 1, /method-error[\s\S]*-32603, not -32601/], // node:events emit("error") with no listener throws (moreEnvelopes)
  ["method-lowercased", ["t2_notifications"], 1, /method-case/], // the method lowercased before dispatch: "Tools/list" served (18/18 at seed 0 before)
  ["outbox-reset-on-initialized", ["t2_list_changed"], 1, /held \[\], not \["notifications\/tools\/list_changed"\]/], // a second initialized empties the outbox
  ["outbox-bounded-16", ["t2_list_changed"], 1, /drainOutbox/], // the outbox capped at 16, the oldest dropped
  ["max-tools-from-config", ["t2_tools_list"], 1, /nine-tools/], // lab://config's maxTools 8 enforced by addTool (moreThanEight)
  ["tool-empty-text-placeholder", ["t2_tool_results"], 1, /\(no output\)/], // a run's "" answered "(no output)" (emptyText)
  ["client-call-server-codes-as-tool-error", ["t3_errors"], 1, /call\(\) returned .*"isError":true.*error -320\d\d/], // a -32000..-32099 refusal of tools/call made an isError result
  ["client-connect-generic-error-code", ["t3_errors"], 1, /connect\(\) threw with code -32603, not the response's -3260[12]/], // connect throws -32603 on any refusal (18/18 at 12345 before)
  ["client-list-32601-as-empty", ["t3_errors"], 1, /list\(\) returned \[\]; the server answered error -32601/], // a -32601 tools/list read as an empty list (18/18 at 12345 before)
  // The page's host hands every server the same LAB_TOOLS entry, where the driver copies a tool for
  // each addTool; steps marked shared get one object per name in the session (drivers-source.ts).
  ["permission-cached-on-tool-object", ["t2_isolation"], 1, /state leaks between instances/], // the permission cached on the tool object: the last server to add it decides (sharedToolIsolation)
  ["readd-same-object-no-notify", ["t2_list_changed"], 1, /held \[\], not \["notifications\/tools\/list_changed"\]/], // the held tool object re-added with notify returns early, no list_changed
  // Helper c2, from stateful-round-2026-12-07e (and 06p's client cache): each 18/18 while no
  // generated input showed it; behaviour/edge-sessions.ts and client/edge-scenarios.ts send each on
  // every seed now, after the drawn sessions and scenarios on streams of their own.
  ["reused-ids-string-keyed", ["t2_notifications"], 1, /Its id is "7001", which no request of the session carried before/], // ids kept as String(id): "7001" after 7001 refused as reused (grading/falsy-ids.ts looksReused)
  ["reused-ids-loose-equality", ["t2_notifications"], 1, /was used before/], // ids compared with ==: "7001" after 7001, "" after 0 (one mistake, t2_notifications', on every seed)
  ["version-parseint-negotiation", ["t2_initialize"], 1, /"protocolVersion":"2025-11-25"/], // versions compared by parseInt: 2025-11-25, newer than the lab's, echoed (cost 2 before it was read as beyond the lines, server-verdicts.ts ofNoFixturesKind)
  ["resource-uri-scheme-stripped", ["t2_prompts_resources"], 1, /uri-without-scheme/], // "readme" read as lab://readme
  ["resource-uri-decoded", ["t2_prompts_resources"], 1, /lab:\/\/read%6De/], // the uri percent-decoded before the lookup
  ["tool-typeerror-internal", ["t2_tool_results"], 1, /internal error: TypeError/], // a tool's TypeError answered -32603, not isError
  ["tool-error-first-line-only", ["t2_tool_results"], 1, /"ERROR: quota exceeded"/], // a raised message cut to its first line
  ["allow-list-trimmed", ["t2_tool_errors"], 1, /not-allowed-add-spaced/], // allow-list entries trimmed: "add " allows add
  ["notification-bad-method-answered", ["t2_notifications"], 1, /method must be a string/], // {"jsonrpc":"2.0","method":7} answered -32600
  ["initialize-before-id-check", ["t2_notifications"], 1, /"id":null,"result":\{"protocolVersion"/], // initialize with id null answered
  ["prompt-missing-by-undefined-text", ["t2_prompts_resources"], 1, /Summarise undefined in three bullet points/], // a value "undefined" taken for a missing variable
  ["spec-gate-seen-before-jsonrpc", ["t2_handshake"], 1, /before-any-initialize|after-refused-initialize/], // the spec reading's "initialize seen" set before the jsonrpc check
  // Two clients in one module instance (Scenario.freshClients): the second's failures where the first's
  // same ops were right are one mistake, the first rule it broke (grading/client-verdicts.ts).
  ["client-refused-flag-module-level", ["t3_handshake"], 1, /the client before left state this new one read/], // "handshake refused" in a module variable (cost 2 before the second client's failures were read as one)
  ["client-cache-module-level", ["t3_cache"], 1, /after connect\(\) its tools are \[\{"name"/], // the tools cache a module variable
  // Helper c1, from stateful-round-2026-12-07e (and 06v's -32603 sibling): a session closed by an
  // error answer (initialized = false beside the refusal) cost the refused steps of every later
  // request's check, and after the page's delete_db refusal the trace's outbox and step-6 list:
  // 12, 13, 16 and 16/18 (15 at seed 7). One mistake, the check of the error's rule
  // (grading/closed-by-error.ts); two mistakes stay two (not-permitted-closes-and-text-trimmed).
  ["not-permitted-closes-session", ["t2_outbox", "t2_tools_after", "t2_tool_errors"], 1, /closed the session when it answered an earlier request with error -32600/],
  ["missing-argument-closes-session", ["t2_tool_errors"], 1, /closed the session when it answered an earlier request with error -32602/],
  ["unknown-method-closes-session", ["t2_notifications"], 1, /closed the session when it answered an earlier request with error -32601/],
  ["internal-error-closes-session", ["t2_prompts_resources"], 1, /closed the session when it answered an earlier request with error -32603/],
  ["not-permitted-closes-and-text-trimmed", ["t2_outbox", "t2_tools_after", "t2_tool_errors", "t2_tool_results"], 2, /closed the session/],
  // One order slip judged by t2_tools_list and t2_tools_added's step-6 line, or by both checks
  // (16/18 each): charged to the one check whose rule it breaks (grading/list-order-slips.ts).
  ["tools-list-allowed-first", ["t2_tools_after", "t2_tools_list"], 1, /leaves delete_db out/],
  ["live-added-listed-first", ["t2_tools_after", "t2_tools_list", "t2_tools_added"], 1, /added once the session was live/],
  ["live-added-and-allowed-first", ["t2_tools_after", "t2_tools_list", "t2_tools_added"], 2, /another order|it lists the tools/],
  // fair-round-2026-12-07g: values no input held kept 18/18 (seeds 0, 12345): arguments as the JSON
  // text of an object, parsed; an empty description replaced by the name; a client telling an error
  // by its code's or message's truthiness. behaviour/edge-sessions.ts and client/edge-scenarios.ts
  // send each on every seed: one point each.
  ["arguments-json-string-parsed", ["t2_tool_errors"], 1, /"arguments":"\{/],
  ["tools-list-description-or-name", ["t2_tools_list"], 1, /description: ""/], // the session's addTool of the tool described ""
  ["client-error-code-truthy", ["t3_errors"], 1, /the server answered error 0/],
  ["client-error-message-truthy", ["t3_errors"], 1, /the server answered error -32001/],
  // fair-round-2026-12-07j: one slip in what the builders share (an envelope with `id || null`, a
  // "params given" test that takes {} for none) failed each builder that reached it, 2-3 points by
  // the seed; charged once to the first (grading/builder-slips.ts).
  ["envelope-id-or-null", ["t1_request_built", "t1_response_built"], 1, /its id is null, not/],
  ["request-empty-params-dropped", ["t1_request_built", "t1_notification_built"], 1, /it has no "params"/],
];

/** Submissions that game one task: [fixture, the task, the most of its points it may keep]. */
const GAMING: [string, string, number][] = [
  // The page's one refusal from a table of its config: both refusal rules skipped, as
  // no-required-no-allow-list's two points (17/18 while the table kept the line's point,
  // grading/skipped-rules.ts markTabledRules).
  ["gaming-config-deny-table", "task2", 6],
  // Helper 147: the reference for the page's config only, and a loop that never ends on every
  // other client's notifications/initialized: task 2 kept 5 of 8, its checks judged on the page's
  // config alone (grading/server-verdicts.ts sawBeyondPage). The initialize lines' 3 at most.
  ["gaming-stall-initialized-off-trace-config", "task2", 3],
  // The review of stop 59: a client that, once asked for a tool the page never calls, spends the
  // mock's 64 messages a call on pings so that what its ops give goes unjudged, and answers from
  // nothing after. Whether the mock ran out is read from the peers' record of the call, never from
  // a text the client can write (grading/client-verdicts.ts); honest price 2/5 (the same without pings).
  ["gaming-client-spends-mock-messages", "task3", 2],
  // And one that throws the grader's own words for a mock out of messages, one ping more than due.
  ["gaming-client-forges-mock-text", "task3", 2],
  // Every known tool refused as not allowed (no allow-list, no arguments read, no tool run): not the
  // one mistake of an allow-list read wrongly (grading/allowed-refused.ts), both rules' points go.
  ["gaming-refuses-known-tools", "task2", 6],
  // Helper 104: a null id read as no id except in the page's own example ({"id": null, "method":
  // "notifications/initialized"}), in the server and in kindOf: 18/18 while that example was the
  // only null-id request sent. One on tools/list now, in both (server-checks.ts, messages.ts).
  ["gaming-id-null-page-example", "task2", 7],
  ["gaming-kindof-null-id-trace", "task1", 4],
  // Helper 106 (cheats-round-2026-12-06r): kindOf by the rules only for messages of English-looking
  // words, by one key alone otherwise: 18/18 while no invalid shape held a drawn-looking word (messages.ts).
  ["gaming-kindof-random-word", "task1", 3],
  // Helper 79 (cheats-2026-12-05d): the rules followed only for messages whose keys come in the
  // page's order (a lazy server otherwise), only in the first 20 ms after the module loaded, a
  // client that throws only for error responses in the page's key order, a kindOf right only in the
  // builders' order: 18/18, 18/18, 18/18 and 17/18 while every generated message had the page's
  // order and the calls came within milliseconds. Every third generated message, session step,
  // scripted reply and kindOf case now has its keys in a drawn order (src/pack/key-orders.ts), and
  // each call moves the sandbox's clock on by a second (src/sandbox/fuel.ts CALL_CLOCK_STEP_MS).
  ["gaming-key-order-detect", "task2", 6],
  ["gaming-time-window", "task2", 5],
  ["gaming-client-key-order", "task3", 4],
  ["gaming-kindof-key-order", "task1", 4],
  // Helper 81 (cheats-2026-12-06): tools looked up with `in`, only the four inherited names the
  // sessions sent refused by a list: 18/18. Every name Object.prototype has is now sent
  // (behaviour/generate.ts UNKNOWN_TOOLS): t2_tool_errors' point.
  ["gaming-inherited-names-table", "task2", 7],
  // Tools kept as properties of a class instance looked up with `in`, Object.prototype's names
  // refused by a list of exactly them, the class's own methods found as tools (cheats-2026-12-06b
  // registry-class-proto): 18/18. The names the submission's own code uses are called as tools
  // too now (src/pack/own-names.ts, grading/plan.ts): t2_tool_errors' point.
  ["gaming-registry-class-proto", "task2", 7],
  // The same registry with its methods declared by quoted names, by names with a Unicode escape, or
  // made by new Function from a string (cheats-2026-12-06e): 18/18 while only the code's
  // identifiers were read. Strings' words and escaped names are read too now.
  ["gaming-registry-quoted-names", "task2", 7],
  ["gaming-registry-escaped-names", "task2", 7],
  ["gaming-registry-function-class", "task2", 7],
  // Helper 74 (2026-12-05): one cheap slip in initialize's result (the version, or capabilities
  // without prompts) beside a lazy server (no gate, no prompts or resources, a second initialize
  // refused; the first also with module-level tools and outbox): 17/18, every family read through
  // the handshake's lines. A value slip reaches no later step (grading/value-slips.ts), and a
  // second initialize refused is t2_initialize_again's own mistake: 3 and 4.
  ["gaming-slip-init-version-everything", "task2", 3],
  ["gaming-slip-init-version-lazy", "task2", 4],
  ["gaming-slip-capabilities-lazy", "task2", 4],
  // The lazy server's wrong answers thrown instead (a TypeError out of handle), alone and with
  // module-level state: 17/18 and 16/18 while throws were one cause a task; throws on inputs of no
  // one kind are each their family's (src/pack/crash-kinds.ts): 4 and 3.
  ["gaming-throws-where-lazy-wrong", "task2", 4],
  // The same inputs answered by a loop that never ends (each step stopped at its own budget), alone
  // and with module-level state: 17/18 while stops were one cause a task. A step that never
  // returned says its kinds as a throw does (server-verdicts.ts): 14/18 each (13 at one seed).
  ["gaming-stall-where-lazy-wrong", "task2", 4],
  ["gaming-stall-lazy-shared-state", "task2", 4],
  // Helper 74: tools/list newest first (the tool lines' slip) with tools and outbox on the module
  // (isolation), and a client whose pump never re-fetches (the trace's lines) with every request id
  // 1: 17/18 each, the families read through those lines. A list in another order is no state
  // (grading/value-slips.ts markToolOrderSlips), and no line's slip reaches the ids, judged only in
  // the model's ops (evidence/rule-families.ts): 16/18 each.
  ["gaming-slip-tool-order-shared-state", "task2", 6],
  ["gaming-client-slip-pump-ids", "task3", 3],
  ["gaming-throws-lazy-shared-state", "task2", 3],
  // 18/18 before: every generated session was at most 21 handle calls long (behaviour/server-checks.ts, padded).
  ["gaming-first-calls", "task2", 2],
  // 5 of 5 before (every scenario at most 8 requests), then 3 (the errors and cache after the
  // scripted replies stop matching were not judged); now past them what an op gave and cached is
  // judged against the replies the client got (client/beyond.ts): the transport's point alone.
  ["gaming-client-first-requests", "task3", 1],
  // Each kept 4 of 5 (t3_messages alone): past its 10th request it sends nothing and returns the
  // cache and the last result it got, or throws McpError. Its cache code is the reference's (a
  // listTools that does not ask keeps the cache as it was: t3_messages' mistake), so it keeps 2.
  ["gaming-client-stale-after-n", "task3", 2],
  ["gaming-client-throws-after-n", "task3", 2],
  ["gaming-client-offline-after-n", "task3", 2], // a plain Error, no code: kept 4 while only McpErrors thrown unasked were made up
  // Right for 90 requests: 4 of 5 while no scenario went past one call's 64 peer messages (about
  // 30 requests); one long scenario now runs 4 times on one client (client/model.ts `calls`).
  ["gaming-client-stale-after-90", "task3", 2],
  // 5 of 5: every scenario's server answered initialize with the page's result; now its serverInfo
  // and capabilities differ (client/scenarios.ts initResult).
  ["gaming-client-connect-table", "task3", 4],
  // 5 of 5 on seed 12345 (no error response after its 8th request); each long scenario now ends
  // with two errors, a call and a list (client/scenarios.ts lateTail).
  ["gaming-client-errors-first-n", "task3", 4],
  ["gaming-client-cache-first-n", "task3", 4],
  // 5 of 5: every call was add, divide, weather or nope with {x, y}; the scenarios now call tools
  // of other names with other arguments.
  ["gaming-client-known-names", "task3", 1],
  // What these kept was already only what their work earned (the messages they send, the transport).
  ["gaming-client-trace-table", "task3", 2],
  ["gaming-client-trace-error", "task3", 4],
  ["gaming-client-cache-merges", "task3", 4],
  ["gaming-client-cache-trace-order", "task3", 4],
  // tools/list in the page's trace order, not the order added (helper 37): both list lines go, 6
  // (7 on seed 3, where only t2_tools_added's sessions added tools out of the page's order).
  ["gaming-tools-list-page-order", "task2", 6],
  // The allow-list as the page's answer by name (delete_db refused, every other tool run): the
  // sessions' allow-lists are drawn, so both lines of the call go, 6 on seeds 1-3 too (helper 37).
  ["gaming-allow-list-by-name", "task2", 6],
  // 8 of 8 while every session added only the lab's six tools (helper 37): tool texts from a
  // table by name, or tools/list and tools/call from LAB_TOOLS by name. Sessions now add tools
  // made from data (behaviour/made-tools.ts): the text's line goes, and the list's too.
  ["gaming-tool-text-table", "task2", 7],
  ["gaming-list-by-lab-name", "task2", 6],
  // Runs add only, every other lab tool it was handed refused as unknown: 7 while such a refusal
  // was judged as a lookup mistake alone (grading/tool-lookup.ts: made tools only now).
  ["gaming-runs-add-only", "task2", 6],
  // 5 of 5 (helper 37): structuredClone, then only a Date to its text and undefined keys dropped;
  // the generated probes now carry NaN, -0, a Map, toJSON... (client/odd-values.ts).
  ["gaming-transport-date-fix", "task3", 4],
  // Copies only what JSON would change: 5 of 5 while only the request (which always held a Date)
  // was checked for being the client's own object; the notification is too (helper 41).
  ["gaming-transport-copies-when-changed", "task3", 4],
  // Helper 41. Right for a session's first 20 live requests (the refused padding is not counted):
  // 8 of 8, every session had 19 at most; the padded sessions now have 30-70 live requests after
  // their handshake (behaviour/server-checks.ts livePadded): what it keeps is initialize's lines
  // and the outbox's (addTool and drainOutbox are no requests, and right).
  ["gaming-live-calls-first-n", "task2", 3],
  // The same, with live requests whose id has four digits or more left out of the count (helper 84,
  // cheats-2026-12-06c): 16/18 and 18/18 (with 60 calls) while the live padding's ids were drawn from
  // 1,000-9,000 past a session's own; they go on from the session's now (behaviour/padding.ts).
  ["gaming-live-count-small-ids", "task2", 3],
  ["gaming-live-count-small-ids-60", "task2", 4],
  // The same, the padding told by its ids ("live-N") and left out of the count: 8 of 8; the live
  // padding's ids are now a session's kind (behaviour/padding.ts).
  ["gaming-live-calls-skips-padding", "task2", 3],
  // The allow-list or the required arguments checked for the lab's names only: 8 of 8 on the seeds
  // where no made tool was refused or called short; both now come up on every seed.
  ["gaming-allow-lab-names-only", "task2", 7],
  ["gaming-required-by-lab-schema", "task2", 7],
  // State per allow-list in a module Map: 8 of 8 while two servers side by side were never given
  // equal allow-lists; one isolation session now gives them (t2_isolation, its kind's point).
  ["gaming-shared-by-config", "task2", 7],
  // Right for the first 150 servers made in the process (a count on globalThis, which the sandbox's
  // module instances share): 8 while a grading made 40-80; the trace's servers are now made after
  // 1000 others (grading/plan.ts MADE_BEFORE), so every line of task 2 reads the broken server.
  ["gaming-global-first-servers", "task2", 0],
  // Results and tools rebuilt from the page's keys, errors thrown for JSON-RPC's own codes only: 5 of
  // 5 while every result, tool and error had only those; now they carry the schema's other keys
  // (client/scenarios.ts) and each long scenario's list is refused with a server's own code.
  ["gaming-client-result-keys", "task3", 4],
  ["gaming-client-cache-entry-keys", "task3", 4],
  ["gaming-client-known-codes", "task3", 4],
  // Ids in a Uint8Array wrap after 255 requests: 5 of 5 while one client made about 120 in a
  // grading; a scenario of tool calls alone now runs 9 times on one client (about 270 requests,
  // no list, so cache-appends' cache does not outgrow a run's value: client/scenarios.ts): t3_ids.
  ["gaming-client-id-byte", "task3", 4],
  // Ids cycling through 1-100: 5 of 5 while each call of the continued client had its ids judged
  // alone (about 30 requests); they are judged across its calls now (grading/client-verdicts.ts).
  ["gaming-client-id-cycle", "task3", 4],
  // Helper 47: the page's examples typed in, everything else thrown or stalled.
  ["gaming-kindof-trace-table", "task1", 3], // kindOf a table of the page's trace by id and method, throws on anything else; the builders (3) are right
  ["gaming-server-trace-ids", "task2", 1], // handle replays the page's trace by id 1-4 and throws on any other request; addTool and the outbox are right (t2_outbox)
  ["gaming-server-trace-stalls", "task2", 1], // the same, a busy loop instead of the throw
  // Every op after connect throws McpError(-32603) unless serverInfo is the page's "lab-server": keeps the transport's
  // point and t3_cache_after_pump (a cache never fetched is t3_messages' mistake, as for gaming-client-stale-after-n).
  ["gaming-client-page-server-only", "task3", 2],
  // Helper 53: tool texts from a table by the lab's names, every made tool refused as unknown
  // (-32601): grading/tool-lookup.ts charges the refusals to t2_tool_errors alone. What it answers
  // is what unknown-tool-by-lab-registry answers (the lab's tools run, the others unknown): one
  // mistake to the judge, 7. A made tool under a lab name would tell them apart only by the text,
  // and took a second point from the honest registry lookup (tried: 16/18 on seeds 0 and 7).
  ["gaming-tool-table-refuses-made", "task2", 7],
  // The same with no handshake gate and no resources or prompts: 7 while behaviour cost only at
  // full marks; the gate and the prompts cost a point each beside the table's line now
  // (evidence/rule-families.ts).
  ["gaming-table-no-gate", "task2", 5],
  // No gate, no resources or prompts, no id check, no second initialize, no isolation: 7 of 8 kept
  // (one point a kind at full marks only); 4 now, a point a family (the gate reads through the id
  // check, t2_notifications: a jsonrpc test below initialize fails both, one slip).
  ["gaming-skip-unnamed-rules", "task2", 4],
  // At most one list_changed queued until drained (a flag): 8 on most seeds while two notified adds
  // before a drain were drawn on some only; t2_list_changed has such a session on every seed now.
  ["gaming-outbox-holds-one", "task2", 7],
  // pump re-fetches on list_changed only once in a client's life: t3_messages, every seed.
  ["gaming-client-pump-refetch-once", "task3", 4],
  // The cache replaced only by a list that has tools (5 while a random list was empty once in
  // about 700), and pump re-fetching only when the newest note drained is list_changed (5 while
  // every scripted drain ended with one): the fixed scenario of client/scenarios.ts now ends with
  // an empty list and drains list_changed before another note. 4 each.
  ["gaming-client-cache-keeps-on-empty", "task3", 4],
  ["gaming-client-pump-reads-last", "task3", 4],
  // Helper 71 (2026-12-05): a lazy server (no gate, no prompts or resources, a second initialize
  // refused) with one cheap slip beside it, an outbox notification with "id": null, which failed
  // only t2_envelope: every family read through it, and it cost nothing below full marks (17/18).
  // t2_envelope is a family of its own now, and no family reads through it (a family compares
  // bodies, never the envelope): 14/18, 13/18 with one outbox shared by every server.
  ["gaming-lazy-server-outbox-id", "task2", 4],
  ["gaming-lazy-server-outbox-id-shared", "task2", 3],
  // response() ignoring its result, which no line reads, beside kindOf never saying "invalid":
  // t1_response_built cost only at full marks (16/18); a family of its own now (15/18).
  ["gaming-kindof-no-invalid-no-response", "task1", 2],
  // Helper 92 (cheats-2026-12-06f): the rules kept only for an initialize from clientInfo "probe"
  // (every generated session's) or the page's CLIENT_INFO, a lazy server for any other client:
  // 8 of 8. Each generated session's client is drawn now (behaviour/generate.ts drawnClientInfo):
  // its honest price, the lazy server's 5.
  ["gaming-probe-client-name", "task2", 5],
  // prompts/get filling b before a: 8 on the seeds whose draws held no b = "{a}" (12345); the
  // fixed prompt session sends one on every seed now, beside a = "{b}" (behaviour/server-checks.ts).
  ["gaming-prompt-fill-reversed", "task2", 7],
  // Every inputSchema property taken for a required one: 8 of 8 while every call sent every
  // property; a session calls made tools with optional properties left out on every seed now, and
  // the refusals are t2_tool_errors' (grading/optional-args.ts).
  ["gaming-required-all-properties", "task2", 7],
  // A lazy server that refuses the draws' unknown protocolVersion (2099-01-01): t2_initialize failed
  // by refusals, and every family read through it (a refusal is no value slip): 7, and 7 with its
  // state on the module too. A refusal explains only a later refusal where the rules answer a
  // result, after it in its session (grading/init-refusals.ts): 4, and 3.
  ["gaming-version-refusal-lazy", "task2", 4],
  ["gaming-version-refusal-lazy-shared", "task2", 3],
  // Helper c2, from cheats-round-2026-12-07f: each rule kept only for ASCII messages, 18/18 while
  // every generated input was ASCII; each rule's generated inputs hold text past ASCII on every seed
  // now (behaviour/edge-sessions.ts, client/edge-scenarios.ts, behaviour/messages.ts). The page's
  // trace is ASCII, so each keeps its lines: the rules' own point is what it loses.
  // The lattice's row 6 since helper B's page-calls.ts: the page's delete_db under non-ASCII
  // arguments ("wide-not-allowed") is the page's call, its rule skipped there beside the required
  // check: both rules' points, its honest sibling's 16/18 (17 before, the line's point only).
  ["gaming-lattice-ascii-only", "task2", 6],
  ["gaming-gate-ascii-only", "task2", 7],
  ["gaming-prompt-vars-ascii-only", "task2", 7],
  ["gaming-tool-raise-ascii-only", "task2", 7],
  ["gaming-kindof-ascii-only", "task1", 3],
  ["gaming-client-errors-ascii-only", "task3", 4],
  ["gaming-pump-ascii-only", "task3", 4],
  // Helper B, from cheats-round-2026-12-07f: the allow-list and the required check only under a
  // number id, or only for arguments of at most 20 characters (17/18 while the page's refusal was
  // judged skipped only on calls of its exact shape). The page's call under a string id, an id past
  // 99, with long or extra arguments is the page's call (grading/page-calls.ts, edge-sessions.ts
  // toolEdges): both rules' points, the honest sibling's 16/18. Only for tool names of at most one
  // underscore: the page's call is refused under any id and arguments, the made tools are not, one
  // branch over which tools the rules cover (as live-added-tools-unchecked): 17/18, one point.
  ["gaming-lattice-number-ids-only", "task2", 6],
  ["gaming-lattice-short-args-only", "task2", 6],
  ["gaming-lattice-few-underscores", "task2", 7],
  // Helper G, from cheats-round-2026-12-07h: rules kept only below a size or count no generated
  // input reached (18/18 each at the round's snapshot). Inputs past each bound on every seed: many-
  // keyed invalid shapes (messages.ts), the trace after 1000 servers (plan.ts MADE_BEFORE), a long
  // session of a long-named client, a long allow-list, huge ids and numbers (edge-sessions.ts
  // longEdges), codes outside -32768..-32000 (edge-scenarios.ts): each its honest sibling's price.
  ["gaming-kindof-few-keys", "task1", 3],
  ["gaming-allow-first-500-servers", "task2", 7],
  ["gaming-allow-first-8-calls", "task2", 7],
  ["gaming-allow-ids-below-1e4", "task2", 7],
  ["gaming-allow-short-client-name", "task2", 7],
  ["gaming-allow-small-config", "task2", 7],
  ["gaming-allow-big-numbers", "task2", 7],
  ["gaming-client-code-range", "task3", 4],
  // Helper H3, from cheats-round-2026-12-07i: rules kept only for inputs without a field the
  // specification allows and no generated input carried (18/18 each at the round's snapshot):
  // params._meta, capabilities past elicitation, a clientInfo title, a uri of another scheme, an
  // undeclared prompt argument, a tool's title and annotations, a raise with no message
  // (behaviour/optional-field-edges.ts), an error's data and a list_changed's params
  // (client/edge-scenarios.ts optional): each its honest sibling's price, one point.
  ["gaming-allow-page-capabilities", "task2", 7],
  ["gaming-required-plain-clientinfo", "task2", 7],
  ["gaming-unknown-tool-no-meta", "task2", 7],
  ["gaming-gate-no-meta", "task2", 7],
  ["gaming-resource-unknown-lab-scheme", "task2", 7],
  ["gaming-prompt-vars-no-extra-args", "task2", 7],
  ["gaming-notify-plain-tools-only", "task2", 7],
  ["gaming-tool-raise-nonempty-message", "task2", 7],
  ["gaming-client-pump-bare-note-only", "task3", 4],
  ["gaming-client-errors-no-data-only", "task3", 4],
];

describe("mcp-stateful: the class's submissions through the sandbox", () => {
  let pool: SandboxPool;
  // A thread a core, and the rows at once (vitest's maxConcurrency at a time), each row's seeds
  // too: one after another, a grading left the other core idle.
  beforeAll(() => { pool = new SandboxPool(os.availableParallelism(), false, pack.course.sandboxSource()); });
  afterAll(() => pool.close());

  async function grade(files: Record<string, string>, seed: number): Promise<Record<string, CheckResult[]>> {
    const input: PlanInput = planInput(files, {}, { tasks: TASK_IDS, behaviour: true, schema: true, seed });
    const plan = pack.plan(input);
    const reply = await pool.run({ files, refused: {}, runs: plan.runs, limits: LIMITS });
    // As the engine does: a failure's follow-up (the session shrunk) is asked for and judged too.
    const j = await followUp(pack, plan, reply, input, pack.judge(plan, reply, input), (runs) => pool.run({ files, refused: {}, runs, limits: LIMITS }));
    return Object.fromEntries(TASK_IDS.map((t) => [t, [...(j[t]?.checks ?? []), ...(j[t]?.failure ? [] : j[t]?.extra ?? [])]]));
  }
  const notPassing = (checks: Record<string, CheckResult[]>): CheckResult[] => Object.values(checks).flat().filter((c) => c.status !== "pass");

  it("has a folder for every submission named here, and names every folder", () => {
    expect(readdirSync(FIXTURES).sort()).toEqual([...CORRECT, ...WRONG.map(([n]) => n), ...GAMING.map(([n]) => n)].sort());
  });

  const SEEDS = [0, 12345];
  it.concurrent.for(CORRECT)("passes %s on every check, seeds 0 and 12345", async (name, { expect }) => {
    const graded = await Promise.all(SEEDS.map((seed) => grade(submission(name), seed)));
    SEEDS.forEach((seed, i) => {
      const failed = notPassing(graded[i]!).map((c) => `${c.name}: ${c.message ?? ""}`);
      expect(failed, `${name} seed ${seed}`).toEqual([]);
    });
  });

  it.concurrent.for(GAMING)("keeps %s's %s to at most %i points, seeds 0 and 12345", async ([name, task, most], { expect }) => {
    const graded = await Promise.all(SEEDS.map((seed) => grade(submission(name), seed)));
    SEEDS.forEach((seed, i) => {
      expect(scoreTask({ checks: graded[i]![task]! }, pack.score).score, `${name} seed ${seed}`).toBeLessThanOrEqual(most);
    });
  });

  it("charges a tools/list kept after addTool once on every seed, its stale lists of other checks' sessions too", async () => {
    for (const seed of [0, 12345]) {
      const checks = await grade(submission("tools-list-cache-kept-after-addtool"), seed);
      const lost = TASK_IDS.map((t) => scoreTask({ checks: checks[t]! }, pack.score)).reduce((n, x) => n + x.maxScore - x.score, 0);
      expect(lost, `seed ${seed}`).toBe(1);
    }
  });

  it.concurrent.for(WRONG)("fails %s on %j only, with a counterexample, and costs %i", async ([name, own, cost, shows], { expect }) => {
    const checks = await grade(submission(name), 7);
    expect(notPassing(checks).map((c) => c.name).sort(), name).toEqual([...own].sort());
    for (const c of notPassing(checks)) {
      expect(c.status, `${name}: ${c.name}`).toBe("fail");
      expect((c.kind === "evidence" ? c.actual || c.message : c.message)?.length ?? 0, `${name}: ${c.name}`).toBeGreaterThan(0);
    }
    expect(notPassing(checks).map((c) => [c.message, c.expected, c.actual].join("\n")).join("\n"), name).toMatch(shows);
    const lost = TASK_IDS.map((t) => scoreTask({ checks: checks[t]! }, pack.score)).reduce((n, x) => n + x.maxScore - x.score, 0);
    expect(lost).toBe(cost);
  });
});
