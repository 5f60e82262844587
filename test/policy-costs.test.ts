// What a submission costs under the general rules' families (src/pack/score.ts `through` and
// `cause`), as a table for all three packs: test/fixtures/<pack>-policy-open/ holds code whose
// lines are right but which skips several rules no fixture shows (a-: a point each), and code
// with one slip that fails several checks (b-: one point), each folder's header saying which.
// Graded through the sandbox as the CLI grades it (no type check), seed 7. Where the cost is
// not yet what it should be, the row pins today's and says what it should be.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import ch2 from "../courses/mcp-ch2/pack.js";
import stateless from "../courses/mcp-stateless/pack.js";
import stateful from "../courses/mcp-stateful/pack.js";
import { gradeSubmission } from "../src/grading/grade.js";
import type { Pack } from "../src/pack/types.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import { overlay, ROOT } from "./overlay.js";

type PackDir = "ch2" | "mcp-stateless" | "mcp-stateful";
const PACKS: Record<PackDir, { pack: Pack; solutions: string }> = {
  ch2: { pack: ch2 as Pack, solutions: "solutions" },
  "mcp-stateless": { pack: stateless as Pack, solutions: "solutions/mcp-stateless" },
  "mcp-stateful": { pack: stateful as Pack, solutions: "solutions/mcp-stateful" },
};

