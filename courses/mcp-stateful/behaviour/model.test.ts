// The grader's model against the page: its worked trace step by step, the gate, the lattice's
// order, the three tiers, listChanged only once live, and the two readings of an early initialized.
import { describe, expect, it } from "vitest";
import { AT, TRACE_SESSION } from "../course/fixtures.js";
import { labTool, ModelServer } from "./model.js";
import { compareStep } from "./compare.js";
import { alone, modelSession, sessionCode, type Session } from "./session.js";

const req = (id: number | string | null, method: string, params?: object) => ({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
const note = (method: string) => ({ jsonrpc: "2.0", method });
const codeOf = (r: unknown): unknown => (r as { error?: { code: number } } | null)?.error?.code;
const live = (allowedTools: string[], tools = ["add", "weather", "delete_db"]): ModelServer => {
  const s = new ModelServer({ allowedTools });
  for (const t of tools) s.addTool(labTool(t));
  s.handle(req(1, "initialize", {}));
  s.handle(note("notifications/initialized"));
  return s;
};

describe("the model of the lab server", () => {
  it("answers the page's worked trace as it prints it", () => {
    const { outcomes } = modelSession(TRACE_SESSION, "page");
    const at = (i: number) => (outcomes[i] as { value: unknown }).value;
    // 1. ← {"id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":true},...},"serverInfo":{...}}}
    expect(at(AT.initialize)).toEqual({ jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-06-18", capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} }, serverInfo: { name: "lab-server", version: "0.3.0" } } });
    // 2. "server flips _initialized, returns None, nothing on the wire"
    expect(at(AT.initialized)).toBeNull();
    // 3. {"tools":[{"name":"add",...},{"name":"weather",...},{"name":"delete_db",...}]}
    expect((at(AT.list) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)).toEqual(["add", "weather", "delete_db"]);
    // 4. {"id":3,"result":{"content":[{"type":"text","text":"5"}]}}
    expect(at(AT.add)).toEqual({ jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "5" }] } });
    // 5. {"id":4,"error":{"code":-32600,"message":"tool 'delete_db' not permitted..."}}
    expect(codeOf(at(AT.deleteDb))).toBe(-32600);
    // 6. subtract with notify=True queues list_changed; the re-fetch lists it.
    expect(at(AT.drain)).toEqual([{ jsonrpc: "2.0", method: "notifications/tools/list_changed" }]);
    expect((at(AT.listAgain) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)).toEqual(["add", "weather", "delete_db", "subtract"]);
  });

  it("gates every method but initialize until notifications/initialized: 'a tools/list sent between step 1 and step 3 returns -32600'", () => {
    const s = new ModelServer({ allowedTools: ["add"] });
    expect(codeOf(s.handle(req(1, "tools/list")))).toBe(-32600);
    expect(codeOf(s.handle(req(2, "initialize", {})))).toBeUndefined();
    expect(codeOf(s.handle(req(3, "tools/list")))).toBe(-32600);
    expect(s.rule).toBe("gate");
    expect(s.handle(note("notifications/initialized"))).toBeNull();
    expect(s.handle(req(4, "tools/list"))).toEqual({ jsonrpc: "2.0", id: 4, result: { tools: [] } });
  });

  it("reads an initialized notification before initialize the page's way or the spec's", () => {
    for (const [variant, code] of [["page", undefined], ["spec", -32600]] as const) {
      const s = new ModelServer({ allowedTools: [] }, variant);
      s.handle(note("notifications/initialized"));
      s.handle(req(1, "initialize", {}));
      expect(codeOf(s.handle(req(2, "tools/list"))), variant).toBe(code);
    }
  });

  it("checks tools/call in the page's order: unknown -32601, not allowed -32600, missing -32602, raising isError", () => {
    const s = live(["add", "divide"], ["add", "divide", "delete_db"]);
    expect(codeOf(s.handle(req(1, "tools/call", { name: "nope", arguments: {} })))).toBe(-32601);
    expect(codeOf(s.handle(req(2, "tools/call", { name: "constructor", arguments: {} })))).toBe(-32601);
    expect(codeOf(s.handle(req(3, "tools/call", { name: "delete_db", arguments: {} })))).toBe(-32600);
    expect(codeOf(s.handle(req(4, "tools/call", { name: "add", arguments: { x: 1 } })))).toBe(-32602);
    expect(s.handle(req(5, "tools/call", { name: "divide", arguments: { x: 1, y: 0 } }))).toEqual({ jsonrpc: "2.0", id: 5, result: { content: [{ type: "text", text: "ERROR: division by zero" }], isError: true } });
  });

  it("maps a handler's own exception to -32603, a missing prompt variable to -32602, and never answers a notification", () => {
    const s = live([]);
    expect(codeOf(s.handle(req(1, "resources/read", { uri: "lab://broken" })))).toBe(-32603);
    expect(codeOf(s.handle(req(2, "prompts/get", { name: "compare", arguments: { a: "x" } })))).toBe(-32602);
    expect(s.handle(req(3, "prompts/get", { name: "compare", arguments: { a: "{b}", b: "y" } }))).toMatchObject({ result: { messages: [{ content: { text: "Compare {b} with y: where do {b} and y differ?" } }] } });
    expect(s.handle({ jsonrpc: "1.0", method: "tools/list" })).toBeNull();
    expect(codeOf(s.handle({ jsonrpc: "1.0", id: 9, method: "tools/list" }))).toBe(-32600);
    expect(codeOf(s.handle(req(null, "notifications/initialized")))).toBe(-32600);
  });

  it("queues list_changed only for notify after initialization", () => {
    const s = new ModelServer({ allowedTools: [] });
    s.addTool(labTool("add"), { notify: true });
    s.handle(req(1, "initialize", {}));
    s.addTool(labTool("weather"), { notify: true });
    expect(s.drainOutbox()).toEqual([]);
    s.handle(note("notifications/initialized"));
    s.addTool(labTool("subtract"));
    s.addTool(labTool("divide"), { notify: false });
    expect(s.drainOutbox()).toEqual([]);
    s.addTool(labTool("flaky"), { notify: true });
    expect(s.drainOutbox()).toEqual([{ jsonrpc: "2.0", method: "notifications/tools/list_changed" }]);
    expect(s.drainOutbox()).toEqual([]);
  });

  it("shows a session as code to paste, and a two-server session's servers alone", () => {
    const session = { servers: [{ allowedTools: ["add"] }, { allowedTools: [] }], steps: [{ op: "addTool" as const, tool: "add" }, { op: "drain" as const, on: 1 }] };
    expect(sessionCode(session)).toBe('const server1 = new LabServer({"allowedTools":["add"]});\nconst server2 = new LabServer({"allowedTools":[]});\nserver1.addTool(LAB_TOOLS.add);\nserver2.drainOutbox();');
    expect(alone(session, 1)).toEqual({ servers: [{ allowedTools: [] }], steps: [{ op: "drain" }] });
  });

  it("leaves free where tools/list shows a tool added again, and nothing else about the list", () => {
    const list = { op: "handle" as const, message: req(9, "tools/list") };
    const session: Session = { servers: [{ allowedTools: [] }], steps: [
      ...["add", "weather", "delete_db", "add"].map((tool) => ({ op: "addTool" as const, tool })),
      { op: "handle", message: req(1, "initialize", {}) }, { op: "handle", message: note("notifications/initialized") }, list] };
    const { outcomes, rules } = modelSession(session, "page");
    const model = outcomes.at(-1)!;
    expect(rules.at(-1)).toBe("toolsList");
    expect(model).toMatchObject({ list: { movable: ["add"], namesOnly: false } });
    const tools = ((model as { value: { result: { tools: { name: string }[] } } }).value.result.tools);
    const answer = (names: string[]) => ({ value: { jsonrpc: "2.0", id: 9, result: { tools: names.map((n) => tools.find((t) => t.name === n)!) } } });
    expect(compareStep(list, model, answer(["add", "weather", "delete_db"]), "body")).toBeUndefined();
    expect(compareStep(list, model, answer(["weather", "delete_db", "add"]), "body")).toBeUndefined();
    expect(compareStep(list, model, answer(["weather", "add", "delete_db"]), "body")).toBeUndefined();
    // The others keep their order; the tool added again is listed once.
    expect(compareStep(list, model, answer(["delete_db", "weather", "add"]), "body")).toMatch(/its result is/);
    expect(compareStep(list, model, answer(["add", "weather", "delete_db", "add"]), "body")).toMatch(/its result is/);
    expect(compareStep(list, model, answer(["weather", "delete_db"]), "body")).toMatch(/its result is/);
  });

  it("judges tools/list after a tool was added to a live session by a rule of its own, on the names alone", () => {
    const s = live(["add", "weather", "delete_db", "subtract"]);
    s.handle(req(2, "tools/list"));
    expect(s.rule).toBe("toolsList");
    s.addTool(labTool("subtract"), { notify: false });
    s.handle(req(3, "tools/list"));
    expect(s.rule).toBe("toolsListAdded");
    // A tool this client may not call is listed too: a list without it is t2_tools_list's mistake.
    const partly = live(["add"]);
    partly.addTool(labTool("subtract"), { notify: false });
    partly.handle(req(3, "tools/list"));
    expect(partly.rule).toBe("toolsList");
    const list = { op: "handle" as const, message: req(3, "tools/list") };
    const session: Session = { servers: [{ allowedTools: ["add", "subtract"] }], steps: [
      { op: "addTool", tool: "add" }, { op: "handle", message: req(1, "initialize", {}) }, { op: "handle", message: note("notifications/initialized") },
      { op: "addTool", tool: "subtract" }, list] };
    const model = modelSession(session, "page").outcomes.at(-1)!;
    expect(model).toMatchObject({ list: { movable: [], namesOnly: true } });
    const answer = (tools: object[]) => ({ value: { jsonrpc: "2.0", id: 3, result: { tools } } });
    // The entries are t2_tools_list's (on the lists before a live add): here only the names count.
    expect(compareStep(list, model, answer([{ name: "add" }, { name: "subtract" }]), "body")).toBeUndefined();
    expect(compareStep(list, model, answer([{ name: "subtract" }, { name: "add" }]), "body")).toBe('it lists the tools ["subtract","add"], not ["add","subtract"]');
    expect(compareStep(list, model, answer([{ name: "add" }]), "body")).toMatch(/it lists the tools \["add"\]/);
  });
});
