// What task 3's client is run on: the chapter's own calls (2.5: request on a few methods; the
// cancel_order round trip accepted, declined, a server that never stops asking, an unknown tool)
// and, with behaviour checks on, seeded generated cases. A case is the arguments of one call and
// the scripts of the grader's mock server and mock user; nothing in it is the student's.
import type { Random } from "../../../src/pack/random.js";
import {
  confirmRequest, record, textResult, type Json, type JsonRecord, type ServerStep,
} from "./mock-server.js";
import { manyQuestionCalls } from "./many-questions.js";
import { LONG_SHAPES, TEXT_SHAPES, WIDE_SHAPES, drawShapes, widenArgs, type WideShape } from "./wide-args.js";

/** params absent: the call leaves the argument out, as the page's request("server/discover") does. */
export interface RequestCase { method: string; params?: JsonRecord }
/** One run of `request`: its calls, all answered by one mock server (the script restarts per call). */
/**
 * beyond: what the run's cases hold that no fixture call does, as a phrase ("params left out"):
 * a rule that breaks only there holds on the inputs of the fixtures' kinds (verdicts.ts).
 */
export interface RequestRun { label: string; cases: RequestCase[]; reply: ServerStep; beyond?: string }

export interface CallCase {
  label: string;
  name: string;
  args: JsonRecord;
  server: ServerStep[];
  /** The server answers its last step again and again. */
  serverRepeats?: boolean;
  /** The user's answers, in the order ask is called; the last again when they run out. */
  answers: Json[];
  /** What the case holds that no fixture call does, as a phrase (RequestRun's beyond). */
  beyond?: string;
  /** The page's call this one is, with another order (t3_same_cancel_flows). */
  variantOf?: "accept" | "decline";
}

export const SERVER_META: JsonRecord = { "io.modelcontextprotocol/serverInfo": { name: "orders", version: "0.1.0" } };

export const ACCEPT: Json = { action: "accept", content: { confirm: true } };
export const DECLINE: Json = { action: "decline" };
const confirm = (order: string): JsonRecord => record([["confirm", confirmRequest(`Really cancel order ${order}?`)]]);

export const FIXTURE_REQUESTS: RequestRun = {
  label: "request on the chapter's methods",
  cases: [
    { method: "server/discover", params: {} },
    { method: "tools/list", params: {} },
    { method: "tools/call", params: { name: "get_order_status", arguments: { order_id: "A100" } } },
    { method: "resources/read", params: { uri: "policy://refunds" } },
  ],
  reply: { kind: "result", result: { resultType: "complete", _meta: SERVER_META } },
};

export const FIXTURE_CALLS = {
  accept: {
    label: "cancel_order A101, the user accepts", name: "cancel_order", args: { order_id: "A101" },
    server: [{ kind: "input", requests: confirm("A101") }, { kind: "result", result: textResult("A101 cancelled") }],
    answers: [ACCEPT],
  },
  decline: {
    label: "cancel_order A101, the user declines", name: "cancel_order", args: { order_id: "A101" },
    server: [{ kind: "input", requests: confirm("A101") }, { kind: "result", result: textResult("A101 kept: the user did not confirm") }],
    answers: [DECLINE],
  },
  cap: {
    label: "cancel_order A100 on a server that always asks again", name: "cancel_order", args: { order_id: "A100" },
    server: [{ kind: "input", requests: confirm("A100") }], serverRepeats: true,
    answers: [ACCEPT],
  },
  error: {
    label: "an unknown tool", name: "delete_everything", args: {},
    server: [{ kind: "error", code: -32602, message: "unknown tool: delete_everything" }],
    answers: [ACCEPT],
  },
} satisfies Record<string, CallCase>;
export type FixtureCall = keyof typeof FIXTURE_CALLS;

// Names a client must treat as plain keys: an object written with `obj[key] = value` turns
// "__proto__" into its prototype instead of a key, and `key in obj` finds "constructor" anywhere.
export const PROTO_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

const METHODS = ["tools/list", "tools/call", "resources/list", "resources/read", "prompts/list", "prompts/get", "completion/complete"];

