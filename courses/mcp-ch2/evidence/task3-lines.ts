// Task 3's evidence lines: the out and log lists serve returned for the fixture lines.
import { canonicalJson, pythonLength } from "../../../src/json/python-json.js";
import { withoutSpecExtras } from "../../../src/json/spec-extras.js";
import { LINES } from "../course/fixtures.js";
import { MCP_TOOL, PARSE_ERROR_RESPONSE } from "../course/protocol.js";
import { linesOfTask, type ValueOf } from "./line.js";
import { asRecord, data, describeType, isObject, need, printed, shallow } from "./reading.js";

function lists(r: unknown): { out: string[]; log: string[] } {
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
}

function parsedOrUndefined(line: string): unknown {
  try { return JSON.parse(line); } catch { return undefined; }
}

/** The fixture lines that two evidence lines read alone: the one that is not JSON, and tools/list. */
const NOT_JSON_LINE = LINES.findIndex((l) => l.trim() !== "" && parsedOrUndefined(l) === undefined);
const LIST_LINE = LINES.findIndex((l) => asRecord(parsedOrUndefined(l))?.["method"] === "tools/list");

/**
 * serve's out and log for what a line reads: every fixture line, or the one at `index`. From
 * serve's answer to each line alone when its call on LINES failed (byLine): reading a line whose
 * own call failed throws there, so only the lines that read it lose their value.
 */
function listsOf(value: ValueOf<"task3">, index?: number): { out: string[]; log: string[] } {
  if (!value.byLine) return lists(value.result);
  const each = (index === undefined ? value.byLine : [value.byLine[index]]).map(lists);
  return { out: each.flatMap((l) => l.out), log: each.flatMap((l) => l.log) };
}

// The line answering a message is found by what it says, so a wrong order still gets a value.
function answering(out: string[], test: (parsed: unknown) => boolean, fallback: string, what: string): string {
  const line = out.find((l) => test(parsedOrUndefined(l))) ?? out.find((l) => l.includes(fallback));
  need(line !== undefined, `no line in out answers ${what}`);
  return line!;
}

function diagnoseSerialisation(line: string | undefined): string | undefined {
  if (line === undefined) return undefined;
  let parsed: unknown;
  try { parsed = JSON.parse(line); } catch { return "That line is not valid JSON."; }
  const canonical = canonicalJson(parsed);
  if (line === canonical) return undefined;
  if (line.includes("\n")) return "The line is pretty-printed across several lines. Serialise with no indentation, no spaces after , or : and keys sorted.";
  if (line.replace(/", "|": |, "/g, "").length !== line.length && line.length > canonical.length) return "The line has spaces after , or :. Task 3 serialises with separators (\",\", \":\"): no spaces at all.";
  if (line.length === canonical.length) return "The keys are not sorted: sort_keys=True sorts them alphabetically at every level, nested objects included.";
  return undefined;
}

const listResponse = { jsonrpc: "2.0", id: 2, result: { tools: [MCP_TOOL] } };

/**
 * The tools/list line as measured: serialised as the rule says (canonical), what the
 * specification lets a result carry beyond the chapter's (a `_meta`, which handle's lines accept:
 * src/json/spec-extras.ts) is not counted; any other line is measured as printed.
 */
function withoutExtras(line: string): string {
  const parsed = parsedOrUndefined(line);
  return parsed !== undefined && canonicalJson(parsed) === line ? canonicalJson(withoutSpecExtras(parsed, listResponse)) : line;
}

export const TASK3_LINES = linesOfTask("task3", [
  {
    key: "t3_out_count", task: "task3", rules: ["t3_same_lines"], title: "One output line per answered message", accepted: "4",
    hint: "out gets one line for each message handle answers and one Parse error line per line that is not JSON; a notification and an empty line add nothing.",
    compute: (value) => String(listsOf(value).out.length),
    diagnose: (actual) => {
      const n = Number(actual);
      if (n === 5) return "One line too many. The notification on line 2 gets no response (handle returns null), so nothing goes to out for it; nor does the empty line 6.";
      if (n === 3) return "One line too few. The line that is not JSON must still be answered on out, with the Parse error response.";
      return undefined;
    },
  },
  {
    key: "t3_log_count", task: "task3", rules: ["t3_same_lines"], title: "One log line per non-empty line", accepted: "5",
    hint: "log gets \"line N\" for every line that is not empty after strip(). Empty lines add no log line, but they still count in the numbering.",
    compute: (value) => String(listsOf(value).log.length),
    diagnose: (actual) => {
      const n = Number(actual);
      if (n === 6) return "Empty lines (after strip()) get no \"line N\" log entry; they only count in the numbering.";
      if (n === 4) return "Every non-empty line is logged, including the one that is not JSON and the notification.";
      return undefined;
    },
  },
  {
    key: "t3_no_embedded_newline", task: "task3", rules: ["t3_same_lines"], title: "No output line contains a newline", accepted: "true",
    hint: "The stdio transport: messages MUST NOT contain embedded newlines. Serialise without indentation.",
    compute: (value) => printed(!listsOf(value).out.some((l) => l.includes("\n"))),
    diagnose: (actual) => actual !== "false" ? undefined : "A line in out contains a newline: the stdio transport's messages MUST NOT contain embedded newlines. Serialise without indentation.",
  },
  {
    key: "t3_parse_error_line", task: "task3", rules: ["t3_same_lines"], title: "The not-JSON line is answered with the exact Parse error line",
    accepted: canonicalJson(PARSE_ERROR_RESPONSE),
    hint: "A line json.loads cannot parse is answered with {\"jsonrpc\": \"2.0\", \"id\": null, \"error\": {\"code\": -32700, \"message\": \"Parse error\"}}, serialised with keys sorted at every level and no spaces after , or :.",
    compute: (value) => answering(listsOf(value, NOT_JSON_LINE).out, (p) => isObject(p) && isObject(p["error"]) && p["error"]["code"] === -32700, "-32700", `line ${NOT_JSON_LINE + 1} (${LINES[NOT_JSON_LINE]})`),
    diagnose: (actual) => diagnoseSerialisation(actual),
  },
  {
    key: "t3_list_line_length", task: "task3", rules: ["t3_same_lines"], title: "The tools/list line has the canonical length",
    accepted: String(pythonLength(canonicalJson(listResponse))),
    hint: "Serialise every output line as json.dumps(response, separators=(\",\", \":\"), sort_keys=True) does: keys sorted at every level, no spaces, no newline.",
    compute: (value) => String(pythonLength(withoutExtras(answering(
      listsOf(value, LIST_LINE).out, (p) => isObject(p) && p["id"] === 2 && isObject(p["result"]) && "tools" in p["result"], '"tools"', `line ${LIST_LINE + 1} (tools/list)`)))),
    diagnose: (_actual, value) => {
      if (!value) return undefined;
      const out = value.byLine ? asRecord(value.byLine[LIST_LINE])?.["out"] : asRecord(value.result)?.["out"];
      const line = Array.isArray(out) ? out.find((l) => typeof l === "string" && l.includes('"tools"')) : undefined;
      return typeof line === "string" ? diagnoseSerialisation(line) : undefined;
    },
  },
]);
