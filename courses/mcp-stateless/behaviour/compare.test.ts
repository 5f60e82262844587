// Where the course page and the 2026-07-28 specification disagree, both are accepted; a check
// that compares an object judges the fields a rule fixes and ignores what the specification lets
// a server add (README.md). Each loosening here is paired with a wrong value in a fixed field
// that still fails.
import { describe, expect, it } from "vitest";
import { acceptsPart, expectedPart, type Compared } from "./compare.js";
import { CLIENT_META } from "../course/fixtures.js";
import { CAPABILITIES_KEY, newServer, SERVER_INFO_KEY, specAnswers, VERSION_KEY } from "./model.js";
import { SERVER_INFO } from "../course/index.js";

type Obj = Record<string, any>;
const msg = (method: string, params?: unknown, id: unknown = 7): Obj => (params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
const meta = (changes: Obj): Obj => {
  const m: Obj = { ...CLIENT_META, ...changes };
  for (const k of Object.keys(m)) if (m[k] === undefined) delete m[k];
  return m;
};
/** Whether the checks comparing `compared` accept `actual` as handle's answer to `message`. */
const accepts = (message: unknown, actual: unknown, compared: Compared = "content"): boolean => {
  const want = expectedPart(newServer()(message), compared);
  return want === undefined || acceptsPart(compared)(want.value, actual);
};
const refusal = (id: unknown, code: number, message = "Invalid params: _meta lacks a required field", data?: unknown): Obj =>
  ({ jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } });
const model = (message: unknown): Obj => structuredClone(newServer()(message)) as Obj;

