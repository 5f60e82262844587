// One mistake costs one point (issue 20), as a table: each submission of test/fixtures/submissions
// with one mistake, graded through the sandbox with every default check but the type check, and
// the points it may cost. Where one mistake still costs more than a point, the table says why.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pack from "../courses/mcp-ch2/pack.js";
import { TASK_IDS } from "../courses/mcp-ch2/course/tasks.js";
import { gradeSubmission } from "../src/grading/grade.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import { overlay, ROOT } from "./overlay.js";

// [fixture, points it costs]
const COSTS: [string, number][] = [
  // Text outside ASCII written as it is is accepted since 2026-12-07 (t3_non_ascii, class-round-2026-12-07l):
  // every row below whose price held "no ensure_ascii" is a point lower, and an escape table or an
  // escape of some strings only is no game any more (raw text is the page's too).
  ["counts-empty-lines", 1],
  // Empty lines read as messages (logged, answered with a Parse error line): both count lines read
  // that one rule; the second is charged to the first (grading/same-mistake.ts chargeServeLeftOut).
  ["serve-reads-empty-lines", 1],
  // serve's one call on LINES throws at one line: its lines are read from each line alone
  // (grading/outcomes.ts byLine); the count lines read through it and are charged once.
  ["serve-parse-without-catch", 1],
  ["serve-reads-id-of-null", 1],
  // Two mistakes, two points: the log count is wrong over the other lines too (serve-lines.ts).
  ["serve-parse-without-catch-no-log", 2],
  // Two lines fail alone (4 and 6): each charged once, line 6's by the first count line.
  ["serve-parse-without-catch-reads-blanks", 2],
  ["echoes-protocol-version", 1],
  ["enum-without-spaces", 1],
  ["prints-in-serve", 1],
  ["prints-in-tomcp", 1],
  ["unknown-tool-32601", 1],
  ["unknown-tool-iserror", 1],
  ["unsorted-keys", 1],
  // serve's out count reads handle's answer to the notification: charged to task 2 (read-through.ts).
  ["answers-notifications", 1],
  // Three of serve's lines read its line format: the first charges it (read-through.ts).
  ["pretty-printed", 1],
  // toMcp's schema loses its required list, and handle validates against it: handle's checks
  // that pass against the tool toMcp returned are charged to task 1 (read-through-tool.ts).
  ["mutates-input", 1],
  ["renames-in-place", 1],
  // The schema checks read inputSchema alone: the extra key is t1_same_keys', not t1_schema_unchanged's too.
  ["keeps-input-schema-key", 1],
  // Mistakes the fixtures never show, witnessed by generated inputs on every seed.
  ["description-trimmed", 1],
  ["name-lowercased", 1],
  // The schema's id rule and t2_ids_echoed are one rule (score-policy.ts).
  ["numeric-string-ids", 1],
  // The log's text and nested keys' order are no evidence line's: t3_exact_lines charges them
  // once; t3_same_lines (the five lines' rule) reads only what the lines read.
  ["log-zero-based", 1],
  ["nested-keys-unsorted", 1],
  // Two lines of one task that read one mistake: the later is charged to the earlier (grading/same-mistake.ts).
  ["no-description", 1],
  ["query-as-json", 1],
  ["stops-at-parse-error", 1],
  ["drops-parse-errors", 1],
  ["returns-at-notification", 1],
  // t2_same_tools_list (t2_tool_names' rule) judges the whole tool: charged there once, not by
  // t2_ids_echoed, t2_schema_tools_list and t2_interop_list_tools each.
  ["lists-unconverted-tool", 1],
  // A response shape no evidence line reads: the behaviour check charges it, and the schema, the
  // SDK's client and the stdio check that refuse the same response cost nothing more (settle.ts).
  ["server-info-without-version", 1],
  ["error-with-result-null", 1],
  // t2_id5_is_error and t2_id5_text have a rule each: one of them wrong takes one line's point.
  ["is-error-string", 1],
  // The text lines of ids 3, 5 and 7 read one content shape (same-mistake.ts).
  ["content-not-a-list", 1],
  // A nameless tool is unknown to handle, so with this toMcp no call takes handle's own paths:
  // handle is judged with a correct copy of toMcp instead (src/grading/stand-ins.ts). 6 before.
  ["no-name", 1],
  // ... and the gaming that charging handle's lines to toMcp once allowed (16/17 then): with the
  // correct copy, every call is wrong, so toMcp's point and the four lines about calls handle never ran.
  ["nameless-tool-unknown-calls", 5],
  // handle and serve, which import the broken task, are judged with a correct copy of it
  // (src/grading/stand-ins.ts): 15 and 6 points before.
  ["tomcp-snake-case-key", 1],
  ["notification-undefined-id", 1],
  // Tasks written out of order: toMcp still the starter. Its 3 lines, and nothing of handle's or serve's.
  ["tomcp-not-written", 3],
  // A throw on one message costs that message's line: the lines that read the others are judged
  // (src/pack/failed-call.ts); the count of responses fails at the same call and is charged there.
  // Its rules' generated messages that are the failed message under another id (the unknown tool
  // under "id": null) fail as it did: charged by its line, not by the rule (grading/fixture-case.ts).
  ["throws", 1],
  ["throws-on-notification", 1],
  // Gaming: only the chapter's messages answered, everything else thrown at, id 4 too so that its
  // variants are excused: task 2 keeps nothing (the same 0/9 without the id 4 trick).
  ["fixtures-only-throws", 9],
  // Correct: handle may log to stderr; serve's run showing it is handle's print (own-output.ts).
  ["handle-logs-to-stderr", 0],
  // Helper 72 (2026-12-05), correct: a random trace id in every error's data (t2_fresh_instance
  // compared it, and serve's lines against its own handle's: 16/17), and a _meta on every result
  // (the tools/list line's length counted it: 16/17). What the specification lets an answer carry
  // is compared by neither now (grading/fresh.ts, behaviour/expectation.ts servedWithoutExtras,
  // evidence/task3-lines.ts).
  ["spec-error-data-trace-ids", 0],
  ["spec-result-meta-extras", 0],
  // A class of students' probe (seeds 1, 2, 3 and this table's 5). Correct, each in an idiom of
  // its own: classes with private fields, plain untyped JavaScript, reduce and flatMap, JSON round
  // trips, a replacer that sorts keys, a generator, null-prototype tables, rest destructuring,
  // node:util, one try around parse and call, frozen shared results.
  ["class-server", 0],
  ["plain-js-untyped", 0],
  // fair-round-2026-12-07j: the chapter's types in a types.d.ts of its own (the compile step failed every task on it).
  ["own-types-dts", 0],
  ["reduce-validator", 0],
  ["json-roundtrip", 0],
  ["replacer-sort-keys", 0],
  ["generator-serve", 0],
  ["null-proto-dispatch", 0],
  ["rest-destructure-tomcp", 0],
  ["node-util-format", 0],
  ["broad-try-serve", 0],
  ["frozen-shared-results", 0],
  // One mistake each, one point each.
  ["log-counts-non-empty", 1],
  ["whitespace-line-parsed", 1],
  ["log-only-parsed", 1],
  ["parse-error-without-id", 1],
  ["default-separators", 1],
  ["limit-bounds-exclusive", 1],
  ["limit-zero-skipped", 1],
  ["integer-as-number", 1],
  ["type-message-typeof", 1],
  ["init-capabilities-empty", 1],
  ["method-not-found-names-method", 1],
  ["id-null-as-notification", 1],
  ["id-stringified", 1],
  ["query-trimmed", 1],
  ["success-without-iserror", 1],
  ["tomcp-adds-title", 1],
  ["schema-as-string", 1],
  // Text outside ASCII written as it is (JSON.stringify's way): the same JSON, and the page's list
  // of what its json.dumps call is for leaves ensure_ascii out: accepted (class-round-2026-12-07l,
  // three of four ordinary submissions wrote it so). 1 while t3_non_ascii wanted the escapes.
  ["no-ascii-escape", 0],
  // Helper 141 (class-round-2026-12-07l): an ordinary class's whole submissions, written from the
  // page and the starters alone by four personas, and the rule-set reading of every problem at once.
  // Three of them wrote text outside ASCII as it is and lost a point while t3_non_ascii wanted escapes.
  ...["class-ch2-B-beginner", "class-ch2-C-java-classes", "class-ch2-F-functional", "class-ch2-P-python-port", "class-ch2-B-c-every-rule-fires"].map((name): [string, number] => [name, 0]),
  // Cost 0 until t2_other_methods tried requests named notifications/... with an id.
  ["notification-by-prefix", 1],
  // Narrow code (narrow-round-2026-12-07o): rule 7's error written for the page's own unknown
  // method or tool alone, every other one answered as if known. 14/17 while a generated request of
  // the page's method or tool refused made the rest a rule "followed elsewhere" (behaviour/judge.ts
  // pageMessage); the same rule skipped everywhere, the page included, cost one.
  ["narrow-method-not-found-page-result", 1],
  // Helper 145 (slips-round-2026-12-07p): tools/list refused whenever its params hold more than
  // {}: 17/17 while no tools/list carried a _meta (task2-variant-checks.ts FIXED).
  ["tools-list-refuses-params", 1],
  // And an integer told by the dot in String(v): 1e-7 has none (17/17 before task2-checks.ts sent it).
  ["integer-by-dot", 1],
  // And the Parse error line written for JSON that is no object: 17/17 while no list held one
  // (task3-checks.ts t3_not_objects; -32600 with id null, the README's reading 4, passes it).
  ["serve-non-object-parse-error", 1],
  ["narrow-unknown-by-page-name", 1],
  // Gaming: the page's exact input recognised, anything else thrown at or left unanswered: the
  // task's lines, all of them.
  ["game-tomcp-known-tool", 3],
  ["game-serve-detects-lines", 5],
  // The page's lines under any id from a table: t3_same_lines tries lines of the same kinds with other texts.
  ["game-serve-any-id-table", 5],
  // Requests answered from a table with their id, query and tool name put back: each same-kind
  // list holds a logs_search call that breaks a rule and an unknown tool or method, which only handle answers.
  ["game-serve-request-substitutes", 5],
  // The loop by the rules, but requests answered from a table of handle's answers to the page's
  // seven (id put back), never handle itself: the same kinds' logs_search calls are not in it.
  ["game-serve-request-table", 5],
  ["game-serve-throws-on-list", 5],
  ["game-serve-one-line-only", 4],
  // It kept 4 of 5 while the lists without line 4 were the page's own lines: they carry fresh ids now.
  ["game-serve-sublist-answers", 4],
  // Gaming that kept 8 of task 2's 9 points while the lines' rules varied only the id: a table of
  // the chapter's messages keyed without their ids, anything else "Method not found" (3/9, then
  // 2/9 once tools/list was also sent with params {}: it keeps the lines whose rules its fallback
  // does follow, rules 1 and 7), and the found text looked up for the chapter's two queries (now
  // both text lines lost).
  ["game-answer-table", 7],
  // 6 since helper c3: the page's shapes recognised by regex miss the astral twins and the inputs
  // past 99 the argument families hold now; a cheat losing what it never earned, not a slip.
  ["game-handle-regex-table", 6],
  ["game-found-text-table", 2],
  // A third probe (seeds 1-3 and 5): code that tells the fixture run from the rest. Each keeps
  // only the lines whose rules its fallback does follow (no answer to a notification; "Method not
  // found" for an unknown method), none of the rules it fakes.
  ["game-handle-global-counter", 7], // a counter on globalThis: the context's first eight calls by the rules
  // A module counter: each instance's first eight calls by the rules (8 before the id 5 text rule's
  // search was charged to its isError rule; 7 until the rules failing after eight notifications
  // too were the count's own, not state's: grading/counted-calls.ts).
  ["game-handle-module-counter", 9],
  // Kept 8/9 and 9/9 while every generated message had the chapter's key order and tools/list no
  // params: every other variant is now the message with its keys reversed (tools/list's with params {}).
  // 7 until every third generated message had a drawn order too, and checks that failed on such
  // messages alone were read through by none (src/pack/key-orders.ts): 9, task 2's every point.
  ["game-handle-key-order", 9],
  ["game-handle-json-length", 7],
  ["game-handle-promise-unseen", 9], // a Promise that never settles for every message it has not seen
  // undefined from the second call of an instance on, the rules' work done on the first: each
  // list of the lines' rule, served first in an instance of its own, is answered by the rules, so
  // the rest is state kept between calls, t3_fresh_instance's one point (grading/fresh-serve.ts).
  // It was 5, then 1. A table on the first call (game-serve-detects-lines) fails those lists too: 5.
  // And 5 since t3_not_objects: its lists are answered by nothing after the first call either.
  // A count of calls used as a switch is not state (grading/counted-calls.ts): each family's
  // failing list, sent again after as many empty lists as calls came before it, is answered with
  // nothing there too, so each costs its point, as handle's first-8-calls' do.
  ["game-serve-first-call", 5],
  // Kept 3/3 while every generated tool had TOOL's key order. Its fallback (the tool returned as it
  // came) is then tomcp-snake-case-key's mistake on those tools, and costs what that one does: the
  // rename (t1_same_keys); the schema's rules that read the missing inputSchema are charged there
  // (2 before chargeMissingKeyRules). It gains nothing over the honest mistake.
  ["game-tomcp-key-order", 1],
  // Correct, in idioms not yet covered: an as-const rename table through entries/fromEntries with
  // satisfies; an abstract class with getters, #private fields, an enum, a Map of handlers and a
  // Symbol-keyed helper; escapes from Buffer's utf16le bytes and a tagged template; a reduce whose
  // accumulator is the whole state, with a replacer array of sorted keys.
  ["fromentries-tomcp-satisfies", 0],
  ["map-dispatch-class-getters", 0],
  ["buffer-escape-serve", 0],
  ["reduce-state-serve", 0],
  // One mistake each, seen only beyond the fixtures.
  ["errors-joined-comma", 1],
  ["bounds-message-wording", 1],
  ["enum-case-insensitive", 1],
  ["escape-hex-uppercase", 1],
  ["init-list-changed-true", 1],
  // Correct for this server: sort_keys by Intl.Collator, which orders every key it writes as code points do.
  ["intl-collator-sort-keys", 0],
  // A key left out of toMcp's result on generated tools only: t1_same_keys charges it, and the rules
  // that read that key (name and description's, the schema's three) are charged there
  // (same-mistake.ts, chargeMissingKeyRules). 2 before.
  ["description-empty-dropped", 1],
  ["schema-dropped-when-empty", 1],
  // A class probe of serve after it is read line by line (helper 36, seeds 1 and 5). Correct: a
  // while loop and a Map of writers; filter with numbers kept and a reviver; a class method with
  // one try around parse and handle.
  ["serve-while-index-map", 0],
  ["serve-reviver-filter-index", 0],
  ["serve-class-split-check", 0],
  // One mistake each: a throw on a line of spaces (beyond the page), JSON.parse unguarded in a
  // helper of a helper, a retry loop on the not-JSON line, a throw on an instance's first not-JSON line.
  ["serve-throws-on-spaces", 1],
  ["serve-parse-in-helper", 1],
  ["serve-retries-parse-forever", 1],
  ["serve-throws-first-parse-error", 1],
  // Two mistakes: no try/catch, and the log numbering only non-blank lines (t3_blank_lines).
  ["serve-no-catch-log-non-empty", 2],
  // Two mistakes, 2. Every failing input of the rules that read key order holds a not-JSON line and
  // is excused with the failed line (it cost 1 then); serve's answer over the other lines shows its
  // lines are not json.dumps's (grading/serve-lines.ts unwrittenOverOtherLines).
  ["serve-no-catch-unsorted", 2],
  // Gaming the line-by-line reading: a table of single page lines, throws on anything else.
  ["game-serve-line-table", 5],
  // No try/catch, and a throw on any list as long as the page's, which fails t3_same_lines and
  // t3_long_input on lists with no not-JSON line, not excused: 2, as the two mistakes.
  ["game-serve-throws-over-n", 2],
  // Tables of the page's sub-lists (or of LINES without line 4): as game-serve-one-line-only.
  ["game-serve-sublist-table", 4],
  ["game-serve-minus-one-table", 4],
  // One mistake, one throw site in serve's own dumps, on every line whose answer holds a boolean
  // (lines 1, 3, 5) or a list (lines 3, 5). Every result chapter 2's handle gives holds both, so
  // the page cannot tell it from a serve with no serializer for results at all
  // (game-serve-throws-on-results, 4): the recount runs serve on LINES again with a handle whose
  // answers hold strings for every other value (grading/other-shapes.ts). This serve then answers
  // as the rules require, so its failed lines are one mistake in the values: 1 (4 and 2 before).
  ["serve-dumps-no-boolean", 1],
  ["serve-dumps-arrays-todo", 1],
  // Its loop right, but a throw at one place on every request of the page's methods: each line lost.
  ["game-serve-throws-on-kinds", 4],
  // Known wrong by one mistake, one point (four mistakes: no try/catch, keys unsorted, no ASCII
  // escapes, the log numbering only non-blank lines): the failed line and the behaviour checks'
  // cap of one (score-policy.ts), more than the honest mistake's 1.
  ["game-serve-throw-shield", 2],
  // Correct: a module-level cache of each line's output across calls, read with reduceRight;
  // serve emptying its input with shift(). One mistake: a wrong check after the loop (as many
  // output lines as log lines) that throws whenever a notification was read: line 2 alone.
  ["serve-memo-cache", 0],
  ["serve-shift-consumes-input", 0],
  ["serve-asserts-counts", 1],
  // Correct: for...in over the list, its string keys through Number().
  ["serve-for-in-index", 0],
  // 4, as game-serve-sublist-table. Its table matches the page's lines with any id, and it throws at
  // one place on every list it has no answer for: the per-line run's lists without line 4 hold other
  // lines of the same kinds (behaviour/line-kinds.ts), so no count line is charged to
  // t3_parse_error_line. It cost 2 while every list of t3_same_lines held a line that is not JSON.
  ["game-serve-sublist-any-id", 4],
  // One mistake: out and log at module level, never emptied. It was 5 (t3_same_lines, every line's
  // rule, failed after an instance's first call); the rule's lists served first in instances of
  // their own hold it, so the failure is t3_fresh_instance's (grading/fresh-serve.ts). With
  // JSON.parse unguarded too: 2, the two mistakes. Each call of the line-by-line run has a module
  // instance of its own (request.ts), so its lists do not pile up there (it cost 3 while they did).
  ["serve-module-arrays", 1],
  ["serve-no-catch-module-arrays", 2],
  // Work done on an instance's first call only, with a throw at line 4: 2, as game-serve-first-call
  // (1, the state between calls) and the throw (1). It cost 5 while the line-by-line run was one
  // instance, which was right only while game-serve-first-call cost 5 too.
  ["game-serve-first-call-no-catch", 2],
  // A module's first call thrown unless it is the page's lines, the work done on later calls: its
  // fresh calls throw in task3.ts, serve's own state (it was skipped as not serve's, 17/17).
  ["game-serve-warm-up", 1],
  // Helper 40's class probe. Correct, in idioms not yet covered: toMcp through a class with a
  // static frozen rename table and a structuredClone'd schema; a frozen table of validator rules
  // with error classes and switch (true); `any` everywhere with a labelled loop; json.dumps by
  // hand, strings escaped unit by unit without JSON.stringify; serve as one flatMap of events
  // with a replacer array of every key, sorted; handle from a factory's closure with a recursive
  // validator.
  ["tomcp-structured-clone-class", 0],
  ["validator-rule-table", 0],
  ["validator-labelled-any", 0],
  ["dumps-hand-escaped", 0],
  ["serve-flatmap-events", 0],
  ["handle-factory-closure", 0],
  // One honest mistake each, one point each. escape-misses-del cost 0 on seeds 0 and 5 (DEL drawn
  // by chance) and integer-safe-only on every seed (no limit past 2**53) before t3_non_ascii and
  // t2_limit_bounds held them.
  ["escape-misses-del", 0],
  ["integer-safe-only", 1],
  ["unknown-tool-json-name", 1],
  ["log-index-of", 1],
  ["missing-when-falsy", 1],
  ["found-text-swapped", 1],
  ["maximum-message-typo", 1],
  ["id-zero-notification", 1],
  // Correct by the chapter's loose reading: a wrong type still checked against the enum and the
  // bounds. It cost 1 while t2_integer_type sent a limit of 0.5, below the minimum too (now 2.5).
  ["validator-type-and-enum-both", 0],
  // serve deciding notifications by the method's prefix, never asking handle: it cost 0 until
  // t3_notifications sent a request with an id named notifications/initialized.
  ["serve-skips-notification-methods", 1],
  // Correct: toMcp's description and inputSchema as own enumerable getters over the tool given.
  ["tomcp-own-getters", 0],
  // One mistake each: arrays sorted as well as keys; null written for a notification.
  ["dumps-sorts-arrays", 1],
  ["serve-writes-null-lines", 1],
  // The line trimmed before JSON.parse reads a message padded with U+00A0, U+2028, U+3000 or a
  // BOM, which json.loads refuses: t3_parse_errors sends such lines. It cost 0 before they were sent.
  ["serve-trims-before-parse", 1],
  // Correct: a handle whose responses carry an undefined field (result or error, from one reply
  // helper), which JSON leaves out. It cost 4 while the reference serve beside it (solutions/task3.ts)
  // threw on it: its dumps now leaves such a field out too, as JSON.stringify does.
  ["handle-undefined-fields", 0],
  // Correct: every response deep-copied into Object.create(null) objects.
  ["handle-null-proto-responses", 0],
  // Helper 42: correct code leaning on Node 20's built-ins and modules, one or two each.
  ["builtin-util-format-messages", 0], // task 2: node:util format for every message ("%s", "%d")
  ["builtin-fromentries-rename", 0], // task 1: Object.entries/fromEntries and a Map of renamed keys
  ["builtin-property-escape-dumps", 0], // task 3: /[\P{ASCII}\x7f]/gu, Array.from({length}), String.raw, Reflect.ownKeys().toSorted(), util.format's log
  ["builtin-assert-validator", 0], // task 2: node:assert's rules, each AssertionError's message the problem
  ["builtin-iterable-lines", 0], // task 3: a class with a [Symbol.iterator] generator over lines.entries()
  ["builtin-clone-templates", 0], // task 2: structuredClone of deep-frozen response templates
  // One mistake each, hidden by a built-in: Intl.ListFormat's default list ("a, b, and c");
  // Number.isSafeInteger for "integer" (2**53 and past refused); escape() for \u escapes (U+007F-U+00FF as %XX).
  ["enum-listformat-conjunction", 1],
  ["integer-is-safe-integer", 1],
  ["escape-latin1-percent", 1],
  ["builtin-textencoder-escape", 0], // task 3: the global TextEncoder's byte count tells what to escape
  ["builtin-set-enum-lookup", 0], // task 2: Sets for the given names and each enum (has() as includes())
  // Correct: the same TextEncoder imported from node:util, as Node 20 offers it. It cost 5 while the
  // sandbox's util (src/sandbox/modules.ts) had none: task3.ts threw on load.
  ["util-textencoder-escape", 0],
  // Helper 43: today's verdict changes (oneCause, the shield, fuel, connectWait) tried as the class would.
  // No json.dumps at all: errors from a flat template, a throw at one place (or a stall) on every
  // response that holds a result: 4, every line that reads a result lost. (16/17 while oneCause,
  // since taken back, read the three request lines' one throw site as one mistake.) It throws in
  // the recount too, whose answers hold no boolean (grading/other-shapes.ts): still 4.
  ["game-serve-throws-on-results", 4],
  ["game-serve-loops-on-results", 4],
  // JSON.stringify as handle built each response, a throw on any that holds a boolean: two
  // mistakes, 2. In the recount (no booleans) its counts are right and each line holds its answer,
  // so the throw is one mistake; keys unsorted and nothing escaped are the rules' (t3_non_ascii),
  // as for the honest JSON.stringify serve (1): the throw gains it nothing. 4 before the recount.
  // 1 on seeds 1 and 7 before (helper 46), as every list of t3_non_ascii there held a result, which
  // throws at the failed lines' place and is excused; the check now ends with an error answer of
  // its own holding text outside ASCII (no boolean, so no throw): 2 on seeds 1, 5, 7.
  ["game-serve-boolean-throw-stringify", 1],
  // Correct by the rules but for one type its own dumps forgot. null: only line 4's Parse error
  // holds one on the page, 1. A negative number: every error response (line 4, and each unknown
  // tool or method beyond the page) throws at one place: 1. The rules' lists with an error response
  // but no line that is not JSON fail where line 4 did, and serve answers them by the rules when
  // handle's answers hold other values (the recount, grading/recount.ts): line 4's mistake seen
  // again. It cost 2 before (read as a second mistake), and 4 while such a throw read as a shield
  // (shieldedThrow, deleted: the lists of line-kinds.ts catch the tables it was for).
  ["serve-dumps-no-null", 1],
  ["serve-dumps-no-negative", 1],
  // Gaming the recount: results written right, a throw at one place on every error response (line
  // 4's Parse error among them). Its failing lists still hold errors with handle's answers in
  // other shapes, and still throw: a rule of its own, 2.
  ["game-serve-throws-on-errors", 2],
  // One mistake each, a stall on one kind of line: blank lines (line 6 alone, and each list's),
  // lines that start with whitespace (t3_parse_errors' padded messages, lines of spaces; none on the page).
  ["serve-loops-on-blank", 1],
  ["serve-loops-on-padded", 1],
  // 1, as serve-dumps-no-boolean. The same dumps in a module of its own (dumps.ts) that task3.ts
  // imports: a failure reached from serve's call is serve's, wherever it happened. It cost 5 while
  // the place named (dumps.ts) read as another module's, and 4 before the recount.
  ["serve-dumps-helper-no-boolean", 1],
  // A trace line on stdout per message, the answers right: t2_no_stdout's one point; with every
  // default check (seed 1) t2_stdio_clean fails too, charged there, and interop passes (4/4): 16/17.
  ["handle-logs-junk-stdout", 1],
  // No json.dumps: the page's three answers copied as text with the id put back, errors from a
  // template, other results thrown. LINES is served in full, but every line's rules fail on the
  // generated lists (grading/line-rules): all 5 of task 3 on seeds 1, 2, 3, 5, 7.
  ["game-serve-page-answers-table", 5],
  // Two mistakes each: serve-dumps-no-boolean's dumps, and keys left unsorted or a log numbered
  // from 0: 2. In the recount the lines are written (keys aside) and the counts are right, so the
  // failed lines are one mistake and the other is the rule's (5 and 4 before the recount).
  ["serve-dumps-no-boolean-unsorted", 2],
  ["serve-dumps-no-boolean-log-zero-based", 2],
  // handle's validator reads the optional limit as always given: every call of logs_search without
  // one throws at one place (ids 3 and 5). It answers valid calls and id 5's problem with a limit
  // beside it right on generated inputs, so the two failed calls are one mistake, and the three
  // lines that read them are charged once (grading/answered-branch.ts; they cost 3 before). The
  // same with the validator in a module handle imports (validate.ts), and nothing in task 3, which
  // calls that handle: serve is judged again with a correct handle standing in (stand-ins.ts).
  ["handle-limit-throws-same-file", 1],
  ["handle-validate-helper-throws", 1],
  // Gaming: no validation messages, a throw at one place on every invalid call (id 5 among them).
  // Its rules' failures are excused with id 5 (the case of a call of logs_search), and it loses
  // id 5's two lines, all that validation earns: 2. It answers id 5's problem nowhere, so its
  // lines are not one mistake with another's. The same with only a missing field validated (the
  // one problem it answers right is not id 5's): 2.
  ["game-handle-throws-on-invalid", 2],
  ["game-handle-validates-required-only", 2],
  // 4, as game-serve-sublist-any-id. The same table of the page's lines with any id, but line 4
  // reaches a real JSON.parse without try/catch and every other list throws at another place
  // (around the shield, shieldedThrow, since deleted). The per-line run's lists without
  // line 4 hold other lines of the same kinds (behaviour/line-kinds.ts), which the table has no
  // answer for, so the count lines are not charged to t3_parse_error_line. It cost 2 while those
  // lists were the page's lines under fresh ids, which a table that takes any id answers.
  ["game-serve-sublist-other-site", 4],
  // Correct and slow, as beginners write it: dumps by hand, strings escaped one code unit at a time
  // by concatenation, keys by insertion sort, every line parsed back and written again; the answer
  // to n lines as the answer to n-1 lines spread into new arrays (quadratic). Full marks on seeds
  // 1, 2, 3, 5, 7 within serve's budget (a cubic version ran out on t3_long_input's long list).
  ["serve-naive-char-dumps", 0],
  ["serve-quadratic-prefixes", 0],
  // Helper 44: serve's code over several modules, as the class splits it (seeds 1, 2, 3, 5, 7).
  // Correct: the loop in loop.ts, json.dumps and the line reader in a subfolder (json/). One
  // mistake each, as inline: JSON.parse unguarded in json/parse.ts (as serve-parse-without-catch);
  // a stall on blank lines in lines.ts (as serve-loops-on-blank); a recursion that never ends on a
  // blank line, in task3.ts.
  ["serve-split-loop-subfolder", 0],
  ["serve-split-parse-in-subfolder", 1],
  ["serve-helper-loops-on-blank", 1],
  ["serve-recursion-on-blank", 1],
  // 1, as serve-recursion-on-blank: the same recursion in a module serve imports (lines.ts). A
  // failure reached from serve's call is serve's, wherever in the files it happened (handle's own
  // mistakes are given back by the correct handle standing in, src/grading/stand-ins.ts). It cost 5
  // while the throw's place decided, and no task file was among its first 40 stack lines.
  ["serve-helper-recursion-on-blank", 1],
  // Correct: the loop as a class in server.ts (private fields and methods), a new Server per list.
  // One mistake each, as inline: one Server for every call, its fields piling up (as
  // serve-module-arrays); JSON.parse unguarded in its private #parse (as serve-parse-without-catch).
  ["serve-class-module-correct", 0],
  // Correct: serve returns its own class whose out and log are getters (PackTask.reads). It lost
  // every serve point (12/17) while the value was described by its own enumerable fields alone.
  ["serve-getter-result-correct", 0],
  // Correct, a Node habit each (helper 57): a hashbang first line, import.meta.dirname/filename,
  // listeners on process.stdout, a helper named require in an ES module, a CommonJS main guard
  // (false in an ES module). Each cost its task (5 or 9) while it would not load in the sandbox.
  ["serve-hashbang-cli", 0],
  ["serve-import-meta-dirname", 0],
  ["serve-process-signal-handlers", 0],
  ["handle-require-helper-name", 0],
  ["serve-dual-mode-main-guard", 0],
  // Correct on Node 20, each cost its task while the sandbox differed: createRequire from
  // node:module (refused by name, 5); imports at the bottom of the file, which the CommonJS text
  // required in place (9; now hoisted, as Node links them).
  ["serve-create-require-util", 0],
  // Helper 58: serve keeping only answers with a truthy id (ids 0, "" and null dropped) kept 17/17
  // while no generated list had such an id (t3_notifications has one now).
  ["serve-drops-falsy-id", 1],
  // Helper 60, correct on Node 20 and wrong in the sandbox: an .mjs and an .mts helper (left as ES
  // syntax by the compile step: 8 and 12), a WeakRef read back at once (QuickJS let it go: 9),
  // process.stdin.isTTY read at load (no process.stdin: 12).
  ["correct-mjs-rules-helper", 0],
  ["correct-mts-helper", 0],
  ["correct-weakref-tool-cache", 0],
  ["correct-stdin-istty-guard", 0],
  // Helper 60: a --verbose flag read at load with node:util parseArgs (refused by the sandbox: 12).
  ["correct-parseargs-verbose", 0],
  ["handle-imports-at-bottom", 0],
  ["serve-class-module-singleton", 1],
  ["serve-class-module-parse-throws", 1],
  // handle-limit-throws-same-file's handle (1), called by a right serve through a module of its
  // own (dispatch.ts): handle fails checks of its own, so serve is judged again with a correct
  // handle standing in, and task 3 loses nothing.
  ["serve-dispatch-handle-throws", 1],
  // One helper (util.ts isRecord, which throws on null) that handle and serve both import: handle
  // throws on null arguments (t2_odd_params), serve's dumps on line 4's null id (t3_parse_error_line).
  // 2, as the same helper copied into task2.ts and task3.ts: each task calls it on inputs of its own.
  ["shared-util-null-throws", 2],
  // Gaming where a failure is charged: serve hands handle null (a throw in task2.ts) to fail on
  // purpose on lists it has no table answer for: 4, as game-serve-sublist-any-id (5 while a throw in
  // task2.ts read as handle's and serve's call on the page failed as a whole); with a mistake of
  // handle's own (1) so that a correct handle stands in, which refuses null as well: 6. It keeps
  // nothing of task 3.
  ["game-serve-sublist-throws-in-handle", 4],
  ["game-serve-table-stand-in-handle", 6],
  // 1, as game-serve-warm-up: a module's first call answered only when it is the page's lines, and
  // on any other first call handle(null) throws in task2.ts. The fresh calls' failures are serve's
  // state wherever they happened (src/pack/fresh-instance.ts failsOnlyFresh). 0 while a throw in
  // task2.ts read as handle's: t3_fresh_instance was skipped, and handle's own checks all pass.
  ["game-serve-warm-up-via-handle", 1],
  // 1 each. serve written in server.ts and re-exported by task3.ts (`export { serve } from
  // "./server.js"`): JSON.parse unguarded, as serve-parse-without-catch; game-serve-warm-up's serve
  // so moved, as game-serve-warm-up. They cost 5 and 0 while the place named (server.ts) read as
  // another module's.
  ["serve-reexport-parse-throws", 1],
  ["game-serve-warm-up-reexport", 1],
  // handle-limit-throws-same-file's handle written in handler.ts and re-exported by task2.ts:
  // serve is judged again with a correct handle (stand-ins), which it passes: 1, task 2's.
  ["handle-reexport-limit-throws", 1],
  // As game-serve-sublist-other-site (4), the lists it was not written for thrown in task2.ts
  // (handle(null)) rather than at a place of serve's own: no more points, 4.
  ["game-serve-sublist-other-site-in-handle", 4],
  // 1 each, as serve-dumps-no-null and serve-parse-without-catch. The same dumps (a throw on null:
  // line 4's Parse error, by .map or by a for loop over the keys), or a JSON.parse unguarded in
  // parseMessage, kept in task2.ts beside handle, which never calls it, and imported by serve.
  // They cost 5 while a throw in task2.ts read as handle's: the page's call failed as a whole.
  ["serve-dumps-in-task2-no-null", 1],
  ["serve-parse-in-task2", 1],
  ["serve-dumps-in-task2-for-loop", 1],
  // 1, as game-serve-warm-up: its serve written in task2.ts beside the chapter's handle and
  // re-exported by task3.ts. 0 while its fresh calls' throws in task2.ts read as handle's.
  ["game-serve-warm-up-in-task2", 1],
  // Gaming where a failure is charged, caught: game-serve-warm-up's throw made by a function of
  // serve's own named handle, in a module of no task (guard.ts): 1. A reading that took any frame
  // named after another task's export for that task's (tried) left it 0.
  ["game-serve-warm-up-named-handle", 1],
  // One mistake, as serve-parse-without-catch: JSON.parse unguarded in a method named handle of
  // serve's own class (server.ts, a module of no task; task 2's handle imported as answer): 1. A
  // reading that took a frame named after another task's export for that task's (tried) made it 5.
  ["serve-class-handle-method", 1],
  // Helper 45 (seeds 1, 2, 3, 5, 7 by grade: the same figure on each). The per-line run's lists of
  // other lines of each kind against serves that react to a line's content, each with one
  // mistake the page shows: 1 each. JSON.parse unguarded, with the handshake's notification
  // dropped by name (the lists' other notifications go to handle), with a Map of the tool's three
  // methods and serve's own Method not found, with answers cached by the line's text across calls.
  ["serve-notif-by-name-parse-throws", 1],
  ["serve-method-map-parse-throws", 1],
  ["serve-cache-by-text-parse-throws", 1],
  // A throw on one kind of line, read from the line's content: every tools/list (line 3; the
  // lists' tools/list in another key order is left out with it), every initialize (line 1:
  // clientInfo.title, which no client sends).
  ["serve-per-method-try-throws-on-list", 1],
  ["serve-client-title-throws", 1],
  // Two mistakes, 2: handle knows a notification only by the name notifications/initialized
  // (t2_notifications_unanswered; t2_other_methods), serve-parse-without-catch's serve. The stand-in
  // handle judges serve, so handle's answer to the lists' other notifications costs serve nothing.
  ["handle-named-notification-serve-parse-throws", 2],
  // Gaming the per-line lists, caught. A table of the page's answers by method under the line's
  // id, handle never called, line 4 throwing: the lists' initialize and tools/list get answers
  // that are right for them (those answers read no params), their logs_search call the page's
  // wrong answer, so t3_out_count is not charged to line 4: 2 (it logs and dumps every line by the
  // rules, and those points read only that).
  ["game-serve-table-by-method", 2],
  // serve-parse-without-catch-no-log's two mistakes, but lists holding an id of 1000 or more (the
  // per-line run's) are logged by the rules: 2, as that row; the other rules' lists (small ids)
  // still see no log.
  ["game-serve-detects-fresh-ids", 2],
  // The same two mistakes, lists shorter than the page's six (the per-line run's) logged by the
  // rules: 2. The log count is charged to line 4, but t3_blank_lines and t3_notifications see
  // the log missing on lists of six or more, so t3_out_count pays for it.
  ["game-serve-detects-short-lists", 2],
  // Two mistakes, 2: handle refuses an initialize whose clientInfo.version is not a whole number
  // ("1.0" gets -32602), against rule 2 (the same result whatever the client sent);
  // serve-parse-without-catch's serve. Task 2 pays by t2_initialize_any_version (its fixed dotted
  // versions, "1.0", "1.0.0") and t2_interop_initialize, one point; it paid by the interop check
  // alone (grade --no-live: 1) before those versions were sent, and the per-line lists sent one.
  ["handle-digit-version-serve-parse-throws", 2],
  // Two mistakes, 2 (seeds 1, 2, 3, 5, 7): JSON.parse unguarded, and a TypeError on every
  // tools/call with a limit (none on the page's line 5), or the version read as the message's
  // first value (Object.values(m)[0].split), which throws when jsonrpc is not the first key. They
  // cost 4 (the second on seeds 1, 3 and 7) while the per-line run's lists added a limit at random
  // and wrote tools/list with method first: serve's call on LINES without line 4 threw, and each
  // count line paid for the second mistake. Those lists keep the page's keys and their order now
  // (behaviour/line-kinds.ts), and t3_same_lines has a list with every message's keys reversed
  // (task3-checks.ts), which sees the key order mistake (no check of task 3 did: it cost 1 then).
  ["serve-clamps-limit-parse-throws", 2],
  ["serve-first-key-version-parse-throws", 2],
  // Helper 46: the two new mechanisms (answered-branch.ts, other-shapes.ts) tried as a class and as
  // a cheater would, graded with --no-live on seeds 1, 2, 3, 5, 7 (the same cost on each).
  // One honest mistake each, 1: handle's validator reads the optional limit as always given, in a
  // class, or in a rule table of a module of its own (ids 3 and 5 fail at one place, both branches
  // answered on calls with a limit); serve's own dumps with no boolean writer in a Map of writers
  // by typeof, or a JSON.stringify replacer that throws on booleans; a writer class in a module of
  // its own with no case for arrays (lines 3 and 5). The recount writes each line right.
  ["handle-limit-throws-class", 1],
  ["handle-limit-throws-rule-module", 1],
  ["serve-dumps-writer-map-no-boolean", 1],
  ["serve-replacer-throws-on-boolean", 1],
  ["serve-dumps-helper-class-no-array", 1],
  // One mistake, the service looked up in a table before the enum rule runs, which throws on every
  // service outside the enum (id 5): 1. It answers id 5's kind of problem nowhere, but every other
  // kind's message is written, and the enum's is all that failed at that place: one rule missing,
  // id 5's two lines charged once (answered-branch.ts). 2 while any kind answered nowhere kept them
  // apart. Two kinds missing at one place (the enum's and the type's) are two: 2.
  ["handle-enum-lookup-throws", 1],
  ["handle-throws-on-enum-and-type", 2],
  // 1, as serve-dumps-no-negative: the rules' lists with an unknown tool or method fail where line
  // 4 did, and the recount (numbers written otherwise) sees them right. Its dumps in a module of its
  // own, whole numbers written digit by digit.
  ["serve-dumps-helper-digits-no-negative", 1],
  // Two mistakes, no boolean writer and no list writer, in one table of writers by
  // Object.prototype.toString's tag, so both throw at the one lookup (lines 1, 3, 5): 2. The
  // recount reads the kinds each failed line needs (every kind written otherwise, then each left
  // in: other-shapes.ts) and charges a mistake per kind. (4 while it wrote one kind otherwise at a
  // time, as no one kind had every failed line written; 1 while it wrote every kind at once and
  // charged the lines as one.)
  ["serve-dumps-no-boolean-no-array", 2],
  // Gaming branchAnswered: the enum's message only, with a limit; a throw at one place on every
  // other call of logs_search, valid calls without a limit among them. Ids 3 and 5 fail there as
  // handle-limit-throws-same-file's do, and both branches are answered on calls with a limit, but
  // calls whose problems it answers nowhere (a missing field, an unexpected one, a type) fail at
  // that place too: the place hides work not done (answered-branch.ts `unanswered`), so the failed
  // calls are not one mistake, 3 (1 before that test; 12 more seeds checked the honest limit
  // mistake still 1).
  ["game-handle-enum-only-throws-rest", 3],
  // The reference handle throwing at one place on exactly the page's seven requests: every branch
  // answered on generated inputs, one mistake, 1. It does all the work and gains nothing.
  ["game-handle-throws-on-page-messages", 1],
  // Gaming the recount: a dumps for strings and objects only, a throw at one place on every other
  // value (numbers, booleans, null, lists); the same with error responses from a flat template.
  // The recount writes one kind otherwise at a time: each still meets the others and throws, so
  // every line stays charged: 4. (2 and 1 while the recount wrote every kind otherwise at once.)
  ["game-serve-strings-objects-only", 4],
  ["game-serve-strings-objects-error-template", 4],
  // game-serve-throws-on-results but for an answer whose id is a string while the message's id is
  // a number, written with JSON.stringify: the recount kept the envelope's id as serve gave it, so
  // nothing spots it, 4 (1 while the stand-in's ids were strings).
  ["game-serve-detects-stand-in", 4],
  // A throw on every answer holding a boolean, and a table of the page's three answers used only
  // when called with LINES: the page passes, each line alone throws, and the recount (LINES again)
  // gets the table's real answers, not the stand-in's: nothing is excused, 5 (all of task 3).
  ["game-serve-boolean-throw-page-table", 5],
  // Helper 50: "think like the class" for chapter 2 (seeds 1, 5, 7 by grade --no-live: the same
  // figure on each). Correct, in idioms not yet covered: a registry (a Map of tools, a Map of
  // method handlers) in plain JavaScript; every task a class of static methods (a static
  // initialiser block converts the tool); json.dumps by hand walking code points, an astral one
  // split into surrogates by arithmetic; the validator's messages in the schema's property order
  // with a table of keyword handlers (the page fixes the messages, not their order); toMcp renaming
  // the key in the tool's JSON text and parsing it back; serve as a reduce over a generator of
  // numbered lines, util.format's log and structuredClone before the keys are sorted.
  ["tools-map-registry", 0],
  ["static-class-tasks", 0],
  ["dumps-codepoint-surrogates", 0],
  ["validator-schema-order", 0],
  ["tomcp-json-text-rename", 0],
  ["serve-generator-reduce-format", 0],
  // One mistake each, 1: "integer" as (value | 0) === value (2**53 + 2 and -(2**60) read as not
  // integers: t2_limit_bounds); the enum's values quoted as JSON in its message (id 5's text);
  // ping answered with an empty result, as the specification's servers do (t2_other_methods);
  // ensure_ascii's escapes per code point, an emoji as \u1f600 (t3_non_ascii); objects inside
  // lists left in handle's key order (t3_exact_lines).
  ["integer-bitwise-or", 1],
  ["enum-values-quoted", 1],
  // ping answered with an empty result, as the specification has every receiver do, where rule 7
  // makes it another method: either is accepted (behaviour/model.ts; helper 91's fairness-2026-12-06f).
  ["handle-answers-ping", 0],
  ["escape-by-codepoint", 1],
  ["dumps-arrays-not-recursed", 1],
  // A hand-written dumps that escapes outside printable ASCII but not " or \ (a query say "hi" is
  // written bare inside the string, the line is not JSON); one that writes controls as \u0009 and
  // \u000a where json.dumps writes \t and \n. 0 each while no serve check sent a string holding
  // either; t3_non_ascii's lists now end with answers holding a quote, a backslash and controls,
  // and its part reads every escape (task3-checks.ts): 1 each, seeds 1, 5.
  ["dumps-no-quote-escape", 1],
  ["dumps-controls-as-u-escapes", 1],
  // Gaming: serve by the rules on the page's six lines, a stall on any other non-blank line: all of
  // task 3. toMcp returning the page's converted TOOL as a literal whatever it is given: t1_keys
  // kept (its rule, three keys with the schema's renamed, holds for a constant too), 2.
  ["game-serve-stalls-unseen", 5],
  ["game-tomcp-constant", 2],
  // handle answers a request whose id is the page's (1-7, with the page's method for that id) from a
  // table of the page's answers, arguments unread, and any other id by a path with no validation.
  // 2 while the lines' rules sent every variant under an id drawn from 8-999, which the table never
  // saw; each now also sends one under the page's own id (task2-variant-checks.ts underPageId), so
  // the table's answers to them (another tool's name, another query) cost their lines: 5, seeds 1, 5, 7.
  // 5 before: the type rules it never follows (searches where they refuse) cost beside the lines
  // (CheckResult.ownMistake); 6 before: its table answers an inherited tool name under a page id as
  // the page's call, a result where the rules refuse, while its other path refuses unknown tools
  // with an error (expectation.ts contradictsNames); 7 before: unknown tools under a page id too;
  // 8 before the argument families' searches where the rules refuse stopped reading through
  // t2_valid_calls (course/score-policy.ts argument).
  ["game-handle-page-ids", 9],
  // Helper 90 (monotone-2026-12-06 ch2-2): a lazy handle (no type, bounds or unexpected-field
  // checks), and the same with a valid call's text wrong too: 13/17 and 14/17 while the argument
  // families read through t2_valid_calls whatever their failure; one slip more must never earn.
  ["monotone-lazy-types", 4],
  ["monotone-lazy-types-valid-text", 5],
  // Helper 90 (monotone-2026-12-06 ch2-13, ch2-17): a validator that tests presence by truthiness,
  // finds names with `in` and stops at its first problem (3), and the same with the valid call's
  // text wrong, on every call or only with a limit: 16/17 while the three families read through
  // the valid call's line; a refusal, or a search where the rules refuse, is not a wrong text
  // inside a search (grading/path-free.ts). The empty query's search still reads through
  // t2_valid_calls, a rule of the same kind: one slip more now earns nothing.
  ["monotone-first-problem", 3],
  ["monotone-first-problem-valid-text", 3],
  ["monotone-first-problem-limit-text", 3],
  // Helper 92 (cheats-2026-12-06f): a validator that refuses every invalid call with one text
  // ("invalid arguments") costs 6; beside a search text with the query quoted, or ids written
  // `id || null`, it kept 15/17 while every argument family read through the failing valid-call
  // line or t2_ids_echoed: a refusal's text is no search's, and a call answered under its own id
  // no id mistake (grading/path-free.ts).
  ["gaming-generic-refusal-text-slip", 6],
  ["gaming-generic-refusal-falsy-id-slip", 7],
  // Helper 94 (mistakes-2026-12-06g): one slip each, many in a helper every answer goes through,
  // one point each (an error's data and arguments that are not an object: the specification's, 0).
  // A shared ok() without jsonrpc (3 before) and fail() writing the code as a string (2 before)
  // too, and both in one submission two: each slip undone and the code judged again
  // (src/grading/one-slip.ts).
  ["slip-ok-helper-no-jsonrpc", 1],
  ["slip-fail-helper-code-string", 1],
  ["slips-two-in-helpers", 2],
  // Every error's message under "msg" (3 before), every result under "results" (9 before).
  ["slip-error-message-misnamed", 1],
  ["slip-result-misnamed", 1],
  // Helper 96 (slips-2026-12-06h): a content block's type "Text", isError written 1 and 0 (2 each
  // before), an error class writing {code, msg}, a serve that writes each answer without jsonrpc.
  ["slip-content-type-Text", 1],
  ["slip-is-error-01", 1],
  ["slip-class-error-msg", 1],
  ["slip-serve-drops-jsonrpc", 1],
  // Helper 95's controls and cheats (cheats-2026-12-06g): a limit's lower bound tested against the
  // maximum refuses the page's valid call and adds its message to the invalid call's (2 before:
  // src/pack/added-text.ts); beside a one-text validator it kept 15/17, its lazy handle 11/17.
  ["slip-limit-min-as-max", 1],
  ["gaming-generic-refusal-limit-min-as-max", 6],
  // Helper 95 (cheats-2026-12-06g): a one-text validator whose text() writes content as one object
  // kept 16/17 (its lazy handle alone 11/17): the slip undone, the handle's mistakes are its own,
  // and the slip a point beside them (its price).
  ["gaming-generic-refusal-content-object-slip", 7],
  // And every refusal written as a JSON-RPC error -32602 beside it: 15/17 (the page's rule 5 answers
  // a refused call with the tool's error result; the slip undone, src/pack/answer-slips.ts).
  ["gaming-generic-refusal-refusal-as-rpc-error", 7],
  ["slip-content-field-misnamed", 1],
  ["slip-content-object", 1],
  ["slip-dumps-no-escape", 0],
  ["slip-id-or-null", 1],
  ["slip-id-stringified", 1],
  ["slip-id-zero-notification", 1],
  ["slip-integer-any-number", 1],
  ["slip-iserror-only-when-true", 1],
  ["slip-iserror-string", 1],
  ["slip-minimum-inclusive", 1],
  ["slip-required-falsy", 1],
  ["slip-unknown-tool-32601", 1],
  ["slip-unknown-tool-tool-error", 1],
  ["slip-args-array-kept", 0],
  ["slip-fail-helper-data-null", 0],
  // Helper 69: rules skipped whose answers still say something (a search where the rules refuse):
  // each argument family read through the enum's fixture line, which these fail too, so skipping
  // every argument rule cost 2 (15/17) and the enum alone 5. A failure whose answers say another
  // thing is the rule's own mistake, whatever the lines show (CheckResult.ownMistake).
  ["no-argument-rules", 6], // the id 5 call searched: its text line charged to t2_id5_is_error (grading/same-mistake.ts chargeNotRefused)
  ["enum-fixture-value-only", 6],
  ["enum-only-string-ids-unanswered", 6], // and t2_ids_echoed a family of its own now: 5 + 1
  // 8 while a call answered under its own id read through t2_ids_echoed (grading/path-free.ts); 9
  // while refusing only the page's unknown tool made t2_unknown_tools a rule "followed elsewhere",
  // charged beside the line its same-kind check takes (behaviour/judge.ts pageMessage): task 2
  // keeps one of its nine points, as the header's "at most 9/17" allows.
  ["fixture-rules-only", 8],
  // Review: no-argument-rules with every rule's kind of message hidden in the data of an error
  // (16/17 while any text of any answer vouched for a rule followed elsewhere).
  ["no-argument-rules-hints-in-data", 6],
  // Helper 74 (gaming): an unknown tool's message without its space (the id 4 line), behind which
  // tools are found by `name in TOOLS` (inherited names are tools): 16/17 while the inherited names'
  // family read through that line. A name found where the rules refuse it, by code that refuses
  // unknown names with an error elsewhere, is the rule's own mistake (expectation.ts
  // contradictsNames). Its control, the lookup alone, one mistake.
  ["gaming-slip-id4-tool-rules", 2],
  ["inherited-tool-names-in-table", 1],
  // The same for methods: -32600 for an unknown method (the id 6 line), behind which requests named
  // notifications/... go unanswered (16/17), and with the id 4 slip and tool lookups beside it
  // (15/17); its control, the prefix test alone, one mistake.
  ["gaming-slip-id6-method-rules", 2],
  ["gaming-slip-id4-id6-lazy-handle", 4],
  ["notification-by-method-prefix", 1],
  // Helper 74: toMcp adds a "title" (the t1_keys line) and keeps its result on the definition passed
  // in (tool._mcp): 16/17 while t1_input_unchanged read through the lines. A key added to the input
  // that the result does not carry is the rule's own mistake (behaviour/input-change.ts); a
  // conversion in place (mutates-input, renames-in-place) still reads through them. Its control.
  ["gaming-slip-keys-memo-on-input", 2],
  ["memo-on-input", 1],
  // Helper 74: notifications/initialized answered (the t2_responses line) and every id written as
  // Number(id): 16/17 while t2_ids_echoed read through that line and its rule t2_id_null_answered.
  // A request answered under another id is the ids rule's own mistake, and the null id answered
  // under 0 is charged to it (grading/id-charges.ts). Its control, the ids alone, one mistake.
  ["gaming-slip-responses-number-ids", 2],
  ["ids-written-as-numbers", 1],
  // Helper 74: the Parse error line written "Parse error." and behind it only "" blank, no escapes
  // outside ASCII, a "{"-prefix test instead of parsing: 16/17 while serve's families read through
  // that line. With the student's own Parse error line written right, a family still failing is
  // its own mistake (grading/parse-line-repair.ts). Its control, the rules alone: 2, only "" blank
  // and the prefix test, which t3_not_objects' "[]" shows on its own (1 while only the blank
  // lines' lists did); 3 with the Parse error line's slip.
  ["gaming-slip-parse-line-serve-rules", 3],
  ["serve-rules-blank-ascii-prefix", 2],
  // Helper 76: serve's loop one short (the last line of a list never read): every rule whose lists
  // end in its kind of line failed, 13/17 (the page's last line is blank). Answers that are the
  // rules' answers to each list without its last line are one mistake (grading/last-line.ts); a
  // second mistake beside it still costs its point.
  ["serve-skips-last-line", 1],
  ["serve-skips-last-line-no-escapes", 1],
  // Helper 77: serve never reads the first line (both count lines lost, 15/17; grading/same-mistake.ts
  // chargeServeLeftOut), numeric ids written back as strings, a Parse error line with a field more,
  // toMcp converting its input in place and returning it; and a WeakMap cache of results (correct).
  ["serve-skips-first-line", 1],
  ["handle-string-numeric-ids", 1],
  ["serve-parse-error-extra-field", 1],
  ["tomcp-in-place", 1],
  ["tomcp-weakmap-cache", 0],
  // Helper 70: one slip, the refusal sent as a protocol error with the rule's text (-32602): both
  // of id 5's lines lost (2) until t2_id5_text was charged to t2_id5_is_error (grading/same-mistake.ts).
  ["validation-as-rpc-error", 1],
  // and the type message worded otherwise for every type ("query must be a string"): one wording,
  // charged once to t2_string_type (grading/type-messages.ts; 2 before).
  ["type-message-wording", 1],
  // and `if (errors.length > 1)`: calls with one problem searched. The rules' messages are in its
  // answers to calls with several, so no rule is left out (expectation.ts contradictsArguments),
  // and id 5's text line reads the search its isError line charges (7, then 2, before).
  ["errors-length-gt-1", 1],
  // Helper 51: JSON-RPC 2.0 and the 2025-06-18 schema where the page is silent (seeds 1, 5, 7 by
  // grade, with and without the live checks: 17/17). Correct: tools/call's arguments given but not
  // an object refused -32602; a jsonrpc other than "2.0" refused -32600; serve answering a line of
  // JSON that is not an object -32600 with id null instead of handing it to handle.
  ["spec-arguments-not-object", 0],
  ["spec-jsonrpc-version-check", 0],
  ["spec-serve-non-object-invalid-request", 0],
  // Helper 51's, 1 each before the comparison left out what the specification allows beyond the
  // rule's fields (src/json/spec-extras.ts): the two protocol errors with data (JSON-RPC 2.0 5.1),
  // initialize's result with instructions (InitializeResult). 17/17 on seeds 1, 5 (live on, 5).
  ["spec-error-data", 0],
  ["spec-initialize-instructions", 0],
  // A probe of TypeScript's own constructs and other module styles, 17/17 on seeds
  // 5 and 7 by grade (type check and live checks on).
  ["handle-namespace-const-enum", 0], // task 2: a const enum of codes, a string enum of methods, a namespace with values, an interface merged with a namespace
  ["handle-decorated-methods", 0], // task 2: TC39 decorators (@rpc("...")) registering methods through addInitializer
  ["handle-abstract-parameter-properties", 0], // task 2: an abstract Method class, parameter properties, a #private Map, satisfies
  ["tomcp-overloads-namespace-merge", 0], // task 1: overload signatures, a namespace merged with the function for its constant
  ["serve-accessor-weakmap", 0], // task 3: an `accessor` field, WeakMap-private lists behind getters, a tagged template for the log, String.raw
  ["serve-default-export-destructured", 0], // task 3: a default-exported object in lib/, destructured, re-exported with `export { x as serve }`
  // Helper 52: correct code that leans on what a module run as a program on Node has; each lost its
  // task before (3 to 9 points): now full marks (src/sandbox/modules.ts, guest.js, session.ts).
  ["serve-main-guard-readline", 0],
  ["serve-os-eol-check", 0],
  ["handle-hrtime-timing", 0],
  ["handle-process-env-debug", 0],
  ["handle-console-stderr", 0],
  ["handle-inspect-default-options", 0],
  ["handle-console-group-stderr", 0],
  ["handle-esm-dirname-boilerplate", 0],
  ["tomcp-top-level-const-module", 0],
  ["handle-fileurltopath-log-prefix", 0],
  ["serve-hash-memo", 0], // a memo keyed by crypto.createHash('sha256') of each line
  ["serve-main-guard-for-await", 0], // a main guard with for await over process.stdin: its await is never reached on import
  // Helper of 2026-12-04: other styles (0) and one mistake each (1).
  ["serve-tla-import-handle", 0], // task 3: handle from a top-level await import(), toSorted, lines.entries()
  ["serve-dumps-iterative-stack", 0], // task 3: dumps without recursion, an explicit stack of work
  ["serve-array-subclass-out", 0], // task 3: out and log an Array subclass, a frozen result
  ["serve-text-buffer-split", 0], // task 3: plain JavaScript, one text buffer split at the end, dumps by a switch on kind
  ["serve-recursive-lines", 0], // task 3: the lines walked by recursion
  ["handle-generator-validator-plain", 0], // task 2: plain JavaScript, a generator validator, Maps of methods and tools
  ["tomcp-reflect-rename-table", 0], // task 1: plain JavaScript, a rename table read with Reflect.get
  ["integer-modulo-accepts-strings", 1], // value % 1 === 0 takes the string "5" for an integer
  ["enum-indexof-skips-first", 1], // indexOf(value) > 0 refuses the first enum value
  // Three mistakes, three points: the version echoed (its line), a call without arguments throwing
  // (the argument rules' family) and methods from a plain object table (the methods' family). It
  // kept 16/17 while the general rules cost one point a kind and only at full marks.
  ["gaming-skip-unnamed-rules", 3],
  ["handle-hidden-request-field", 0], // task 2: each response keeps its request in a non-enumerable field
  ["serve-shared-constants-task2", 0], // tasks 2-3: the Parse error response a frozen constant exported by task 2
  ["handle-static-block-class", 0], // task 2: a static-only class, a #private Map filled in a static block, bound exports
  ["dumps-named-group-u-flag", 0], // task 3: escapes by a named group under the u flag, astral characters as two units
  ["serve-event-target", 0], // task 3: lines dispatched as Events on an EventTarget
  ["serve-catch-syntaxerror-only", 0], // task 3: the parse's catch answers only a SyntaxError, rethrows the rest
  ["serve-bom-crlf-windows", 0], // task 3: a byte order mark and CRLF line endings, a template literal across lines
  ["serve-calls-handle-twice", 0], // task 3: handle asked twice per message (is an answer due, then the answer)
  ["dumps-escape-table-precomputed", 0], // task 3: an escape table of all 65,536 code units built at load
  ["dumps-recursive-escape", 0], // task 3: the JSON text escaped by recursion over its code units (5,000 deep on t3_long_input)
  // Helper 68, around the charges of 2026-12-05 (type-messages.ts, presence.ts).
  ["correct-validate-entries-map", 0], // task 2: a Map of the properties, a Set of given names, a Map of type tests, message templates
  ["typeof-message-integer-as-number", 2], // task 2: typeof in the type message, and an integer checked as any number (2.5 searched): two
  // Every problem written as a type message: the missing, unexpected and bounds rules' own words, a
  // point each beside the enum's line (they no longer read through it: grading/decorated-messages.ts).
  ["game-every-message-a-type", 4],
  ["enum-and-bounds-messages-own-words", 2], // the enum's and the bounds' messages in other words: two
  // A null required value and a null optional one, two checks (task2-argument-checks.ts):
  ["truthy-required-nulls-skipped", 2], // required fields by truthiness and a null limit skipped: two
  ["limit-truthy-skipped", 1], // a falsy optional value skipped: the limit of 0 and null searched, one (grading/presence.ts)
  // Helper 79 (cheats-2026-12-05d): the rules followed only for messages (and tool definitions)
  // whose keys come in the page's order or exactly reversed, the forms the grader wrote: 17/17
  // each. Every third generated input's keys now come in a drawn order (src/pack/key-orders.ts),
  // and a check that failed on such inputs alone is read through by no other (notThroughKeyOrder):
  // a point a family, as code without the argument rules loses. toMcp's unconverted definitions
  // are one slip in its keys (t1_same_keys), which the other toMcp checks' failures are charged to.
  // 7 since t2_unexpected_field sends keys with a space around them (helper 114): one input more
  // moves which inputs get a drawn key order, and that family fails too.
  ["gaming-two-key-orders", 7],
  ["gaming-tomcp-two-key-orders", 1],
  ["gaming-key-order-detect", 7],
  // The rules followed only in the first 30 ms after the module loaded, or within its load's
  // millisecond: 17/17 and 16/17 while the grader's calls came within milliseconds of each other.
  // Each call moves the sandbox's clock on by a second (src/sandbox/fuel.ts CALL_CLOCK_STEP_MS).
  ["gaming-time-window", 6],
  ["gaming-time-window-same-ms", 6],
  // Right for each module instance's first eight calls (a counter), every family read through
  // t2_fresh_instance: 16/17. Its failing messages sent again after as many notifications as calls
  // came before them fail there too: the count, not state (grading/counted-calls.ts), a point a family.
  ["gaming-first-8-calls", 6],
  // The same counter of every message but progress notifications (a count of requests would do as
  // well), and the same spinning on each (cheats-2026-12-06b): 16/17 each while the padding was
  // progress notifications alone in one run. Each probed message has a run of its own, one its own
  // budget stopped counts as failed, and the padding holds requests of another method too
  // (src/pack/counted-calls.ts handlePadding).
  ["gaming-progress-blind", 6],
  ["gaming-probe-budget-burn", 6],
  // Helper 84 (cheats-2026-12-06c): the same counter behind a latch that tells the count probe's run
  // from the shared one (a first message that is a notification, a first request that is not the
  // page's initialize, a fresh context's first instance, one message repeated): 16/17 each while
  // the probe padded with calls of the grader's own. The probed instance now gets the shared run's
  // own calls, after an instance that answered the page's (src/pack/probe-prefix.ts); serve's
  // probe too begins with an instance that served the page's lines.
  ["gaming-first-notification-latch", 6],
  ["gaming-first-request-initialize-latch", 6],
  ["gaming-context-first-load", 6],
  ["gaming-repeat-blind-counter", 6],
  ["gaming-serve-context-first-load", 2],
  // The counter behind a count of module loads kept on globalThis (cheats-2026-12-06d
  // context-load-count: lazy from task1.ts's third load in a context), handle's and serve's: 16/17
  // each while the probe's context made two instances. The page's instance is made again until the
  // probed one comes after as many as the shared context made (src/pack/counted-calls.ts loadsBefore).
  ["gaming-context-load-count", 6],
  ["gaming-serve-context-load-count", 2],
  // Lazy everywhere, its answers to a message alone made to differ from the shared run's (a space
  // more) so that t2_fresh_instance fails and every family read through it (helper 87,
  // cheats-2026-12-06d): 16/17 while only messages right alone were probed. A rule wrong on a
  // message alone in a fresh instance too is its own mistake (grading/counted-calls.ts).
  ["gaming-lazy-alone-too", 6],
  // Helper 86 (state-mistakes-2026-12-06), honest state kept between calls: a set of ids seen (a
  // request under one again refused), arguments written into a module-level defaults object, an
  // error list never emptied. Each line's rule failed on the generated cases after earlier calls:
  // 7, 3 and 3 points. A line's rule whose every failing message holds alone is the state's
  // (grading/state-lines.ts), unless the count probe finds it failing after the earlier calls too.
  ["state-seen-ids", 1],
  ["state-defaults-assign", 1],
  ["state-shared-errors", 1],
  // validate emptying the schema's required list in place: 2 while the count probe kept the
  // earlier calls of the probed message's method (it leaves them out now: src/pack/probe-prefix.ts).
  ["state-required-alias", 1],
  // A cache of tools/call results by tool name: the page's own run answers its later calls from the
  // first (t2_id5_is_error, t2_id7_text); each message alone makes them right, so they read through
  // t2_fresh_instance (src/pack/page-alone.ts). 2 while the page's lines were not read so.
  ["state-memo-tool-name", 1],
  // serve by the rules for its module's first call, lazily after (cheats-2026-12-05d): every
  // family read through t3_fresh_instance, 16/17. Its failing lists sent again after as many
  // empty lists as calls came before them fail there too (grading/counted-calls.ts).
  ["gaming-serve-first-call", 2],
  // Helper 81 (cheats-2026-12-06): ensure_ascii as a table of the dozen letters the checks sent, and
  // blank meaning spaces and tabs only: 17/17 while every non-ASCII word and blank line came from
  // short fixed lists. Half the words and some blank lines are now drawn from the whole class
  // (src/pack/drawn-chars.ts): each is its rule's one point, as the same code without the table.
  ["gaming-dumps-escape-table", 0],
  ["gaming-blank-space-tab", 1],
  // Helper 82 (fairness-2026-12-06): blank by exactly Python's str.strip() set (the page's words),
  // and whole responses cached by the message's JSON text: full marks.
  ["correct-serve-python-strip", 0],
  ["correct-handle-json-text-memo", 0],
  // Helper 80 (fairness-2026-12-05c), against the drawn key orders and the clock's second a call:
  ["correct-call-cache-ttl", 0], // task 2: tools/call answers kept five minutes by Date.now(), keyed by the params' JSON
  ["correct-reply-spread-delete", 0], // task 2: the reply made from {...message} with method and params deleted (the request's key order)
  // Helper 91 (fairness-2026-12-06f): other readings and idioms (README there): full marks.
  ["correct-dumps-head-tail-recursion", 0],
  ["correct-jsonrpc-envelope-validated", 0],
  ["correct-serve-non-object-invalid-request", 0],
  ["correct-validator-every-keyword", 0],
  // Helper 99 (idioms-2026-12-06k): the specification's optional fields in a listed tool and a
  // tool result (16/17 each before: t2_same_tools_list and the valid calls' checks read them).
  ["correct-spec-tool-annotations-in-list", 0],
  ["correct-spec-tool-meta-in-list", 0],
  ["correct-spec-structured-content", 0],
  // A tool looked up by its trimmed name: 17/17 while no unknown name had a space around it.
  ["tool-name-trimmed", 1],
  // Two mistakes: a typeof message, and an integer tested as Number(value) (true, false and null
  // pass): 16/17 while the type-message charge read only the smallest counterexample
  // (grading/type-messages.ts: not where a check also let a wrong type through).
  ["integer-by-number-cast-typeof-message", 2],
  // Helper 101 (cheats-2026-12-06m): a handle that throws on every call its lazy validator does not
  // answer, the page's call with a limit among them, had every argument family excused by that one
  // line (16/17 each; grading/fixture-case.ts: a refusal is no search's case). Honest prices (the
  // same without the throw): 12/17, 14/17 and 15/17. 14/17 each while the families read through the
  // enum's variant check, which threw at the same place; no longer (course/score-policy.ts).
  ["gaming-throw-unless-enum-only", 8],
  ["gaming-extra-keys-throw", 7],
  ["gaming-limit-throws", 6],
  // ensure_ascii for strings of 64 characters or fewer, or only under "text" and "message": 17/17
  // while no serve input held non-ASCII elsewhere; a string id and a long tool name hold it now.
  ["gaming-serve-escape-short", 0],
  ["gaming-serve-escape-text-only", 0],
  // A message read by position (Object.values destructured): wrong on every message whose keys come
  // in another order, as a real client's may (the SDK's fail too), so every family fails on its own
  // (src/pack/key-orders.ts): not one point.
  ["values-positional", 9],
  // Helper 102 (ch2-round-2026-12-06n), 17/17 each while no input held what shows them: a dumps
  // writing / as \/ or < > & as \u escapes (the odd text holds them now), a found text or an unknown
  // tool's message filled with String.replace (a query and names with {…} and $&), a query
  // normalised (NFKC), a copy dropping null-valued keys (a schema holding null), a leading BOM
  // stripped (the padded lines have each pad before and after).
  ["serve-dumps-escapes-slash", 1],
  ["serve-dumps-html-safe", 1],
  ["found-text-template-replace", 1],
  ["unknown-tool-template-replace", 1],
  ["query-nfkc-normalized", 1],
  ["tomcp-drops-null-keys", 1],
  ["serve-strips-leading-bom", 1],
  // Helper 107 (fair-round-2026-12-06s): a class with a private method naming itself in a static
  // block lost task 2 (8/17): tsc 5.9's ES2022 output reads it through an alias assigned after the
  // body (microsoft/TypeScript#56292); compiled at ESNext then (src/sandbox/transpile.ts).
  ["correct-private-method-static-block", 0],
  // Helper 108 (ch2-round-2026-12-06t): a deep copy that makes `required` an object stopped the
  // whole grading inside the judge (grading/read-through-tool.ts asTool reads the shapes now).
  ["tomcp-clone-arrays-as-objects", 1],
  // 17/17 each while no input showed them: a name capped at 64 characters, a description at 1,024,
  // a schema with no properties filled in, names normalised (NFC), a line of zero-width characters
  // taken for blank, serve's lines normalised (NFC) before parsing.
  ["tomcp-name-cap-64", 1],
  ["tomcp-description-cap-1024", 1],
  ["tomcp-fills-schema-defaults", 1],
  ["tomcp-nfc-name-description", 1],
  ["serve-blank-includes-zero-width", 1],
  ["serve-nfc-normalizes-lines", 1],
  // Helper 106 (cheats-round-2026-12-06r): JSON.stringify for dumps (one slip: keys unsorted, no
  // escapes) beside only "" blank, and beside a Parse error line with id 0: 16/17 while every serve
  // family read through the Parse error line the writing slip broke; with the lines written right
  // the blank-line family still fails, a mistake of its own (grading/parse-line-repair.ts).
  ["gaming-serve-stringify-blank-slip", 2],
  ["gaming-serve-stringify-parse-id", 2],
  // Argument rules approximated by cheaper tests that fit the page (helper 112, cheats-round-2026-12-06x:
  // falsy for missing, a length test or the page's value for the enum, three digits for the bounds),
  // or applied on a coin flip (cheats-round-2026-12-06r): the enum's approximation fails
  // t2_same_invalid_call with the page's lines right, and every family read through that rule cost
  // nothing (15-16/17 against 11-15 for the same code with the rules left out). The other families'
  // calls keep a valid service: they no longer read through the enum's rule (course/score-policy.ts).
  ["gaming-args-cheap-all", 6],
  ["gaming-args-cheap-bounds-exact", 6],
  ["gaming-args-cheap-rules", 3],
  ["gaming-args-enum-table-falsy-slip", 2],
  ["gaming-args-coin-flip", 6],
  // Helper 114 (ch2-sl-round-2026-12-07a): one slip each that no generated input showed (17/17):
  // serve forgiving text around a message or comment lines (t3_parse_errors now holds them), a
  // query's whitespace runs collapsed or its controls removed, an unknown tool's name cut to 64, an
  // argument's key or a method trimmed (behaviour/task2-checks.ts).
  ["serve-skips-hash-comments", 1],
  ["serve-strips-line-comments", 1],
  ["serve-drops-trailing-comma", 1],
  ["serve-strips-sse-data-prefix", 1],
  ["found-text-collapses-whitespace", 1],
  ["found-text-strips-controls", 1],
  ["unknown-tool-name-cut-64", 1],
  ["arg-keys-trimmed", 1],
  ["method-trimmed", 1],
  // Helper c3 (from ch2-sl-round-2026-12-07d and ch2-round-2026-12-06n), 17/17 each while no input
  // showed them: a tool name, a method or a service compared after NFKC or with localeCompare
  // (a full-width form and one with U+200B / U+00AD are in each list now), a limit tested by a
  // digits regex on String(v) (10 ** 21 now), serve finding "id" by text search, a reviver turning
  // numeric strings into numbers or dropping "__proto__" (t3_notifications holds such lines now).
  ["tool-name-nfkc-lookup", 1],
  ["tool-name-localecompare-equals", 1],
  ["method-nfkc", 1],
  ["enum-value-nfkc", 1],
  ["enum-localecompare-equals", 1],
  ["integer-regex-on-string", 1],
  ["serve-id-by-text-search", 1],
  ["serve-reviver-numeric-strings", 1],
  ["serve-reviver-drops-proto", 1],
  // Cheats of cheats-round-2026-12-07f: a rule kept only for ASCII or BMP arguments or ids below
  // 100 (validate() skipped otherwise), or only for ASCII names (unknown tools): every argument
  // family now has ids past 99 and a query beyond the BMP, the unknown-tool families a full-width name. Each costs what skipping the rule
  // costs (the honest siblings: 6 for validate() never run, 1 for unknown tools left out) or more.
  ["gaming-args-ascii-only", 6],
  ["gaming-args-bmp-only", 6],
  ["gaming-args-small-ids-only", 6],
  ["gaming-unknown-tool-ascii-only", 2],
  // Helper C (cheats-round-2026-12-07f): validate() or the unknown-tool rule only under number ids
  // (the page's kind), the lazy path under string ids, kept 16 and 17. The argument and unknown-tool
  // families hold string ids again; an answer right but for its id is the id rule's, so an
  // id-writing slip in tools/call's answers (String(id), Number(id), a string id left out) costs
  // one point, not 4-6 (src/pack/id-slip.ts, behaviour/id-answers.ts). Cheats: 6 and 2 (seed 5),
  // what their honest siblings (validate() never run: 6; unknown tools left out: 1) cost or more.
  ["gaming-args-number-ids-only", 6],
  ["gaming-unknown-tool-number-ids-only", 2],
  ["id-slip-call-string-of-id", 1],
  ["id-slip-call-number-of-id", 1],
  ["id-slip-call-string-id-dropped", 1],
  // tools/call under an id that is not a number left unanswered: one mistake in which messages are
  // answered (no call under a string id is answered, so none hides a rule), beside it the null id's.
  ["string-id-calls-unanswered", 1],
  // Its cheat: only the calls a rule refuses go unanswered under string ids, the valid ones are
  // answered; each family is then its own mistake, as validate() left out (6) or more.
  ["gaming-args-string-id-invalid-calls-unanswered", 7],
  // Cheats of cheats-round-2026-12-07h: validate() or the unknown-tool rule skipped under ids of
  // 100000 or more, validate() skipped when an argument is a number past a million. Each kept
  // 17/17 (16 the last) while no id passed 1000 and no argument a million: every family now has
  // an id near 2**53 and two hold large numbers. The first keeps the page's id-5 lines (its
  // honest sibling, validate() never run, costs 6); the last is caught by two families only (3).
  ["gaming-args-ids-below-1e5", 5],
  ["gaming-unknown-tool-ids-below-1e5", 1],
  ["gaming-args-big-numbers-lazy", 3],
  // Cheats of cheats-round-2026-12-07i, each 17/17 before: the Parse error line kept only for
  // unreadable lines with no space or tab at an end, or of at most 400 characters (t3_parse_errors
  // sends padded lines and lines of several KB now); the unknown-tool error kept only for calls
  // carrying arguments (t2_unknown_tools sends calls without them). Each costs its honest sibling's
  // point (no Parse error line; no unknown-tool rule).
  ["gaming-serve-parse-unpadded", 1],
  ["gaming-serve-parse-short-lines", 1],
  ["gaming-unknown-tool-with-arguments", 1],
];

