/**
 * The course module of "Deep Dive: the Model Context Protocol" (a stateful lab server): what
 * `import ... from "grade/course"` gives in this pack. It holds the lab's data (its tools,
 * resources and prompts, so that nobody retypes them), the shapes the three tasks work with, and
 * `notWrittenYet`, which the starters call.
 *
 * The shapes are type aliases, not interfaces, so that a value of one of them also fits a
 * parameter typed as a record. A submission may declare its own copies: only the shapes matter.
 * In the sandbox every module instance gets its own copy of the data (sandbox-source.ts).
 */

/** Any value JSON can hold. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
/** A JSON object (a Python dict in the lab). */
export type JsonObject = { [key: string]: JsonValue };

/** A JSON-RPC id: an integer or a string, never null in a request. */
export type RequestId = string | number;

/** A request: it has an `id` key, so it must be answered, with the same id. */
export type JsonRpcRequest = { jsonrpc: "2.0"; id: RequestId; method: string; params?: JsonObject };
/** A notification: no `id` key at all (not `"id": null`), so it gets no response. */
export type JsonRpcNotification = { jsonrpc: "2.0"; method: string; params?: JsonObject };
/** One parsed message, as `handle` receives it. Tell the two apart with `"id" in message`. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification;

/** A successful response: the request's id and a `result`. */
export type JsonRpcResult = { jsonrpc: "2.0"; id: RequestId; result: JsonObject };
/** An error response: `{code, message, data?}`; `id` is null only when there was no id to echo. */
export type JsonRpcError = { jsonrpc: "2.0"; id: RequestId | null; error: { code: number; message: string; data?: JsonValue } };
/** A response carries `result` or `error`, never both, never neither. */
export type JsonRpcResponse = JsonRpcResult | JsonRpcError;

/** What `kindOf` tells a message to be, by its structure alone. */
export type MessageKind = "request" | "notification" | "response" | "error" | "invalid";

/** The five standard codes, and where the lab raises each (the page's "five error codes"). */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

export const PROTOCOL_VERSION = "2025-06-18";
export type Implementation = { name: string; version: string };
export const SERVER_INFO: Implementation = { name: "lab-server", version: "0.3.0" };
export const CLIENT_INFO: Implementation = { name: "lab-client", version: "0.3.0" };

/** The part of JSON Schema the lab's tools use. */
export type InputSchema = { type: "object"; properties: { [name: string]: { type: string } }; required: string[] };
/** A tool as tools/list lists it. */
export type Tool = { name: string; description: string; inputSchema: InputSchema };
/** A tool the server can run: its listing, and the function that runs it (it may throw). */
export type LabTool = Tool & { run: (args: JsonObject) => string };

/** A resource: resources/list lists `{uri, name, mimeType}`; resources/read returns what `read()` gives (it may throw). */
export type LabResource = { uri: string; name: string; mimeType: string; read: () => string };

/** A prompt template: `{name}` in `template` is filled from prompts/get's arguments. */
export type PromptArgument = { name: string; description: string; required: boolean };
export type LabPrompt = { name: string; description: string; arguments: PromptArgument[]; template: string };

/** What the server is made with: this client's allow-list (the tools it may call). */
export type ServerConfig = { allowedTools: string[] };

/** Task 2's server, as the tasks use it. */
export type Server = {
  handle(message: JsonRpcMessage): JsonRpcResponse | null;
  addTool(tool: LabTool, options?: { notify?: boolean }): void;
  drainOutbox(): JsonRpcNotification[];
};

/** Task 3: what the client talks through. */
export type Transport = {
  /** Sends one message; a request's response comes back, a notification's `null`. */
  send(message: JsonRpcMessage): JsonRpcResponse | null;
  /** The notifications the server queued since the last call, oldest first. */
  notifications(): JsonRpcNotification[];
};

/** Task 3's client throws this for an error response: its `code` is the response's. */
export class McpError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
    this.name = "McpError";
  }
}

const NUMBERS: InputSchema = { type: "object", properties: { x: { type: "number" }, y: { type: "number" } }, required: ["x", "y"] };

// Each function uses only its argument and JavaScript's globals: the sandbox's copy of this
// module is made from their text (sandbox-source.ts).
/** The lab's tools by name (the server starts with none: each is added with addTool). */
export const LAB_TOOLS: { [name: string]: LabTool } = {
  add: { name: "add", description: "Add two numbers.", inputSchema: NUMBERS, run: (args) => String(Number(args["x"]) + Number(args["y"])) },
  weather: {
    name: "weather", description: "Today's weather in a city.",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    run: (args) => "Sunny in " + String(args["city"]),
  },
  delete_db: { name: "delete_db", description: "Delete the database.", inputSchema: { type: "object", properties: {}, required: [] }, run: () => "database deleted" },
  subtract: { name: "subtract", description: "Subtract y from x.", inputSchema: NUMBERS, run: (args) => String(Number(args["x"]) - Number(args["y"])) },
  divide: {
    name: "divide", description: "Divide x by y.", inputSchema: NUMBERS,
    run: (args) => {
      if (Number(args["y"]) === 0) throw new Error("division by zero");
      return String(Number(args["x"]) / Number(args["y"]));
    },
  },
  flaky: { name: "flaky", description: "A tool that always fails.", inputSchema: { type: "object", properties: {}, required: [] }, run: () => { throw new Error("upstream timed out"); } },
};

/** The lab's resources, in the order resources/list lists them. `lab://broken`'s reader raises. */
export const RESOURCES: LabResource[] = [
  { uri: "lab://readme", name: "readme", mimeType: "text/plain", read: () => "The lab server: three message shapes, five error codes, one handshake." },
  { uri: "lab://config", name: "config", mimeType: "application/json", read: () => '{"maxTools":8}' },
  { uri: "lab://broken", name: "broken", mimeType: "text/plain", read: () => { throw new Error("disk unavailable"); } },
];

/** The lab's prompts, in the order prompts/list lists them. */
export const PROMPTS: LabPrompt[] = [
  { name: "summarize", description: "Summarise a topic.", arguments: [{ name: "topic", description: "What to summarise", required: true }], template: "Summarise {topic} in three bullet points." },
  {
    name: "compare", description: "Compare two things.",
    arguments: [{ name: "a", description: "The first", required: true }, { name: "b", description: "The second", required: true }],
    template: "Compare {a} with {b}: where do {a} and {b} differ?",
  },
];

// The starters throw this so that an untouched task reads as "not written yet", a normal step of
// the course, rather than as a crash (the same name as the engine's).
export const NOT_WRITTEN_YET = "GradeNotWrittenYet";

/** Throw from a task you have not written yet; `grade` reports it as "not written yet". */
export function notWrittenYet(task: string): never {
  const error = new Error(`${task} is not written yet`);
  error.name = NOT_WRITTEN_YET;
  throw error;
}
