// Tools made from data, beside the lab's six: a name, a description and a schema of their own, and
// a run that returns a text of its own (with one argument's value after it) or raises a message
// of its own. The server is handed the tool object and nothing else, so only a server that lists
// and runs that object gives their answers: one that lists the course's LAB_TOOLS entry of the
// name, or answers each name from a table (add's sum, weather's city), kept every point while
// every session added only the lab's six (helper 37's st-list-by-name, st-tool-text-table).
// The sandbox's driver makes the same tool from the same data (course/drivers-source.ts, madeTool).
import type { Random } from "../../../src/pack/random.js";
import type { InputSchema, LabTool } from "../course/index.js";

/** What a made tool is, as data (its name is the step's `tool`). */
export interface MadeTool {
  description: string;
  inputSchema: InputSchema;
  /** What run returns, before the `echo` argument's value. */
  text: string;
  /** The argument whose value (as String gives it) run puts after `text`. */
  echo?: string;
  /** run raises an Error with this message instead. */
  raises?: string;
  /** The raised error's class, when not Error: a tool's bug (a TypeError) is a raise all the same. */
  raisesType?: "TypeError";
  /** Fields the specification's Tool has beside these (title, annotations): on the object the server is handed. */
  extra?: Record<string, unknown>;
}

const VERBS = ["lookup", "translate", "roll", "fetch", "count", "convert", "search", "rank"];
const NOUNS = ["docs", "words", "units", "dice", "page", "issues", "notes", "stock"];
const KEYS = ["query", "text", "n", "unit", "lang", "limit", "page_id"];
const TYPES = ["string", "number", "integer", "boolean"];
const FAILURES = ["quota exceeded", "no such page", "service unavailable", "bad unit"];

/** A name no lab tool and no name of Object.prototype's has: a verb, a noun and a drawn word. */
export function madeName(r: Random): string {
  return `${r.pick(VERBS)}_${r.pick(NOUNS)}_${r.word(2, 4)}`;
}

/** A made tool's data: 1-3 properties (some required), a drawn text, an echoed required argument, or a raised message. */
export function madeTool(r: Random, raises: boolean): MadeTool {
  const keys = KEYS.filter(() => r.bool()).slice(0, 3);
  if (!keys.length) keys.push(r.pick(KEYS));
  const properties = Object.fromEntries(keys.map((k) => [k, { type: r.pick(TYPES) }]));
  const required = keys.filter((_, i) => i === 0 || r.bool());
  const description = `${r.pick(["Look up", "Translate", "Count", "Fetch", "Rank"])} ${r.word(3, 8)} (${r.word(2, 6)}).`;
  const base = { description, inputSchema: { type: "object" as const, properties, required } };
  if (raises) return { ...base, text: "", raises: `${r.pick(FAILURES)}: ${r.word(3, 6)}` };
  const text = `${r.word(3, 7)} ${r.int(0, 999)} `;
  return r.bool() ? { ...base, text, echo: required[0]! } : { ...base, text };
}

/** The tool with an optional property (one no `required` names) added where every property was required. */
export function withOptional(r: Random, made: MadeTool): MadeTool {
  const { properties, required } = made.inputSchema;
  if (Object.keys(properties).some((k) => !required.includes(k))) return made;
  const key = r.pick(KEYS.filter((k) => !Object.hasOwn(properties, k)));
  return { ...made, inputSchema: { ...made.inputSchema, properties: { ...properties, [key]: { type: r.pick(TYPES) } } } };
}

/**
 * The required arguments of a made tool only, each a value of its type that is not falsy: a server
 * that reads a falsy value as missing makes another mistake (t2_tool_results'), which a refusal
 * here would blame on the optional arguments left out (grading/optional-args.ts).
 */
export function requiredArgs(r: Random, made: MadeTool): Record<string, unknown> {
  const { properties, required } = made.inputSchema;
  return Object.fromEntries(required.map((key) => {
    const type = properties[key]?.type;
    return [key, type === "string" ? r.pick(["Pune", "MCP", "a b", "ünï"]) : type === "boolean" ? true : r.pick([1, 7, -3, 42])];
  }));
}

/** Arguments for a made tool: every property, or one required one left out; values of the property's type. */
export function madeArgs(r: Random, made: MadeTool, leaveOut = false): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [key, { type }] of Object.entries(made.inputSchema.properties)) {
    args[key] = type === "string" ? r.pick(["Pune", "MCP", "a b", "", "ünï"]) : type === "boolean" ? r.bool() : r.pick([0, 1, 7, -3, 42]);
  }
  if (leaveOut) delete args[r.pick(made.inputSchema.required)];
  return args;
}

/** The tool object the server is handed (the model's copy; the driver's is made from the same data). */
export function madeLabTool(name: string, made: MadeTool): LabTool {
  return {
    ...structuredClone({ name, description: made.description, inputSchema: made.inputSchema, ...made.extra }),
    run: (args) => {
      if (made.raises !== undefined) throw made.raisesType === "TypeError" ? new TypeError(made.raises) : new Error(made.raises);
      return made.text + (made.echo === undefined ? "" : String(args[made.echo]));
    },
  };
}

/** The tool as code to paste (sessionCode). */
export function madeCode(name: string, made: MadeTool): string {
  const json = JSON.stringify;
  const run = made.raises !== undefined ? `() => { throw new ${made.raisesType ?? "Error"}(${json(made.raises)}); }`
    : made.echo === undefined ? `() => ${json(made.text)}` : `(args) => ${json(made.text)} + String(args[${json(made.echo)}])`;
  const extra = Object.entries(made.extra ?? {}).map(([k, v]) => `${k}: ${json(v)}, `).join("");
  return `{ name: ${json(name)}, description: ${json(made.description)}, inputSchema: ${json(made.inputSchema)}, ${extra}run: ${run} }`;
}
