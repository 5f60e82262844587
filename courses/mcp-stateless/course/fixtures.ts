// The pack's fixed inputs: the page's printed session as messages (task 2), the stdio loop's
// lines (task 4) and check_args's inputs (task 1). Every evidence line is read from what the
// code returns on these.
import { CLIENT_INFO, PROTOCOL_VERSION, TOOLS, type InputSchema, type JsonObject } from "./index.js";
import { CAPABILITIES_KEY, CLIENT_INFO_KEY, VERSION_KEY } from "../behaviour/model.js";

/** The `_meta` every stateless request carries (the page's CLIENT_META). */
export const CLIENT_META: JsonObject = {
  [VERSION_KEY]: PROTOCOL_VERSION,
  [CAPABILITIES_KEY]: { elicitation: { form: {} } },
  [CLIENT_INFO_KEY]: { ...CLIENT_INFO },
};

export const request = (id: number | string, method: string, params: JsonObject = {}, meta: JsonObject | null = CLIENT_META): JsonObject =>
  ({ jsonrpc: "2.0", id, method, params: meta === null ? params : { ...params, _meta: meta } });
export const call = (id: number | string, name: string, args: JsonObject, extra: JsonObject = {}): JsonObject =>
  request(id, "tools/call", { name, arguments: args, ...extra });

const ACCEPT = { confirm: { action: "accept", content: { confirm: true } } };
const DECLINE = { confirm: { action: "decline" } };

/** Task 2: the page's session, in order, one server instance. */
export const MESSAGES: readonly JsonObject[] = [
  request(1, "server/discover"),
  request(2, "tools/list"),
  call(3, "get_order_status", { order_id: "A100" }),
  call(4, "get_order_status", { order_id: "Z9" }),
  call(5, "get_order_status", { id: 100 }),
  call(6, "delete_everything", {}),
  request(7, "resources/list"),
  request(8, "resources/read", { uri: "policy://refunds" }),
  // The page's old client sends only the version; with the capabilities too, the request breaks
  // one rule, so the spec's -32602 for a _meta without them is not an answer here (README.md).
  request(99, "tools/list", {}, { ...CLIENT_META, [VERSION_KEY]: "2025-06-18" }),
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3, reason: "the user moved on" } },
  call(10, "cancel_order", { order_id: "A101" }),
  call(11, "cancel_order", { order_id: "A101" }, { inputResponses: ACCEPT }),
  call(12, "cancel_order", { order_id: "A100" }, { inputResponses: DECLINE }),
];

/** The index in MESSAGES of the request with this id. */
export const messageIndex = (id: number): number => MESSAGES.findIndex((m) => m["id"] === id);

/** The multi round-trip's rounds (task 2's t2_stateless sends each to a fresh module instance). */
export const CANCEL_ROUNDS: readonly JsonObject[] = [10, 11, 12].map((id) => MESSAGES[messageIndex(id)]!);

const line = (message: JsonObject): string => JSON.stringify(message);

/** Task 4: what a host would write to the server's stdin. */
export const LINES: readonly string[] = [
  line(request(1, "server/discover")),
  line(request(2, "tools/list")),
  "",
  "{not json",
  line({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } }),
  line(call(3, "get_order_status", { order_id: "A100" })),
  "   ",
  line(request(99, "tools/list", {}, { [VERSION_KEY]: "2025-06-18" })),
];

const ORDER_SCHEMA: InputSchema = TOOLS["get_order_status"]!.inputSchema;
const TWO_FIELDS: InputSchema = {
  type: "object",
  properties: { order_id: { type: "string" }, reason: { type: "string" } },
  required: ["order_id", "reason"],
};

/** Task 1: checkArgs's fixed calls, each its arguments [schema, args], by name. */
export const CHECK_ARGS_CASES = {
  bad_args: [ORDER_SCHEMA, { id: 100 }],
  wrong_type: [ORDER_SCHEMA, { order_id: 100 }],
  problem_order: [TWO_FIELDS, { order_id: 7, note: "asap" }],
  quoted_name: [ORDER_SCHEMA, { order_id: "A100", "it's": "x", 'say "hi"': "y", "C:\\tmp": "z" }],
  valid: [ORDER_SCHEMA, { order_id: "A100" }],
} as const satisfies Record<string, readonly [InputSchema, JsonObject]>;
export type CheckArgsCase = keyof typeof CHECK_ARGS_CASES;
export const CHECK_ARGS_NAMES = Object.keys(CHECK_ARGS_CASES) as CheckArgsCase[];
export const CHECK_ARGS_INPUTS: readonly (readonly [InputSchema, JsonObject])[] = CHECK_ARGS_NAMES.map((n) => CHECK_ARGS_CASES[n]);