function key(random: Random): string {
  return random.next() < 0.25 ? random.pick(PROTO_NAMES) : random.word(2, 10, true);
}

function value(random: Random, depth: number): Json {
  const r = random.int(0, depth > 1 ? 5 : 7);
  if (r === 0) return random.word(0, 12);
  if (r === 1) return random.int(-1000, 1000);
  if (r === 2) return random.bool();
  if (r === 3) return null;
  if (r === 4) return `${random.word(1, 6)} ✓ "${random.word(1, 4)}"\n`;
  if (r === 5) return random.next() / 7;
  if (r === 6) return Array.from({ length: random.int(0, 3) }, () => value(random, depth + 1));
  return object(random, depth + 1);
}

function object(random: Random, depth = 0): JsonRecord {
  const entries: [string, Json][] = [];
  for (let i = random.int(0, 4); i > 0; i--) {
    const k = key(random);
    if (!entries.some(([e]) => e === k)) entries.push([k, value(random, depth)]);
  }
  return record(entries);
}

function requestCase(random: Random): RequestCase {
  const method = random.next() < 0.7 ? random.pick(METHODS) : `${random.word(3, 8)}/${random.word(3, 8)}`;
  return { method, params: object(random) };
}

export function generatedRequestRuns(random: Random): RequestRun[] {
  const cases = (n: number): RequestCase[] => Array.from({ length: n }, () => requestCase(random));
  return [
    // The page's own calls (2.5), params left out: request("server/discover"), request("tools/list").
    {
      label: "request as the page calls it, params left out",
      beyond: "params left out, as no fixture call has them",
      cases: [{ method: "server/discover" }, { method: "tools/list" }, { method: "resources/list" }],
      reply: { kind: "result", result: { resultType: "complete", _meta: SERVER_META } },
    },
    // A method with no "/" (ping): _meta on it too (gaming-round-2026-12-07r sl-narrow-meta-slash-methods).
    {
      label: "request on a method with no \"/\" in its name",
      beyond: "a method with no \"/\" in its name, as no fixture call has",
      cases: [{ method: "ping", params: {} }, { method: "ping" }],
      reply: { kind: "result", result: { resultType: "complete", _meta: SERVER_META } },
    },
    {
      label: "request with generated methods and params",
      cases: [
        { method: "tools/list", params: { cursor: "c1" } },
        // params with a _meta of their own: the client's _meta replaces it ({...params, _meta}).
        { method: "tools/list", params: { cursor: "c2", _meta: { "com.example/trace": "t-1" } } },
        { method: "tools/call", params: record([["name", "constructor"], ["arguments", record([["__proto__", 1]])], ["__proto__", { x: 1 }], ["constructor", "c"]]) },
        // A method with capitals: sent as given (gaming-round-2026-12-07r sl-narrow-request-method-lowercased).
        { method: "completion/Complete", params: { ref: { type: "ref/prompt", name: "Orders" } } },
        ...cases(6),
      ],
      reply: { kind: "result", result: { resultType: "complete", tools: [] } },
    },
    { label: "request answered with a JSON-RPC error", cases: cases(3), reply: { kind: "error", code: -32601, message: "method not found", data: { method: "x" } } },
    { label: "request answered with an odd but valid result", cases: cases(3), reply: { kind: "result", result: record([["__proto__", { a: 1 }], ["resultType", "complete"], ["note", "naïve ✓"]]) } },
    wideRequests(random.fork(0x5e9a)),
  ];
}

// tools/call's params with arguments of each shape beyond the page's (wide-args.ts) and a tool
// name beyond ASCII: request hands them on as they came. A stream of its own: the runs above and
// the calls drawn after them are what they were.
function wideRequests(random: Random): RequestRun {
  const name = (): string => random.pick(["get_order_status", "commande.état", "注文状況", "status_📦"]);
  return {
    label: "request with params beyond the page's shapes",
    cases: WIDE_SHAPES.map((shape) => ({ method: "tools/call", params: { name: name(), arguments: widenArgs(random, { order_id: `A${random.int(100, 999)}` }, shape) } })),
    reply: { kind: "result", result: { ...textResult(`${random.word(3, 8)} ✓ 📦`), _meta: SERVER_META } },
  };
}

