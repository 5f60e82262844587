// Turns what a task's function returned into its evidence lines, the way the chapter's runner
// prints them. A value that cannot be computed (the runner would have crashed) is `missing`,
// with the reason in the student's terms.
import { MESSAGES, TOOL } from "../course/fixtures.js";
import { keysOfTask, type EvidenceKey } from "../course/evidence-keys.js";
import { compareCodePoints, pythonLength } from "../../../src/json/python-json.js";
import { describeMessage } from "../grading/describe.js";
import { NotData, notJson } from "../../../src/sandbox/value.js";
import type { TaskValue } from "./task-value.js";
import { deepEqual, describeType, printed } from "./values.js";

/** A line's value, or why it has none; `notData` when what it reads is not JSON data (an error, not a wrong answer). */
export type Computed = { value: string } | { missing: string; notData?: true };
export type ComputedEvidence = Partial<Record<EvidenceKey, Computed>>;

class Missing extends Error {
  constructor(why: string, readonly notData = false) { super(why); }
}
const need = (ok: unknown, why: string): void => { if (!ok) throw new Missing(why); };
/** Only the value itself, not what it holds, must be data. */
const shallow = (value: unknown, name: string): void => { if (value instanceof NotData) data(value, name); };
/** The part a line reads must be data: a function, a cycle or a Promise there makes the line an error. */
function data<T>(value: T, name: string): T {
  const problem = notJson(value, name);
  if (problem && !(value === undefined)) throw new Missing(`${problem}, so this line cannot be printed`, true);
  return value;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Walks a path such as result.content[0].text, explaining where it stops. */
function dig(root: unknown, path: (string | number)[], rootName: string): unknown {
  let here = root;
  let name = rootName;
  for (const step of path) {
    const next = typeof step === "number" ? `${name}[${step}]` : `${name}.${step}`;
    if (here instanceof NotData) data(here, name);
    if (typeof step === "number") need(Array.isArray(here) && step < here.length, `${name} is ${describeType(here)}, not a list with an item ${step}`);
    else need(isObject(here) && Object.prototype.hasOwnProperty.call(here, step), `${name} has no ${step} (it is ${describeType(here)})`);
    here = (here as Record<string | number, unknown>)[step];
    name = next;
  }
  return here;
}

const indexOfId = (id: number): number => MESSAGES.findIndex((m) => "id" in m && m.id === id);

function responseTo(responses: unknown[], id: number): unknown {
  const response = responses[indexOfId(id)];
  need(response !== null, `handle returned null for ${describeMessage(MESSAGES[indexOfId(id)])}, which needs a response`);
  return response;
}

function textOf(responses: unknown[], id: number): string {
  return printed(data(dig(responseTo(responses, id), ["result", "content", 0, "text"], `the response to id ${id}`), `the response to id ${id}: result.content[0].text`));
}

function parsedOrUndefined(line: string): unknown {
  try { return JSON.parse(line); } catch { return undefined; }
}

// Compared with the tool object that was passed in, as it was after the call (the chapter's
// runner compares with TOOL, the very object it passed); the fixture when it was not sent back.
const task1 = (r: unknown, input: unknown): Record<string, () => string> => {
  const tool = (isObject(input) ? input : TOOL) as Record<string, unknown>;
  return {
    t1_keys: () => {
      shallow(r, "the result");
      need(isObject(r), `toMcp returned ${describeType(r)}, not an object`);
      // Own keys, as Python's sorted(out) reads them: a key whose value is undefined is a key.
      return Object.keys(r as object).sort(compareCodePoints).join(",");
    },
    t1_schema_unchanged: () => printed(deepEqual(data(dig(r, ["inputSchema"], "the result"), "the result's inputSchema"), data(tool["input_schema"], "the tool's input_schema"))),
    t1_name_description_unchanged: () => {
      shallow(r, "the result");
      need(isObject(r), `toMcp returned ${describeType(r)}, not an object`);
      const o = r as Record<string, unknown>;
      return printed(data(o["name"], "the result's name") === tool["name"] && data(o["description"], "the result's description") === tool["description"]);
    },
  };
};

const task2 = (rs: unknown[]): Record<string, () => string> => ({
  t2_responses: () => String(rs.filter((x, i) => data(x, `the answer to ${describeMessage(MESSAGES[i])}`) !== null).length),
  t2_init_version: () => printed(data(dig(responseTo(rs, 1), ["result", "protocolVersion"], "the response to id 1"), "the response to id 1: result.protocolVersion")),
  t2_tool_names: () => {
    const tools = dig(responseTo(rs, 2), ["result", "tools"], "the response to id 2");
    need(Array.isArray(tools), `result.tools in the response to id 2 is ${describeType(tools)}, not a list`);
    return (tools as unknown[]).map((t, i) => printed(data(dig(t, ["name"], `result.tools[${i}]`), `result.tools[${i}].name`))).join(",");
  },
  t2_id3_text: () => textOf(rs, 3),
  t2_id4_error: () => {
    const r = responseTo(rs, 4);
    return `${printed(data(dig(r, ["error", "code"], "the response to id 4"), "error.code"))} ${printed(data(dig(r, ["error", "message"], "the response to id 4"), "error.message"))}`;
  },
  t2_id5_is_error: () => printed(data(dig(responseTo(rs, 5), ["result", "isError"], "the response to id 5"), "result.isError")),
  t2_id5_text: () => textOf(rs, 5),
  t2_id6_error_code: () => printed(data(dig(responseTo(rs, 6), ["error", "code"], "the response to id 6"), "error.code")),
  t2_id7_text: () => textOf(rs, 7),
});

function task3(r: unknown): Record<string, () => string> {
  const lists = (): { out: string[]; log: string[] } => {
    shallow(r, "serve's result");
    need(isObject(r), `serve returned ${describeType(r)}, not { out, log }`);
    const { out, log } = r as { out: unknown; log: unknown };
    for (const [name, list] of [["out", out], ["log", log]] as const) {
      need(Array.isArray(list), `serve's ${name} is ${describeType(list)}, not a list of strings`);
      const bad = (list as unknown[]).findIndex((x) => typeof x !== "string");
      if (bad >= 0) data((list as unknown[])[bad], `serve's ${name}[${bad}]`);
      need(bad < 0, `serve's ${name}[${bad}] is ${describeType((list as unknown[])[bad])}, not a string`);
    }
    return { out: out as string[], log: log as string[] };
  };
  // The line answering a message is found by what it says, so a wrong order still gets a value.
  const answering = (test: (parsed: unknown) => boolean, fallback: string, what: string): string => {
    const { out } = lists();
    const line = out.find((l) => test(parsedOrUndefined(l))) ?? out.find((l) => l.includes(fallback));
    need(line !== undefined, `no line in out answers ${what}`);
    return line!;
  };
  return {
    t3_out_count: () => String(lists().out.length),
    t3_log_count: () => String(lists().log.length),
    t3_no_embedded_newline: () => printed(!lists().out.some((l) => l.includes("\n"))),
    t3_parse_error_line: () => answering((p) => isObject(p) && isObject(p["error"]) && p["error"]["code"] === -32700, "-32700", "line 4 ({not json})"),
    t3_list_line_length: () => String(pythonLength(answering(
      (p) => isObject(p) && p["id"] === 2 && isObject(p["result"]) && "tools" in p["result"], '"tools"', "line 3 (tools/list)"))),
  };
}

/** The evidence lines of one task's returned values. */
export function computeEvidence(value: TaskValue): ComputedEvidence {
  const getters = value.task === "task1" ? task1(value.result, value.input)
    : value.task === "task2" ? task2(value.responses) : task3(value.result);
  const result: ComputedEvidence = {};
  for (const key of keysOfTask(value.task)) {
    try {
      result[key] = { value: getters[key]!() };
    } catch (error) {
      if (!(error instanceof Missing)) throw error;
      result[key] = error.notData ? { missing: error.message, notData: true } : { missing: error.message };
    }
  }
  return result;
}
