// A session: the unit the server's checks run. Servers made with their configs, then steps, each
// on one of them; the sandbox's driver (course/drivers-source.ts) makes the calls on the
// student's class, the model (model.ts) answers the same steps, and each step's outcome is
// compared (compare.ts). A session is shown to the student as the code that replays it.
import type { ServerConfig } from "../course/index.js";
import { madeCode, madeLabTool, type MadeTool } from "./made-tools.js";
import { labTool, ModelServer, type Rule, type Variant } from "./model.js";

export type Step =
  | { op: "handle"; on?: number; message: unknown }
  | { op: "addTool"; on?: number; tool: string; notify?: boolean; made?: MadeTool; shared?: true }
  | { op: "drain"; on?: number };

export interface Session { servers: ServerConfig[]; steps: Step[] }

/**
 * How the model's tools/list answer is compared: the tools whose place in the list is free
 * (`movable`: added again), and whether only the names in order count (`namesOnly`: a list after a
 * tool was added to the live session, t2_tools_added's rule, what t2_tools_after shows; the
 * entries are t2_tools_list's, on the lists before).
 */
export interface ListTerms { movable: string[]; namesOnly: boolean }

/** What one step gave: a value, or the throw the driver caught (name, message, code); the model's tools/list answers carry their terms. */
export type Outcome = { value: unknown; list?: ListTerms; mistyped?: true } | { threw: { name: string; message: string; code: number | null } };

/** What decided a step's answer: the model's rule for handle, or the step's own kind. */
export type StepRule = Rule | "addTool" | "drain";

/**
 * The model's outcome of every step of the session, on fresh model servers, and the rule that
 * decided each. Once per session and reading: the judge, its windows and the checks each read
 * the same session's model (a session is never changed; callers only read what comes back).
 */
export function modelSession(session: Session, variant: Variant): { outcomes: Outcome[]; rules: StepRule[] } {
  let byVariant = models.get(session);
  if (!byVariant) models.set(session, byVariant = new Map());
  let model = byVariant.get(variant);
  if (!model) byVariant.set(variant, model = runModel(session, variant));
  return model;
}
const models = new WeakMap<Session, Map<Variant, { outcomes: Outcome[]; rules: StepRule[] }>>();

function runModel(session: Session, variant: Variant): { outcomes: Outcome[]; rules: StepRule[] } {
  const servers = session.servers.map((config) => new ModelServer(config, variant));
  const rules: StepRule[] = [];
  const outcomes = session.steps.map((step): Outcome => {
    const server = servers[step.on ?? 0]!;
    if (step.op === "handle") {
      const value = server.handle(structuredClone(step.message));
      rules.push(server.rule);
      // A tool run on arguments of another type than its schema's: a refusal is accepted too (compare.ts).
      if (server.mistyped) return { value, mistyped: true };
      if (server.rule !== "toolsList" && server.rule !== "toolsListAdded") return { value };
      const list = { movable: server.movable, namesOnly: server.rule === "toolsListAdded" };
      return list.movable.length > 0 || list.namesOnly ? { value, list } : { value };
    }
    rules.push(step.op);
    if (step.op === "addTool") {
      server.addTool(step.made ? madeLabTool(step.tool, step.made) : labTool(step.tool), step.notify === undefined ? undefined : { notify: step.notify });
      return { value: null };
    }
    return { value: server.drainOutbox() };
  });
  return { outcomes, rules };
}

/** The session of server `k` alone: its config and its steps, as if the other were not there. */
export function alone(session: Session, k: number): Session {
  return { servers: [session.servers[k]!], steps: session.steps.filter((s) => (s.on ?? 0) === k).map(({ on: _, ...rest }) => rest as Step) };
}

const json = (v: unknown): string => JSON.stringify(v);

/** The session as TypeScript to paste (the first `upTo` steps): what to run to see the failure. */
export function sessionCode(session: Session, upTo = session.steps.length): string {
  const names = session.servers.map((_, i) => (session.servers.length === 1 ? "server" : `server${i + 1}`));
  const lines = session.servers.map((config, i) => `const ${names[i]} = new LabServer(${json(config)});`);
  for (const step of session.steps.slice(0, upTo)) {
    const on = names[step.on ?? 0]!;
    if (step.op === "handle") lines.push(`${on}.handle(${json(step.message)});`);
    else if (step.op === "addTool") lines.push(`${on}.addTool(${step.made ? madeCode(step.tool, step.made) : `LAB_TOOLS.${step.tool}`}${step.notify === undefined ? "" : `, { notify: ${step.notify} }`});`);
    else lines.push(`${on}.drainOutbox();`);
  }
  return lines.join("\n");
}