/** A question of its own for every key (its number in the message), so the judge can tell which key ask was asked about. */
function inputRequest(random: Random, n: number): Json {
  const question = confirmRequest(`question ${n}: ${random.word(3, 9)} ${random.word(3, 9)}?`, key(random));
  if (random.bool()) (question["params"] as JsonRecord)["_meta"] = { "com.example/step": n };
  return question;
}

function answer(random: Random): Json {
  const kind = random.int(0, 3);
  if (kind === 0) return DECLINE;
  if (kind === 1) return { action: "cancel" };
  return { action: "accept", content: record([[key(random), random.pick<Json>([true, false, random.word(1, 8), random.int(0, 99)])]]) };
}

function finalStep(random: Random): ServerStep {
  const r = random.int(0, 5);
  const text = `${random.word(3, 8)} ${random.word(3, 8)}`;
  if (r === 0) return { kind: "error", code: random.pick([-32602, -32603, -32001]), message: `${random.word(3, 8)} failed: ${text}` };
  // A result from a server on an older version, without resultType: the client takes it as complete.
  if (r === 1) return { kind: "result", result: { content: [{ type: "text", text }], isError: false } };
  if (r === 2) return { kind: "result", result: { ...textResult(text, true), structuredContent: object(random), _meta: SERVER_META } };
  return { kind: "result", result: textResult(text) };
}

function callCase(random: Random, n: number): CallCase {
  const rounds = random.pick([0, 1, 1, 2, 2, 3, 4]);
  const server: ServerStep[] = [];
  let questions = 0;
  for (let i = 0; i < rounds; i++) {
    const entries: [string, Json][] = [];
    for (let k = random.int(1, 3); k > 0; k--) {
      const name = key(random);
      if (!entries.some(([e]) => e === name)) entries.push([name, inputRequest(random, questions++)]);
    }
    const step: ServerStep = { kind: "input", requests: record(entries) };
    if (random.next() < 0.3) step.requestState = random.word(8, 16);
    server.push(step);
  }
  server.push(finalStep(random));
  const name = random.next() < 0.3 ? random.pick(PROTO_NAMES) : random.word(3, 12, true);
  return {
    label: `generated case ${n + 1}`, name, args: object(random), server,
    answers: Array.from({ length: Math.max(1, questions) }, () => answer(random)),
  };
}

const q = (n: number, field = "confirm"): Json => confirmRequest(`question ${n}: go ahead?`, field);

