// Generated sessions, seeded: the messages and steps each server check is made of. A session
// builds itself step by step with its own ids, so that every session reads as a client would
// drive the server (or, on purpose, as a client should not).
import type { Random } from "../../../src/pack/random.js";
import { LAB_TOOLS, PROMPTS, PROTOCOL_VERSION, RESOURCES, type ServerConfig } from "../course/index.js";
import type { MadeTool } from "./made-tools.js";
import type { Session, Step } from "./session.js";

export const TOOL_NAMES = Object.keys(LAB_TOOLS);
/** Names no lab tool has, Object.prototype's among them: a tools object is no Map. */
// Every name Object.prototype has, not four of them: code that refused a list of the four sent kept the point.
export const UNKNOWN_TOOLS = [
  "multiply", "Add", "add ", "constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "isPrototypeOf",
  "propertyIsEnumerable", "toLocaleString", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
];
/** The names Object.prototype has: a uri or prompt name looked up in a plain object finds them. */
export const INHERITED_NAMES = UNKNOWN_TOOLS.filter((name) => name in Object.prototype);
export const METHODS = ["tools/list", "tools/call", "resources/list", "resources/read", "prompts/list", "prompts/get"];
/** Methods the lab has no handler for (ping: the lab has none, and it is not graded: README). */
export const UNKNOWN_METHODS = ["tools/delete", "resources/subscribe", "completion/complete", "logging/setLevel", "Tools/list", "constructor", "toString", "__proto__"];


/**
 * A version no server supports, asked by every fourth initialize (by its id, so the draws stay):
 * the page's server and the specification's both answer 2025-06-18, and a server that echoes the
 * version asked kept its point while every initialize asked 2025-06-18 (initialize-echoes-version).
 * No older version is asked: a server that supports it too may answer it (the specification).
 */
export const UNKNOWN_VERSION = "2099-01-01";
/**
 * A version newer than the lab's, which it does not speak (2025-11-25 is real), asked by one
 * initialize on every seed (edge-sessions.ts): answered PROTOCOL_VERSION by both readings, as
 * UNKNOWN_VERSION is. A "negotiation" by parseInt (the year) echoed it (m-version-parseint-negotiation).
 */
export const NEWER_VERSION = "2025-11-25";
/** The versions asked that no server supports: no fixture asks one. */
export const UNSUPPORTED_VERSIONS: readonly unknown[] = [UNKNOWN_VERSION, NEWER_VERSION];

type Message = Record<string, unknown>;

/**
 * A client's clientInfo, drawn: a name of drawn words (a space, a dash or digits between) and a
 * version of drawn numbers. Every generated initialize said {name: "probe", version: "1.0"}, and a
 * server that kept the rules for that name only (and the page's CLIENT_INFO, the trace's) kept
 * 18/18 with a lazy server for any other client (cheats-2026-12-06f probe-client-name).
 */
export function drawnClientInfo(r: Random): { name: string; version: string } {
  const cap = (w: string): string => w[0]!.toUpperCase() + w.slice(1);
  const a = r.word(3, 8), b = r.word(2, 7);
  const name = r.pick([a, `${a}-${b}`, `${cap(a)} ${cap(b)}`, `${a}${r.int(2, 99)}`, `${a}_${b}`]);
  const version = `${r.int(0, 5)}.${r.int(0, 30)}.${r.int(0, 60)}${r.int(0, 4) === 0 ? `-beta.${r.int(1, 9)}` : ""}`;
  return { name, version };
}

