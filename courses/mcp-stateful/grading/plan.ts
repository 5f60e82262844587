// What one submission's grading asks of the sandbox. Task 1: each builder and kindOf on the
// trace's calls, then the generated ones. Task 2: the trace as one session, then (behaviour) every
// generated session, each in a fresh module instance of task2.ts. Task 3: the transport's probes
// and the client's scenarios, the client against the grader's scripted server (peers: the record
// of what it sent is made outside the sandbox). Inputs only, never an answer.
import { withKeyOrders } from "../../../src/pack/key-orders.js";
import type { PackPlan, PackTask, PlanInput } from "../../../src/pack/types.js";
import type { RunSpec } from "../../../src/sandbox/protocol.js";
import { CALL_FUEL, CALL_FUEL_FACTOR } from "../../../src/sandbox/fuel.js";
import { builderCases, BUILDERS, kindCases, KIND_OF, type Builder } from "../behaviour/messages.js";
import { ownNamesSession, sessionsOf, UNKNOWN_NAMES_CHECK } from "../behaviour/server-checks.js";
import { TOOL_NAMES, UNKNOWN_TOOLS } from "../behaviour/generate.js";
import { ownNames } from "../../../src/pack/own-names.js";
import { alone as aloneOf, type Session } from "../behaviour/session.js";
import { againOf, expected, initializeParams, REQUEST_METHODS, type Scenario } from "../client/model.js";
import { generatedScenarios, traceScenario } from "../client/scenarios.js";
import { FIXTURE_PROBE, generatedProbes, type Probe } from "../client/transport.js";
import { BUILDER_CALLS, TRACE_SESSION, WIRE } from "../course/fixtures.js";
import { LINE_RULES } from "../evidence/line-rules.js";

export const TASKS: readonly PackTask[] = [
  { id: "task1", number: 1, title: "Messages: build them, tell them apart", file: "task1.ts", exportName: "request", signature: "request(id, method, params?), notification(method, params?), response(id, result), errorResponse(id, code, message, data?), kindOf(message)" },
  { id: "task2", number: 2, title: "The stateful lab server", file: "task2.ts", exportName: "LabServer", signature: "class LabServer { constructor(config: ServerConfig); handle(message): JsonRpcResponse | null; addTool(tool: LabTool, options?: { notify?: boolean }): void; drainOutbox(): JsonRpcNotification[] }" },
  { id: "task3", number: 3, title: "The in-memory transport and the client", file: "task3.ts", exportName: "LabClient", signature: "class InMemoryTransport { constructor(server); send(message); notifications() } and class LabClient { tools: Tool[]; constructor(transport: Transport); connect(); listTools(); callTool(name, args); pump() }" },
];

export interface SessionsPlan {
  /**
   * Each check's sessions in `all`, and the run that answers them, a step per input: a run per
   * check, so that a loop that never ends, which spends its run's fuel, cuts short that check's
   * sessions alone (one run for every session cost a prompt filled until no placeholder is left
   * 8 points: test/fixtures/mcp-stateful-class/prompt-filled-until-none-left).
   */
  groups: { name: string; from: number; count: number; run: number }[];
  all: Session[];
  /**
   * For each session of two servers (its index in `all`): runs of its own, each in a context of
   * its own, of the session and of each server's steps alone, so that nothing one left on
   * globalThis or a prototype reaches another.
   */
  alone: { session: number; together: number; apart: number[] }[];
}

export interface StatefulPlan extends PackPlan {
  seed: number;
  behaviour: boolean;
  task1?: { builders: Record<Builder, { run: number; args: unknown[][] }>; kinds: { run: number; inputs: unknown[] } };
  task2?: { fixture: number; sessions?: SessionsPlan };
  /** Each client scenario's run, and which of its calls (a scenario run on one client several times: client/model.ts `calls`). */
  task3?: { transport: { run: number; probes: Probe[] }; clients: { run: number; call: number; scenario: Scenario }[] };
}

const texts = (inputs: readonly unknown[]): string[] => inputs.map((i) => JSON.stringify(i));

function planTask1(runs: RunSpec[], input: PlanInput): StatefulPlan["task1"] {
  const cases = input.behaviour ? builderCases(input.seed) : [];
  const builders = {} as Record<Builder, { run: number; args: unknown[][] }>;
  let first: number | undefined;
  for (const builder of BUILDERS) {
    const args = [...(BUILDER_CALLS[builder] as readonly (readonly unknown[])[]).map((a) => [...a]), ...cases.filter((c) => c.builder === builder).map((c) => c.args)];
    const run = runs.push({ entry: "task1.ts", exportName: builder, inputs: texts(args), spread: true, instance: "shared", stopOnFailure: false, ...(first === undefined ? {} : { after: { run: first, need: "finished" as const } }) }) - 1;
    first ??= run;
    builders[builder] = { run, args };
  }
  const inputs = [...WIRE, ...(input.behaviour ? kindCases(input.seed) : [])];
  const kinds = { run: runs.push({ entry: "task1.ts", exportName: KIND_OF, inputs: texts(inputs), instance: "shared", stopOnFailure: false }) - 1, inputs };
  return { builders, kinds };
}

