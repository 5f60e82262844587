// The interop checks of the stateless pack: the official MCP TypeScript SDK's 2.x client
// (@modelcontextprotocol/client, pinned to the 2026-07-28 revision) talks to the submission's
// server over stdio as a real host would: server/discover, tools/list, two tools/call (one of them
// a multi round-trip through the client's own elicitation handler), resources/list and read, and a
// request naming an old protocol version. The report says what the client saw and what the server
// answered. The server is always stopped at the end.
import { answeredIds } from "../../../src/live/answered-ids.js";
import type { LiveServer } from "../../../src/live/connection.js";
import type { CheckResult } from "../../../src/report/types.js";
import { SERVER_READY } from "../../../src/sandbox/live-protocol.js";
import { SERVER_STARTUP_LIMIT_MS, serverReady } from "../../../src/live/ready.js";
import { connectWait, NoAnswer, unjudgedSilence, withTimeout } from "../../../src/live/time-limit.js";
import { ORDERS, PROTOCOL_VERSION, RESOURCES, TOOLS } from "../course/index.js";
import { cap, canonical, isObject, oneParagraph, quote, transportClass, type Exchange, type Json, type JsonObject } from "./interop-transport.js";

const OLD_VERSION = "2025-06-18";
const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

const RESOURCE_URI = "policy://refunds";
/** What the checks ask for and expect: the server's data (course/index.ts, the page's 2.1), read once. */
export const INTEROP_FIXTURES = {
  tools: Object.keys(TOOLS),
  status: { order_id: "A100", expected: { order_id: "A100", status: ORDERS["A100"]!.status, eta: ORDERS["A100"]!.eta } },
  cancel: { order_id: "A101", expectedText: "A101 cancelled" },
  resource: { uri: RESOURCE_URI, text: RESOURCES[RESOURCE_URI]! },
} as const;
const F = INTEROP_FIXTURES;

const STEPS = {
  connect: { name: "t2_sdk_connect", title: "The official MCP SDK client connects to your server with server/discover and settles on 2026-07-28", hint: "The client sends server/discover first; your result must list \"2026-07-28\" in supportedVersions and give capabilities with tools and resources (and resultType \"complete\")." },
  list: { name: "t2_sdk_list_tools", title: "The SDK client lists your tools and finds get_order_status and cancel_order", hint: "tools/list answers {\"tools\": [{\"name\", \"description\", \"inputSchema\"} for each tool], \"cacheScope\": \"public\", \"ttlMs\": 0}: the client rejects a list without its cache hints." },
  status: { name: "t2_sdk_call_status", title: "The SDK client calls get_order_status for A100 and reads its structured result", hint: "A good call answers with content (the JSON as text), structuredContent {\"order_id\": \"A100\", \"status\": \"shipped\", \"eta\": \"Friday\"} and isError false (2.2)." },
  cancel: { name: "t2_sdk_cancel_round_trip", title: "The SDK client cancels A101 in a multi round-trip: your server asks, the client confirms, the retry completes", hint: "The first tools/call of cancel_order answers resultType \"input_required\" with inputRequests {\"confirm\": an elicitation/create form}; the client asks the user and calls again with inputResponses, which your server reads to answer \"A101 cancelled\" (2.3)." },
  resource: { name: "t2_sdk_read_resource", title: "The SDK client lists your resources and reads policy://refunds", hint: "resources/list answers {\"resources\": [{\"uri\": \"policy://refunds\", \"name\", \"mimeType\"}], ...the cache hints}; resources/read answers {\"contents\": [{\"uri\", \"mimeType\", \"text\"}], \"cacheScope\": \"public\", \"ttlMs\": 0}." },
  version: { name: "t2_sdk_old_version", title: "A request naming protocol version 2025-06-18 is refused with -32022, naming the versions you support", hint: "Every request but server/discover carries _meta[\"io.modelcontextprotocol/protocolVersion\"]; for a version you do not support, answer the error -32022 with data {\"supported\": [\"2026-07-28\"], \"requested\": <the version asked for>}." },
  results: { name: "t2_sdk_every_result", title: "Every result the SDK client received carries resultType and your server's _meta serverInfo", hint: "The dispatcher (2.4) puts resultType (\"complete\" unless it is \"input_required\") and _meta {\"io.modelcontextprotocol/serverInfo\": {\"name\", \"version\"}} on every result, server/discover's included." },
} as const;
type Step = keyof typeof STEPS;
export const INTEROP_STEPS = Object.values(STEPS);