/** Builds one session: steps on server `on`, each request with the next id. */
export class SessionBuilder {
  readonly steps: Step[] = [];
  private id: number;
  /** Each server's client, drawn at its first initialize (drawnClientInfo). */
  private readonly clients = new Map<number, { name: string; version: string }>();
  constructor(private readonly random: Random, readonly servers: ServerConfig[] = [{ allowedTools: ["add", "weather", "subtract"] }]) {
    this.id = random.int(0, 3) === 0 ? 0 : random.int(1, 50);
  }
  /** The ids the session's requests have carried. */
  private readonly sent = new Set<unknown>();
  /**
   * The next id: mostly integers, sometimes strings ("" and "7" included), never one sent before
   * in the session: the specification forbids a client to reuse an id, and a server refusing a
   * reused one lost points while "" came twice (stateful-round-2026-12-06v c-server-refuses-reused-ids).
   */
  nextId(): string | number {
    const n = this.id++;
    const r = this.random.int(0, 9);
    if (r === 2 && n % 5 === 0 && !this.sent.has("")) return "";
    return r === 0 ? `req-${n}` : r === 1 ? String(n) : n;
  }
  /** `id` when no request of the session carried it yet, else the next id. */
  unsent(id: string | number): string | number { return this.sent.has(id) ? this.nextId() : id; }
  handle(message: Message, on = 0): this {
    if (Object.hasOwn(message, "id") && (typeof message["id"] === "string" || typeof message["id"] === "number")) this.sent.add(message["id"]);
    this.steps.push(on ? { op: "handle", on, message } : { op: "handle", message });
    return this;
  }
  request(method: string, params?: Message, on = 0): this {
    return this.handle(params === undefined ? { jsonrpc: "2.0", id: this.nextId(), method } : { jsonrpc: "2.0", id: this.nextId(), method, params }, on);
  }
  notify(method: string, params?: Message, on = 0): this {
    return this.handle(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params }, on);
  }
  initialize(on = 0): this {
    return this.request("initialize", { protocolVersion: this.id % 4 === 3 ? UNKNOWN_VERSION : PROTOCOL_VERSION, capabilities: this.random.bool() ? {} : { elicitation: {} }, clientInfo: this.client(on) }, on);
  }
  /**
   * Server `on`'s client, the same at each of its initializes: drawn on a fork of the session's
   * stream, so that the session's other draws stay as they were.
   */
  client(on = 0): { name: string; version: string } {
    let info = this.clients.get(on);
    if (!info) this.clients.set(on, (info = drawnClientInfo(this.random.fork(0xc11e + on))));
    return { ...info };
  }
  initialized(on = 0): this { return this.notify("notifications/initialized", undefined, on); }
  handshake(on = 0): this { return this.initialize(on).initialized(on); }
  /** Adds a lab tool by name, or, with `made`, a tool made from data under that name (made-tools.ts). */
  addTool(tool: string, notify?: boolean, on = 0, made?: MadeTool): this {
    this.steps.push({ op: "addTool", tool, ...(notify === undefined ? {} : { notify }), ...(on ? { on } : {}), ...(made ? { made } : {}) });
    return this;
  }
  /**
   * Adds a lab tool as the page's host does: the one object of that name every step added this way
   * in the session is handed (course/drivers-source.ts sharedTool), where addTool hands each step
   * a copy of its own.
   */
  addShared(tool: string, notify?: boolean, on = 0): this {
    this.steps.push({ op: "addTool", tool, ...(notify === undefined ? {} : { notify }), ...(on ? { on } : {}), shared: true });
    return this;
  }
  /** Server `on`'s client from now on: server `from`'s (the same name and version). */
  sameClient(on: number, from: number): this {
    this.clients.set(on, this.client(from));
    return this;
  }
  drain(on = 0): this { this.steps.push(on ? { op: "drain", on } : { op: "drain" }); return this; }
  /** Adds the lab's first tools, as the page's server is set up before a client connects. */
  setUp(names: readonly string[] = ["add", "weather", "delete_db"], on = 0): this {
    for (const name of names) this.addTool(name, undefined, on);
    return this;
  }
  done(): Session { return { servers: this.servers, steps: this.steps }; }
}

/** Arguments for a tool: all required ones, or one left out; numbers where numbers are due. */
export function argsFor(random: Random, tool: string, leaveOut = false): Message {
  const spec = Object.hasOwn(LAB_TOOLS, tool) ? LAB_TOOLS[tool] : undefined;
  const args: Message = {};
  for (const [key, schema] of Object.entries(spec?.inputSchema.properties ?? {})) {
    args[key] = schema.type === "number" ? random.pick([0, 1, 2, 3, 7, -4, 10, 2.5]) : random.pick(["Pune", "Oslo", "Lima"]);
  }
  if (leaveOut) {
    const required = spec?.inputSchema.required ?? [];
    if (required.length) delete args[random.pick(required)];
  }
  if (random.int(0, 4) === 0) args["extra"] = "ignored";
  return args;
}

/** An allow-list of any size: none, some, every lab tool, names no tool has. */
export function allowList(random: Random): string[] {
  const size = random.int(0, TOOL_NAMES.length + 1);
  const list = TOOL_NAMES.filter(() => random.int(0, TOOL_NAMES.length) < size);
  if (random.int(0, 3) === 0) list.push(random.pick(UNKNOWN_TOOLS));
  return list;
}

/** One call of one of the six methods, with params right or wrong in one way. */
export function anyCall(b: SessionBuilder, random: Random, on = 0): SessionBuilder {
  const method = random.pick(METHODS);
  switch (method) {
    case "tools/call": {
      const known = random.int(0, 5) > 0;
      const name = known ? random.pick(TOOL_NAMES) : random.pick(UNKNOWN_TOOLS);
      return b.request(method, { name, arguments: argsFor(random, name, random.int(0, 3) === 0) }, on);
    }
    case "resources/read": {
      const uri = random.int(0, 4) === 0 ? random.pick(["lab://none", "lab://README", ""]) : random.pick(RESOURCES).uri;
      return b.request(method, { uri }, on);
    }
    case "prompts/get": {
      const prompt = random.int(0, 5) === 0 ? { name: "missing", arguments: [] } : random.pick(PROMPTS);
      const args: Message = {};
      for (const a of prompt.arguments) if (random.int(0, 3) > 0) args[a.name] = random.pick(["MCP", "JSON-RPC", "stdio", "{x}", "{a}", "{b}", "{topic}"]);
      return b.request(method, { name: prompt.name, arguments: args }, on);
    }
    default:
      return b.request(method, random.bool() ? {} : undefined, on);
  }
}
