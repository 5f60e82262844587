// The pack's drivers as the type check sees them (src/typecheck/probe-spec.ts): task 1's builders
// and kindOf called on the trace's arguments and generated ones, with their exact types; task 2's
// LabServer constructed and driven as driveServer does (course/drivers-source.ts) on the trace's
// session; task 3's InMemoryTransport over driveTransport's recording server, and LabClient over
// driveClient's transport, whose answers are the grader's scripted server's and not the client's
// to type. Each result is assigned to what the driver needs (caller-types.ts).
import path from "node:path";
import { literalType } from "../../../src/typecheck/literal-type.js";
import type { ProbeCall, ProbeSpec } from "../../../src/typecheck/probe-spec.js";
import { builderCases, BUILDERS, kindCases, type Builder } from "../behaviour/messages.js";
import * as FIXTURES from "../course/fixtures.js";
import { BUILDER_CALLS, CLIENT_OPS, TRACE_CONFIG, TRACE_SESSION, WIRE } from "../course/fixtures.js";
import { LAB_TOOLS } from "../course/index.js";

/** Generated cases of a few seeds: their types are what matter, so each distinct type once. */
const SEEDS = [1, 2, 3, 4];

function distinct<T>(values: readonly T[]): T[] {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(literalType(v)) && Boolean(seen.add(literalType(v))));
}

/** A trace message by its name in course/fixtures.ts, as the hints and the evidence name it. */
const nameOf = (value: unknown): string => Object.entries(FIXTURES).find(([, v]) => v === value)?.[0] ?? JSON.stringify(value);
const shownJson = (value: unknown): string => (value === undefined ? "undefined" : JSON.stringify(value));

const MESSAGE = "a message object (jsonrpc, and id, method, result or error as the protocol types them)";
const RESPONSE = "a response (an object with jsonrpc, id, and a result or an error), or null when no response is due";
const MAYBE_MESSAGE = "UsableAs<Exclude<$R, null | undefined | void>, UsableMessage> | null | undefined | void";
const NOTIFICATIONS = "a list of notifications (objects with jsonrpc and method)";

