// One mistake, one point, across tasks 1 and 2 (issue 20). handle serves the tool toMcp converts,
// and validates arguments against its inputSchema: a toMcp that loses the required list (or
// empties the chapter's own definition on the way) makes handle's argument checks fail on
// handle's own run, although handle follows its rules. So a behaviour check of handle that fails
// against the chapter's tool, but passes against the tool the student's own toMcp returned, is
// toMcp's mistake: it is charged to task 1's failed check, and handle's own mistakes are still
// charged (they fail against either tool).
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { MCP_TOOL } from "../course/protocol.js";
import { TASKS } from "../course/tasks.js";
import type { McpTool } from "../course/types.js";
import { deepEqual, isObject } from "../evidence/reading.js";
import { readCalls } from "./outcomes.js";
import type { GradingRequest } from "./request.js";

/** Marks a check charged to task 1 until the task's verdicts are known (src/pack/charges.ts). */
const TASK1 = "task1";

// What the model reads of a schema, in the shapes it reads them (behaviour/model.ts
// modelValidate): a student's copy that made `required` an object ({"0": ...}) threw inside the
// judge and stopped the whole grading (ch2-round-2026-12-06t mistake-tomcp-clone-arrays-as-objects).
const absentOr = (value: unknown, is: (v: unknown) => boolean): boolean => value === undefined || is(value);
const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === "string");
const isRule = (rule: unknown): boolean => isObject(rule) && absentOr(rule["type"], (t) => typeof t === "string") &&
  absentOr(rule["enum"], Array.isArray) && absentOr(rule["minimum"], (n) => typeof n === "number") && absentOr(rule["maximum"], (n) => typeof n === "number");
const isSchema = (schema: unknown): boolean => isObject(schema) && absentOr(schema["required"], isStrings) &&
  absentOr(schema["properties"], (p) => isObject(p) && Object.values(p).every(isRule));

/**
 * A value toMcp returned, as a tool handle could serve, when it is one and differs from the
 * chapter's converted tool. Its name may be missing: handle then knows no tool by any name. A
 * schema of other shapes than the chapter's (a list made an object) is none: handle is then judged
 * against the chapter's tool, and the shape is toMcp's own checks' to charge.
 */
export function asTool(value: unknown): McpTool | undefined {
  if (!isObject(value) || (Object.hasOwn(value, "name") && typeof value["name"] !== "string") || !isSchema(value["inputSchema"]) || deepEqual(value, MCP_TOOL)) return undefined;
  return value as unknown as McpTool;
}

/** What the student's toMcp returned for the chapter's tool, when handle's run loaded it and it differs from the chapter's. */
export function studentTool(graded: Pick<GradingRequest, "tasks">, reply: SandboxReply): McpTool | undefined {
  const handleRun = graded.tasks.task2?.generated !== undefined ? reply.runs[graded.tasks.task2.generated] : undefined;
  const toMcpRun = graded.tasks.task1 ? reply.runs[graded.tasks.task1.fixture] : undefined;
  if (handleRun?.status !== "ran" || !(handleRun.modules ?? []).includes(TASKS.task1.file)) return undefined;
  const call = readCalls("task1", toMcpRun)?.[0];
  return call?.ok ? asTool(call.value) : undefined;
}

/** handle's checks with those that pass against the student's own tool marked as task 1's. */
export function chargeToolReadThrough(checks: readonly CheckResult[], againstOwnTool: readonly CheckResult[]): CheckResult[] {
  return checks.map((check) => {
    const again = againstOwnTool.find((c) => c.name === check.name);
    return check.status === "fail" && check.chargedTo === undefined && again?.status === "pass" ? { ...check, chargedTo: TASK1 } : check;
  });
}
