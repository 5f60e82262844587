// The grader's model of the lab server (task 2): the rules of the seed's MCPServer, answering a
// session as the student's class must. Never in the sandbox: expected answers come from here.
//
// One choice the page leaves open has two answers (README): an initialized notification that
// arrives before any initialize. The page's code flips `_initialized` whenever the notification
// arrives ("page"); the specification's lifecycle has it follow the initialize exchange ("spec").
import {
  INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, LAB_TOOLS, METHOD_NOT_FOUND, PROMPTS, PROTOCOL_VERSION, RESOURCES, SERVER_INFO,
  type JsonObject, type JsonValue, type LabTool, type ServerConfig,
} from "../course/index.js";

export type Variant = "page" | "spec";
export const VARIANTS: readonly Variant[] = ["page", "spec"];

export const LIST_CHANGED = "notifications/tools/list_changed";
export const CAPABILITIES = { tools: { listChanged: true }, resources: {}, prompts: {} };

class RpcError extends Error {
  constructor(readonly code: number, message: string) { super(message); }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const own = (o: Record<string, unknown>, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);
const objectOr = (v: unknown): Record<string, unknown> => (isObject(v) ? v : {});
const show = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v) ?? String(v));
const text = (t: string): JsonObject => ({ type: "text", text: t });
const VARIABLE = /\{(\w+)\}/g;

/** Which rule decided an answer: what each behaviour check judges (server-checks.ts). */
export type Rule =
  | "jsonrpc" | "badId" | "notification" | "initialize" | "initializeAgain" | "gate" | "unknownMethod"
  | "toolsList" | "toolsListAdded" | "toolUnknown" | "toolNotAllowed" | "toolMissingArg" | "toolRaised" | "toolOk"
  | "resourcesList" | "resourceRead" | "resourceUnknown" | "resourceFailed"
  | "promptsList" | "promptGet" | "promptUnknown" | "promptMissingVar";

export class ModelServer {
  /** The rule that decided the last answer of handle. */
  rule: Rule = "notification";
  /**
   * The last call's arguments held a value of another JSON type than its tool's inputSchema
   * declares (null for a number): the page runs the tool, the specification lets a server refuse
   * it (README, "Where the page and the specification differ").
   */
  mistyped = false;
  private live = false;
  private answeredInitialize = false;
  private readonly tools = new Map<string, LabTool>();
  /** Names added again while registered: where tools/list shows them the page leaves open. */
  private readonly readded = new Set<string>();
  /** A tool was added while the session was live: the later tools/list answers are toolsListAdded's (every tool allowed). */
  private addedLive = false;
  private outbox: JsonObject[] = [];
  private readonly allowed: readonly unknown[];

  constructor(config: ServerConfig, private readonly variant: Variant = "page") {
    this.allowed = Array.isArray(config.allowedTools) ? [...config.allowedTools] : [];
  }

  addTool(tool: LabTool, options?: { notify?: boolean }): void {
    if (this.tools.has(tool.name)) this.readded.add(tool.name);
    if (this.live) this.addedLive = true;
    this.tools.set(tool.name, tool);
    if (options?.notify === true && this.live) this.outbox.push({ jsonrpc: "2.0", method: LIST_CHANGED });
  }

  /** The tools whose place in tools/list is free: added again (in their first place here, or last). */
  get movable(): string[] { return [...this.readded]; }

  drainOutbox(): JsonObject[] {
    const queued = this.outbox;
    this.outbox = [];
    return queued;
  }

  /** The response to one message, or null: a notification is never answered. */
  handle(message: unknown): JsonObject | null {
    const m = objectOr(message);
    const notification = !Object.hasOwn(m, "id");
    const id = (own(m, "id") ?? null) as JsonValue;
    this.rule = "notification";
    this.mistyped = false;
    try {
      // "id must not be null in a request": with a present id key, it is a malformed request.
      if (!notification && typeof id !== "string" && typeof id !== "number") { this.rule = "badId"; throw new RpcError(INVALID_REQUEST, "a request's id is a string or an integer"); }
      const result = this.route(m);
      if (notification) this.rule = "notification";
      return notification ? null : { jsonrpc: "2.0", id, result: result as JsonObject };
    } catch (error) {
      if (notification) { this.rule = "notification"; return null; }
      if (!(error instanceof RpcError) && (this.rule as Rule) === "resourceRead") this.rule = "resourceFailed";
      const code = error instanceof RpcError ? error.code : INTERNAL_ERROR;
      return { jsonrpc: "2.0", id, error: { code, message: error instanceof Error ? error.message : "internal error" } };
    }
  }