/**
 * How many servers the driver makes, and lets go, before the trace's own: past any count a lab
 * process reaches on the page (an allow-list kept only for a module's first 500 servers kept 18/18
 * at 200: cheats-round-2026-12-07h sf-allow-first-500-servers).
 */
export const MADE_BEFORE = 1000;

/** A run of sessions on task 2's server: each input a session, the course's driver making its calls. */
export const SERVER_RUN = { entry: "task2.ts", exportName: "LabServer", via: "driveServer" } as const;

/** The checks an evidence line names: their runs go first, so that a submission's fuel spent by loops runs out on the general rules' runs. */
const NAMED = new Set(Object.values(LINE_RULES).flat());

/** Task 2's fixture run now, and a function that plans its generated sessions' runs (after task 3's). */
function planTask2(runs: RunSpec[], input: PlanInput): () => StatefulPlan["task2"] {
  // A step per call, as the generated sessions' runs: a step that never returns is that step's
  // failure and the trace goes on with the steps after it (its throw is caught at the step too).
  // One call for the whole trace cost a loop on delete_db all of task 2 (test/loop-costs.test.ts).
  // The trace's servers are made after MADE_BEFORE others (drivers-source.ts): a server right
  // only for the first servers a process makes (a count on globalThis: gaming-global-first-servers)
  // answers the trace as it answers the rest.
  const steps = TRACE_SESSION.steps.map((step, k) => JSON.stringify(k === 0 ? { servers: TRACE_SESSION.servers, made: MADE_BEFORE, step } : { step }));
  // Its first step makes those MADE_BEFORE servers: about one unit of fuel in the reference, two
  // where the engine's count of ticks happens to cross twice (the same work, counted every 10,000
  // ticks from wherever the runs before left the count), so each step gets twice a call's budget.
  const fixture = runs.push({ ...SERVER_RUN, via: "driveSessionStep", inputs: steps, instance: "shared", stopOnFailure: false, callFuel: CALL_FUEL * 2 }) - 1;
  return () => (input.behaviour ? { fixture, sessions: planSessions(runs, input, fixture) } : { fixture });
}

/** Names a tools/call session already sends, and how many of the code's own it sends at most. */
const KNOWN_NAMES: ReadonlySet<string> = new Set([...TOOL_NAMES, ...UNKNOWN_TOOLS]);
const MOST_OWN_NAMES = 200;
/** The server's file first, then files no task is (its helpers), then the other tasks'. */
function serverFirst(files: readonly { path: string; text: string }[]): string[] {
  const rank = (path: string): number => (path === "task2.ts" ? 0 : TASKS.some((t) => t.file === path) ? 2 : 1);
  return [...files].sort((a, b) => rank(a.path) - rank(b.path)).map((f) => f.text);
}

function planSessions(runs: RunSpec[], input: PlanInput, fixture: number): SessionsPlan {
  const base = SERVER_RUN;
  const groups: SessionsPlan["groups"] = [];
  const all: Session[] = [];
  // The names the submission's own code uses, called as tools besides the names no lab tool has.
  const names = input.sources ? ownNames(serverFirst(input.sources()), KNOWN_NAMES, MOST_OWN_NAMES) : [];
  for (const { check, sessions: drawn } of sessionsOf(input.seed)) {
    const sessions = check.name === UNKNOWN_NAMES_CHECK && names.length ? [...drawn, ownNamesSession(names, input.seed)] : drawn;
    if (sessions.length) groups.push({ name: check.name, from: all.length, count: sessions.length, run: -1 });
    all.push(...sessions);
  }

  // Each session in a fresh module instance: a server that keeps state outside its instance
  // (a module variable) carries it into the next session, whose answers then differ.
  const after = { run: fixture, need: "finished" as const };
  // A step per input, each session's steps a group (a fresh instance): a step that never returns
  // is known, and the steps before it are answered (course/drivers-source.ts, driveSessionStep).
  for (const group of [...groups].sort((a, b) => Number(NAMED.has(b.name)) - Number(NAMED.has(a.name)))) {
    const sessions = all.slice(group.from, group.from + group.count);
    const inputs = sessions.flatMap((s) => s.steps.map((step, k) => JSON.stringify(k === 0 ? { servers: s.servers, step } : { step })));
    group.run = runs.push({ ...base, via: "driveSessionStep", inputs, groups: sessions.map((s) => s.steps.length), instance: "fresh", stopOnFailure: false, after }) - 1;
  }
  // Each two-server session again, and each of its servers alone: side by side, a server's
  // answers must be the ones it gives alone.
  const own = (session: Session): number => runs.push({ ...base, inputs: texts([session]), instance: "fresh", context: "fresh", stopOnFailure: false, after }) - 1;
  const alone: SessionsPlan["alone"] = [];
  all.forEach((session, i) => {
    if (session.servers.length > 1) alone.push({ session: i, together: own(session), apart: session.servers.map((_, k) => own(aloneOf(session, k))) });
  });
  return { groups, all, alone };
}

