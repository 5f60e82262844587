// What one submission's grading asks of the sandbox: per task, its run on the fixtures, then
// (with behaviour or schema checks) its run on the generated inputs after the fixtures in one
// module instance; for handle, every round of the cancel (and every generated message) alone in
// a fresh instance; for serve, the student's own handle on the messages serve passes it, in the
// same order, so that serve is judged against that handle. Inputs only, never an answer.
import { perLineInputs } from "../../../src/pack/line-by-line.js";
import { anotherOfKind } from "../behaviour/line-kinds.js";
import { callOf, type PackPlan, type PackTask, type PlanInput } from "../../../src/pack/types.js";
import { makeRandom } from "../../../src/pack/random.js";
import { interleave } from "../../../src/pack/interleave.js";
import type { RunSpec } from "../../../src/sandbox/protocol.js";
import { CALL_FUEL_FACTOR } from "../../../src/sandbox/fuel.js";
import { allInputs, planChecks, type PlannedCheck } from "../behaviour/check.js";
import { TASK1_CHECKS } from "../behaviour/task1-checks.js";
import { cancelRounds, TASK2_CHECKS } from "../behaviour/task2-checks.js";
import { LINE_KIND_CHECKS, TASK4_CHECKS } from "../behaviour/task4-checks.js";
import { planClient, type ClientPlan } from "../client/task3.js";
import { CANCEL_ROUNDS, CHECK_ARGS_INPUTS, LINES, MESSAGES, messageIndex } from "../course/fixtures.js";
import { effectInputs } from "./notification-effects.js";
import { answersOf, argsPairs, messagesOfLines, newServer } from "../behaviour/model.js";
import { sameJson } from "../evidence/reading.js";
import { LINE_RULES } from "../evidence/line-rules.js";

// One serve call does a whole list's work: the reference's largest (t4_unreadable_lines' lists of
// several-KB lines) uses 4 units (bench/fuel.ts), so a call gets CALL_FUEL_FACTOR times 6, as
// chapter 2's serve does.
const SERVE_CALL_FUEL = CALL_FUEL_FACTOR * 6;

export const TASKS: readonly PackTask[] = [
  { id: "task1", number: 1, title: "Check a tool call's arguments", file: "task1.ts", exportName: "checkArgs", signature: "(schema: InputSchema, args: JsonObject) => string[]" },
  { id: "task2", number: 2, title: "A stateless MCP server", file: "task2.ts", exportName: "handle", signature: "(message: JsonRpcMessage) => JsonRpcResponse | null" },
  { id: "task3", number: 3, title: "The client", file: "task3.ts", exportName: "request", signature: "(method: string, params: JsonObject | undefined, send: Send) => JsonRpcResponse" },
  { id: "task4", number: 4, title: "The stdio loop", file: "task4.ts", exportName: "serve", signature: "(lines: string[]) => { out: string[]; log: string[] }", reads: ["out", "log"] },
];
export const taskOf = (id: string): PackTask => TASKS.find((t) => t.id === id)!;

export const FIXTURE_INPUTS = { task1: CHECK_ARGS_INPUTS, task2: MESSAGES, task4: [LINES] } as const;
export type OwnTask = keyof typeof FIXTURE_INPUTS;
const OWN_TASKS: readonly OwnTask[] = ["task1", "task2", "task4"];
const CHECKS = { task1: TASK1_CHECKS, task2: TASK2_CHECKS, task4: TASK4_CHECKS };

export interface TaskRuns {
  fixture: number;
  /** The fixtures then the generated inputs, one instance (task1: the generated inputs only). */
  generated?: number;
  checks: PlannedCheck[];
  /** The generated run's inputs, in order. */
  inputs?: unknown[];
  /** When an oracle's inputs share the generated run: the index in its calls of each of `inputs`. */
  picks?: number[];
  /**
   * serve's only, run only when its one call on LINES failed, each call in a module instance of
   * its own (state kept between calls is t4_fresh_instance's one mistake, not every line's): each
   * line alone, then LINES without one or two lines (src/pack/line-by-line.ts), so that a serve
   * that throws on one line loses that line's evidence, not every line's.
   */
  perLine?: number;
  /** serve's only: the lists of freshServeChecks, each given first to a module instance of its own. */
  fresh?: number;
}