describe("the specification's answers where the page answers otherwise", () => {
  it("finds a malformed _meta (-32602) on every method, and an unsupported version on server/discover (-32022)", () => {
    expect(specAnswers(msg("server/discover", { _meta: CLIENT_META }))).toEqual([]);
    expect(specAnswers(msg("server/discover", {}))).toEqual([{ code: -32602 }]);
    expect(specAnswers(msg("server/discover"))).toEqual([{ code: -32602 }]);
    expect(specAnswers(msg("tools/list", { _meta: meta({ [CAPABILITIES_KEY]: undefined }) }))).toEqual([{ code: -32602 }]);
    expect(specAnswers(msg("tools/list", { _meta: meta({ [VERSION_KEY]: 5 }) }))).toEqual([{ code: -32602 }]);
    expect(specAnswers(msg("tools/list", { _meta: meta({ [VERSION_KEY]: "2025-06-18" }) }))).toEqual([]);
    expect(specAnswers(msg("server/discover", { _meta: meta({ [VERSION_KEY]: "2025-06-18" }) }))).toEqual([{ code: -32022, requested: "2025-06-18" }]);
    // Two rules broken at once: either error.
    expect(specAnswers(msg("server/discover", { _meta: { [VERSION_KEY]: "2025-06-18" } }))).toEqual([{ code: -32602 }, { code: -32022, requested: "2025-06-18" }]);
    expect(specAnswers({ jsonrpc: "2.0", method: "tools/list" })).toEqual([]); // a notification gets nothing either way
    // arguments and inputResponses are objects where given; a name that is not a string is the page's -32602 already.
    for (const args of [null, [], "A100", 7]) expect(specAnswers(msg("tools/call", { _meta: CLIENT_META, name: "get_order_status", arguments: args }))).toEqual([{ code: -32602 }]);
    expect(specAnswers(msg("tools/call", { _meta: CLIENT_META, name: "get_order_status" }))).toEqual([]);
    expect(specAnswers(msg("tools/call", { _meta: CLIENT_META, name: "cancel_order", arguments: {}, inputResponses: "yes" }))).toEqual([{ code: -32602 }]);
    expect(specAnswers(msg("resources/read", { _meta: CLIENT_META, uri: "policy://refunds", inputResponses: null }))).toEqual([{ code: -32602 }]);
    expect(specAnswers(msg("tools/call", { _meta: CLIENT_META, name: 5, arguments: {} }))).toEqual([]);
    expect(specAnswers(msg("tools/list", { _meta: CLIENT_META, arguments: 5 }))).toEqual([]);
    // clientInfo is optional: leaving it out is not malformed.
    expect(specAnswers(msg("tools/list", { _meta: meta({ "io.modelcontextprotocol/clientInfo": undefined }) }))).toEqual([]);
    // Given, it is an Implementation (name and version strings), or the _meta is malformed.
    expect(specAnswers(msg("tools/list", { _meta: meta({ "io.modelcontextprotocol/clientInfo": { name: "c", version: "1", title: "C" } }) }))).toEqual([]);
    for (const info of [null, "x", 5, [], {}, { name: "c" }, { name: "c", version: 1 }]) {
      expect(specAnswers(msg("tools/list", { _meta: meta({ "io.modelcontextprotocol/clientInfo": info }) })), JSON.stringify(info)).toEqual([{ code: -32602 }]);
    }
  });

  it("accepts -32602 for server/discover without _meta, and the page's answer; nothing else", () => {
    const m = msg("server/discover", {});
    expect(accepts(m, model(m))).toBe(true);
    expect(accepts(m, refusal(7, -32602))).toBe(true);
    expect(accepts(m, refusal(7, -32602, "x", { missing: ["_meta"] }))).toBe(true);
    expect(accepts(m, refusal(8, -32602))).toBe(false); // another id
    expect(accepts(m, refusal(7, -32600))).toBe(false); // another code
    expect(accepts(m, refusal(7, -32022, "unsupported protocol version None", { supported: ["2026-07-28"], requested: null }))).toBe(false);
    const full = msg("server/discover", { _meta: CLIENT_META });
    expect(accepts(full, refusal(7, -32602))).toBe(false); // a well-formed discover is answered
  });

  it("accepts -32022 for server/discover naming an unsupported version, with data.supported and data.requested right", () => {
    const m = msg("server/discover", { _meta: meta({ [VERSION_KEY]: "2025-06-18" }) });
    const data = { supported: ["2026-07-28"], requested: "2025-06-18" };
    for (const compared of ["content", "version"] as const) {
      expect(accepts(m, model(m), compared)).toBe(true);
      expect(accepts(m, refusal(7, -32022, "Unsupported protocol version", data), compared)).toBe(true);
      expect(accepts(m, refusal(7, -32022, "Unsupported protocol version", { ...data, note: "x" }), compared)).toBe(true);
    }
    expect(accepts(m, refusal(7, -32022, "Unsupported protocol version", { supported: ["2025-06-18"], requested: "2025-06-18" }), "version")).toBe(false);
    expect(accepts(m, refusal(7, -32022, "Unsupported protocol version", { supported: ["2026-07-28"], requested: null }), "version")).toBe(false);
    expect(accepts(m, refusal(7, -32602), "version")).toBe(false); // _meta is well-formed here
  });

  it("accepts either error for a request with no capabilities and an old version", () => {
    const m = msg("tools/list", { _meta: { [VERSION_KEY]: "2025-06-18" } });
    expect(accepts(m, model(m), "version")).toBe(true);
    expect(accepts(m, refusal(7, -32602), "version")).toBe(true);
    expect(model(m)["error"]["code"]).toBe(-32022);
    // The page's refusal is still judged by rule 5's message.
    expect(accepts(m, refusal(7, -32022, "Unsupported protocol version", { supported: ["2026-07-28"], requested: "2025-06-18" }), "version")).toBe(false);
  });

  it("accepts -32602 for a request without clientCapabilities, which the page answers", () => {
    const m = msg("tools/list", { _meta: meta({ [CAPABILITIES_KEY]: undefined }) });
    expect(model(m)["result"]).toBeDefined();
    expect(accepts(m, model(m))).toBe(true);
    expect(accepts(m, refusal(7, -32602))).toBe(true);
    expect(accepts(m, refusal(7, -32601))).toBe(false);
    const full = msg("tools/list", { _meta: CLIENT_META });
    expect(accepts(full, refusal(7, -32602))).toBe(false);
  });
});

