// Task 3's judging on hand-made replies: each client below is run in-process on the plan's runs
// by a stand-in for the sandbox's peers (the same script, echo and cap rules as
// src/sandbox/peers.ts), and the reply it makes is judged as the sandbox's would be.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import { sandboxSource } from "../course/sandbox-source.js";
import type { PlanInput } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { RunSpec, SandboxReply, WireCall, WireRun } from "../../../src/sandbox/protocol.js";
import { FIXTURE_CALLS, PROTO_NAMES, generatedCalls, generatedRequestRuns } from "./cases.js";
import { AGAIN, CLIENT_EVIDENCE, CLIENT_RULES, judgeClient, planClient, type ClientPlan } from "./task3.js";
import { DRIVE_REQUESTS } from "./many-requests.js";
import { DRIVE_LATE } from "./late-calls.js";
import { makeRandom } from "../../../src/pack/random.js";

type Fn = (...args: unknown[]) => unknown;
type Client = { request: Fn; callWithInput: Fn };
type Msg = Record<string, unknown>;

const PEER_CAP = 64;

// The course module's drivers (RunSpec.via), as the sandbox's "grade/course" has them.
const course: Record<string, Fn> = {};
new Function("exports", DRIVE_REQUESTS)(course);
new Function("exports", DRIVE_LATE)(course);

function callWith(spec: RunSpec, fn: Fn, input: string): WireCall {
  if (spec.via && !spec.peers) {
    try {
      return { ok: true, value: `J${JSON.stringify(course[spec.via]!(fn, JSON.parse(input)))}` };
    } catch (error) {
      return { ok: false, failure: { reason: "throw", message: `${spec.via} threw ${(error as Error).message}` } };
    }
  }
  const sent: { peer: number; text: string; problem?: string }[] = [];
  const peers = (spec.peers ?? []).map((script, peer) => {
    let used = 0;
    return (message: unknown): unknown => {
      if (sent.length >= PEER_CAP) throw new Error(`the grader's mock stopped answering after ${PEER_CAP} messages in one call`);
      const text = JSON.stringify(message);
      if (text === undefined) { sent.push({ peer, text: "", problem: "not JSON: undefined" }); throw new Error("not JSON"); }
      sent.push({ peer, text });
      if (used >= script.replies.length && !script.repeatLast) throw new Error("the grader's mock has no reply left for this message: its script ended");
      const reply = JSON.parse(script.replies[Math.min(used++, script.replies.length - 1)]!) as Msg;
      const id = (message as Msg | null)?.["id"];
      return script.echoId && message !== null && typeof message === "object" && Object.hasOwn(message, "id") ? { ...reply, id } : reply;
    };
  });
  try {
    // An input shorter than the run's arity leaves the rest undefined, as the sandbox does.
    const args = JSON.parse(input) as unknown[];
    while (args.length < (spec.arity ?? 0)) args.push(undefined);
    // A driver with peers (late-calls.ts) is given the export first, as the sandbox does.
    const value = spec.via ? course[spec.via]!(fn, ...args, ...peers) : fn(...args, ...peers);
    return { ok: true, value: value === undefined ? '{"x":"undefined"}' : `J${JSON.stringify(value)}`, sent };
  } catch (error) {
    const e = error as Error;
    return { ok: false, failure: { reason: "throw", message: `${spec.exportName} threw ${e.name}: ${e.message} (at task3.ts:1:1).` }, sent };
  }
}

function simulate(runs: RunSpec[], client: Partial<Client>): SandboxReply {
  return {
    runs: runs.map((spec): WireRun => {
      const fn = client[spec.exportName as keyof Client];
      if (!fn) return { status: "failed", failure: { reason: "missing-export", message: `task3.ts must export a function named ${spec.exportName}.` }, stdout: "", stderr: "", durationMs: 0 };
      return { status: "ran", calls: spec.inputs.map((input) => callWith(spec, fn, input)), stdout: "", stderr: "", durationMs: 1 };
    }),
  };
}

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
  "io.modelcontextprotocol/clientInfo": { name: "notes-client", version: "1.0" },
};

interface Options {
  sameId?: boolean; noMetaOnRetry?: boolean; noCap?: boolean; noInputResponses?: boolean; firstResult?: boolean;
  assignKeys?: boolean; completeOnly?: boolean; errorWithCode?: boolean; accumulate?: boolean; argsCarryAnswers?: boolean;
}