/** The rule of serve's three lines: its lists are also served in fresh instances (judge.ts freshServe). */
export const FRESH_LISTS_RULE = "t4_same_lines";

/** serve's checks whose lists the fresh run serves, in its order: the lines' rule, then the odd lines' kinds. */
export const freshServeChecks = (checks: readonly PlannedCheck[]): PlannedCheck[] =>
  [FRESH_LISTS_RULE, ...LINE_KIND_CHECKS].flatMap((id) => checks.filter((p) => p.check.id === id));

export interface StatelessPlan extends PackPlan {
  own: Partial<Record<OwnTask, TaskRuns>>;
  /**
   * handle, each input alone in a fresh instance: the cancel's rounds (the page's, then with
   * behaviour the generated ones), then every generated message. `shared`: where each round is
   * in the shared run (the generated run, or the fixture run for the page's rounds).
   */
  fresh?: { run: number; rounds: unknown[]; shared: number[]; generated: number; /** The fresh run's k-th generated message is generated[order[k]]. */ order: number[] };
  /** checkArgs on the (schema, args) pairs handle checks: a handle that calls the student's checkArgs is judged with its answers, so task 2 is not charged for task 1's mistakes. */
  argsOracle?: { run: number; keys: string[]; picks: number[] };
  /** handle on notifications that would cancel an order, between reads of its status (notification-effects.ts). */
  effects?: number;
  /** handle on the messages serve passes it, in serve's order: one group per list of lines (LINES, then each generated list). */
  oracle?: { run: number; sizes: number[]; picks: number[]; probes: { at: number; fixture?: number; shared?: number }[] };
  client: ClientPlan;
}

const texts = new WeakMap<readonly unknown[], string[]>();
const asTexts = (inputs: readonly unknown[]): string[] => {
  let list = texts.get(inputs);
  if (!list) texts.set(inputs, (list = inputs.map((i) => JSON.stringify(i))));
  return list;
};
const memo = new Map<string, unknown[]>();
function once(key: string, make: () => unknown[]): unknown[] {
  let v = memo.get(key);
  if (!v) {
    if (memo.size > 64) memo.clear();
    memo.set(key, (v = make()));
  }
  return v;
}

/** A cancel round that carries the user's answer (a retry), not a first round. */
const isRetry = (message: unknown): boolean => {
  const params = (message as { params?: unknown }).params;
  return typeof params === "object" && params !== null && Object.hasOwn(params, "inputResponses");
};

// Task 1 takes two parameters: each input is the call's arguments.
const SPREAD: Pick<RunSpec, "spread"> = { spread: true };

/** The page's requests whose answers no order's status changes, by id: the oracle's probes. */
const PROBED = [1, 2, 4, 5, 6, 7, 8];

/**
 * The variant checks of handle whose inputs are page requests under other ids that no order's
 * status changes: with handle's generated run, its own inputs of these are the oracle's probes,
 * so that the oracle's answers are held to the answers handle gave the same messages where it is
 * judged (a handle that answers by id, wrong as task 2 finds it, is still what serve calls).
 */
const PROBE_CHECKS = new Set(["t2_same_discover", "t2_same_tools_list", "t2_same_z9", "t2_same_bad_args", "t2_same_unknown_tool", "t2_same_resources"]);

/** Each probed request twice, under ids like serve's lines' (1 to 500). */
function oracleProbes(seed: number): unknown[] {
  const random = makeRandom(seed ^ 0x0bad);
  return [...PROBED, ...PROBED].map((id) => ({ ...MESSAGES[messageIndex(id)]!, id: random.int(1, 500) }));
}

/**
 * An oracle's inputs (checkArgs on the pairs handle checks) shuffled in among
 * a judged run's (src/pack/interleave.ts): the task's generated run when it is graded, else a run
 * of the same inputs made for it, so that the code cannot tell the oracle's calls by their run.
 */