/** The edge cases every seed tries, before the generated ones. */
export const EDGE_CALLS: CallCase[] = [
  {
    label: "Object.prototype names as the tool, its arguments and the input requests' keys", name: "constructor",
    args: record([["__proto__", { polluted: true }], ["toString", "t"]]),
    server: [{ kind: "input", requests: record([["__proto__", q(1)], ["constructor", q(2, "__proto__")]]) }, { kind: "result", result: textResult("done") }],
    answers: [{ action: "accept", content: record([["__proto__", true]]) }, DECLINE],
  },
  {
    label: "a result with no resultType (an older server), in the first round", name: "get_order_status", args: { order_id: "A100" },
    server: [{ kind: "result", result: { content: [{ type: "text", text: "shipped" }], isError: false } }],
    answers: [ACCEPT],
  },
  // A tool's failure is a result to return, not an error to throw. Drawn among the generated ones
  // on some seeds only, so a client that threw on isError kept every point on the others
  // (client-throws-tool-errors, 41/41 on seed 1).
  {
    label: "a tool's failure (isError true) after a round of questions", name: "cancel_order", args: { order_id: "A100" },
    server: [{ kind: "input", requests: confirm("A100") }, { kind: "result", result: textResult("Error: A100 has shipped and cannot be cancelled", true) }],
    answers: [ACCEPT],
  },
  {
    label: "two rounds of questions with other keys, complete in the third round", name: "refund_order", args: { order_id: "A100", amount_inr: 10 },
    server: [
      { kind: "input", requests: record([["confirm", q(1)], ["reason", q(2, "reason")]]) },
      { kind: "input", requests: record([["really", q(3, "really")]]), requestState: "opaque-1" },
      { kind: "result", result: textResult("A100 refunded") },
    ],
    answers: [ACCEPT, { action: "accept", content: { reason: "late" } }, { action: "cancel" }],
  },
  {
    label: "an error in the second round", name: "cancel_order", args: { order_id: "A101" },
    server: [{ kind: "input", requests: confirm("A101") }, { kind: "error", code: -32603, message: "the order service is down" }],
    answers: [ACCEPT],
  },
  // An error response is an error whatever its code: a server's own (-32000 to -32099) too. Drawn
  // among the generated ones on some seeds only, so a client that threw only JSON-RPC's own codes
  // kept every point on the others (game-client-rpc-codes-only).
  {
    label: "an error with a server's own code, in the first round", name: "get_order_status", args: { order_id: "Z900" },
    server: [{ kind: "error", code: -32042, message: "the order service is rate limited" }],
    answers: [ACCEPT],
  },
  // A code outside JSON-RPC's own range, 0 among them, and a message with spaces around it: thrown
  // all the same, with exactly that message (gaming-round-2026-12-07r sl-narrow-error-code-truthy,
  // -error-code-rpc-range, -error-message-trimmed kept 41/41).
  {
    label: "an error with code 0, in the first round", name: "get_order_status", args: { order_id: "B404" },
    server: [{ kind: "error", code: 0, message: "no such order" }],
    answers: [ACCEPT],
  },
  {
    label: "an error with code 404 and a message with spaces around it, after a round of questions", name: "cancel_order", args: { order_id: "B405" },
    server: [{ kind: "input", requests: confirm("B405") }, { kind: "error", code: 404, message: "  order B405 not found\n" }],
    answers: [ACCEPT],
  },
  // A question keyed with spaces around its key: answered under that key as it is
  // (gaming-round-2026-12-07r sl-narrow-answer-keys-trimmed kept 41/41).
  {
    label: "a round whose question's key has spaces around it", name: "cancel_order", args: { order_id: "A104" },
    server: [{ kind: "input", requests: record([[" confirm ", confirmRequest("Really cancel order A104?")]]) }, { kind: "result", result: textResult("A104 cancelled") }],
    answers: [ACCEPT],
  },
  // A complete result that carries inputRequests all the same: returned, since only resultType
  // says a round is due (gaming-round-2026-12-07r sl-narrow-rounds-by-inputrequests-key).
  {
    label: "a complete result that also holds inputRequests, in the first round", name: "get_order_status", args: { order_id: "A103" },
    beyond: "a complete result holding inputRequests, as no fixture's result does",
    server: [{ kind: "result", result: { ...textResult("A103: delivered"), inputRequests: confirm("A103") } }],
    answers: [ACCEPT],
  },
  // An error's data is no part of what the client throws (the message is), and a result's _meta is
  // part of what it returns: on every seed, where the drawn ones held neither on some (helper 105's
  // sl-mistake-error-prefers-data kept 41/41, sl-mistake-result-meta-stripped on seed 7).
  {
    label: "an error with data, after a round of questions", name: "cancel_order", args: { order_id: "A102" },
    server: [{ kind: "input", requests: confirm("A102") }, { kind: "error", code: -32602, message: "A102 cannot be cancelled", data: { reason: "shipped", detail: "see the order's status" } }],
    answers: [ACCEPT],
  },
  {
    label: "a result with _meta and structuredContent, in the first round", name: "get_order_status", args: { order_id: "A101" },
    server: [{ kind: "result", result: { ...textResult("A101: packed"), structuredContent: { status: "packed" }, _meta: SERVER_META } }],
    answers: [ACCEPT],
  },
];

