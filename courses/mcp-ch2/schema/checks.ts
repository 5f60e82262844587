// Protocol shape checks: every response handle produced (on the fixtures and, with behaviour
// checks, on the generated inputs) against the official MCP 2025-06-18 schema, plus the two
// rules the schema cannot say: exactly one of result and error, and the id echoed with its type.
import { TASKS } from "../course/tasks.js";
import { deepEqual } from "../evidence/reading.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import { judgeJsonSchema, newCompileBudget } from "../../../src/schema/json-schema.js";
import { MCP_REVISION, validateMcp, type McpDefinition, type Validation } from "../../../src/schema/validator.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

// What the student's code returned, shown short: it may be a 1 MB schema, or nested too deeply
// for JSON.stringify, which then throws.
const SHOWN = 2000;
function show(v: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    return "(a value too deeply nested to show)";
  }
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}… (${text.length} characters)` : text;
}

export interface Exchange {
  input: unknown;
  outcome: CallOutcome | undefined;
}

interface SchemaRule {
  name: string;
  title: string;
  hint: string;
  /** undefined when the rule does not apply to this exchange; else the verdict. */
  verdict: (request: Json, response: Json) => Validation<unknown> | undefined;
}

function resultOf(definition: McpDefinition, method: string): SchemaRule["verdict"] {
  return (request, response) => (request["method"] === method && "result" in response && !("error" in response)
    ? validateMcp(definition, response["result"], "the result") : undefined);
}

const TASK2_RULES: SchemaRule[] = [
  {
    name: "t2_schema_envelope", title: `Every response is a JSON-RPC response the MCP ${MCP_REVISION} schema accepts`,
    hint: "A response is {\"jsonrpc\": \"2.0\", \"id\": <the request's id>, \"result\": {...}} or {\"jsonrpc\": \"2.0\", \"id\": ..., \"error\": {\"code\": <integer>, \"message\": <string>}}.",
    verdict: (request, response) => {
      // The 2025-06-18 schema allows no null id; JSON-RPC 2.0 answers {"id": null} with null.
      const checked = request["id"] === null && response["id"] === null ? { ...response, id: 0 } : response;
      return validateMcp("error" in response ? "JSONRPCError" : "JSONRPCResponse", checked, "the response");
    },
  },
  {
    name: "t2_schema_one_of", title: "Every response holds exactly one of result and error",
    hint: "JSON-RPC 2.0: a response has a result (success, tool execution errors included) or an error (protocol errors), never both and never neither. Do not add \"error\": null or \"result\": {} to the other kind.",
    verdict: (_request, response) => ("result" in response) === ("error" in response)
      ? { valid: false, errorMessage: "result" in response ? "the response has both result and error" : "the response has neither result nor error" }
      : { valid: true, data: response },
  },
  {
    name: "t2_schema_id", title: "Every response echoes the request's id with its type",
    hint: "Copy the id from the request as it is: a string id stays a string, a number stays a number, null stays null.",
    verdict: (request, response) => response["id"] === request["id"] && "id" in response ? { valid: true, data: response }
      : { valid: false, errorMessage: `the request's id is ${show(request["id"])} but the response's id is ${"id" in response ? show(response["id"]) : "missing"}` },
  },
  {
    name: "t2_schema_initialize", title: "The initialize result is an InitializeResult",
    hint: "InitializeResult needs protocolVersion (a string), capabilities (an object) and serverInfo with name and version (strings).",
    verdict: resultOf("InitializeResult", "initialize"),
  },
  {
    name: "t2_schema_tools_list", title: "The tools/list result is a ListToolsResult",
    hint: "ListToolsResult is {\"tools\": [...]}, each tool with a name (string) and an inputSchema whose type is \"object\".",
    verdict: resultOf("ListToolsResult", "tools/list"),
  },
  {
    name: "t2_schema_tools_call", title: "Every tools/call result is a CallToolResult",
    hint: "CallToolResult is {\"content\": [{\"type\": \"text\", \"text\": <string>}], \"isError\": <boolean>}.",
    verdict: resultOf("CallToolResult", "tools/call"),
  },
];

type Item = { input: unknown; actual: unknown; verdict: Validation<unknown> | undefined };

function judge(rule: Pick<SchemaRule, "name" | "title" | "hint">, call: string, makeItems: () => Item[]): CheckResult {
  const base = { name: rule.name, kind: "schema", title: rule.title, hint: rule.hint } as const;
  let items: Item[];
  try {
    items = makeItems();
  } catch (error) {
    // Every schema a student returns gets a verdict: a throw here is the grader's own fault.
    return { ...base, status: "error", message: `The grader could not run this check: ${error instanceof Error ? error.message : String(error)}` };
  }
  const applicable = items.filter((i) => i.verdict !== undefined);
  if (applicable.length === 0) return { ...base, status: "skip", message: "No response of this kind was produced, so there was nothing to check." };
  const failures = applicable.filter((i) => i.verdict && !i.verdict.valid);
  if (failures.length === 0) return { ...base, status: "pass", message: `${applicable.length} checked.` };
  const smallest = failures.reduce((a, b) => (show(b.input).length < show(a.input).length ? b : a));
  const why = (smallest.verdict as { errorMessage: string }).errorMessage;
  return {
    ...base, status: "fail", actual: show(smallest.actual),
    message: `${why}. ${failures.length} of ${applicable.length} failed; the smallest input: ${call}(${show(smallest.input)})`,
  };
}

export function task2SchemaChecks(exchanges: Exchange[]): CheckResult[] {
  const answered = exchanges.flatMap(({ input, outcome }) =>
    outcome?.ok && isObject(input) && "id" in input && isObject(outcome.value) ? [{ request: input, response: outcome.value }] : []);
  return TASK2_RULES.map((rule) => judge(rule, TASKS.task2.exportName,
    () => answered.map(({ request, response }) => ({ input: request, actual: response, verdict: rule.verdict(request, response) }))));
}

export function task1SchemaChecks(exchanges: Exchange[]): CheckResult[] {
  const results = exchanges.flatMap(({ input, outcome }) => (outcome?.ok && isObject(outcome.value) ? [{ input, result: outcome.value }] : []));
  const compiles = {
    name: "t1_schema_compiles", title: "inputSchema compiles as a JSON Schema",
    hint: "inputSchema must be the tool's input_schema, unchanged: a JSON Schema object (draft-07, or the dialect its $schema names: draft-06, 2019-09 or 2020-12), which Ajv compiles as MCP clients do.",
  };
  const tool = { name: "t1_schema_tool", title: `The converted tool is a Tool the MCP ${MCP_REVISION} schema accepts`, hint: "An MCP Tool has name (string), description (string) and inputSchema (an object schema with type \"object\")." };
  return [
    judge(compiles, TASKS.task1.exportName, () => {
      // Every input schema is valid: compile the first, and any the code changed, until the
      // budget is spent (json-schema.ts); every one is checked against its meta-schema.
      const budget = newCompileBudget();
      return results.map(({ input, result }, i) => {
        const copied = isObject(input) && deepEqual(result["inputSchema"], input["input_schema"]);
        return { input, actual: result["inputSchema"], verdict: judgeJsonSchema(result["inputSchema"], "inputSchema", { compile: i === 0 || !copied, budget }) };
      });
    }),
    judge(tool, TASKS.task1.exportName, () => results.map(({ input, result }) => ({ input, actual: result, verdict: validateMcp("Tool", result, "the tool") }))),
  ];
}