function shareWith(runs: RunSpec[], judged: TaskRuns | undefined, alone: () => RunSpec, fixed: number, theirs: readonly string[], seed: number): { run: number; theirs: number[] } {
  const run = judged?.generated ?? runs.push(alone()) - 1;
  const spec = runs[run]!;
  const mixed = interleave(spec.inputs, fixed, theirs, seed);
  runs[run] = { ...spec, inputs: mixed.inputs };
  if (judged?.generated !== undefined) judged.picks = mixed.own;
  return { run, theirs: mixed.theirs };
}

/** Whether serve is judged on generated lists, against its handle: then the oracle's run is planned. */
const serveJudged = (input: PlanInput): boolean => input.behaviour && input.tasks.includes("task4") && input.has("task4.ts") && input.has("task2.ts");

/**
 * handle on the messages serve passes it, in serve's order (LINES, then each generated list). The
 * orders' statuses change as serve's messages cancel them, so the oracle keeps serve's order in a
 * run of its own; probes are shuffled in among them, and must get the answers handle gives them
 * where it is judged (judge.ts): with handle's generated run, its own messages (PROBE_CHECKS),
 * this run made before that one so that a probe is as new to handle here as serve's messages
 * are; else page requests under serve-like ids, held to handle's fixture run. A handle that
 * tells the oracle's run apart cannot answer it otherwise.
 */
function planOracle(runs: RunSpec[], input: PlanInput, t2: Pick<TaskRuns, "fixture" | "checks"> | undefined, judgedRun = false): NonNullable<StatelessPlan["oracle"]> {
  const lists = [LINES, ...allInputs(planChecks(CHECKS.task4, input.seed))] as unknown[][];
  const groups = lists.map(messagesOfLines);
  const judged = t2 && judgedRun ? t2.checks.filter((p) => PROBE_CHECKS.has(p.check.id)).flatMap((p) => p.inputs.map((message, k) => ({ message, shared: MESSAGES.length + p.offset + k }))) : [];
  const probes = judged.length ? once(`judged-probes|${input.seed}`, () => judged.map((j) => j.message)) : once(`probes|${input.seed}`, () => oracleProbes(input.seed));
  const mixed = interleave(asTexts(once(`oracle|${input.seed}`, () => groups.flat())), 0, asTexts(probes), input.seed);
  const after = t2 ? { after: { run: t2.fixture, need: "finished" as const } } : {};
  const probed = (k: number): { fixture: number } | { shared: number } => (judged.length ? { shared: judged[k]!.shared } : { fixture: PROBED[k % PROBED.length]! });
  const run = runs.push({ entry: "task2.ts", exportName: "handle", inputs: mixed.inputs, instance: "shared", stopOnFailure: false, ...after }) - 1;
  return { run, sizes: groups.map((g) => g.length), picks: mixed.own, probes: probes.map((_, k) => ({ at: mixed.theirs[k]!, ...probed(k) })) };
}

/**
 * How many of handle's generated messages are sent again, each alone to a fresh module instance
 * (t2_no_session_state), besides those whose answer depends on the orders' state (t2_data_alone's,
 * all of them): every n-th, so that each rule's kind of message is there. Each costs a load of
 * every module of the submission: all 660 made the run the largest of a grade (docs/speed.md), and
 * a correct task 1 that builds a large table when it loads ran out of the run's fuel.
 */
export const FRESH_SAMPLE = 96;

/**
 * The generated messages' indices the fresh run sends: t2_data_alone's, the first of each method
 * (a state shown only in the answer to a rare one, "toString", was missed by the spread alone:
 * handle-counter-shown-tostring), and FRESH_SAMPLE of the rest, spread.
 */
