// What code that never returns costs (issue 20, "one mistake costs one point"), as a table for all
// three packs: each submission of test/fixtures/loops/<pack>/ is the reference with one input
// kind looping (or recursing, or answered with a Promise that never settles), graded through the
// sandbox as the CLI grades it, on seeds 1-3. Its throwing twin, made here from the same files
// with the loop replaced by `throw new Error("twin")`, must cost the same: a call stopped at its
// own work budget is that input's failure, as a throw is. Gaming (the page's inputs answered, a
// loop on everything else) keeps at most the points named. Where a verdict is wrong today, the
// row pins it and says what it should be and why. No timing is asserted (a shared machine).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import ch2 from "../courses/mcp-ch2/pack.js";
import stateless from "../courses/mcp-stateless/pack.js";
import stateful from "../courses/mcp-stateful/pack.js";
import { gradeSubmission } from "../src/grading/grade.js";
import { scoreTask } from "../src/pack/score.js";
import type { Pack } from "../src/pack/types.js";
import type { Report } from "../src/report/types.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import { overlay, ROOT } from "./overlay.js";

const PACKS = { "mcp-ch2": ch2, "mcp-stateless": stateless, "mcp-stateful": stateful } as const;
type PackId = keyof typeof PACKS;
const SOLUTIONS: Record<PackId, string> = {
  "mcp-ch2": path.join(ROOT, "solutions"),
  "mcp-stateless": path.join(ROOT, "solutions", "mcp-stateless"),
  "mcp-stateful": path.join(ROOT, "solutions", "mcp-stateful"),
};
const SEEDS = [1, 2, 3];
const LOOP = "for (;;) {}";
const THROW = 'throw new Error("twin")';

/** [pack, fixture, what the loop costs, what its throwing twin costs, the text the twin replaces (the loop by default)]. */
const COSTS: [PackId, string, number, number, string?][] = [
  ["mcp-ch2", "loop-on-notification", 1, 1],
  // Cost 2 before (extra-checks.ts, unjudged): the 70 unknown-tool calls use up the run's fuel
  // (100 + 20 a call), and t2_id_null_answered, skipped for the fixture's failed call under id
  // null, was made a failure by the stop, taking t2_responses' point; the throw stops no run.
  ["mcp-ch2", "loop-on-unknown-tool", 1, 1],
  ["mcp-ch2", "loop-on-string-id", 1, 1],
  ["mcp-ch2", "loop-tomcp-on-title", 1, 1],
  // Cost 2 before ff4837d, loop and throw: a throw on every unknown method (the stack overflow is
  // one) failed t2_id_null_answered on {"id": null, "method": "ping"}, excused only as resources/list
  // under another id; a message taking the fixture's branch of the dispatch is now its case.
  ["mcp-ch2", "recursion-on-unknown-method", 1, 1, "return handle({ ...message })"],
  ["mcp-ch2", "promise-on-notification", 1, 1, "return new Promise<never>(() => {})"],
  // Cost 5 before: serve's one call answers all of LINES, so a throw or a loop on line 4 left all
  // five of task 3's lines without a value. Its lines are now read from each line alone
  // (grading/outcomes.ts byLine): t3_parse_error_line's.
  ["mcp-ch2", "serve-loop-on-parse-error", 1, 1],
  ["mcp-stateless", "checkargs-loop-non-string", 1, 1],
  ["mcp-stateless", "handle-loop-unknown-tool", 1, 1],
  // Cost 2 before, loop and throw: the page's "cap" call ends in its third round, and both lines
  // that read it failed, t3_round_cap (no "too many input rounds") and t3_cap_requests (2
  // requests). The first is now charged to the second when the call stopped short without a
  // result (client/evidence.ts readsThrough); a made-up result is not (game-client-fabricates, 8).
  ["mcp-stateless", "client-loop-third-round", 1, 1],
  ["mcp-stateless", "handle-loop-unknown-uri", 1, 1],
  // 3 before (all of task 4): serve's one call on LINES is read line by line when it fails.
  ["mcp-stateless", "serve-loop-on-parse-error", 1, 1],
  ["mcp-stateless", "repr-recursion-on-quote", 1, 1, "return pyRepr(text)"],
  // Cost 4 before 72faca0, Promise and throw: no evidence line reads id 7's answer alone,
  // and the four lines that read every answer (t2_responses, t2_without_result_type,
  // t2_without_server_info, t2_without_cache_hints) each lost their point.
  ["mcp-stateless", "handle-promise-on-resources-list", 1, 1, "return new Promise<never>(() => {})"],
  // Cost 8 before (0/8 of task 2): the page's trace was one call of driveServer, so a step that
  // never returned stopped the whole trace, where a throw is caught at its step; it is now a step
  // per call (grading/plan.ts). Then every behaviour check passed: a session stalled at its first
  // step of a rule was not that rule's (grading/server-verdicts.ts); now t2_tool_errors fails too.
  ["mcp-stateful", "server-loop-on-disallowed-tool", 1, 1],
  ["mcp-stateful", "server-loop-on-prompts-get", 1, 1],
  ["mcp-stateful", "kindof-loop-on-error", 1, 1],
  ["mcp-stateful", "kindof-recursion-on-null-id", 1, 1, "return kindOf(message)"],
  // should be 1, as its twin. The loop: the page's client ops are one call of driveClient, so a
  // pump that never returns leaves every op of the trace without a value (t3_sent_methods,
  // t3_add_text, t3_delete_db_code, t3_cache_after_pump), where its throw is caught at the op. Even
  // with the ops before the stall read back (tried: the driver's mark peer carrying each op's
  // outcome; not kept), it stays 4: the generated scenarios stalled in pump fail t3_results and
  // t3_errors ("the client did not finish the scenario's ops", grading/client-verdicts.ts, so that a
  // client stalling on every op it does not know loses them), which void t3_add_text and
  // t3_delete_db_code; the throw's pump is misaligned, t3_messages' alone. The throw cost 2 before:
  // t3_cache_after_pump "could not be read" for t3_sent_methods' mistake, now charged there (judge.ts).
  ["mcp-stateful", "client-loop-on-list-changed", 4, 1],
  ["mcp-stateful", "client-promise-on-error", 1, 1, "return new Promise<never>(() => {})"],
];