export function statefulSpec(packageRoot: string): ProbeSpec {
  const here = path.join(packageRoot, "courses", "mcp-stateful");
  const callerTypes = path.join(here, "typecheck", "caller-types.ts");
  const builderArgs = (b: Builder): unknown[][] => distinct([
    ...(BUILDER_CALLS[b] as readonly (readonly unknown[])[]).map((a) => [...a]),
    ...SEEDS.flatMap((seed) => builderCases(seed).filter((c) => c.builder === b).map((c) => c.args)),
  ]);
  const kinds = distinct([...WIRE, ...SEEDS.flatMap((seed) => kindCases(seed))]);
  const handled = distinct(TRACE_SESSION.steps.flatMap((s) => (s.op === "handle" ? [s.message] : [])));
  const decl: string[] = [];
  const args = (name: string, value: unknown): string => {
    decl.push(`declare const ${name}: ${literalType(value)};`);
    return name;
  };
  const spread = (b: Builder): ProbeCall[] =>
    builderArgs(b).map((a, i) => ({ args: `...${args(`${b.toUpperCase()}_${i}`, a)}`, shown: `${b}(${a.map(shownJson).join(", ")})` }));
  const messages = handled.map((m, i) => ({ name: args(`MESSAGE_${i}`, m), json: nameOf(m) }));
  const { run: _run, ...tool } = LAB_TOOLS["subtract"]!;
  const tasks: ProbeSpec["tasks"] = [
    { id: "task1", file: "task1.ts", exports: [
      ...BUILDERS.map((b) => ({ name: b, signature: SIGNATURES[b], calls: spread(b), use: "UsableAs<$R, UsableMessage>", needs: MESSAGE })),
      {
        name: "kindOf", signature: "(message: unknown) => MessageKind", use: "string", needs: "a string (the message's kind)",
        calls: kinds.map((k, i) => ({ args: args(`KIND_${i}`, k), shown: `kindOf(${nameOf(k)})` })),
      },
    ] },
    { id: "task2", file: "task2.ts", exports: [{
      kind: "class", name: "LabServer", signature: "constructor(config: ServerConfig)",
      constructs: [{ args: args("CONFIG", TRACE_CONFIG), shown: `new LabServer(${JSON.stringify(TRACE_CONFIG)})` }],
      members: [
        {
          name: "handle", signature: "handle(message: JsonRpcMessage): JsonRpcResponse | null", use: MAYBE_MESSAGE, needs: RESPONSE,
          calls: messages.map((m) => ({ args: m.name, shown: `server.handle(${m.json})` })),
        },
        {
          name: "addTool", signature: "addTool(tool: LabTool, options?: { notify?: boolean }): void", use: "unknown", needs: "nothing",
          calls: [
            { args: "TOOL", shown: `server.addTool(LAB_TOOLS.subtract)` },
            { args: "TOOL, { notify: true }", shown: `server.addTool(LAB_TOOLS.subtract, { notify: true })` },
          ],
        },
        { name: "drainOutbox", signature: "drainOutbox(): JsonRpcNotification[]", use: "UsableList<$R, UsableNotification>", needs: NOTIFICATIONS, calls: [{ args: "", shown: "server.drainOutbox()" }] },
      ],
    }] },
    { id: "task3", file: "task3.ts", exports: [
      {
        kind: "class", name: "InMemoryTransport", signature: "constructor(server: { handle(message), drainOutbox() })",
        constructs: [{ args: "SERVER", shown: "new InMemoryTransport(server)" }],
        members: [
          {
            name: "send", signature: "send(message: JsonRpcMessage): JsonRpcResponse | null", use: MAYBE_MESSAGE, needs: RESPONSE,
            calls: messages.slice(0, 2).map((m) => ({ args: m.name, shown: `transport.send(${m.json})` })),
          },
          { name: "notifications", signature: "notifications(): JsonRpcNotification[]", use: "UsableList<$R, UsableNotification>", needs: NOTIFICATIONS, calls: [{ args: "", shown: "transport.notifications()" }] },
        ],
      },
      {
        kind: "class", name: "LabClient", signature: "constructor(transport: Transport)",
        constructs: [{ args: "TRANSPORT", shown: "new LabClient(transport)" }],
        members: [
          { name: "connect", signature: "connect(): JsonObject", use: "UsableObject", needs: "the initialize result (an object)", calls: [{ args: "", shown: "client.connect()" }] },
          { name: "listTools", signature: "listTools(): Tool[]", use: "UsableList<$R, UsableTool>", needs: "the list of tools", calls: [{ args: "", shown: "client.listTools()" }] },
          {
            name: "callTool", signature: "callTool(name: string, args: JsonObject): JsonObject", use: "UsableObject", needs: "the tool's result (an object)",
            calls: CLIENT_OPS.flatMap((op) => (op[0] === "call" ? [op] : [])).map((op, i) => ({ args: `...${args(`CALL_${i}`, op.slice(1))}`, shown: `client.callTool(${op.slice(1).map(shownJson).join(", ")})` })),
          },
          { name: "pump", signature: "pump(): number", use: "number", needs: "a number (how many notifications it drained)", calls: [{ args: "", shown: "client.pump()" }] },
          { name: "tools", signature: "tools: Tool[]", use: "UsableList<$R, UsableTool>", needs: "the list of tools (the cache)", read: "client.tools" },
        ],
      },
    ] },
  ];
  const preamble = [
    `import type { UsableAs, UsableList, UsableMessage, UsableNotification, UsableObject, UsableTool } from ${JSON.stringify(callerTypes)};`,
    'import type { JsonRpcMessage, JsonRpcNotification, JsonRpcResponse } from "grade/course";',
    ...decl,
    // The lab's run functions read any object's keys: what a submission's own tool type says run takes is its own business.
    `declare const TOOL: ${literalType(tool)} & { run: (args: any) => string };`,
    // The server a transport is given, and the transport a client is given, are the runner's own
    // objects: a submission may name their type after its own classes (constructor(server:
    // LabServer)), as the course's own session does; what it calls on them is checked at run time.
    "declare const SERVER: any;",
    "declare const TRANSPORT: any;",
  ].join("\n");
  return { courseModule: path.join(here, "course", "index.ts"), graderFiles: [path.join(here, "course", "index.ts"), callerTypes], preamble, tasks };
}

const SIGNATURES: Record<Builder, string> = {
  request: "(id: RequestId, method: string, params?: JsonObject) => JsonRpcRequest",
  notification: "(method: string, params?: JsonObject) => JsonRpcNotification",
  response: "(id: RequestId, result: JsonObject) => JsonRpcResult",
  errorResponse: "(id: RequestId | null, code: number, message: string, data?: JsonValue) => JsonRpcError",
};