function freshSample(generated: readonly unknown[], checks: readonly PlannedCheck[]): number[] {
  const model = answersOf([...MESSAGES, ...generated]).slice(MESSAGES.length);
  // Each message's answer alone, once: a fresh model server per message is most of a plan's time.
  const dataDependent = generated.map((m, i) => !sameJson(model[i], newServer()(m)));
  const byData = (i: number): boolean => dataDependent[i]!;
  const methodOf = (m: unknown): string => JSON.stringify((m as { method?: unknown } | null)?.method ?? null);
  const firstOfMethod = new Set([...new Map(generated.map((m, i) => [methodOf(m), i] as const).reverse()).values()]);
  const rest = generated.map((_, i) => i).filter((i) => !byData(i) && !firstOfMethod.has(i));
  const step = Math.max(1, rest.length / FRESH_SAMPLE);
  const picked = new Set(Array.from({ length: Math.min(FRESH_SAMPLE, rest.length) }, (_, k) => rest[Math.floor(k * step)]!));
  const cases = new Set(checks.filter((p) => LINE_RULE_IDS.has(p.check.id)).flatMap((p) => p.inputs.slice(0, PAGE_CASES_ALONE).map((_, k) => p.offset + k)));
  return generated.map((_, i) => i).filter((i) => byData(i) || firstOfMethod.has(i) || picked.has(i) || cases.has(i));
}

/**
 * The first inputs of each of handle's line rules sent alone too: a rule that fails after earlier
 * calls and holds alone failed by state kept between calls (grading/state-charges.ts).
 */
const PAGE_CASES_ALONE = 4;
/** handle's line rules (evidence/line-rules.ts), but which messages get an answer (t2_notifications'). */
export const LINE_RULE_IDS: ReadonlySet<string> = new Set(Object.entries(LINE_RULES).filter(([line]) => line.startsWith("t2_")).flatMap(([, rules]) => rules).filter((r) => r !== "t2_notifications"));