describe("what a server may add: judged fields stay judged", () => {
  const read = (uri: string) => msg("resources/read", { uri, _meta: CLIENT_META });

  it("ignores error.data where no rule gives one (the uri of a resource not found), judges code and message", () => {
    const m = read("policy://nothing");
    const want = model(m);
    expect(accepts(m, { ...want, error: { ...want["error"], data: { uri: "policy://nothing" } } })).toBe(true);
    expect(accepts(m, { ...want, error: { ...want["error"], message: "resource not found", data: { uri: "policy://nothing" } } })).toBe(false);
    expect(accepts(m, { ...want, error: { ...want["error"], code: -32002, data: { uri: "policy://nothing" } } })).toBe(false);
  });

  it("judges -32022's data.supported and data.requested, and nothing else in data", () => {
    const m = msg("tools/list", { _meta: meta({ [VERSION_KEY]: "2025-06-18" }) });
    const want = model(m);
    const withData = (data: unknown) => ({ ...want, error: { ...want["error"], data } });
    expect(accepts(m, withData({ ...want["error"]["data"], hint: "use 2026-07-28" }), "version")).toBe(true);
    expect(accepts(m, withData({ supported: ["2026-07-28"], requested: "2026-07-28" }), "version")).toBe(false);
    expect(accepts(m, withData({ supported: ["2026-07-28"] }), "version")).toBe(false);
  });

  it("ignores _meta keys besides serverInfo, judges serverInfo", () => {
    const m = msg("tools/list", { _meta: CLIENT_META });
    const want = model(m);
    const withMeta = (extra: Obj) => ({ ...want, result: { ...want["result"], _meta: { ...want["result"]["_meta"], ...extra } } });
    expect(accepts(m, withMeta({ "com.example/trace": "t-1" }), "envelope")).toBe(true);
    expect(accepts(m, withMeta({ [SERVER_INFO_KEY]: { ...SERVER_INFO, version: "9" } }), "envelope")).toBe(false);
    expect(accepts(m, { ...want, result: { ...want["result"], _meta: { "com.example/trace": "t-1" } } }, "envelope")).toBe(false);
  });

  it("judges the cache hints where the rules put them, and leaves them to the server on a tool's result", () => {
    const list = msg("tools/list", { _meta: CLIENT_META });
    const listed = model(list);
    const { cacheScope: _c, ...noScope } = listed["result"];
    expect(accepts(list, { ...listed, result: noScope }, "envelope")).toBe(false);
    expect(accepts(list, { ...listed, result: { ...listed["result"], ttlMs: 60_000 } }, "envelope")).toBe(false);
    const call = msg("tools/call", { _meta: CLIENT_META, name: "get_order_status", arguments: { order_id: "A100" } });
    const called = model(call);
    expect(accepts(call, { ...called, result: { ...called["result"], cacheScope: "public", ttlMs: 0 } }, "envelope")).toBe(true);
    expect(accepts(call, { ...called, result: { ...called["result"], cacheScope: "public", ttlMs: 0, resultType: "done" } }, "envelope")).toBe(false);
  });

  it("ignores capabilities besides tools and resources and their optional fields, and the page's serverInfo left out of discover's result", () => {
    const m = msg("server/discover", { _meta: CLIENT_META });
    const want = model(m);
    const result = (r: Obj) => ({ ...want, result: r });
    const { serverInfo: _, ...withoutServerInfo } = want["result"];
    expect(accepts(m, result({ ...want["result"], capabilities: { tools: { listChanged: false }, resources: {}, extensions: {} }, instructions: "Orders." }))).toBe(true);
    expect(accepts(m, result(withoutServerInfo))).toBe(true);
    expect(accepts(m, result({ ...want["result"], capabilities: { tools: {} } }))).toBe(false);
    expect(accepts(m, result({ ...want["result"], capabilities: { tools: {}, resources: true } }))).toBe(false);
    expect(accepts(m, result({ ...want["result"], serverInfo: { name: "other", version: "1" } }))).toBe(false);
    expect(accepts(m, result({ ...want["result"], supportedVersions: ["2026-07-28", "2025-06-18"] }))).toBe(false);
  });

  it("reads an absent isError as false, and judges every field a rule names where no rule puts it", () => {
    const ok = msg("tools/call", { name: "get_order_status", arguments: { order_id: "A100" }, _meta: CLIENT_META });
    const want = model(ok);
    const { isError: _, ...noIsError } = want["result"];
    expect(accepts(ok, { ...want, result: noIsError })).toBe(true);
    expect(accepts(ok, { ...want, result: { ...want["result"], annotations: { note: 1 } } })).toBe(true);
    expect(accepts(ok, { ...want, result: { ...want["result"], isError: true } })).toBe(false);
    const failed = msg("tools/call", { name: "get_order_status", arguments: { order_id: "Z9" }, _meta: CLIENT_META });
    const no = model(failed);
    const { isError: __, ...failedNoIsError } = no["result"];
    expect(accepts(failed, { ...no, result: failedNoIsError })).toBe(false); // a failure must say isError true
    expect(accepts(failed, { ...no, result: { ...no["result"], structuredContent: {} } })).toBe(false);
    const ask = msg("tools/call", { name: "cancel_order", arguments: { order_id: "A101" }, _meta: CLIENT_META });
    const question = model(ask);
    expect(accepts(ask, { ...question, result: { ...question["result"], requestState: "opaque" } })).toBe(true);
    expect(accepts(ask, { ...question, result: { ...question["result"], inputRequests: {} } })).toBe(false);
  });

  it("ignores a Resource's, a resource contents' and a text content's optional fields, judges the fields the rules fix", () => {
    const list = msg("resources/list", { _meta: CLIENT_META });
    const listed = model(list);
    const resources = (f: (r: Obj) => Obj) => ({ ...listed, result: { ...listed["result"], resources: listed["result"]["resources"].map(f) } });
    expect(accepts(list, resources((r) => ({ ...r, title: "Refunds", description: "d", size: 10, annotations: { priority: 1 }, icons: [], _meta: {} })))).toBe(true);
    expect(accepts(list, resources((r) => ({ ...r, name: r["uri"] })))).toBe(false);
    expect(accepts(list, resources(({ mimeType: _, ...r }) => r))).toBe(false);
    const m = read("policy://refunds");
    const want = model(m);
    const contents = (c: Obj) => ({ ...want, result: { ...want["result"], contents: [c] } });
    expect(accepts(m, contents({ ...want["result"]["contents"][0], _meta: { "com.example/etag": "1" } }))).toBe(true);
    expect(accepts(m, contents({ ...want["result"]["contents"][0], text: "other" }))).toBe(false);
    const failed = msg("tools/call", { name: "get_order_status", arguments: { order_id: "Z9" }, _meta: CLIENT_META });
    const no = model(failed);
    const content = (c: Obj) => ({ ...no, result: { ...no["result"], content: [c] } });
    expect(accepts(failed, content({ ...no["result"]["content"][0], annotations: { audience: ["user"] }, _meta: {} }))).toBe(true);
    expect(accepts(failed, content({ ...no["result"]["content"][0], type: "resource" }))).toBe(false);
    const ask = msg("tools/call", { name: "cancel_order", arguments: { order_id: "A101" }, _meta: CLIENT_META });
    const question = model(ask);
    const schema = (change: Obj) => structuredClone({ ...question, result: { ...question["result"], inputRequests: { confirm: { ...question["result"]["inputRequests"]["confirm"], params: { ...question["result"]["inputRequests"]["confirm"]["params"], requestedSchema: { ...question["result"]["inputRequests"]["confirm"]["params"]["requestedSchema"], ...change } } } } } });
    expect(accepts(ask, schema({ $schema: "https://json-schema.org/draft/2020-12/schema" }))).toBe(true);
    expect(accepts(ask, schema({ $schema: "x", required: [] }))).toBe(false);
    const tools = msg("tools/list", { _meta: CLIENT_META });
    const listedTools = model(tools);
    const inputSchemas = (change: Obj) => ({ ...listedTools, result: { ...listedTools["result"], tools: listedTools["result"]["tools"].map((t: Obj) => ({ ...t, inputSchema: { ...change, ...t["inputSchema"] } })) } });
    expect(accepts(tools, inputSchemas({ $schema: "https://json-schema.org/draft/2020-12/schema" }))).toBe(true);
    expect(accepts(tools, inputSchemas({ additionalProperties: false }))).toBe(false);
  });

  it("accepts JSON-RPC's -32600 for a request without a string method, and the page's answer", () => {
    const m = { jsonrpc: "2.0", id: 7, params: { _meta: CLIENT_META } };
    expect(specAnswers(m)).toEqual([{ code: -32600 }]);
    expect(specAnswers({ ...m, method: 5 })).toEqual([{ code: -32600 }]);
    expect(accepts(m, model(m))).toBe(true);
    expect(accepts(m, refusal(7, -32600, "Invalid Request"))).toBe(true);
    expect(accepts(m, refusal(null, -32600, "Invalid Request"))).toBe(false); // the request's id
    expect(accepts(msg("nothing/here", { _meta: CLIENT_META }), refusal(7, -32600, "Invalid Request"))).toBe(false); // a string method is a request
  });
});