/** The reference client (solutions/mcp-stateless/task3.ts), with one mistake switched on at a time. */
function makeClient(o: Options = {}): Client {
  let lastId = 0;
  const request = (method: unknown, params: unknown, send: unknown): unknown => {
    if (!o.sameId) lastId += 1;
    return (send as Fn)({ jsonrpc: "2.0", id: o.sameId ? 1 : lastId, method, params: { ...(params as object), _meta: META } });
  };
  const callWithInput = (name: unknown, args: unknown, send: unknown, ask: unknown): unknown => {
    let responses: Record<string, unknown> | undefined;
    for (let round = 1; o.noCap || round <= 3; round++) {
      const params: Record<string, unknown> = { name, arguments: args };
      if (responses && o.argsCarryAnswers) params["arguments"] = { ...(args as object), inputResponses: responses };
      else if (responses && !o.noInputResponses) params["inputResponses"] = responses;
      const response = (responses && o.noMetaOnRetry
        ? (send as Fn)({ jsonrpc: "2.0", id: ++lastId + 1000, method: "tools/call", params })
        : request("tools/call", params, send)) as Msg;
      const error = response["error"] as Msg | undefined;
      if (error) throw new Error(o.errorWithCode ? `${String(error["code"])}: ${String(error["message"])}` : error["message"] as string);
      const result = response["result"] as Msg;
      if (o.firstResult || (o.completeOnly ? result["resultType"] === "complete" : result["resultType"] !== "input_required")) return result;
      const entries = Object.entries(result["inputRequests"] as Msg);
      const answers: Record<string, unknown> = o.accumulate ? { ...responses } : {};
      if (o.assignKeys) for (const [key, q] of entries) answers[key] = (ask as Fn)(q);
      else for (const [key, q] of entries) Object.defineProperty(answers, key, { value: (ask as Fn)(q), enumerable: true, writable: true, configurable: true });
      responses = answers;
    }
    throw new Error("too many input rounds");
  };
  return { request, callWithInput };
}

const input = (behaviour: boolean, seed = 7, has = true, schema = false): PlanInput => ({ tasks: ["task3"], has: () => has, behaviour, schema, seed });

type Graded = { checks: Map<string, CheckResult>; evidence: Record<string, string>; plan: ClientPlan };

function judged(plan: ClientPlan, reply: SandboxReply, i: PlanInput): Graded {
  const j = judgeClient(plan, reply, i);
  return { checks: new Map([...j.checks, ...(j.extra ?? [])].map((c) => [c.name, c])), evidence: j.evidence, plan };
}

function grade(client: Partial<Client>, behaviour = true, seed = 7): Graded {
  const runs: RunSpec[] = [];
  const i = input(behaviour, seed);
  const plan = planClient(i, runs);
  return judged(plan, simulate(runs, client), i);
}

const failing = (checks: Map<string, CheckResult>): string[] =>
  [...checks.values()].filter((c) => c.status !== "pass").map((c) => (c.status === "fail" ? c.name : `${c.name} (${c.status})`)).sort();