/**
 * cacheHints: the 2026-07-28 schema requires ttlMs and cacheScope on the results of
 * server/discover, tools/list, prompts/list, resources/list, resources/templates/list and
 * resources/read, and the SDK client rejects a list or read result without them (not discover's).
 * This pack teaches them (tasks/mcp-stateless/task2.ts), so by default ("require") the client gets
 * the server's results untouched. The page's teaching server leaves them out: "fill" adds the
 * spec's most cautious values (ttlMs 0, cacheScope "private") where a result lacks the key, and
 * says so in the check, for a pack that follows the page there.
 */
export interface InteropOptions { cacheHints?: "fill" | "require" }

// A real host waits a moment, not the task limit: a server that answers at all answers in ms.
export const INTEROP_REQUEST_LIMIT_MS = 3000;
// The first request also waits for the server's first work (loading the submission's modules):
// on a loaded machine that took over 3 s for the reference solution.
export const INTEROP_CONNECT_LIMIT_MS = 15_000;
const MAX_ROUNDS = 3;

import type { Sdk } from "./interop-sdk.js";
let sdk: Promise<Sdk> | undefined;
/** The SDK's modules take a while to load: on first use, or early from the grader. */
export const loadSdk = (): Promise<Sdk> => (sdk ??= import("./sdk.js"));

const check = (step: Step, status: CheckResult["status"], fields: Partial<CheckResult> = {}): CheckResult =>
  ({ ...STEPS[step], kind: "interop", status, ...fields });

function describe(error: unknown, s: Sdk, limit: number): string {
  if (error instanceof s.ProtocolError) {
    const data = error.data === undefined ? "" : ` (data ${quote(error.data)})`;
    return `the server answered with the JSON-RPC error ${error.code}: ${oneParagraph(error.message)}${data}`;
  }
  if (error instanceof s.SdkError) {
    const timedOut = error.code === s.SdkErrorCode.RequestTimeout
      ? ` (no answer it could read within ${limit} ms: the client drops a stdout line that is not one JSON-RPC message, so a reply it cannot read ends this way too)`
      : "";
    return `the client stopped with SdkError ${error.code}: ${oneParagraph(error.message)}${timedOut}`;
  }
  return error instanceof Error ? `${error.name}: ${oneParagraph(error.message)}` : oneParagraph(String(error));
}


function acceptForm(requested: unknown): Record<string, string | number | boolean> {
  const properties = isObject(requested) && isObject(requested["properties"]) ? requested["properties"] : {};
  return Object.fromEntries(Object.entries(properties).map(([key, p]) => {
    const schema = isObject(p) ? p : {};
    const choices = Array.isArray(schema["enum"]) ? schema["enum"] : [];
    const value = schema["type"] === "boolean" ? true
      : typeof choices[0] === "string" ? choices[0]
      : schema["type"] === "number" || schema["type"] === "integer" ? 1 : "yes";
    return [key, value];
  }));
}

const allWith = (status: CheckResult["status"], message: string): CheckResult[] =>
  (Object.keys(STEPS) as Step[]).map((s, i) => check(s, i === 0 ? status : "skip", { message: i === 0 ? message : "The SDK client was not tried." }));

/** The interop checks, over a connection to `server` (sandbox/live.ts prepareServer). Never throws. */
export async function interopChecks(server: LiveServer, timeoutMs: number, options: InteropOptions = {}): Promise<CheckResult[]> {
  let s: Sdk;
  try {
    s = await loadSdk();
  } catch (error) {
    return allWith("error", `The MCP SDK client could not be loaded: ${error instanceof Error ? oneParagraph(error.message) : String(error)}.`);
  }
  try {
    return await drive(s, server, timeoutMs, options.cacheHints ?? "require");
  } catch (error) {
    return allWith("error", `The interop checks stopped on a problem of the grader's: ${describe(error, s, timeoutMs)}.`);
  }
}

