// The type check's messages, as the student reads them: the compiler's diagnostic, and around it
// what it means for the chapter's runner and how to fix it.
import { shown, type Diag } from "../../../src/typecheck/typed-program.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { describeFixture } from "./probe.js";

/** "TS2322: first lines of the chain …", with the probe's names for the fixtures made readable. */
export function flatten(d: Diag): string {
  return shown(d).replace(/\bMESSAGES_(\d+)\b/g, "MESSAGES[$1]");
}

// Under `strict`, noImplicitAny makes these errors; a student who never met the flag reads only
// "implicitly has an 'any' type", so the message says where it comes from and what to write.
const IMPLICIT_ANY_PARAMETER = new Set([7006, 7019, 7031]);
const IMPLICIT_ANY_RETURN = new Set([7010, 7011, 7023, 7024]);
const IMPLICIT_ANY_VARIABLE = new Set([7005, 7008, 7018, 7022, 7034]);
const IMPLICIT_ANY_INDEX = new Set([7015, 7017, 7053]);
const STRICT = `grade type-checks with "strict": true, under which an implicit any is an error`;

const parameters = (task: TaskId): string => TASKS[task].signature.split(" => ")[0]!;
/** The course's name for each export's result, to suggest in a fix. */
const RETURNS: Record<TaskId, string> = { task1: "McpTool", task2: "JsonRpcResponse | null", task3: "ServeResult" };

/** A diagnostic in the student's own file, with a fix for implicit `any`. */
export function explainOwn(d: Diag, task: TaskId, onExportParameter: boolean): string {
  const base = flatten(d);
  if (IMPLICIT_ANY_PARAMETER.has(d.code)) {
    const example = onExportParameter ? `, e.g. ${TASKS[task].exportName}${parameters(task)} with the types from "grade/course", or your own` : " with the type of what it receives";
    return `${base} (${STRICT}: annotate the parameter${example}.)`;
  }
  if (IMPLICIT_ANY_RETURN.has(d.code)) return `${base} (${STRICT}: annotate the function's return type, e.g. function dumps(value: unknown): string.)`;
  if (IMPLICIT_ANY_VARIABLE.has(d.code)) return `${base} (${STRICT}: declare its type, e.g. const out: string[] = [].)`;
  if (IMPLICIT_ANY_INDEX.has(d.code)) {
    return `${base} (${STRICT}: the key is not one the object's type declares; type the object as a record, e.g. Record<string, unknown>, or narrow the key.)`;
  }
  return base;
}

/** Said first in every finding about the export itself (the e2e tests look for it). */
const misfit = (task: TaskId): string => `${TASKS[task].exportName} does not fit the chapter's signature ${TASKS[task].signature}`;

const call = (task: TaskId, fixture: string): string => `${TASKS[task].exportName}(${describeFixture(fixture)})`;

/** What the runner does with each result, in words (caller-types.ts says it in types). */
const NEEDS: Record<TaskId, string> = {
  task1: "an MCP tool: an object with name and description (strings) and inputSchema (an object)",
  task2: "a response (an object with jsonrpc, id, and a result or an error), or null when no response is due",
  task3: "{ out, log }: an object holding two lists of strings",
};

export const explain = {
  missing: (task: TaskId): string =>
    `${TASKS[task].file} has no export named ${TASKS[task].exportName}, the name the chapter's runner imports. Write export function ${TASKS[task].exportName}${parameters(task)}: ${RETURNS[task]} { … }, or export { ${TASKS[task].exportName} }.`,
  defaultExport: (task: TaskId): string =>
    `${TASKS[task].file} has a default export but no export named ${TASKS[task].exportName}, the name the chapter's runner imports. Write export function ${TASKS[task].exportName}(…) (or export { ${TASKS[task].exportName} }) instead of export default.`,
  cannotCall: (task: TaskId, fixture: string, d: Diag, alsoFailing: number): string =>
    `${misfit(task)}: the chapter's runner calls ${call(task, fixture)}, and ${flatten(d)}` +
    (alsoFailing ? ` The same call fails for ${alsoFailing} more of the chapter's MESSAGES.` : ""),
  cannotUse: (task: TaskId, fixture: string, returned: string, d: Diag): string =>
    `${misfit(task)}: the chapter's runner calls ${call(task, fixture)} and needs back ${NEEDS[task]}, but it returns ${returned}. ${flatten(d)}`,
  async: (task: TaskId, fixture: string, returned: string): string =>
    `${misfit(task)}: ${call(task, fixture)} returns ${returned}, a Promise: ${TASKS[task].exportName} is async, but the chapter's runner uses what it returns at once. Make it a plain function that returns ${RETURNS[task]} (no async, no await).`,
  neverResponds: (task: TaskId, returned: string): string =>
    `${misfit(task)}: by its type, ${TASKS[task].exportName} returns ${returned} for every one of the chapter's MESSAGES, so it never answers a request. Its return type should be ${RETURNS[task]}.`,
  exportIsAny: (task: TaskId): string =>
    `${TASKS[task].exportName} has type any, so nothing checks that the chapter's runner can call it or use what it returns. Declare it as a function: ${TASKS[task].signature}.`,
  returnsAny: (task: TaskId, fixture: string): string =>
    `${call(task, fixture)} returns any, so nothing checks that the chapter's runner can use its result (${NEEDS[task]}). Declare ${TASKS[task].exportName}'s return type: ${RETURNS[task]} from "grade/course", or your own.`,
};