export function plan(input: PlanInput): StatelessPlan {
  const runs: RunSpec[] = [];
  const own: StatelessPlan["own"] = {};
  let oracle: StatelessPlan["oracle"];
  const extra = input.behaviour || input.schema;
  // The cancel's generated rounds go to the shared run too (after everything else), so that
  // each round's answer alone in a fresh instance can be compared with the answer after its
  // first round.
  const rounds = once(`rounds|${input.seed}|${input.behaviour}`, () => (input.behaviour ? cancelRounds(makeRandom(input.seed)) : []));
  for (const id of OWN_TASKS) {
    const task = taskOf(id);
    if (!input.tasks.includes(id) || !input.has(task.file)) continue;
    const base = { ...callOf(task), ...(id === "task1" ? SPREAD : {}), ...(id === "task4" ? { callFuel: SERVE_CALL_FUEL } : {}) };
    // checkArgs's cases and handle's messages go on past a call that failed: the lines that read
    // it fail, the others are judged (src/pack/failed-call.ts), and so are the rules.
    const perCall = id !== "task4";
    const fixture = runs.push({ ...base, inputs: asTexts(FIXTURE_INPUTS[id]), instance: "shared", stopOnFailure: !perCall }) - 1;
    const checks = input.behaviour ? planChecks(CHECKS[id], input.seed) : [];
    const entry: TaskRuns = { fixture, checks };
    if (id === "task4") entry.perLine = runs.push({ ...base, inputs: asTexts(perLineInputs(LINES, input.seed, anotherOfKind)), instance: "fresh", stopOnFailure: false, after: { run: fixture, need: "failed-call" } }) - 1;
    if (id === "task2" && serveJudged(input)) oracle = planOracle(runs, input, entry, true);
    if (input.behaviour || (input.schema && id === "task2")) {
      const generated = allInputs(checks);
      const all = id === "task1" ? generated : once(`${id}|${input.seed}|${input.behaviour}`, () => [...FIXTURE_INPUTS[id], ...generated, ...(id === "task2" ? rounds : [])]);
      // serve's one fixture call failing is one line's mistake (perLine): its rules are still judged.
      // checkArgs's calls echo their arguments as left after each (grading/args-pure.ts).
      if (all.length) entry.generated = runs.push({ ...base, inputs: asTexts(all), instance: "shared", stopOnFailure: false, after: { run: fixture, need: perCall ? "answered" : "ran" }, ...(id === "task1" ? { echoInputs: true } : {}) }) - 1;
      entry.inputs = all;
      // The lists of the rule of serve's lines and of the odd lines' checks, each first in an
      // instance of its own: state kept between calls is one mistake (src/pack/fresh-instance.ts),
      // not every line's, and what serve does with each kind of line is judged without it.
      const lists = id === "task4" && entry.generated !== undefined ? freshServeChecks(checks).flatMap((p) => p.inputs) : undefined;
      if (lists?.length) entry.fresh = runs.push({ ...base, inputs: asTexts(lists), instance: "fresh", stopOnFailure: false, after: { run: entry.generated!, need: "finished" } }) - 1;
    }
    own[id] = entry;
  }
  const result: StatelessPlan = { runs, own, client: planClient(input, runs) };
  const t2 = own.task2;
  if (t2) {
    const generated = allInputs(t2.checks);
    // Every retry before every first round, in a context of its own: a fresh module instance
    // resets module variables only, and state kept on globalThis, a prototype or a library by
    // the earlier runs (or by a first round of this one) would still remember round 1.
    const sharedAt = [...CANCEL_ROUNDS.map((m) => messageIndex(m["id"] as number)), ...rounds.map((_, k) => MESSAGES.length + generated.length + k)];
    const inOrder = once(`fresh-order|${input.seed}|${input.behaviour}`, () => {
      const both = [...CANCEL_ROUNDS, ...rounds].map((round, i) => ({ round, at: sharedAt[i]! }));
      return [...both.filter((r) => isRetry(r.round)), ...both.filter((r) => !isRetry(r.round))];
    }) as { round: unknown; at: number }[];
    const all = once(`fresh-rounds|${input.seed}|${input.behaviour}`, () => inOrder.map((r) => r.round));
    // Every server/discover last: a flag it sets on globalThis (a "session") would otherwise let
    // every message after it in this run's context through.
    const order = once(`fresh-generated-order|${input.seed}|${input.behaviour}`, () => {
      const isDiscover = (i: number): boolean => (generated[i] as { method?: unknown } | null)?.method === "server/discover";
      const indices = freshSample(generated, t2.checks);
      return [...indices.filter((i) => !isDiscover(i)), ...indices.filter(isDiscover)];
    }) as number[];
    const inputs = once(`fresh|${input.seed}|${input.behaviour}`, () => [...all, ...order.map((i) => generated[i])]);
    const shared = inOrder.map((r) => r.at);
    const after = { run: t2.generated ?? t2.fixture, need: "finished" as const };
    result.fresh = { run: runs.push({ entry: "task2.ts", exportName: "handle", inputs: asTexts(inputs), instance: "fresh", context: "fresh", stopOnFailure: false, after }) - 1, rounds: all, shared, generated: generated.length, order };
    if (input.behaviour) result.effects = runs.push({ entry: "task2.ts", exportName: "handle", inputs: asTexts(effectInputs(input.seed)), instance: "shared", context: "fresh", stopOnFailure: false, after }) - 1;
    if (input.has("task1.ts")) {
      const keys = once(`pairs|${input.seed}|${input.behaviour}`, () => [...new Set(argsPairs([...MESSAGES, ...generated, ...all]).map((p) => JSON.stringify(p)))]) as string[];
      const into = shareWith(runs, own.task1, () => ({ entry: "task1.ts", exportName: "checkArgs", ...SPREAD, inputs: asTexts(allInputs(planChecks(CHECKS.task1, input.seed))), instance: "shared", stopOnFailure: false }), 0, keys, input.seed);
      result.argsOracle = { run: into.run, keys, picks: into.theirs };
    }
  }
  // Without handle's generated run (task 2 not graded), the probes are page requests under other ids.
  if (!oracle && serveJudged(input)) oracle = planOracle(runs, input, own.task2);
  if (oracle) result.oracle = oracle;
  return result;
}