async function drive(s: Sdk, server: LiveServer, timeoutMs: number, cacheHints: "fill" | "require"): Promise<CheckResult[]> {
  const limit = Math.min(timeoutMs, INTEROP_REQUEST_LIMIT_MS);
  const connectLimit = Math.min(timeoutMs, INTEROP_CONNECT_LIMIT_MS);
  const Transport = transportClass(s);
  const transport = new Transport(server, cacheHints === "fill");
  let stderr = "";
  transport.stderr.on("data", (c: Buffer) => { stderr = (stderr + c.toString("utf8")).slice(-4096); });
  const stderrEnd = (): string => {
    // The live server's own lines (ready, "line N") are left out: only what it said of the code.
    const lines = stderr.trim().split("\n").filter((l) => !l.startsWith("line ") && !l.startsWith(SERVER_READY)).slice(-3);
    return lines.length ? ` Its stderr ends: ${cap(lines.join(" | "), 400)}` : "";
  };

  const client = new s.Client({ name: "grade-interop", version: "1.0.0" }, {
    capabilities: { elicitation: { form: {} } },
    versionNegotiation: { mode: { pin: PROTOCOL_VERSION }, probe: { timeoutMs: connectLimit } },
    inputRequired: { maxRounds: MAX_ROUNDS },
    // A server without a capability is an error to report, not an empty list (and the SDK's
    // lenient path would print to the grader's stdout with console.debug).
    enforceStrictCapabilities: true,
    listMaxPages: 4,
  });
  // A line the client cannot read also cuts connect's wait short (src/live/time-limit.ts connectWait).
  let cutWait = (): void => undefined;
  client.onerror = (error) => { if (transport.clientErrors.length < 5) transport.clientErrors.push(oneParagraph(error.message)); cutWait(); };
  const asked: string[] = [];
  const answers: string[] = [];
  client.setRequestHandler("elicitation/create", async (request) => {
    const params = request.params as unknown as JsonObject;
    const content = acceptForm(params["requestedSchema"]);
    asked.push(typeof params["message"] === "string" ? params["message"] : "(no message)");
    answers.push(JSON.stringify(content));
    return { action: "accept", content };
  });

  let results: CheckResult[];
  try {
    try {
      await transport.start();
    } catch (error) {
      return allWith("error", `The server could not be started: ${describe(error, s, limit)}.`);
    }
    const readiness = await serverReady(transport.stderr);
    if (readiness === "timeout") return allWith("error", `The server did not start within ${SERVER_STARTUP_LIMIT_MS} ms, so the client was not tried.`);
    if (readiness === "ended") return allWith("fail", `The server stopped before it was ready to serve.${stderrEnd()}`);
    results = await runSteps();
  } finally {
    await withTimeout(client.close(), 1000, "close").catch(() => undefined);
    await withTimeout(transport.close(), 1000, "close").catch(() => undefined);
    transport.connection?.release();
  }
  // A silence is not judged by itself (a busy machine). The client's first request has id 0, and
  // the first step it silenced is the one that sent it: asked again on a fresh connection under
  // ids 0 and 1, a server that answers only the 1 took the 0 for no id, and fails there.
  const first = transport.exchanges.get("0");
  const silenced = results.findIndex((r) => r.status === "error");
  if (silenced < 0 || !first || first.response) return results;
  const { id: _, ...request } = first.request;
  const ids = await answeredIds(server, request, [0, 1], timeoutMs).catch(() => undefined);
  if (!ids || ids.includes(0) || !ids.includes(1)) return results;
  return results.map((r, i) => (i !== silenced ? r : {
    ...r, status: "fail", expected: "a response with id 0", actual: "no response to id 0; id 1 answered",
    message: `The SDK client's first request, ${first.method}, has id 0, and your server never answered it; sent again with id 1 it was answered. A message with an "id" key is a request whatever the id's value, 0 included.`,
  }));

  async function runSteps(): Promise<CheckResult[]> {
    const results: CheckResult[] = [];
    let stop: string | undefined;
    const step = async (name: Step, body: () => Promise<CheckResult>): Promise<void> => {
      if (stop) { results.push(check(name, "skip", { message: stop })); return; }
      let result: CheckResult;
      try {
        result = await body();
      } catch (error) {
        result = check(name, verdictOf(error), { actual: describe(error, s, limit), message: `${describe(error, s, limit)}.${unjudged(error)}` });
      }
      results.push(result);
      if (name === "connect" && result.status !== "pass") stop = "Skipped: the SDK client could not connect (t2_sdk_connect).";
      else if (transport.ended && !stop) stop = `Skipped: your server's process ended during ${STEPS[name].name}.${stderrEnd()}`;
    };
    const answered = (method: string): string => {
      const answer = transport.answerTo(method);
      const unread = transport.clientErrors.length ? ` The client could not read: ${cap(transport.clientErrors.join(" | "), 300)}.` : "";
      return (answer ? ` Your server answered ${method} with ${quote(answer)}.` : ` Your server sent no answer to ${method} that the client could read.`) + unread;
    };
    // A time-out with nothing at all from the server is not judged ("error", not scored): on a
    // busy machine a correct server can miss the limit, and a hang is the sandbox checks' to
    // judge. A server that wrote something the client could not read did fail.
    const timedOut = (error: unknown): boolean => (error instanceof s.SdkError && error.code === s.SdkErrorCode.RequestTimeout) || error instanceof NoAnswer;
    const verdictOf = (error: unknown, method?: string): "fail" | "error" =>
      timedOut(error) && transport.clientErrors.length === 0 && (method === undefined || !transport.answerTo(method)) ? "error" : "fail";
    const unjudged = (error: unknown, method?: string, within = limit): string => (verdictOf(error, method) === "error" ? unjudgedSilence(within) : "");
    const failed = (name: Step, method: string, error: unknown): CheckResult =>
      check(name, verdictOf(error, method), { actual: describe(error, s, limit), message: `${describe(error, s, limit)}.${answered(method)}${unjudged(error, method)}` });
    const filledNote = (...methods: string[]): Partial<CheckResult> => {
      const notes = methods.map((m) => [m, transport.filledFor(m)] as const).filter(([, f]) => f.length);
      if (notes.length === 0) return {};
      const lacks = notes.map(([m, f]) => `${m} (${f.join(", ")})`).join(" and ");
      return { message: `Passed once the grader added the cache hints your results lack: ${lacks}. The 2026-07-28 schema requires ttlMs and cacheScope there, and this client rejects a result without them; the grader put in ttlMs 0 and cacheScope "private".` };
    };

    await step("connect", async () => {
      try {
        const wait = connectWait(client.connect(transport, { timeout: connectLimit }), connectLimit + 500, limit, "server/discover");
        cutWait = wait.unreadable;
        await wait.result;
      } catch (error) {
        return check("connect", verdictOf(error, "server/discover"), { actual: describe(error, s, limit), message: `The SDK client could not connect: ${describe(error, s, limit)}.${answered("server/discover")}${unjudged(error, "server/discover", connectLimit)}${stderrEnd()}` });
      }
      const version = client.getNegotiatedProtocolVersion();
      const info = client.getServerVersion();
      const actual = `protocol ${version ?? "?"} (${client.getProtocolEra() ?? "?"} era), server ${info ? `${info.name} ${info.version}` : "unnamed"}, capabilities ${JSON.stringify(client.getServerCapabilities() ?? {})}`;
      return version === PROTOCOL_VERSION
        ? check("connect", "pass", { actual })
        : check("connect", "fail", { expected: PROTOCOL_VERSION, actual, message: `The client connected, but on protocol ${version ?? "none"}, not ${PROTOCOL_VERSION}.` });
    });

    await step("list", async () => {
      try {
        const { tools } = await withTimeout(client.listTools(undefined, { timeout: limit, cacheMode: "refresh" }), limit + 500, "tools/list");
        const names = tools.map((t) => t.name);
        const missing = F.tools.filter((n) => !names.includes(n));
        return missing.length === 0
          ? check("list", "pass", { expected: F.tools.join(","), actual: names.join(","), ...filledNote("tools/list") })
          : check("list", "fail", { expected: F.tools.join(","), actual: names.join(","), message: `The client saw the tools [${names.join(", ")}], without ${missing.join(" and ")}.` });
      } catch (error) {
        return failed("list", "tools/list", error);
      }
    });

    await step("status", async () => {
      const args = { order_id: F.status.order_id };
      try {
        const result = await withTimeout(client.callTool({ name: "get_order_status", arguments: args }, { timeout: limit }), limit + 500, "tools/call");
        const seen = { structuredContent: result.structuredContent ?? null, isError: result.isError ?? false };
        const ok = canonical(seen.structuredContent) === canonical(F.status.expected) && seen.isError === false;
        return check("status", ok ? "pass" : "fail", {
          expected: canonical({ structuredContent: F.status.expected, isError: false }), actual: canonical(seen),
          ...(ok ? {} : { message: `callTool(get_order_status, ${JSON.stringify(args)}) returned ${quote(result)}.` }),
        });
      } catch (error) {
        return failed("status", "tools/call", error);
      }
    });

    await step("cancel", async () => {
      const args = { order_id: F.cancel.order_id };
      const before = transport.requestsOf("tools/call");
      asked.length = 0;
      answers.length = 0;
      try {
        const legs = MAX_ROUNDS + 1;
        const result = await withTimeout(client.callTool({ name: "cancel_order", arguments: args }, { timeout: limit, maxTotalTimeout: limit * legs }), limit * legs + 500, "tools/call");
        const content = Array.isArray(result.content) ? result.content : [];
        const first = content[0];
        const text = first && first.type === "text" ? first.text : undefined;
        const rounds = transport.requestsOf("tools/call") - before;
        const actual = `${rounds} tools/call request${rounds === 1 ? "" : "s"}; the user was asked ${asked.length ? asked.map((q) => JSON.stringify(q)).join(", ") : "nothing"}; the result: ${quote(result)}`;
        if (asked.length === 0) return check("cancel", "fail", { expected: F.cancel.expectedText, actual, message: `Your server answered the first call of cancel_order without asking the user: it must answer resultType "input_required" with an elicitation in inputRequests, and cancel only on the retry that brings the user's "accept". The client got ${quote(result)}.` });
        const ok = text === F.cancel.expectedText && result.isError !== true;
        return check("cancel", ok ? "pass" : "fail", {
          expected: F.cancel.expectedText, actual,
          ...(ok ? {} : { message: `The client asked the user, answered accept with ${answers.join(", ")}, retried, and got ${quote(result)}, not the text ${JSON.stringify(F.cancel.expectedText)}.` }),
        });
      } catch (error) {
        return check("cancel", verdictOf(error, "tools/call"), { actual: describe(error, s, limit), message: `${describe(error, s, limit)}.${unjudged(error, "tools/call")}${asked.length ? ` The client had asked the user ${asked.map((q) => JSON.stringify(q)).join(", ")} and answered accept with ${answers.join(", ")}.` : ""}${answered("tools/call")}` });
      }
    });

    await step("resource", async () => {
      let listed: string[];
      try {
        const { resources } = await withTimeout(client.listResources(undefined, { timeout: limit, cacheMode: "refresh" }), limit + 500, "resources/list");
        listed = resources.map((r) => r.uri);
      } catch (error) {
        return failed("resource", "resources/list", error);
      }
      if (!listed.includes(F.resource.uri)) return check("resource", "fail", { expected: F.resource.uri, actual: listed.join(","), message: `The client saw the resources [${listed.join(", ")}], without ${F.resource.uri}.` });
      try {
        const read = await withTimeout(client.readResource({ uri: F.resource.uri }, { timeout: limit, cacheMode: "refresh" }), limit + 500, "resources/read");
        const entry = read.contents.find((c) => c.uri === F.resource.uri);
        const text = entry && "text" in entry ? entry.text : undefined;
        return text === F.resource.text
          ? check("resource", "pass", { expected: F.resource.text, actual: text, ...filledNote("resources/list", "resources/read") })
          : check("resource", "fail", { expected: F.resource.text, actual: quote(read.contents), message: `resources/read of ${F.resource.uri} gave the client ${quote(read.contents)}, without the policy's text.` });
      } catch (error) {
        return failed("resource", "resources/read", error);
      }
    });

    await step("version", async () => {
      const expected = `-32022 with data {"supported":[…"${PROTOCOL_VERSION}"…],"requested":"${OLD_VERSION}"}`;
      try {
        const result = await withTimeout(client.listTools({ _meta: { [s.PROTOCOL_VERSION_META_KEY]: OLD_VERSION } }, { timeout: limit, cacheMode: "bypass" }), limit + 500, "tools/list");
        return check("version", "fail", { expected, actual: quote(result), message: `Your server answered tools/list with a result although its _meta named protocol version ${OLD_VERSION}: it must refuse every version it does not support.` });
      } catch (error) {
        if (error instanceof s.UnsupportedProtocolVersionError) {
          const ok = error.supported.includes(PROTOCOL_VERSION) && error.requested === OLD_VERSION;
          return check("version", ok ? "pass" : "fail", {
            expected, actual: `-32022 with data ${quote(error.data)}`,
            ...(ok ? {} : { message: `The client read -32022 with data ${quote(error.data)}: supported must list "${PROTOCOL_VERSION}" and requested must be the version the request named, "${OLD_VERSION}".` }),
          });
        }
        const why = error instanceof s.ProtocolError && error.code === -32022
          ? `The client read -32022, but its data ${quote(error.data)} is not {"supported": [<versions>], "requested": "<the version asked for>"}, so the client cannot tell which version to use.`
          : `${describe(error, s, limit)}, not -32022.`;
        return check("version", verdictOf(error, "tools/list"), { expected, actual: describe(error, s, limit), message: `${why}${answered("tools/list")}${unjudged(error, "tools/list")}` });
      }
    });

    await step("results", async () => {
      const got = [...transport.exchanges.values()].filter((e) => e.response && "result" in e.response);
      const resultOf = (e: Exchange): Json | undefined => e.response?.["result"];
      const noType = got.filter((e) => { const r = resultOf(e); return !isObject(r) || typeof r["resultType"] !== "string"; });
      const noInfo = got.filter((e) => {
        const r = resultOf(e);
        const info = isObject(r) && isObject(r["_meta"]) ? r["_meta"][SERVER_INFO_KEY] : undefined;
        return !isObject(info) || typeof info["name"] !== "string" || typeof info["version"] !== "string";
      });
      if (noType.length === 0 && noInfo.length === 0) return check("results", "pass", { actual: `${got.length} results, each with resultType and _meta serverInfo` });
      const methods = (list: Exchange[]): string => [...new Set(list.map((e) => e.method))].join(", ");
      const problems = [
        ...(noType.length ? [`${noType.length} have no resultType (the answers to ${methods(noType)})`] : []),
        ...(noInfo.length ? [`${noInfo.length} have no _meta["${SERVER_INFO_KEY}"] with a name and a version (the answers to ${methods(noInfo)})`] : []),
      ];
      const first = resultOf([...noType, ...noInfo][0]!);
      return check("results", "fail", {
        expected: `resultType and _meta["${SERVER_INFO_KEY}"] {name, version} on all ${got.length} results`,
        actual: problems.join("; "),
        message: `Of the ${got.length} results the client received, ${problems.join(", and ")}. The first: ${quote(first)}.`,
      });
    });
    return results;
  }
}