/** A continued call's handshake, which the driver sends for the client: the model's own. */
const HANDSHAKE = [{ jsonrpc: "2.0", id: "grader-handshake", method: "initialize", params: initializeParams() }, { jsonrpc: "2.0", method: "notifications/initialized" }];

// arity counts the driver's first argument, the export: (LabClient, ops, handshake), then the peers.
// The send peer answers the client's requests in turn (`answers`) and any other message with null:
// a notification left out or added shifts no reply (client/rules.ts alignedOps).
function clientRun(scenario: Scenario, after?: RunSpec["after"]): RunSpec {
  const e = expected(scenario);
  // A continued call is handed the handshake the driver sends for it; a fresh client's is none (course/drivers-source.ts driveClient).
  const more = Array.from({ length: (scenario.calls ?? 1) - 1 }, () => JSON.stringify(scenario.freshClients ? [scenario.ops] : [scenario.ops, HANDSHAKE]));
  return {
    // One call drives a whole scenario: the reference's largest uses 3 units (bench/fuel.ts).
    entry: "task3.ts", exportName: "LabClient", via: "driveClient", inputs: [JSON.stringify([scenario.ops]), ...more], arity: 3, instance: "shared", stopOnFailure: false, callFuel: CALL_FUEL_FACTOR * 4,
    // Every third reply's keys in a drawn order (src/pack/key-orders.ts): a client reads a response by its keys, never their order.
    peers: [{ replies: withKeyOrders(e.replies, e.replies.length * 0x9e37).map((r) => JSON.stringify(r)), echoId: true, answers: [...REQUEST_METHODS], again: againOf(e) }, { replies: e.polls.map((p) => JSON.stringify(p)) }, { replies: ["null"], repeatLast: true }],
    ...(after ? { after } : {}),
  };
}

function planTask3(runs: RunSpec[], input: PlanInput): StatefulPlan["task3"] {
  const probes = [FIXTURE_PROBE, ...(input.behaviour ? generatedProbes(input.seed) : [])];
  const transport = { run: runs.push({ entry: "task3.ts", exportName: "InMemoryTransport", via: "driveTransport", inputs: texts(probes), instance: "shared", stopOnFailure: false }) - 1, probes };
  const trace = traceScenario();
  const first = runs.push(clientRun(trace)) - 1;
  const clients = [{ run: first, call: 0, scenario: trace }];
  if (input.behaviour) {
    for (const scenario of generatedScenarios(input.seed)) {
      const run = runs.push(clientRun(scenario, { run: first, need: "finished" })) - 1;
      // Each call after the first starts from the cache the call before left.
      let startCache: Scenario["startCache"];
      for (let call = 0; call < (scenario.calls ?? 1); call++) {
        const s = call === 0 || scenario.freshClients ? scenario : { ...scenario, startCache };
        clients.push({ run, call, scenario: s });
        startCache = expected(s).caches.at(-1);
      }
    }
  }
  return { transport, clients };
}

export function plan(input: PlanInput): StatefulPlan {
  const runs: RunSpec[] = [];
  const wanted = (id: string): boolean => input.tasks.includes(id) && input.has(TASKS.find((t) => t.id === id)!.file);
  const out: StatefulPlan = { runs, seed: input.seed, behaviour: input.behaviour };
  if (wanted("task1")) out.task1 = planTask1(runs, input);
  const task2 = wanted("task2") ? planTask2(runs, input) : undefined;
  if (wanted("task3")) out.task3 = planTask3(runs, input);
  // Task 2's generated sessions last: a loop that never ends spends its run's fuel, and when the
  // submission's budget runs out the runs after it fail, which must never be task 3's.
  if (task2) out.task2 = task2();
  return out;
}
