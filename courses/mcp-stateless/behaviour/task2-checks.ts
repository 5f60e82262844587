// Task 2's behaviour checks: generated messages beyond the page's session, each judged against
// the model's answer in the same order on one server (orders cancelled earlier stay cancelled).
import type { Random } from "../../../src/pack/random.js";
import type { BehaviourCheck } from "./check.js";
import { discoverReached, TASK2_VARIANT_CHECKS } from "./variant-checks.js";
import { drawnId } from "./meeting-ids.js";
import { lateArguments } from "./late-arguments.js";
import { everyOtherFromOtherClients } from "./other-clients.js";
import { DOLLAR_NAMES, INHERITED, ODD_NAMES } from "./task1-checks.js";
// The page's call under a fixed id: no draw, so inputs added last keep the draws before them.
import { call as fixedCall, CLIENT_META } from "../course/fixtures.js";
import type { JsonObject } from "../course/index.js";
import { CAPABILITIES_KEY, CLIENT_INFO_KEY, isObject, own, UNSUPPORTED_PROTOCOL_VERSION, VERSION_KEY } from "./model.js";

type Msg = Record<string, unknown>;

/**
 * What else each of t2_inherited_names' nine inputs a name holds: an unknown tool, an order id
 * (asked first, for a cancel), an argument, a uri, a method, an answer's key, a version.
 */
const INHERITED_REACH: readonly (readonly string[])[] = [
  ["t2_unknown_names"], ["t2_order_ids"], ["t2_order_ids", "t2_input_responses"], ["t2_arguments"], ["t2_arguments"],
  ["t2_same_resources", "t2_unknown_names"], ["t2_unknown_names"], ["t2_input_responses"], ["t2_version_check"],
];
const msg = (random: Random, method: unknown, params?: unknown): Msg =>
  (params === undefined ? { jsonrpc: "2.0", id: drawnId(random), method } : { jsonrpc: "2.0", id: drawnId(random), method, params });
const withMeta = (params: Msg = {}, meta: unknown = CLIENT_META): Msg => ({ ...params, _meta: meta });
const call = (random: Random, name: unknown, args: unknown, extra: Msg = {}): Msg =>
  msg(random, "tools/call", withMeta({ name, arguments: args, ...extra }));

const METHODS_WITH_PARAMS = (random: Random): [string, Msg][] => [
  ["tools/list", {}],
  ["tools/call", { name: "get_order_status", arguments: { order_id: random.pick(["A100", "A101"]) } }],
  ["tools/call", { name: "cancel_order", arguments: { order_id: "A101" } }],
  ["resources/list", {}],
  ["resources/read", { uri: "policy://refunds" }],
  ["prompts/list", {}],
];

const KNOWN_IDS = ["A100", "A101"];
const unknownIds = (random: Random): string[] => [
  "A102", "a100", " A100", "A100 ", "A1000", "Z9", "", "A", "100", "A100\n",
  ...ODD_NAMES.slice(0, 10),
  ...Array.from({ length: 6 }, () => `${random.pick(["A", "B", "Z", "a"])}${random.int(0, 9999)}`),
  // Full-width letters and digits, which NFKC makes A100: a lookup of the normalised id kept every
  // point (stateless-round-2026-12-06u m-order-id-nfkc-normalised). Last, after the draws.
  "\uff21\uff11\uff10\uff10", "A\uff11\uff10\uff10",
  // A known id with a code point ICU's collation ignores (U+034F: printable, so str() and repr()
  // write it as it is): a lookup by localeCompare(...) === 0 found A100 (ch2-sl-round-2026-12-07d
  // sl-mistake-order-id-localecompare-lookup).
  "A100\u034f",
];

// A list holding the version equals it loosely (["2026-07-28"] == "2026-07-28"): refused all the same.
// Last, a long one that repr writes with double quotes: repr applied to short strings only kept
// the point while every such version was short (helper 101's sl-repr-short-only).
export const BAD_VERSIONS: unknown[] = [undefined, null, "2025-06-18", "2025-11-25", "2026-07-29", "2026-07-28 ", " 2026-07-28", "", "it's", "x'y'z\"", "2026\\07\\28", "2026_07_28", 20260728, 0, true, false, ["2026-07-28"], "it's the version after 2026-07-28, \\ and more",
  // A full-width form (NFKC makes it the version) and one with a code point ICU's collation ignores
  // (U+034F, printable: repr writes it as it is): a check after NFKC or by localeCompare accepted
  // them (ch2-sl-round-2026-12-07d sl-mistake-version-nfkc, -localecompare-equals). Outside ASCII
  // too: a check run only on ASCII params kept 41/41 (cheats-round-2026-12-07f sl-version-ascii-only).
  "\uff12\uff10\uff12\uff16-\uff10\uff17-\uff12\uff18", "2026-07-28\u034f"];
