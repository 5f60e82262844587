// The page's worked trace of one session, as each task meets it. Step 1 to 6 of "Worked trace of
// one session": the server set up with add, weather and delete_db (delete_db not allow-listed),
// the handshake, tools/list, add(2, 3), delete_db refused, subtract added with notify=True, and
// the client's re-fetch. The replies the client's mock server gives are the model's answers to
// the same messages (client/scripts.ts), never typed twice.
import type { Session } from "../behaviour/session.js";
import { CLIENT_INFO, PROTOCOL_VERSION, type ServerConfig } from "./index.js";

export const TRACE_CONFIG: ServerConfig = { allowedTools: ["add", "weather", "subtract"] };

export const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: PROTOCOL_VERSION, capabilities: { elicitation: {} }, clientInfo: CLIENT_INFO } };
export const INITIALIZED = { jsonrpc: "2.0", method: "notifications/initialized" };
export const LIST = { jsonrpc: "2.0", id: 2, method: "tools/list" };
export const CALL_ADD = { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "add", arguments: { x: 2, y: 3 } } };
export const CALL_DELETE_DB = { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "delete_db", arguments: {} } };
export const LIST_AGAIN = { jsonrpc: "2.0", id: 5, method: "tools/list" };

/** Task 2's fixture: the trace's session on one server, step by step. */
export const TRACE_SESSION: Session = {
  servers: [TRACE_CONFIG],
  steps: [
    { op: "addTool", tool: "add" }, { op: "addTool", tool: "weather" }, { op: "addTool", tool: "delete_db" },
    { op: "handle", message: INITIALIZE },
    { op: "handle", message: INITIALIZED },
    { op: "handle", message: LIST },
    { op: "handle", message: CALL_ADD },
    { op: "handle", message: CALL_DELETE_DB },
    { op: "addTool", tool: "subtract", notify: true },
    { op: "drain" },
    { op: "handle", message: LIST_AGAIN },
  ],
};
/** Where in TRACE_SESSION each of the page's steps is. */
export const AT = { initialize: 3, initialized: 4, list: 5, add: 6, deleteDb: 7, drain: 9, listAgain: 10 } as const;

/** Task 1's fixture: each builder called as the trace needs it, then kindOf on the trace's wire. */
export const BUILDER_CALLS = {
  request: [[1, "initialize", INITIALIZE.params], [2, "tools/list"]],
  notification: [["notifications/initialized"], ["notifications/tools/list_changed"]],
  response: [[3, { content: [{ type: "text", text: "5" }] }]],
  errorResponse: [[4, -32600, "tool 'delete_db' not permitted"]],
} as const;

/** The messages of the trace as they cross the wire, then the page's warning: id null is no notification. */
export const WIRE = [
  INITIALIZE,
  { jsonrpc: "2.0", id: 1, result: { protocolVersion: PROTOCOL_VERSION, capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} }, serverInfo: { name: "lab-server", version: "0.3.0" } } },
  INITIALIZED,
  LIST,
  CALL_ADD,
  { jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "5" }] } },
  CALL_DELETE_DB,
  { jsonrpc: "2.0", id: 4, error: { code: -32600, message: "tool 'delete_db' not permitted" } },
  { jsonrpc: "2.0", method: "notifications/tools/list_changed" },
  { jsonrpc: "2.0", id: null, method: "notifications/initialized" },
];

/** Task 3's fixture: the client's side of the trace. */
export const CLIENT_OPS = [["connect"], ["list"], ["call", "add", { x: 2, y: 3 }], ["call", "delete_db", {}], ["pump"]] as const;