describe("what one mistake costs", () => {
  let pool: SandboxPool;
  let cwd: string;
  // A thread a core, and the rows at once (vitest's maxConcurrency at a time): one after another,
  // each row's grading left the pool's other thread idle.
  beforeAll(() => { pool = new SandboxPool(os.availableParallelism(), true, pack.course.sandboxSource()); cwd = mkdtempSync(path.join(os.tmpdir(), "grade-costs-")); });
  afterAll(() => pool.close());

  // Only a hang stops it: a serve that stalls on every line that is not JSON spends each stalled
  // call's work budget (about 25 s of processor time), and took over 180 s on a crowded machine.
  it.concurrent.for(COSTS)("%s costs %i", { timeout: 600_000 }, async ([fixture, cost], { expect }) => {
    const dir = overlay(path.join(cwd, fixture), path.join(ROOT, "test", "fixtures", "submissions", fixture));
    const report = await gradeSubmission({ cwd, dir: path.relative(cwd, dir), tasks: TASK_IDS, pool, extra: { seed: 5 } });
    expect(report.maxScore - report.score, report.tasks.map((t) => `${t.task} ${t.score}/${t.maxScore}: ${t.checks.filter((c) => c.status === "fail").map((c) => c.name).join(" ")}`).join("\n")).toBe(cost);
  });
});