/** Keys a request's _meta may carry beside the page's three, each with the version it names. */
const EXTRA_META: readonly [Msg, unknown][] = [
  [{ progressToken: "p-7" }, "2025-06-18"], [{ "com.example/trace": "4bf92f35" }, "2025-11-25"], [{ progressToken: 42 }, undefined],
  [{ "io.modelcontextprotocol/logLevel": "debug" }, null], [{ progressToken: "p-8", "com.example/trace": "00f067aa" }, "2026-07-29"],
];
// Keys a request's _meta may carry, many of them (RequestMetaObject allows any): five beside the page's three.
const BIG_META: Msg = { progressToken: "p-9", "io.modelcontextprotocol/logLevel": "info", "com.example/trace": "a1", "com.example/span": "b2", "com.example/tenant": "t" };
const BAD_META: unknown[] = [undefined, null, "2026-07-28", 5, [], [CLIENT_META], {}];

const ANSWERS: unknown[] = [
  {}, { confirm: null }, { other: { action: "accept", content: { confirm: true } } },
  { confirm: { action: "decline" } }, { confirm: { action: "cancel" } },
  { confirm: { action: "accept" } }, { confirm: { action: "accept", content: {} } }, { confirm: { action: "accept", content: null } },
  { confirm: { action: "accept", content: { confirm: false } } }, { confirm: { action: "accept", content: { confirm: "yes" } } },
  { confirm: { action: "accept", content: { confirm: 1 } } }, { confirm: { action: "accept", content: { confirm: "true" } } },
  { confirm: { action: "accept", content: { confirm: [true] } } }, { confirm: { action: "ACCEPT", content: { confirm: true } } },
  { confirm: { action: "accept", content: { confirm: true, note: "please" } }, extra: { action: "decline" } },
  { confirm: { content: { confirm: true } } }, { confirm: "yes" }, { confirm: true }, { confirm: ["accept"] },
  { confirm: { action: "decline", content: { confirm: true } } },
  "yes", [], [{ action: "accept", content: { confirm: true } }], null, 5,
  { confirm: { action: "accept", content: { confirm: true } } },
];

/** Answers with a requestState echoed beside them, or with _meta in the answer itself. */
const RETRIES_WITH_MORE: readonly [unknown, Msg][] = [
  [{ confirm: { action: "accept", content: { confirm: true } } }, { requestState: "eyJyb3VuZCI6MX0" }],
  [{ confirm: { action: "decline" } }, { requestState: "opaque-2" }],
  [{ confirm: { action: "accept", content: { confirm: true }, _meta: { "com.example/ui": "dialog" } } }, {}],
  [{ confirm: { _meta: {}, action: "accept", content: { confirm: true } } }, { requestState: "s-3" }],
  [{ confirm: { action: "decline", _meta: { "com.example/ui": "dialog" } } }, {}],
];

const ODD_ARGUMENTS: readonly [string, unknown][] = [
  ["get_order_status", JSON.stringify({ order_id: "A100" })], ["cancel_order", JSON.stringify({ order_id: "A101" })],
  ["get_order_status", { order_id: "A100", "clé 📦": "x" }], ["cancel_order", { "order-id": "A101" }],
  ["get_order_status", { order_id: "A100", note: `${"très long ".repeat(30)}📦` }], ["get_order_status", { order_id: ["A100", "日本 📦"] }],
];