  private route(m: Record<string, unknown>): JsonObject | null {
    this.rule = "jsonrpc";
    if (own(m, "jsonrpc") !== "2.0") throw new RpcError(INVALID_REQUEST, "jsonrpc must be \"2.0\"");
    const method = own(m, "method");
    if (typeof method !== "string") throw new RpcError(INVALID_REQUEST, "method must be a string");
    if (method === "initialize") {
      // Answered at any time: a second initialize, or one once live, is a rule of its own
      // (initializeAgain), named by no line, so that refusing it does not void the result's lines.
      this.rule = this.answeredInitialize || this.live ? "initializeAgain" : "initialize";
      this.answeredInitialize = true;
      return { protocolVersion: PROTOCOL_VERSION, capabilities: structuredClone(CAPABILITIES), serverInfo: { ...SERVER_INFO } };
    }
    if (method === "notifications/initialized") {
      if (this.variant === "page" || this.answeredInitialize) this.live = true;
      return null;
    }
    this.rule = "gate";
    if (!this.live) throw new RpcError(INVALID_REQUEST, "server not initialized");
    const params = objectOr(own(m, "params"));
    switch (method) {
      // After a live add, and only where every tool is allowed: a list that leaves out the tools
      // this client may not call is wrong in every list, t2_tools_list's mistake, never this rule's too.
      case "tools/list": this.rule = this.addedLive && [...this.tools.keys()].every((name) => this.allowed.includes(name)) ? "toolsListAdded" : "toolsList"; return { tools: [...this.tools.values()].map(({ name, description, inputSchema }) => structuredClone({ name, description, inputSchema })) };
      case "tools/call": return this.callTool(params);
      case "resources/list": this.rule = "resourcesList"; return { resources: RESOURCES.map(({ uri, name, mimeType }) => ({ uri, name, mimeType })) };
      case "resources/read": return this.readResource(own(params, "uri"));
      case "prompts/list": this.rule = "promptsList"; return { prompts: PROMPTS.map(({ name, description, arguments: args }) => structuredClone({ name, description, arguments: args })) };
      case "prompts/get": return this.getPrompt(own(params, "name"), objectOr(own(params, "arguments")));
      default: this.rule = "unknownMethod"; throw new RpcError(METHOD_NOT_FOUND, `method not found: ${method}`);
    }
  }

  // The page's lattice, in its order: unknown, not permitted, a missing argument, the tool's own failure.
  private callTool(params: Record<string, unknown>): JsonObject {
    const name = own(params, "name");
    const tool = typeof name === "string" ? this.tools.get(name) : undefined;
    this.rule = "toolUnknown";
    if (!tool) throw new RpcError(METHOD_NOT_FOUND, `unknown tool: ${show(name)}`);
    this.rule = "toolNotAllowed";
    if (!this.allowed.includes(name)) throw new RpcError(INVALID_REQUEST, `tool '${tool.name}' not permitted for this client`);
    const args = objectOr(own(params, "arguments"));
    this.rule = "toolMissingArg";
    for (const required of tool.inputSchema.required) {
      if (!Object.hasOwn(args, required)) throw new RpcError(INVALID_PARAMS, `missing required argument '${required}'`);
    }
    this.mistyped = Object.entries(tool.inputSchema.properties).some(([key, { type }]) => Object.hasOwn(args, key) && !ofJsonType(args[key], type));
    try {
      const out = { content: [text(tool.run(args as JsonObject))] };
      this.rule = "toolOk";
      return out;
    } catch (error) {
      this.rule = "toolRaised";
      return { content: [text(`ERROR: ${error instanceof Error ? error.message : String(error)}`)], isError: true };
    }
  }

  private readResource(uri: unknown): JsonObject {
    const resource = RESOURCES.find((r) => r.uri === uri);
    this.rule = "resourceUnknown";
    if (!resource) throw new RpcError(INVALID_PARAMS, `unknown resource: ${show(uri)}`);
    this.rule = "resourceRead";
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.read() }] };
  }

  private getPrompt(name: unknown, args: Record<string, unknown>): JsonObject {
    const prompt = PROMPTS.find((p) => p.name === name);
    this.rule = "promptUnknown";
    if (!prompt) throw new RpcError(INVALID_PARAMS, `unknown prompt: ${show(name)}`);
    this.rule = "promptMissingVar";
    for (const [, variable] of prompt.template.matchAll(VARIABLE)) {
      if (!Object.hasOwn(args, variable!)) throw new RpcError(INVALID_PARAMS, `missing variable '${variable}'`);
    }
    this.rule = "promptGet";
    const filled = prompt.template.replace(VARIABLE, (_, v: string) => show(args[v]));
    return { description: prompt.description, messages: [{ role: "user", content: text(filled) }] };
  }
}

/** Whether a JSON value is of a JSON Schema type ("integer" a whole number; a type the schemas do not use: any). */
function ofJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case "string": return typeof value === "string";
    case "number": return typeof value === "number";
    case "integer": return Number.isInteger(value);
    case "boolean": return typeof value === "boolean";
    case "null": return value === null;
    case "array": return Array.isArray(value);
    case "object": return isObject(value);
    default: return true;
  }
}

/** A fresh copy of a lab tool, as the driver hands one to addTool. */
export function labTool(name: string): LabTool {
  const tool = Object.hasOwn(LAB_TOOLS, name) ? LAB_TOOLS[name] : undefined;
  if (!tool) throw new Error(`no lab tool ${name}`);
  return { ...structuredClone({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }), run: tool.run };
}