describe("task 3's evidence lines", () => {
  it("accepts the values the mock script makes", () => {
    expect(Object.fromEntries(CLIENT_EVIDENCE.map((e) => [e.line.key, e.line.accepted]))).toEqual({
      t3_request_keys: "id,jsonrpc,method,params",
      t3_request_meta_version: "2026-07-28",
      t3_request_capabilities: '{"elicitation":{"form":{}}}',
      t3_client_info: "true",
      t3_discover_meta: "true",
      t3_requests_without_meta: "0",
      t3_ids_distinct: "true",
      t3_request_returns_reply: "true",
      t3_rounds: "2",
      t3_ask_calls: "1",
      t3_retry_same_call: "true",
      t3_retry_input_responses: '{"confirm":{"action":"accept","content":{"confirm":true}}}',
      t3_final_text: "A101 cancelled",
      t3_declined_text: "A101 kept: the user did not confirm",
      t3_round_cap: "too many input rounds",
      t3_cap_requests: "3",
      t3_error_message: "unknown tool: delete_everything",
    });
    expect(CLIENT_EVIDENCE.every((e) => e.line.task === "task3" && e.line.hint.length > 0)).toBe(true);
    expect(CLIENT_RULES.every((r) => r.id.startsWith("t3_") && r.title && r.rule && r.hint)).toBe(true);
    const names = [...CLIENT_EVIDENCE.map((e) => e.line.key), ...CLIENT_RULES.map((r) => r.id)];
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("task 3's diagnoses from the value alone (an evidence file checked without a run)", () => {
  const diagnose = (key: string, actual: string | undefined): string | undefined => CLIENT_EVIDENCE.find((e) => e.line.key === key)!.diagnose?.(actual);
  it("names the likely mistake without giving the value away", () => {
    expect(diagnose("t3_discover_meta", "false")).toMatch(/DiscoverRequest's params require _meta/);
    expect(diagnose("t3_cap_requests", "32")).toMatch(/^More than 3 requests/);
    expect(diagnose("t3_error_message", "-32602: unknown tool: delete_everything")).toMatch(/no code, no prefix/);
    expect(diagnose("t3_request_meta_version", "2025-06-18")).toMatch(/use PROTOCOL_VERSION/);
    expect(diagnose("t3_rounds", "1")).toMatch(/stopped after the first answer/);
  });
  it("never throws for want of the runs", () => {
    for (const { line, diagnose: d } of CLIENT_EVIDENCE) for (const v of [undefined, "false", "0", "32", "x"]) expect(() => d?.(v), line.key).not.toThrow();
  });
});

describe("planClient", () => {
  it("plans the fixture runs, and the generated ones only with behaviour checks", () => {
    const off: RunSpec[] = [];
    expect(planClient(input(false), off).generated).toBeUndefined();
    expect(off.map((r) => r.exportName)).toEqual(["request", ...Object.keys(FIXTURE_CALLS).map(() => "callWithInput")]);
    expect(off.every((r) => r.peers && r.peers.length >= 1 && r.peers[0]!.echoId)).toBe(true);
    const on: RunSpec[] = [];
    const plan = planClient(input(true), on);
    // ... and the confirmed cancel called AGAIN times in one instance (each call's ids are new too).
    // ... and request MANY times in one instance (many-requests.ts), and the late cases last (late-calls.ts).
    const late = plan.generated!.late!;
    expect(on.length).toBe(off.length + plan.generated!.requests.length + plan.generated!.calls.length + 2 + late.length);
    expect(late.map((l) => l.run)).toEqual(late.map((_, i) => on.length - late.length + i));
    expect(late.every((l) => l.padding > 40 && on[l.run]!.via === "driveLate")).toBe(true);
    expect(on[plan.generated!.many!]).toMatchObject({ exportName: "request", via: "driveRequests" });
    expect(on[plan.generated!.twice!.run]!.inputs).toHaveLength(AGAIN);
    expect(AGAIN).toBeGreaterThan(20);
    expect(on.slice(off.length).every((r) => r.after?.need === "finished")).toBe(true);
    expect(off.map((r) => r.after?.run)).toEqual([undefined, undefined, 1, 1, 1]);
    expect(planClient({ ...input(true), tasks: ["task1"] }, [])).toEqual({});
    expect(planClient(input(true, 7, false), [])).toEqual({});
  });

  it("makes the same generated cases for a seed, with Object.prototype names among them", () => {
    const a = JSON.stringify(generatedCalls(makeRandom(11)));
    expect(JSON.stringify(generatedCalls(makeRandom(11)))).toBe(a);
    expect(JSON.stringify(generatedCalls(makeRandom(12)))).not.toBe(a);
    const text = [1, 2, 3, 4, 5].map((s) => JSON.stringify([generatedCalls(makeRandom(s)), generatedRequestRuns(makeRandom(s))])).join("");
    for (const name of PROTO_NAMES) expect(text).toContain(`"${name}"`);
  });
});

describe("judgeClient", () => {
  it("passes the reference client on every check, on several seeds", () => {
    for (const seed of [1, 7, 42, 1234]) {
      const { checks, evidence } = grade(makeClient(), true, seed);
      expect(failing(checks), `seed ${seed}`).toEqual([]);
      expect(checks.size).toBe(CLIENT_EVIDENCE.length + CLIENT_RULES.length);
      expect(evidence["t3_final_text"]).toBe("A101 cancelled");
    }
    const judged = grade(makeClient()).checks.get("t3_input_responses_keyed")!;
    expect(judged.message).toMatch(/^\d+ cases tried \(seed 7/);
  });

  it("a client reusing one id fails the id checks only", () => {
    const { checks } = grade(makeClient({ sameId: true }));
    expect(failing(checks)).toEqual(["t3_ids_distinct", "t3_new_id_each_request"]);
    expect(checks.get("t3_new_id_each_request")!.actual).toMatch(/was already used by an earlier request/);
  });

  it("a client leaving _meta off the retry fails the _meta checks only", () => {
    const { checks, evidence } = grade(makeClient({ noMetaOnRetry: true }));
    expect(failing(checks)).toEqual(["t3_meta_every_request", "t3_requests_without_meta"]);
    expect(evidence["t3_requests_without_meta"]).toBe("4"); // accept and decline's retries, the cap's two
    const check = checks.get("t3_meta_every_request")!;
    expect(check.actual).toBe("message 2: params._meta is nothing");
    expect(check.message).toMatch(/cases broke this rule/);
  });

  it("a client with no round cap, stopped by the mock, fails the cap checks", () => {
    // Seeds whose cap case of many questions has the mock cut the client mid-round, past round 3,
    // and seeds where it does not (many-questions.ts): the ask rule judges the cap's rounds only.
    for (const seed of [0, 1, 2, 3, 42, 12345]) expect(failing(grade(makeClient({ noCap: true }), true, seed).checks), `seed ${seed}`).toEqual(["t3_at_most_three_rounds", "t3_cap_requests", "t3_round_cap"]);
    const { checks, evidence } = grade(makeClient({ noCap: true }));
    expect(failing(checks)).toEqual(["t3_at_most_three_rounds", "t3_cap_requests", "t3_round_cap"]);
    expect(Number(evidence["t3_cap_requests"])).toBeGreaterThan(3);
    expect(checks.get("t3_round_cap")!.message).toMatch(/sent \d+ requests to a server that kept asking/);
  });

  it("a client retrying without inputResponses fails the inputResponses checks, and the final texts (its retry was not the call)", () => {
    const { checks } = grade(makeClient({ noInputResponses: true }));
    // The mock answers whatever it is sent: what a retry without the answers got back is not the call's result.
    expect(failing(checks)).toEqual(["t3_declined_text", "t3_final_text", "t3_input_responses_keyed", "t3_retry_input_responses"]);
    expect(checks.get("t3_final_text")!.message).toMatch(/round 2's inputResponses are missing, not what ask returned .*: the mock server answers whatever it is sent/);
    const c = checks.get("t3_retry_input_responses")!;
    expect(c.message).toBe("This line could not be computed: the retry has no params.inputResponses.");
  });

  it("a client returning the first round's result fails the rounds it skipped", () => {
    const { checks, evidence } = grade(makeClient({ firstResult: true }));
    expect(evidence["t3_rounds"]).toBe("1");
    expect(failing(checks)).toEqual([
      "t3_ask_calls", "t3_ask_each_request", "t3_at_most_three_rounds", "t3_cap_requests", "t3_declined_text", "t3_error_response_throws",
      "t3_final_result_returned", "t3_final_text", "t3_input_responses_keyed (skip)", "t3_retry_input_responses", "t3_retry_same_call",
      "t3_round_cap", "t3_rounds", "t3_same_cancel_flows",
    ]);
    expect(checks.get("t3_rounds")!.message).toMatch(/stopped after the first answer/);
    expect(checks.get("t3_input_responses_keyed")!.message).toBe("No case applies: no call got as far as this rule judges.");
  });

  it.each<[string, Options, string[]]>([
    ["assigns the answers' keys (\"__proto__\" becomes the prototype)", { assignKeys: true }, ["t3_input_responses_keyed"]],
    ["takes only resultType \"complete\" as the end", { completeOnly: true }, ["t3_final_result_returned"]],
    ["puts the code in the Error's message", { errorWithCode: true }, ["t3_error_message", "t3_error_response_throws"]],
    ["keeps earlier rounds' answers in the retry", { accumulate: true }, ["t3_input_responses_keyed"]],
    // Its retry is not the call (other arguments): what it got back is not the call's result either.
    ["sends the answers inside arguments", { argsCarryAnswers: true }, ["t3_declined_text", "t3_final_text", "t3_input_responses_keyed", "t3_retry_input_responses", "t3_retry_same_call", "t3_same_call_each_round"]],
  ])("a client that %s fails only what that breaks", (_name, options, expected) => {
    expect(failing(grade(makeClient(options)).checks)).toEqual(expected);
  });

  // The mock answers its script whatever it is sent: a client earns a line or a rule only by what it sent.
  const allLines = CLIENT_EVIDENCE.map((e) => e.line.key);
  const behaviourRules = CLIENT_RULES.filter((r) => r.kind === "behaviour").map((r) => r.id);
  const passing = (checks: Map<string, CheckResult>): string[] => [...checks.values()].filter((c) => c.status === "pass").map((c) => c.name).sort();

  it("a client that sends nothing earns no line and no rule", () => {
    const nothing: Client = { request: () => ({ jsonrpc: "2.0", id: 0, result: {} }), callWithInput: () => ({ content: [], isError: false }) };
    const { checks, evidence } = grade(nothing);
    expect(passing(checks)).toEqual(["t3_messages_json"]);
    expect(evidence["t3_requests_without_meta"]).toBe("nothing sent");
    expect(evidence["t3_ids_distinct"]).toBe("nothing sent");
    expect(checks.get("t3_requests_without_meta")!.message).toMatch(/^Nothing was sent to the server by request\("server\/discover", …\), .*callWithInput on "an unknown tool"/);
    for (const key of allLines) expect(checks.get(key)!.status, key).not.toBe("pass");
  });

  it("a client that sends one request earns no line", () => {
    let sent = false;
    const once: Client = {
      request: (_m, _p, send) => (sent ? { jsonrpc: "2.0", id: 0, result: {} } : (sent = true, (send as Fn)({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } }))),
      callWithInput: () => ({ content: [], isError: false }),
    };
    const { checks, evidence } = grade(once, false);
    expect(evidence["t3_requests_without_meta"]).toBe("nothing sent by 7 of 8 fixture calls");
    expect(evidence["t3_ids_distinct"]).toBe("nothing sent by 7 of 8 fixture calls");
    for (const key of ["t3_requests_without_meta", "t3_ids_distinct", "t3_request_returns_reply", "t3_final_text", "t3_cap_requests"]) expect(checks.get(key)!.status, key).toBe("fail");
  });

  it("a client that sends anything three times, asks once whatever was asked, and returns the last result earns nothing", () => {
    const junk: Client = {
      request: (_m, _p, send) => (send as Fn)({}),
      callWithInput: (_n, _a, send, ask) => {
        let last: Msg = {};
        (ask as Fn)("anything");
        for (let i = 0; i < 3; i++) { try { last = (send as Fn)({ nope: i }) as Msg; } catch { /* the script ended */ } }
        if (last["error"]) throw new Error((last["error"] as Msg)["message"] as string);
        return last["result"];
      },
    };
    const { checks, evidence } = grade(junk);
    expect(passing(checks)).toEqual(["t3_messages_json"]);
    expect(evidence["t3_cap_requests"]).toBe("3 (round 1 is not the call)");
    expect(evidence["t3_ask_calls"]).toBe("0 (and 1 not with the server's input request)");
    expect(checks.get("t3_final_text")!.message).toMatch(/round 1 sent method undefined, not a tools\/call request: the mock server answers whatever it is sent, so what it returned is not the answer to the call/);
    expect(checks.get("t3_cap_requests")!.message).toMatch(/^Only requests of the call count: round 1/);
    for (const id of behaviourRules) expect(checks.get(id)!.status, id).not.toBe("pass");
  });

  it("a client that sends the call but asks once with something else than the server's question does not earn the ask count", () => {
    const client = makeClient();
    const asksOther: Client = { ...client, callWithInput: (n, a, send, ask) => client.callWithInput(n, a, send, () => (ask as Fn)({ question: "anything?" })) };
    const { checks, evidence } = grade(asksOther, false);
    expect(evidence["t3_ask_calls"]).toBe("0 (and 1 not with the server's input request)");
    expect(checks.get("t3_ask_calls")!.message).toMatch(/as the server sent it/);
    expect(evidence["t3_retry_input_responses"]).toMatch(/\(ask was not asked each input request\)$/);
    expect(checks.get("t3_final_text")!.status).toBe("fail");
  });

  it("a client that throws the cap's Error or the error's message without sending the call does not earn those lines", () => {
    const thrower: Client = {
      ...makeClient(),
      callWithInput: (name, _a, send) => {
        if (name === "delete_everything") { const r = (send as Fn)({ jsonrpc: "2.0", id: 9, method: "x" }) as Msg; throw new Error((r["error"] as Msg)["message"] as string); }
        throw new Error("too many input rounds");
      },
    };
    const { checks } = grade(thrower, false);
    expect(checks.get("t3_round_cap")!.status).toBe("fail");
    expect(checks.get("t3_round_cap")!.message).toMatch(/sent nothing to the server/);
    expect(checks.get("t3_error_message")!.status).toBe("fail");
    expect(checks.get("t3_error_message")!.message).toMatch(/not a tools\/call request/);
  });

  it("names the smallest case that broke a rule, with what was expected and what happened", () => {
    const check = grade(makeClient({ assignKeys: true })).checks.get("t3_input_responses_keyed")!;
    expect(check.message).toMatch(/^\d+ of \d+ cases broke this rule \(seed 7, run again with --seed 7\)\. The smallest: callWithInput\("constructor", /);
    expect(check.expected).toMatch(/^round 2's inputResponses \{"__proto__":/);
    expect(check.actual).toMatch(/^round 2's inputResponses \{"constructor":/);
  });

  it("with schema checks, holds every request to the 2026-07-28 schema", () => {
    const schemaOf = (client: Client, behaviour: boolean): CheckResult => {
      const runs: RunSpec[] = [];
      const i = input(behaviour, 7, true, true);
      const plan = planClient(i, runs);
      return judgeClient(plan, simulate(runs, client), i).extra!.find((c) => c.name === "t3_schema_requests")!;
    };
    expect(schemaOf(makeClient(), false)).toMatchObject({ status: "pass", message: "12 requests checked." }); // 4 of request, 2 + 2 + 3 + 1 rounds of callWithInput
    expect(schemaOf(makeClient(), true).status).toBe("pass");
    const bad = schemaOf(makeClient({ noMetaOnRetry: true }), false);
    expect(bad.status).toBe("fail");
    expect(bad.kind).toBe("schema");
    expect(bad.message).toMatch(/^callWithInput\("cancel_order", \{"order_id":"A101"\}, send, ask\), .* sent a message the schema refuses: .*_meta.*\(CallToolRequest\)\.$/);
  });

  it("skips every line with the root cause when the file does not load", () => {
    const runs: RunSpec[] = [];
    const plan = planClient(input(true), runs);
    const failure = { reason: "syntax", message: "task3.ts:3:1: Expected \";\"" } as const;
    const reply: SandboxReply = { runs: runs.map(() => ({ status: "failed", failure, stdout: "", stderr: "", durationMs: 0 })) };
    const j = judgeClient(plan, reply, input(true));
    expect(j.failure).toEqual(failure);
    expect(j.checks.every((c) => c.status === "skip" && c.message?.includes("Expected"))).toBe(true);
    expect(j.extra!.every((c) => c.status === "skip" && c.message?.includes("Expected"))).toBe(true);
  });

  it("judges callWithInput when request is not exported, and skips request's lines with the reason", () => {
    const { checks } = grade({ callWithInput: makeClient().callWithInput });
    expect(checks.get("t3_request_keys")!.status).toBe("skip");
    expect(checks.get("t3_request_keys")!.message).toMatch(/must export a function named request with the signature request\(method: string/);
    expect(checks.get("t3_final_text")!.status).toBe("pass");
  });
});

// The same clients as files, through the real sandbox: its peers make the record, and the
// verdicts are the ones the stand-in above gave.
describe("judgeClient on the sandbox's reply", () => {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
  const FIXTURES = path.join(ROOT, "test", "fixtures", "mcp-stateless-client");
  const LIMITS = { timeMs: 5000, memoryBytes: 128 << 20, valueChars: 1 << 20, outputChars: 16384 };
  let pool: SandboxPool;
  beforeAll(() => { pool = new SandboxPool(1, false, sandboxSource()); });
  afterAll(async () => { await pool.close(); });

  async function gradeFile(file: string): Promise<Graded> {
    const runs: RunSpec[] = [];
    const i = input(true);
    const plan = planClient(i, runs);
    const reply = await pool.run({ files: { "task3.ts": readFileSync(file, "utf8") }, refused: {}, runs, limits: LIMITS });
    return judged(plan, reply, i);
  }

  const cases: [string, string, Options | undefined][] = [
    ["the reference solution", path.join(ROOT, "solutions", "mcp-stateless", "task3.ts"), {}],
    ["one id for every request", path.join(FIXTURES, "same-id", "task3.ts"), { sameId: true }],
    ["no _meta on the retry", path.join(FIXTURES, "no-meta-on-retry", "task3.ts"), { noMetaOnRetry: true }],
    ["no round cap", path.join(FIXTURES, "no-cap", "task3.ts"), { noCap: true }],
    ["no inputResponses on the retry", path.join(FIXTURES, "no-input-responses", "task3.ts"), { noInputResponses: true }],
    ["the first round's result", path.join(FIXTURES, "first-result", "task3.ts"), { firstResult: true }],
  ];
  for (const [name, file, options] of cases) {
    it(`${name}: the same verdicts as in-process`, async () => {
      const real = await gradeFile(file);
      const simulated = grade(makeClient(options));
      expect(failing(real.checks)).toEqual(failing(simulated.checks));
      expect(real.evidence).toEqual(simulated.evidence);
      if (name === "the reference solution") expect(failing(real.checks)).toEqual([]);
    });
  }

  it("a callWithInput that never returns is stopped call by call at its own work budget: every line that reads it fails, request's lines pass", async () => {
    const runs: RunSpec[] = [];
    const i = input(true);
    const plan = planClient(i, runs);
    const files = { "task3.ts": readFileSync(path.join(FIXTURES, "hangs", "task3.ts"), "utf8") };
    const reply = await pool.run({ files, refused: {}, runs, limits: LIMITS });
    // Counted rather than timed: no run stopped as a whole, every callWithInput call stopped alone.
    expect(reply.runs.filter((r) => (r.status === "ran" && r.stopped) || r.status === "failed")).toEqual([]);
    const calls = reply.runs.flatMap((r, k) => (r.status === "ran" && runs[k]!.exportName === "callWithInput" ? r.calls : []));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.ok || c.failure.reason !== "timeout" || !/^callWithInput never returned for this input: it was stopped in callWithInput \(at task3\.ts:1[78]:\d+\)/.test(c.failure.message))).toEqual([]);
    const j = judgeClient(plan, reply, i);
    const checks = new Map([...j.checks, ...j.extra!].map((c) => [c.name, c]));
    for (const line of ["t3_final_text", "t3_declined_text"]) {
      expect(checks.get(line)).toMatchObject({ status: "fail", actual: null });
      expect(checks.get(line)!.message).toMatch(/never returned for this input/);
    }
    expect(checks.get("t3_request_keys")!.status).toBe("pass");
    expect(checks.get("t3_returns_send_reply")!.status).toBe("pass");
    expect(j.failure).toBeUndefined();
  });

  it("the starter: not written yet, every line skipped with that reason", async () => {
    const runs: RunSpec[] = [];
    const i = input(true);
    const plan = planClient(i, runs);
    const starter = readFileSync(path.join(ROOT, "tasks", "mcp-stateless", "task3.ts"), "utf8");
    const j = judgeClient(plan, await pool.run({ files: { "task3.ts": starter }, refused: {}, runs, limits: LIMITS }), i);
    expect(j.failure?.reason).toBe("not-written");
    expect(j.checks.every((c) => c.status === "skip" && /is not written yet/.test(c.message ?? ""))).toBe(true);
    expect(j.extra!.every((c) => c.status === "skip" && /is not written yet/.test(c.message ?? ""))).toBe(true);
  });

  it("a client whose file does not compile: every line skipped with the reason", async () => {
    const runs: RunSpec[] = [];
    const i = input(true);
    const plan = planClient(i, runs);
    const reply = await pool.run({ files: { "task3.ts": "export function request( {" }, refused: {}, runs, limits: LIMITS });
    const j = judgeClient(plan, reply, i);
    expect(j.failure?.reason).toBe("syntax");
    expect([...j.checks, ...j.extra!].every((c) => c.status === "skip")).toBe(true);
  });
});