/** Gaming, the page's inputs answered and a loop on every other: [pack, fixture, its task, the most of that task's points it keeps]. */
const GAMING: [PackId, string, string, number][] = [
  ["mcp-ch2", "game-loop-unseen", "task2", 0],
  ["mcp-stateless", "game-handle-loop-unseen", "task2", 0],
  // It keeps t2_outbox: its rule, t2_list_changed, judges what drainOutbox gives, which this server
  // does by the rules (the reference's outbox; it fakes only handle).
  ["mcp-stateful", "game-server-loop-unseen", "task2", 1],
];

const FIXTURES = path.join(ROOT, "test", "fixtures", "loops");
const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-loops-"));
const pools = new Map<PackId, SandboxPool>();
const poolOf = (id: PackId): SandboxPool => pools.get(id) ?? pools.set(id, new SandboxPool(1, true, (PACKS[id] as Pack).course.sandboxSource())).get(id)!;

/** The fixture laid over its pack's reference; with `swap`, its twin (each fixture file with that text replaced by a throw). */
function submission(id: PackId, fixture: string, swap?: string): string {
  const from = path.join(FIXTURES, id, fixture);
  const dir = overlay(path.join(cwd, id, swap ? `${fixture}.twin` : fixture), from, SOLUTIONS[id]);
  if (!swap) return dir;
  const files = readdirSync(from).filter((f) => f.endsWith(".ts"));
  const texts = files.map((f) => readFileSync(path.join(from, f), "utf8"));
  expect(texts.some((t) => t.includes(swap)), `${fixture} holds ${swap}`).toBe(true);
  files.forEach((f, i) => writeFileSync(path.join(dir, f), texts[i]!.replaceAll(swap, THROW)));
  return dir;
}

async function grade(id: PackId, dir: string, seed: number): Promise<Report> {
  const pack = PACKS[id] as Pack;
  return gradeSubmission({ cwd, dir: path.relative(cwd, dir), pack, tasks: pack.tasks.map((t) => t.id), pool: poolOf(id), extra: { seed } });
}

const failing = (r: Report): string => r.tasks.map((t) => `${t.task} ${t.score}/${t.maxScore}: ${t.checks.filter((c) => c.status === "fail").map((c) => c.name).join(" ")}`).join("\n");

describe("what code that never returns costs, beside its throwing twin", () => {
  afterAll(async () => { await Promise.all([...pools.values()].map((p) => p.close())); });

  it("names every fixture folder in a row", () => {
    const named = [...COSTS, ...GAMING].map(([id, fixture]) => `${id}/${fixture}`).sort();
    const folders = Object.keys(PACKS).flatMap((id) => readdirSync(path.join(FIXTURES, id)).map((f) => `${id}/${f}`)).sort();
    expect(folders).toEqual(named);
  });

  it.each(COSTS)("%s %s: the loop costs %i, its throwing twin %i, seeds 1-3", async (id, fixture, loop, twin, swap = LOOP) => {
    const looping = submission(id, fixture);
    const throwing = submission(id, fixture, swap);
    for (const seed of SEEDS) {
      const [a, b] = [await grade(id, looping, seed), await grade(id, throwing, seed)];
      expect(a.maxScore - a.score, `${fixture} seed ${seed}\n${failing(a)}`).toBe(loop);
      expect(b.maxScore - b.score, `${fixture} twin seed ${seed}\n${failing(b)}`).toBe(twin);
    }
  });

  it.each(GAMING)("%s %s keeps at most %s's %i points, seeds 1-3, as its throwing twin", async (id, fixture, task, most) => {
    const pack = PACKS[id] as Pack;
    for (const dir of [submission(id, fixture), submission(id, fixture, LOOP)]) {
      for (const seed of SEEDS) {
        const report = await grade(id, dir, seed);
        const kept = scoreTask(report.tasks.find((t) => t.task === task)!, pack.score).score;
        expect(kept, `${path.basename(dir)} seed ${seed}\n${failing(report)}`).toBeLessThanOrEqual(most);
      }
    }
  });
});
