// Points without the work in the stateful pack (issue 19's submissions, for a session-shaped
// exercise): the page's worked trace answered from a table — the builders by their arguments,
// kindOf by the message, the server by the message's JSON, the transport by what it is sent, the
// client by the operation — and anything else by one fallback (gaming.ts). The tables are made
// from the pack's models, never typed here.
import { expected } from "../../courses/mcp-stateful/client/model.js";
import { traceScenario } from "../../courses/mcp-stateful/client/scenarios.js";
import { FIXTURE_PROBE } from "../../courses/mcp-stateful/client/transport.js";
import { modelSession } from "../../courses/mcp-stateful/behaviour/session.js";
import { BUILDER_CALLS, TRACE_SESSION, WIRE } from "../../courses/mcp-stateful/course/fixtures.js";
import { built, kindOf, type Builder } from "../../courses/mcp-stateful/behaviour/messages.js";
import { fallback, type Fallback } from "./gaming.js";

const json = (value: unknown): string => JSON.stringify(value, null, 1);

function task1(kind: Fallback): string {
  const calls = BUILDER_CALLS as unknown as Record<string, unknown[][]>;
  const rows = Object.fromEntries(Object.entries(calls).map(([name, list]) => [name, Object.fromEntries(list.map((args) => [JSON.stringify(args), built(name as Builder, args)]))]));
  const kinds = Object.fromEntries(WIRE.map((m) => [JSON.stringify(m), kindOf(m)]));
  const builder = (name: string): string => `export function ${name}(...args: unknown[]) {
  const row = BUILT[${JSON.stringify(name)}]!;
  const key = JSON.stringify(args);
  if (Object.hasOwn(row, key)) return structuredClone(row[key]) as never;
  ${fallback(kind, "{}", "Object.values(row)[0]")}
}\n`;
  return `const BUILT: Record<string, Record<string, unknown>> = ${json(rows)};
const KINDS: Record<string, string> = ${json(kinds)};
${Object.keys(calls).map(builder).join("")}export function kindOf(message: unknown) {
  const key = JSON.stringify(message);
  if (Object.hasOwn(KINDS, key)) return KINDS[key] as never;
  ${fallback(kind, '""', "Object.values(KINDS)[0]")}
}
`;
}

function task2(kind: Fallback): string {
  const { outcomes } = modelSession(TRACE_SESSION, "page");
  const answers: Record<string, unknown> = {};
  let drained: unknown = [];
  TRACE_SESSION.steps.forEach((step, i) => {
    const out = outcomes[i] as { value: unknown };
    if (step.op === "handle") answers[JSON.stringify(step.message)] = out.value;
    else if (step.op === "drain") drained = out.value;
  });
  return `const ANSWERS: Record<string, unknown> = ${json(answers)};
const DRAINED: unknown = ${JSON.stringify(drained)};
export class LabServer {
  private added: string[] = [];
  constructor(_config: unknown) {}
  addTool(tool: { name: string }, _options?: { notify?: boolean }) { this.added.push(tool.name); }
  drainOutbox() {
    if (this.added.join() === "add,weather,delete_db,subtract") return structuredClone(DRAINED) as never;
    ${fallback(kind, "[]", "DRAINED")}
  }
  handle(message: unknown) {
    const key = JSON.stringify(message);
    if (Object.hasOwn(ANSWERS, key)) return structuredClone(ANSWERS[key]) as never;
    ${fallback(kind, "null", "Object.values(ANSWERS)[0]")}
  }
}
`;
}

function task3(kind: Fallback): string {
  const scenario = traceScenario();
  const model = expected(scenario);
  let id = 1;
  const wire = model.sent.map((m) => ({ jsonrpc: "2.0", ...(m.request ? { id: id++ } : {}), method: m.method, ...(m.params === undefined ? {} : { params: m.params }) }));
  const ops = Object.fromEntries(scenario.ops.map((op, i) => [JSON.stringify(op), { send: wire.slice(...model.ranges[i]!), outcome: model.outcomes[i], cache: model.caches[i] }]));
  const probe = { [JSON.stringify(FIXTURE_PROBE.message)]: FIXTURE_PROBE.answers[0], [JSON.stringify(FIXTURE_PROBE.notification)]: null };
  return `import { McpError } from "grade/course";
const OPS: Record<string, { send: unknown[]; outcome: { value?: unknown; code?: number }; cache: unknown[] }> = ${json(ops)};
const SENT: Record<string, unknown> = ${json(probe)};
export class InMemoryTransport {
  private drained = false;
  constructor(_server: unknown) {}
  send(message: unknown) {
    const key = JSON.stringify(message);
    if (Object.hasOwn(SENT, key)) return structuredClone(SENT[key]) as never;
    ${fallback(kind, "null", "Object.values(SENT)[0]")}
  }
  notifications() {
    if (!this.drained) { this.drained = true; return ${JSON.stringify(FIXTURE_PROBE.outbox)} as never; }
    return [] as never;
  }
}
export class LabClient {
  tools: unknown[] = [];
  constructor(private readonly transport: { send(m: unknown): unknown; notifications(): unknown[] }) {}
  private op(...op: unknown[]) {
    const key = JSON.stringify(op);
    if (!Object.hasOwn(OPS, key)) { ${fallback(kind, "{}", "Object.values(OPS)[0]!.outcome.value")} }
    const row = OPS[key]!;
    for (const message of row.send) this.transport.send(structuredClone(message));
    this.tools = structuredClone(row.cache);
    if (row.outcome.code !== undefined) throw new McpError(row.outcome.code, "refused");
    return structuredClone(row.outcome.value) as never;
  }
  connect() { return this.op("connect"); }
  listTools() { return this.op("list"); }
  callTool(name: string, args: unknown) { return this.op("call", name, args); }
  pump() { this.transport.notifications(); return this.op("pump"); }
}
`;
}

/** The stateful pack's three tasks answering the page's trace from a table and anything else by `kind`. */
export function statefulTable(kind: Fallback): Record<string, string> {
  return { "task1.ts": task1(kind), "task2.ts": task2(kind), "task3.ts": task3(kind) };
}