/** [pack, folder, points it costs today, what it should cost where that differs]. */
const COSTS: [PackDir, string, number, number?][] = [
  // Several skipped rules: a point each, but where one family holds two of them (the argument
  // rules' through list, the inherited names' one cause) or state kept between calls hides the rest.
  ["ch2", "a-idnull-emptyq-nullskip", 3], // the empty query refused by a rule of its own: null values a mistake apart (grading/presence.ts)
  // Only the first problem reported, beside an integer slip and no bounds: the several-problem
  // calls that hold only kinds handled right alone show the first (behaviour/judge.ts reachedBy).
  ["ch2", "a-idnull-int-bounds-first", 4],
  // One cause: one `k in o` helper reaches all three (b-has-in-helper), and their answers are the
  // same as three lookups' give: no input tells one slip from three, and one slip costs one point.
  ["ch2", "a-inherited-lookups", 1],
  ["ch2", "a-int-bounds-string", 3], // each type left unchecked a point; a typeof message, both checks, one (c-type-message-typeof)
  // Arguments that are a string or a list: the chapter fixes no answer (t2_odd_params takes any
  // response with its id), so `raw ?? {}` is no mistake; the other two a point each.
  ["ch2", "a-oddargs-emptyq-nullskip", 2],
  ["ch2", "a-one-per-task", 3],
  // No ensure_ascii is the page's reading too since 2026-12-07 (t3_non_ascii): a point less each.
  ["ch2", "a-serve-blank-ascii", 1],
  ["ch2", "a-serve-four-gaps", 1, 4], // out and log at module level: every serve rule reads through t3_fresh_instance
  // Only "" blank, and a line not starting with "{" a parse error: two mistakes, as its header
  // says, since t3_not_objects sends "[]" (1 while only blank lines showed the prefix test).
  ["ch2", "a-serve-three-gaps", 2],
  ["ch2", "a-six-gaps", 5], // as above, and its two lookups are one cause (a-inherited-lookups)
  ["ch2", "a-toMcp-memo-copy", 2],
  ...(["b-arguments-raw", "b-echo-version", "b-enum-join", "b-falsy-id", "b-has-in-helper", "b-limit-in-text", "b-notification-by-prefix",
    "b-null-skipped", "b-required-truthy", "b-serve-counter", "b-serve-json-stringify", "b-toMcp-known-keys", "b-toMcp-spread", "b-toMcp-trim",
    "b-unknown-tool-colon"].map((name): [PackDir, string, number] => ["ch2", name, 1])),
  ["mcp-stateless", "a-checkargs-three-gaps", 3],
  ["mcp-stateless", "a-handle-id-jsonrpc-confirm", 3],
  // The memoized cancel's three line rules hold alone in fresh instances: the state's one point
  // (grading/state-charges.ts); the state also fails every family (each reads through
  // t2_no_session_state), so clientInfo required is not told apart beside it.
  ["mcp-stateless", "a-handle-memo-clientinfo", 1, 2],
  // A version refused right but for its writing is t2_unknown_names' slip (b-repr-none-as-null: grading/read-through.ts).
  // The inherited names' inputs each hold another rule's case: charged there only when every failing
  // one does (src/pack/reached.ts), so the inherited order ids cost their point beside the unknown names'.
  ["mcp-stateless", "a-handle-names-version", 3],
  ["mcp-stateless", "a-handle-six-gaps", 6],
  ["mcp-stateless", "a-one-per-task", 3],
  ["mcp-stateless", "a-serve-blank-re-nonobject", 2],
  // State kept between calls: the odd lines' checks judged on their lists alone (grading/fresh-serve.ts).
  ["mcp-stateless", "a-serve-nonobject-fresh", 2],
  ["mcp-stateless", "a-serve-three-odd-lines", 3],
  ["mcp-stateless", "b-has-in-helper", 2, 1], // one helper in task 1 and task 2: a point in each task
  ["mcp-stateless", "b-repr-none-as-null", 1],
  ...(["b-isobject-no-null-test", "b-repr-no-backslash", "b-repr-one-quote", "b-resulttype-overwritten", "b-serve-counter", "b-serve-only-empty-blank",
    "b-z9-not-error"].map((name): [PackDir, string, number] => ["mcp-stateless", name, 1])),
  ["mcp-stateful", "a-builders-kindof-three", 3],
  ["mcp-stateful", "a-client-ids-pump", 2],
  ["mcp-stateful", "a-one-per-task", 3],
  ["mcp-stateful", "a-request-note-params", 2],
  ["mcp-stateful", "a-server-again-global-prompt", 3],
  // initialize refused once live, on a session a jsonrpc-1.0 initialized opened, is t2_initialize_again's (grading/regated.ts).
  ["mcp-stateful", "a-server-five-gaps", 5],
  ["mcp-stateful", "a-server-gate-again-prompt", 3],
  // The gate no longer reads through t2_notifications, whose id check this breaks too: t2_notifications
  // failing by the jsonrpc slip alone is charged to the gate (grading/gate-slips.ts, c-jsonrpc-after-initialize).
  ["mcp-stateful", "a-server-jsonrpc-idnull-errstring", 3],
  ["mcp-stateful", "b-client-no-initialized", 1],
  ["mcp-stateful", "b-initialized-on-initialize", 1], // list_changed queued once initialize is answered: the gate's slip (grading/gate-slips.ts)
  ...(["b-client-error-returned", "b-client-no-cache", "b-client-no-roundtrip", "b-client-pump-no-refetch", "b-kindof-id-null", "b-list-only-allowed",
    "b-list-sorted", "b-not-allowed-as-unknown"].map((name): [PackDir, string, number] => ["mcp-stateful", name, 1])),
  // Helper 64's: one slip each, chosen to reach several families (c-).
  ...(["c-args-defaults-filled", "c-dumps-escape-uppercase", "c-dumps-keys-unsorted-nested", "c-enum-includes-string", "c-errors-joined-comma",
    "c-id-falsy-null", "c-id-stringified", "c-integer-safe-range", "c-maximum-exclusive", "c-method-lowercased", "c-minimum-inclusive",
    "c-serve-for-break", "c-serve-log-blank-too", "c-serve-log-from-zero", "c-serve-null-for-notification", "c-type-message-typeof",
    "c-unknown-method-id-null", "c-unknown-tool-as-result"].map((name): [PackDir, string, number] => ["ch2", name, 1])),
  // service 5 with the enum's message too, or without: the chapter leaves it open (task2-argument-checks.ts).
  ["ch2", "c-type-error-no-continue", 0],
  ...(["c-confirm-loose-equal", "c-discover-needs-version", "c-error-id-null", "c-id-stringified", "c-isobject-arrays", "c-order-before-args",
    "c-problems-joined-comma", "c-requested-undefined", "c-str-is-repr", "c-version-after-method"].map((name): [PackDir, string, number] => ["mcp-stateless", name, 1])),
  // data: null on every error: JSON-RPC's data may be any value, and MCP's schema leaves it unknown: right.
  ["mcp-stateless", "c-error-data-always", 0],
  // An error's id written null: t2_envelope's, and the live pipe and the SDK client see it too (a
  // response under an id the client never sent: live/unmatched-ids.ts, charged to the envelope).
  ...(["c-error-id-null", "c-id-falsy-null", "c-initialize-resets-session", "c-initialized-module-level", "c-internal-error-invalid-params",
    "c-jsonrpc-after-initialize", "c-notification-errors-answered", "c-notify-before-live", "c-outbox-module-level"].map((name): [PackDir, string, number] => ["mcp-stateful", name, 1])),
  // String ids refused: t2_envelope's (every response carries the request's id), not the lines'
  // rules' whose sessions hold string ids (grading/string-ids.ts; 7 before).
  ["mcp-stateful", "c-id-integer-only", 1],
  ["mcp-stateful", "c-error-data-null", 0], // data: null on every error: right, as the stateless pack's
  ["mcp-stateful", "c-params-raw", 0], // asObject as `value ?? {}`: no input sends params that are not an object where it matters
  // result null where a request got no result value (notifications/initialized sent with an id):
  // MCP's Result is an object, but no generated session sends that.
  ["mcp-stateful", "c-result-null-kept", 0, 1],
  // Code right on the page's run that tells the generated runs apart (a flag left on globalThis at
  // the first load, the clock's first reading at load) and throws there (g-): at most what its
  // honest sibling, the same exports always throwing, costs (cheats-round-2026-12-07k: 36/41,
  // 15/17, 31/41 and 15/18 before the fixture calls' failures had to be the lines' run's too,
  // src/pack/failed-call.ts failedInBoth, and the clients' rules had to be judged beyond the page).
  ["ch2", "g-throw-clock-zero", 9],
  ["mcp-stateless", "g-throw-clock-zero", 16],
  ["mcp-stateless", "g-throw-context-first-load", 16],
  ["mcp-stateless", "g-client-throw-after-five-loads", 17],
  ["mcp-stateless", "g-client-throw-off-page", 17], // the same, keyed on a table of the page's inputs
  ["mcp-stateful", "g-client-throw-context-first-load", 5],
  // Probe round 2026-12-07 (idioms-, slips- and narrow-round-2026-12-07m/n/o): each one slip that
  // no generated input showed (18/18), and a pattern made at run time that Node 20 cannot build,
  // which loaded here (18/18) and now fails as its literal twin does: task 2 did not load.
  ...(["c-transport-filters-notifications", "c-errorresponse-data-null-dropped", "c-narrow-resource-by-name"].map((name): [PackDir, string, number] => ["mcp-stateful", name, 1])),
  ["mcp-stateful", "c-prompt-regexp-duplicate-names", 8],
  // A pump that throws on every call (Object.groupBy, which Node 20 lacks): the trace's line, and
  // not t3_results again for the same throw of the same op (client/rules.ts crashKey): 2 before.
  ["mcp-stateful", "c-pump-object-groupby", 1],
  // gaming-round-2026-12-08u (helper 150): one rule skipped, or written otherwise, on inputs no
  // generator made (a name or value holding replace()'s $& $' $$ patterns, a key with a digit or a
  // dot, many keys, a big _meta, an id with spaces, a uri percent-encoded): full marks each before
  // the checks sent one; a line met twice, charged twice on some seeds (t3_blank_lines' fixed
  // repeats now); the Parse error for a line that is no object (t3_not_objects, t4's kin).
  ...(["d-unexpected-msg-replace-dollar", "d-args-skip-odd-key", "d-args-skip-many-keys", "d-errors-max-4", "d-id-string-trimmed", "d-serve-log-indexof", "d-serve-skip-repeat", "d-serve-brace-prefilter"]
    .map((name): [PackDir, string, number] => ["ch2", name, 1])),
  ...(["d-unknown-tool-replace-dollar", "d-version-msg-replace-dollar", "d-checkargs-replace-dollar", "d-args-skip-many-keys", "d-version-skip-big-meta", "d-uri-percent-decoded", "d-id-string-trimmed",
    // slips-round-2026-12-08s: callWithInput returning result.content from both calls, one mistake
    // read by two lines (client/evidence.ts samePartReturned): 2 before.
    "d-client-returns-content-only",
    // The error call's {} left out (its line unreadable, beside the rule of sending arguments as
    // given: task3.ts chargeArgumentsLines), and the client's _meta fields spread beside params
    // (rule-charges.ts chargeCallerMetaKept): 2 each before.
    "d-client-empty-arguments-omitted", "d-client-meta-spread-flat",
    // slips-round-2026-12-07p: a notification routed before its null cancelled an order, unseen
    // while no status was read after one (grading/notification-effects.ts).
    "d-notification-executed"].map((name): [PackDir, string, number] => ["mcp-stateless", name, 1])),
];

describe("what skipped rules and one slip cost under the families", () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-policy-"));
  const pools = new Map<PackDir, SandboxPool>();
  const poolOf = (id: PackDir): SandboxPool => pools.get(id) ?? pools.set(id, new SandboxPool(1, true, PACKS[id].pack.course.sandboxSource())).get(id)!;
  afterAll(() => { for (const pool of pools.values()) pool.close(); });

  it.each(COSTS)("%s %s costs %i", async (id, name, cost) => {
    const { pack, solutions } = PACKS[id];
    const dir = overlay(path.join(cwd, id, name), path.join(ROOT, "test", "fixtures", `${id}-policy-open`, name), path.join(ROOT, solutions));
    const report = await gradeSubmission({ cwd, dir: path.relative(cwd, dir), pack, tasks: pack.tasks.map((t) => t.id), pool: poolOf(id), extra: { seed: 7 } });
    const failing = report.tasks.map((t) => `${t.task} ${t.score}/${t.maxScore}: ${t.checks.filter((c) => c.status === "fail").map((c) => c.name).join(" ")}`).join("\n");
    expect(report.maxScore - report.score, failing).toBe(cost);
  }, 600_000);
});