const RULE_CHECKS: readonly BehaviourCheck[] = [
  {
    id: "t2_order_ids", task: "task2", title: "Order ids are looked up as ORDERS holds them",
    rule: "Rules 7–9: an order_id that is not an own key of ORDERS gives \"Error: order <id> not found: IDs look like A100\" (isError true) for both tools.",
    hint: "Try ids that differ from A100 by case, a space or one character, and ids with quotes or new lines.",
    inputs: (random) => [
      ...[...KNOWN_IDS, ...unknownIds(random)].flatMap((orderId) => [
        call(random, "get_order_status", { order_id: orderId }),
        call(random, "cancel_order", { order_id: orderId }),
      ]),
      // Ids holding a replacement's patterns (a message filled by replace("{}", id) wrote them
      // otherwise: gaming-round-2026-12-08u sl-narrow-order-not-found-replace-dollar), under
      // number ids between the page's and the draws' (no draw).
      ...DOLLAR_NAMES.map((orderId, i) => fixedCall(14 + i, "get_order_status", { order_id: `A${orderId}1` })),
    ],
  },
  {
    id: "t2_inherited_names", task: "task2", title: "Names every object inherits are never tools, orders, resources or methods",
    rule: "Rule 2: read only own fields; \"constructor\", \"__proto__\" or \"toString\" is not in TOOLS, ORDERS or RESOURCES, and is not a method.",
    hint: "Look for `name in TOOLS`, TOOLS[name] tested for truthiness, or a method table indexed by the method: each finds Object.prototype's members. Use Object.hasOwn or a Map.",
    // Each name's nine inputs, in this order, hold a case of these rules too (reachedBy).
    reachedBy: (_, index) => INHERITED_REACH[index % INHERITED_REACH.length]!,
    inputs: (random) => INHERITED.flatMap((name) => [
      call(random, name, { order_id: "A100" }),
      call(random, "get_order_status", { order_id: name }),
      call(random, "cancel_order", { order_id: name }),
      call(random, "get_order_status", { order_id: "A100", [name]: "x" }),
      call(random, "get_order_status", { [name]: "A100" }),
      msg(random, "resources/read", withMeta({ uri: name })),
      msg(random, name, withMeta()),
      call(random, "cancel_order", { order_id: "A100" }, { inputResponses: { [name]: { action: "accept", content: { confirm: true } } } }),
      msg(random, "tools/list", withMeta({}, { ...CLIENT_META, [VERSION_KEY]: name })),
    ]),
  },
  {
    id: "t2_version_check", task: "task2", compare: "version", title: "Every method but server/discover refuses a missing or wrong protocol version",
    reachedBy: discoverReached,
    rule: "Rule 5: anything but exactly PROTOCOL_VERSION in params._meta[\"io.modelcontextprotocol/protocolVersion\"] (absent, null, another string, a number) is -32022 with the repr in the message and data {supported, requested}; server/discover answers. Either answer is right where the spec differs: a _meta without a string protocolVersion or an object clientCapabilities may get -32602, discover included; discover naming another version may get -32022 with data {supported, requested}.",
    hint: "Check the version once, before routing, for every method except server/discover, and write <v> as Python's repr (None, True, 'text').",
    inputs: (random) => [
      ...METHODS_WITH_PARAMS(random).flatMap(([method, params]) => BAD_VERSIONS.map((v) => {
        const meta: Msg = { ...CLIENT_META };
        if (v === undefined) delete meta[VERSION_KEY]; else meta[VERSION_KEY] = v;
        return msg(random, method, withMeta(params, meta));
      })),
      ...METHODS_WITH_PARAMS(random).flatMap(([method, params]) => BAD_META.map((m) => msg(random, method, m === undefined ? params : withMeta(params, m)))),
      ...BAD_VERSIONS.map((v) => msg(random, "server/discover", withMeta({}, v === undefined ? {} : { [VERSION_KEY]: v }))),
      ...BAD_META.map((m) => msg(random, "server/discover", m === undefined ? {} : withMeta({}, m))),
      // The version in params, as initialize carried it, and none in _meta (or no _meta): no
      // version for this protocol (spec 2026-07-28: _meta's protocolVersion, on every request), so
      // refused; a fallback to params.protocolVersion answered them (ch2-sl-round-2026-12-07d
      // sl-mistake-version-fallback-params-protocolversion), as a bare protocolVersion key in _meta
      // did (slips-round-2026-12-07p sl-mistake-version-bare-key-fallback). No draw.
      ...(() => {
        const meta: Msg = { ...CLIENT_META };
        delete meta[VERSION_KEY];
        return [
          { jsonrpc: "2.0", id: "pv-1", method: "tools/list", params: { protocolVersion: "2026-07-28", _meta: meta } },
          { jsonrpc: "2.0", id: "pv-2", method: "resources/list", params: { protocolVersion: "2026-07-28" } },
          { jsonrpc: "2.0", id: "pv-3", method: "tools/list", params: { _meta: { protocolVersion: "2026-07-28", ...meta } } },
        ];
      })(),
      // A _meta with keys beside the page's three (RequestMetaObject's progressToken and logLevel,
      // a key of the client's own): the version is read all the same. The check skipped for such a
      // _meta kept every point while no request carried one (cheats-round-2026-12-07i
      // sl-version-extra-meta-key). Each is refused: a request answered here would charge that
      // method's own mistakes (a tools/list order, a -32601's text) to this rule too. No draw.
      ...((methods) => EXTRA_META.map(([extra, version], i) => {
        const [method, params] = methods[i % methods.length]!;
        const meta: Msg = { ...CLIENT_META, ...extra };
        if (version === undefined) delete meta[VERSION_KEY]; else meta[VERSION_KEY] = version;
        return { jsonrpc: "2.0", id: `meta-${i}`, method, params: withMeta(params, meta) };
      }))(METHODS_WITH_PARAMS(random)),
      // Versions holding a replacement's patterns (repr's closing quote after "$" makes "$'"), and a
      // _meta of many keys, under number ids between the page's and the draws': a message filled by
      // replace, and the check skipped for a big _meta or for such ids, kept 41/41
      // (gaming-round-2026-12-08u sl-narrow-version-msg-replace-dollar, sl-cheat-version-skip-big-meta, -mid-ids). No draw.
      ...["v$", "2026-07-28$&", "$'"].map((v, i) => ({ jsonrpc: "2.0", id: 20 + i, method: "tools/list", params: withMeta({}, { ...CLIENT_META, [VERSION_KEY]: v }) })),
      { jsonrpc: "2.0", id: 731, method: "tools/list", params: withMeta({}, { ...CLIENT_META, [VERSION_KEY]: "2025-06-18", ...BIG_META }) },
      { jsonrpc: "2.0", id: 998, method: "resources/list", params: withMeta({}, { ...CLIENT_META, [VERSION_KEY]: "2025-11-25" }) },
    ],
  },
  {
    // The data line's own rule: the fixtures hold one old-version request, so what a refusal
    // carries is judged wherever the code refuses; whether it refuses is t2_version_check's.
    id: "t2_version_data", task: "task2", compare: "version", title: "Every -32022 refusal says what is supported and what was requested",
    rule: "Rule 5 (spec: UnsupportedProtocolVersionError): a refused version's error has data {supported: [PROTOCOL_VERSION], requested: <the version as sent>}.",
    hint: "Build the refusal in one place, with the version the request carried as data.requested.",
    part: (answer) => own(own(answer, "error"), "data"),
    // A refusal under another code that carries data is judged too: its code is
    // t2_old_version_code's mistake, what it carries this rule's (version-32600 lost both).
    witness: {
      is: (answer) => own(own(answer, "error"), "code") === UNSUPPORTED_PROTOCOL_VERSION || own(own(own(answer, "error"), "data"), "supported") !== undefined,
      none: "No request naming a version the server does not support was refused with -32022 or with data, so nothing showed what a refusal carries",
    },
    inputs: (random) => METHODS_WITH_PARAMS(random).flatMap(([method, params]) =>
      ["2025-06-18", "2025-11-25", `${random.int(2024, 2030)}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(10, 27))}`, random.word(1, 8)].map((v) =>
        msg(random, method, withMeta(params, { ...CLIENT_META, [VERSION_KEY]: v })))),
  },
  {
    id: "t2_client_meta", task: "task2", title: "clientCapabilities and clientInfo do not change the answer",
    rule: "Rules 4–12: the server answers from the protocol version and the method's params; clientInfo never changes the answer. A _meta without clientCapabilities (or with one that is not an object), or with a clientInfo that is not an object with string name and version, may get the usual answer or, as the spec has it, -32602.",
    hint: "Only the protocol version is validated; a request without clientInfo, or with odd capabilities, is answered as usual.",
    inputs: (random) => METHODS_WITH_PARAMS(random).filter(([, p]) => p["name"] !== "cancel_order").flatMap(([method, params]) =>
      [CAPABILITIES_KEY, CLIENT_INFO_KEY].flatMap((key) => [undefined, null, "x", 5, [], {}].map((value) => {
        const meta: Msg = { ...CLIENT_META };
        if (value === undefined) delete meta[key]; else meta[key] = value;
        return msg(random, method, withMeta(params, meta));
      }))),
  },
  {
    id: "t2_input_responses", task: "task2", title: "Only an accept with confirm true cancels; no answer asks again",
    rule: "Rule 9: no answer (inputResponses absent or not an object, confirm absent or null) asks; {action: \"accept\", content: {confirm: true}} cancels (get_order_status says \"cancelled\" from then on); any other answer keeps the order.",
    hint: "Test confirm with === true (\"yes\" and 1 are truthy but not true), read action and content as own fields, and do not crash on an answer that is not an object.",
    inputs: (random) => [
      ...ANSWERS.flatMap((answer) => [random.pick(["A100", "A101"]), "Z9"].map((orderId) => call(random, "cancel_order", { order_id: orderId }, { inputResponses: answer }))),
      // Both orders cancelled for sure, then asked about: the status is read from ORDERS now, not
      // from anything kept since the page's session asked about A100.
      ...KNOWN_IDS.flatMap((orderId) => [
        call(random, "cancel_order", { order_id: orderId }, { inputResponses: { confirm: { action: "accept", content: { confirm: true } } } }),
        call(random, "get_order_status", { order_id: orderId }),
      ]),
      // Answers that are falsy but there (false, 0, ""), and an accept with a space around it: each
      // keeps the order, none asks again or cancels (helper 114's sl-mistake-confirm-falsy-asks-again,
      // -cancel-action-trimmed kept 41/41). Last, so the drawn ones keep their draws.
      // Then an accept in full-width letters (NFKC) or with U+200B (localeCompare ignores it), and
      // an answer given as the JSON text of an accept (a string: no answer, asked again): each
      // cancelled (ch2-sl-round-2026-12-07d sl-mistake-cancel-action-nfkc, -localecompare-equals,
      // sl-mistake-inputresponses-json-string-parsed).
      ...[{ confirm: false }, { confirm: 0 }, { confirm: "" }, { confirm: { action: "accept ", content: { confirm: true } } }, { confirm: { action: " accept", content: { confirm: true } } },
        { confirm: { action: "\uff41\uff43\uff43\uff45\uff50\uff54", content: { confirm: true } } }, { confirm: { action: "accept\u200b", content: { confirm: true } } },
        JSON.stringify({ confirm: { action: "accept", content: { confirm: true } } })]
        .map((answer) => call(random, "cancel_order", { order_id: "A101" }, { inputResponses: answer })),
      // Retries that echo a requestState (the spec's opaque string a client sends back), and answers
      // carrying _meta beside action and content (ElicitResult allows it): read as any other. An
      // answer read only without them kept every point while no retry carried either
      // (cheats-round-2026-12-07i sl-cancel-no-requeststate, sl-cancel-plain-answer-only). Last.
      ...RETRIES_WITH_MORE.map(([answer, extra], i) => call(random, "cancel_order", { order_id: KNOWN_IDS[i % 2]! }, { inputResponses: answer, ...extra })),
    ],
  },
  {
    id: "t2_odd_params", task: "task2", title: "params that is absent, null or not an object reads as {}",
    reachedBy: discoverReached,
    rule: "Rule 2: params that is absent or not an object reads as {}, so a method that needs the version is refused with -32022 and 'None', and server/discover answers; or, as the spec has it, such a request (no _meta) gets -32602, discover included.",
    hint: "Guard the params before reading _meta from it.",
    inputs: (random) => ["server/discover", "tools/list", "tools/call", "resources/list", "resources/read", "nothing/here"].flatMap((method) =>
      [undefined, null, [], ["x"], "params", 5, true].map((params) => msg(random, method, params))),
  },
  {
    id: "t2_arguments", task: "task2", title: "Generated arguments are checked with checkArgs before the tool runs",
    // A call whose order_id is a string reaches the lookup: t2_order_ids' case too (judge.ts
    // chargeReached); the rest (no arguments object, ids of other types) only checkArgs judges.
    reachedBy: (input) => {
      const params = isObject(input) ? input["params"] : undefined;
      const args = isObject(params) ? params["arguments"] : undefined;
      return isObject(args) && typeof args["order_id"] === "string" ? ["t2_order_ids"] : [];
    },
    rule: "Rule 7: arguments (absent or not an object: {}) go through checkArgs against the tool's inputSchema; problems are an isError result \"Error: \" + problems joined with \"; \".",
    hint: "Pass the arguments object itself to checkArgs; default it to {} only when it is absent or not an object.",
    inputs: (random) => [
      ...["get_order_status", "cancel_order"].flatMap((name) => [undefined, null, [], ["A100"], "A100", 7].map((args) => call(random, name, args))),
      ...Array.from({ length: 30 }, () => {
        const args: Record<string, unknown> = {};
        if (random.next() < 0.7) args["order_id"] = random.pick(["A100", "A101", "Z9", 100, null, true, ["A100"], { id: "A100" }]);
        for (let i = random.int(0, 2); i > 0; i--) args[random.word(1, 6, true)] = random.pick(["x", 1, null]);
        return call(random, random.pick(["get_order_status", "cancel_order"]), args);
      }),
      // Last, under fixed ids (no draw): arguments given as the JSON text of an object (a string:
      // {}, so order_id is missing; parsing it answered the order: ch2-sl-round-2026-12-07d
      // sl-mistake-arguments-json-string-parsed), and keys and values beyond ASCII, the BMP and
      // [a-z_], and long arguments: checkArgs run only for ASCII params or plain keys kept every
      // point (cheats-round-2026-12-07f sl-args-ascii-only, sl-args-plain-keys-only).
      // Every other one from a client other than the page's (other-clients.ts).
      ...everyOtherFromOtherClients([
        ...ODD_ARGUMENTS.map(([name, args], i) => ({ ...call(random, name, args), id: `args-${i}` })),
        ...lateArguments(random, (name, args, id) => ({ ...call(random, name, args), id })),
      ]),
      // Keys with a digit, a key past 30 characters, four keys beside order_id, under number ids
      // between the page's and the draws': checkArgs skipped for each kept 41/41
      // (gaming-round-2026-12-08u sl-cheat-skip-args-digit-key, -long-key, -many-keys, -args-skip-mid-ids). No draw.
      ...([{ order_id: "A100", note2: "x" }, { order_id: "A101", customer_preferred_delivery_window: "am" }, { order_id: "A100", a: 1, b: 2, c: 3, d: 4 }, { order_id: "A100", force: true }] as JsonObject[])
        .map((args, i) => fixedCall(40 + i * 7, i % 2 ? "cancel_order" : "get_order_status", args)),
    ],
  },
  {
    id: "t2_unknown_names", task: "task2", title: "Unknown tools, resources and methods are protocol errors",
    // A request named notifications/... is t2_notifications' case too (told by its method, it is
    // left unanswered); a uri, the resources' lookup's.
    reachedBy: (input) => {
      const method = isObject(input) ? input["method"] : undefined;
      return typeof method === "string" && method.startsWith("notifications/") ? ["t2_notifications"] : method === "resources/read" ? ["t2_same_resources"] : [];
    },
    rule: "Rules 7, 11, 12: an unknown tool is -32602 \"unknown tool: <name>\", an unknown uri -32602 \"resource not found: <uri>\", an unknown method -32601 \"method not found: <method>\", the value as Python's str() writes it.",
    hint: "These are errors with a code, not isError results; write a name that is absent as None.",
    inputs: (random) => [
      // Every other unknown tool from a client other than the page's (other-clients.ts).
      ...everyOtherFromOtherClients([undefined, null, "", "Get_Order_Status", "get_order_status ", "delete_everything", 5, true, random.word(3, 12, true)].map((name) =>
        msg(random, "tools/call", withMeta(name === undefined ? { arguments: {} } : { name, arguments: { order_id: "A100" } })))),
      ...[undefined, null, "", "policy://Refunds", "policy://refunds/", "policy:/refunds", "refunds", 5, `policy://${random.word(3, 8)}`].map((uri) =>
        msg(random, "resources/read", withMeta(uri === undefined ? {} : { uri }))),
      ...["tools/List", "tools/lists", "resources/get", "prompts/list", "initialize", "", "server/Discover", random.word(3, 9)].map((method) => msg(random, method, withMeta())),
      { jsonrpc: "2.0", id: drawnId(random), params: withMeta() },
      { jsonrpc: "2.0", id: drawnId(random), method: 42, params: withMeta() },
      // Uris that URL parsing makes the known one (the scheme lowercased, a tab dropped, spaces
      // trimmed): a lookup by new URL(uri).href found them. Last, so the draws above stay as they were.
      ...["POLICY://refunds", "policy://ref\tunds", " policy://refunds "].map((uri) => msg(random, "resources/read", withMeta({ uri }))),
      // Requests whose methods are notifications': an id makes a request (rule 1), of a method the
      // server lacks (a handle that told a notification by its method, as the page's
      // notifications/cancelled line, kept 41/41). No draw: the draws above stay as they were.
      { jsonrpc: "2.0", id: 7, method: "notifications/cancelled", params: withMeta({ requestId: 3 }) },
      { jsonrpc: "2.0", id: "n1", method: "notifications/initialized", params: withMeta() },
      // A known name in kebab-case: a lookup that turned "-" into "_" kept every point
      // (stateless-round-2026-12-06u m-tool-name-dashes-as-underscores). No draw.
      { jsonrpc: "2.0", id: "kebab", method: "tools/call", params: withMeta({ name: "get-order-status", arguments: { order_id: "A100" } }) },
      // A method with a space around it and a name past 64 characters are named as sent: a dispatch
      // on the trimmed method or a name cut short kept 41/41 (helper 114's sl-mistake-method-trimmed,
      // -unknown-tool-name-cut-64). No draw. Not a name holding control characters (their slip,
      // -unknown-tool-name-strips-controls, is open): repr escapes them, and the names quoted by
      // repr (c-str-is-repr, one slip) then no longer read as one slip with the page's unknown tool.
      { jsonrpc: "2.0", id: "sp1", method: " tools/list", params: withMeta() }, { jsonrpc: "2.0", id: "sp2", method: "server/discover\t", params: withMeta() },
      { jsonrpc: "2.0", id: "long", method: "tools/call", params: withMeta({ name: `get_order_status_${"and_more_".repeat(8)}`, arguments: { order_id: "A100" } }) },
      // A known name in full-width letters (NFKC makes it the name) and with U+034F (ICU's collation
      // ignores it; printable, so str() and repr() write it as it is): each answered by a lookup
      // after NFKC or by localeCompare (ch2-sl-round-2026-12-07d sl-mistake-tool-name-nfkc-lookup,
      // -tool-name-localecompare-lookup, -method-nfkc, -resource-uri-nfkc-lookup). No draw. Not a
      // name, uri or method sent as a list or an object: the class's correct-switch-own-types and
      // correct-null-proto-table write them as JSON text where Python's str() writes ['x'].
      ...["\uff47\uff45\uff54_\uff4f\uff52\uff44\uff45\uff52_\uff53\uff54\uff41\uff54\uff55\uff53", "get_order_status\u034f"]
        .map((name, i) => ({ jsonrpc: "2.0", id: `name-${i}`, method: "tools/call", params: withMeta({ name, arguments: { order_id: "A100" } }) })),
      ...["policy://\uff52\uff45\uff46\uff55\uff4e\uff44\uff53", "policy://refunds\u034f"]
        .map((uri, i) => ({ jsonrpc: "2.0", id: `uri-${i}`, method: "resources/read", params: withMeta({ uri }) })),
      // Uris of other schemes (a resource's uri may use any protocol: spec ReadResourceRequestParams):
      // not in RESOURCES, so not found. A refusal for policy: and scheme-less uris alone kept every
      // point while no unknown uri had another scheme (cheats-round-2026-12-07i
      // sl-resource-unknown-page-scheme). No draw.
      ...["file:///etc/passwd", "https://example.com/refunds", "mcp://orders/refunds", "urn:policy:refunds", "data:text/plain,refunds"]
        .map((uri, i) => ({ jsonrpc: "2.0", id: `scheme-${i}`, method: "resources/read", params: withMeta({ uri }) })),
      ...["\uff54\uff4f\uff4f\uff4c\uff53/list", "tools/list\u034f"].map((method, i) => ({ jsonrpc: "2.0", id: `method-${i}`, method, params: withMeta() })),
      // Names, uris and methods holding a replacement's patterns, and a uri percent-encoding a
      // letter of the known one (%72 is r: not the uri RESOURCES holds): a message filled by
      // replace("{}", ...), and a lookup of the decoded uri, kept 41/41 (gaming-round-2026-12-08u
      // sl-narrow-unknown-tool-, -method-not-found-, -resource-not-found-replace-dollar, sl-narrow-uri-percent-decoded). No draw.
      fixedCall(60, "del$&ete", { order_id: "A100" }),
      ...["policy://x$&y", "policy://%72efunds"].map((uri, i) => ({ jsonrpc: "2.0", id: 61 + i, method: "resources/read", params: withMeta({ uri }) })),
      { jsonrpc: "2.0", id: 63, method: "tools/$&", params: withMeta() },
    ],
  },
  {
    id: "t2_result_envelope", task: "task2", compare: "envelope", title: "Every generated result has resultType, serverInfo in _meta and, where due, the cache hints",
    rule: "Rules 3, 4, 6, 10, 11: every result has resultType and _meta {\"io.modelcontextprotocol/serverInfo\": SERVER_INFO}; discover, tools/list, resources/list and resources/read also \"cacheScope\": \"public\", \"ttlMs\": 0 (on a tool's result they are keys of your own, not graded).",
    hint: "Wrap every result in one place, whatever path produced it: tool errors, the input_required question and the cancel's answers included.",
    inputs: (random) => [
      ...METHODS_WITH_PARAMS(random).map(([method, params]) => msg(random, method, withMeta(params))),
      msg(random, "server/discover", withMeta()),
      msg(random, "server/discover"),
      ...["A100", "Z9"].flatMap((orderId) => [call(random, "get_order_status", { order_id: orderId }), call(random, "cancel_order", { order_id: orderId })]),
      call(random, "get_order_status", { id: 1 }),
      ...ANSWERS.slice(0, 8).map((answer) => call(random, "cancel_order", { order_id: "A101" }, { inputResponses: answer })),
    ],
  },
  {
    // The page's requests all say "2.0", so a handle that copied the request's jsonrpc into its
    // answer passed every check: JSON-RPC's answer is "2.0" whatever the request said.
    id: "t2_jsonrpc", task: "task2", title: "Every response says jsonrpc \"2.0\", whatever the request's jsonrpc",
    rule: "Every response is {\"jsonrpc\": \"2.0\", ...}: a request whose jsonrpc is missing or another value still gets \"2.0\" (its usual answer, or, as JSON-RPC has it, -32600 Invalid Request).",
    hint: "Write \"2.0\" in every response; do not copy the request's jsonrpc.",
    part: (answer) => (isObject(answer) ? answer["jsonrpc"] ?? null : answer ?? null),
    inputs: (random) => [undefined, "1.0", "2", 2, null].flatMap((version) => ["server/discover", "tools/list", "resources/list"].map((method) => {
      const message = msg(random, method, withMeta());
      if (version === undefined) delete message["jsonrpc"]; else message["jsonrpc"] = version;
      return message;
    })),
  },
  {
    id: "t2_notifications", task: "task2", title: "A message without an id gets null; any id gets a response",
    rule: "Rule 1: no `id` key is a notification (null), whatever its method; a message with an id, 0 or \"\" included, is a request.",
    hint: "Test for the key (\"id\" in message), not for a truthy id.",
    // Whether and to which id it answers, and with which kind of answer: the answers' content is
    // the other checks' (tools/list's order is t2_tool_names's).
    part: (answer) => (isObject(answer) ? { jsonrpc: answer["jsonrpc"], id: answer["id"], kind: Object.hasOwn(answer, "result") ? "result" : Object.hasOwn(answer, "error") ? "error" : null } : answer ?? null),
    inputs: (random) => [
      ...["notifications/cancelled", "tools/call", "tools/list", "server/discover", "nothing"].map((method) => ({ jsonrpc: "2.0", method, params: withMeta() })),
      { jsonrpc: "2.0", method: "tools/call", params: withMeta({ name: "cancel_order", arguments: { order_id: "A101" }, inputResponses: { confirm: { action: "accept", content: { confirm: true } } } }) },
      ...[0, "", "0", -1, random.word(1, 5)].map((rid) => ({ jsonrpc: "2.0", id: rid, method: "tools/list", params: withMeta() })),
      // String ids with spaces at an end are echoed as sent: one trimmed kept 41/41
      // (gaming-round-2026-12-08u sl-narrow-id-string-trimmed). No draw.
      ...[" 7 ", "x "].map((rid) => ({ jsonrpc: "2.0", id: rid, method: "tools/list", params: withMeta() })),
    ],
  },
];

/**
 * The multi round-trip's generated rounds (t2_stateless): first rounds and retries (accepted,
 * declined, cancelled) for known and unknown orders, each also sent alone to a fresh instance.
 * Only answers the rules read plainly: odd answers are t2_input_responses's.
 */
export function cancelRounds(random: Random): Msg[] {
  const answers = [
    { confirm: { action: "accept", content: { confirm: true } } },
    { confirm: { action: "decline" } },
    { confirm: { action: "cancel" } },
  ];
  return ["A100", "A101", "Z9"].flatMap((orderId) => [
    call(random, "cancel_order", { order_id: orderId }),
    ...answers.map((inputResponses) => call(random, "cancel_order", { order_id: orderId }, { inputResponses })),
  ]);
}

/** The page's requests again under other ids (variant-checks.ts), first: a run that stops on a later input keeps their verdicts; then the rules' checks. */
export const TASK2_CHECKS: readonly BehaviourCheck[] = [...TASK2_VARIANT_CHECKS, ...RULE_CHECKS];