/** The page's accepted and declined cancels again, each for another order (and once for another tool): what code fitted to the page's order or tool alone gets wrong. */
function pageFlows(random: Random): CallCase[] {
  return (["accept", "decline"] as const).flatMap((flow) => Array.from({ length: 2 }, (_, i) => {
    const order = `${random.pick(["A", "B", "Z"])}${random.int(102, 999)}`;
    const text = flow === "accept" ? `${order} cancelled` : `${order} kept: the user did not confirm`;
    // The second in other words: the client returns the server's text, whatever it says, and a
    // client that makes the page's text up from the user's answer is not returning it. It is
    // another tool's too: a client that goes round only for cancel_order kept both text lines.
    const name = i === 0 ? "cancel_order" : "cancel_booking";
    return {
      label: `${name} ${order}, the user ${flow}s`, name, args: { order_id: order }, variantOf: flow,
      server: [{ kind: "input", requests: confirm(order) }, { kind: "result", result: textResult(i === 0 ? text : `${text}, as the order service says`) }],
      answers: [flow === "accept" ? ACCEPT : DECLINE],
    } satisfies CallCase;
  }));
}

/** The user's yes to a question asked under `field` (the page's ACCEPT under its own key). */
const acceptUnder = (field: string, value: Json = true): Json => ({ action: "accept", content: record([[field, value]]) });

// What the page's flow fixes only by example: the question's key and words, how many questions a
// round holds, how many rounds the server asks. Helper 116's sl-client-confirm-shape (test/fixtures/
// cheats-round-2026-12-07c; sl-client-question-table the same behind a test of the page's words,
// sl-client-question-cap-table with the capped call tabled too) asks the question under "confirm"
// once and returns the second round's answer, with no loop: 37-38/41 while every flow above asked
// the page's one question under "confirm" and ended in round 2, where a client with no rounds at
// all scores 32/41. Drawn after every other case, so the cases above are what they were.
function pageFlowShapes(random: Random): CallCase[] {
  const order = (): string => `${random.pick(["A", "B", "Z"])}${random.int(102, 999)}`;
  const tool = (): string => random.pick(["cancel_order", "cancel_booking", "cancel_subscription"]);
  const otherKey = (): string => random.pick(["ok", "proceed", "sure", "go_ahead", `${random.word(3, 8)}_${random.word(3, 8)}`]);
  const flows = (["accept", "decline"] as const).flatMap((flow) => {
    const end = (o: string): ServerStep => ({ kind: "result", result: textResult(flow === "accept" ? `${o} cancelled` : `${o} kept: the user did not confirm`) });
    const cases: CallCase[] = [];
    // One question under another key, in other words.
    {
      const o = order();
      const k = otherKey();
      const name = tool();
      cases.push({
        label: `${name} ${o} asked under ${JSON.stringify(k)}, the user ${flow}s`, name, args: { order_id: o }, variantOf: flow,
        server: [{ kind: "input", requests: record([[k, confirmRequest(`Cancel ${o} for good? ${random.word(3, 9)} ${random.word(3, 9)}`, k)]]) }, end(o)],
        answers: [flow === "accept" ? acceptUnder(k) : DECLINE],
      });
    }
    // Two questions in one round: the page's and another beside it.
    {
      const o = order();
      const k = random.pick(["reason", "notify", "refund_to"]);
      const name = tool();
      cases.push({
        label: `${name} ${o} asked two questions in one round, the user ${flow}s`, name, args: { order_id: o }, variantOf: flow,
        server: [{ kind: "input", requests: record([["confirm", confirmRequest(`Really cancel order ${o}?`)], [k, confirmRequest(`And ${k.replace("_", " ")}, ${random.word(3, 9)}?`, k)]]) }, end(o)],
        answers: flow === "accept" ? [ACCEPT, acceptUnder(k)] : [DECLINE, acceptUnder(k, false)],
      });
    }
    // The page's question, then another in a second round: the result comes in the third.
    {
      const o = order();
      const k = otherKey();
      const name = tool();
      cases.push({
        label: `${name} ${o} asked again in a second round, the user ${flow}s`, name, args: { order_id: o }, variantOf: flow,
        server: [
          { kind: "input", requests: confirm(o) },
          { kind: "input", requests: record([[k, confirmRequest(`${o} has shipped: cancel it all the same?`, k)]]) },
          end(o),
        ],
        answers: [ACCEPT, flow === "accept" ? acceptUnder(k) : DECLINE],
      });
    }
    return cases;
  });
  // An error is an error after any question: the edge calls' error after a round asks under
  // "confirm", and one after a question under another key came on some seeds only (seed 7's
  // generated cases; not seed 0's, where sl-client-confirm-shape threw right).
  const o = order();
  const name = tool();
  const k = otherKey();
  const error: CallCase = {
    label: `${name} ${o}: a question under ${JSON.stringify(k)}, then an error in the second round`, name, args: { order_id: o },
    server: [
      { kind: "input", requests: record([[k, confirmRequest(`Cancel ${o} now?`, k)]]) },
      { kind: "error", code: -32603, message: `the order service lost ${o}` },
    ],
    answers: [acceptUnder(k)],
  };
  return [...flows, error];
}

const withShape = (random: Random, c: CallCase, shape: WideShape): CallCase =>
  ({ ...c, label: `${c.label}, its arguments ${shape}`, args: widenArgs(random, c.args, shape) });

// The page's flows with arguments of other shapes (wide-args.ts): each flow's first call stays the
// page's shape, and the others take a shape each, among them always one beyond ASCII and one long.
// The cap and an error after a question come twice more, one beyond ASCII (its tool's name too:
// CallToolRequestParams' name is any string), one long. Drawn from a stream of their own, after
// every other case, so the cases above are what they were.
function widened(random: Random, flows: CallCase[]): CallCase[] {
  const out = [...flows];
  for (const flow of ["accept", "decline"] as const) {
    const slots = out.flatMap((c, i) => (c.variantOf === flow ? [i] : [])).slice(1);
    drawShapes(random, slots.length).forEach((shape, j) => { out[slots[j]!] = withShape(random, out[slots[j]!]!, shape); });
  }
  const order = (): string => `${random.pick(["A", "B", "Z"])}${random.int(102, 999)}`;
  const name = (text: boolean): string => (text ? random.pick(["annuler_la_commande", "commande.annulée", "注文を取り消す", "cancel_📦"]) : random.pick(["cancel_order", "orders.cancel-v2", "cancel_booking"]));
  const k = random.pick(["confirm", "ok", "proceed", `${random.word(3, 8)}_${random.word(3, 8)}`]);
  const more = [random.pick(TEXT_SHAPES), random.pick(LONG_SHAPES)].flatMap((shape) => {
    const text = shape !== "long";
    const [capped, failed] = [order(), order()];
    const [capTool, errorTool] = [name(text), name(text)];
    const cap: CallCase = {
      label: `${capTool} ${capped} on a server that always asks again`, name: capTool, args: { order_id: capped },
      server: [{ kind: "input", requests: record([[k, confirmRequest(`Really cancel order ${capped}?`, k)]]) }], serverRepeats: true,
      answers: [acceptUnder(k)],
    };
    const error: CallCase = {
      label: `${errorTool} ${failed}: a question, then an error in the second round`, name: errorTool, args: { order_id: failed },
      server: [
        { kind: "input", requests: record([[k, confirmRequest(`Cancel ${failed} now?`, k)]]) },
        { kind: "error", code: random.pick([-32603, -32602, -32001]), message: `the order service lost ${failed}${text ? ` ${random.pick(["é", "📦", "✓"])}` : ""}` },
      ],
      answers: [acceptUnder(k)],
    };
    return [withShape(random, cap, shape), withShape(random, error, shape)];
  });
  return [...out, ...more];
}

export function generatedCalls(random: Random, count = 14): CallCase[] {
  const generated = Array.from({ length: count }, (_, n) => callCase(random, n));
  const flows = [...pageFlows(random), ...pageFlowShapes(random)];
  // Rounds of 4 to 8 questions (many-questions.ts): a stream of their own, last, so the cases above are what they were.
  return [...EDGE_CALLS, ...generated, ...widened(random.fork(0x77d3), flows), ...manyQuestionCalls(random.fork(0x4a11))];
}
