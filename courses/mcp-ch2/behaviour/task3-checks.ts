// Task 3 beyond LINES: blank lines anywhere, several parse errors, notifications, spaces around
// the JSON, long inputs. Every line is either blank, JSON both Python and JavaScript parse the
// same way, or text neither parses.
import { NOT_JSON_LIKE_PAGE, notJsonAt } from "../../../src/pack/line-by-line.js";
import { LINES, MESSAGES } from "../course/fixtures.js";
import { canonicalJson, pythonDumps, pythonLength } from "../../../src/json/python-json.js";
import { reversedKeys } from "../../../src/json/reversed-keys.js";
import type { BehaviourCheck } from "./check.js";
import { drawnBlank, drawnNonAscii, STRIP_SPACES } from "../../../src/pack/drawn-chars.js";
import type { Random } from "../../../src/pack/random.js";

const BLANKS = [" ", "\t", "   ", " \t "];
const NOT_JSON = ["{not json", "[", "}", "hello", "{\"jsonrpc\": \"2.0\",", "{'id': 1}", "{\"id\": 1,}", "tools/list"];
// A message padded with characters trim() removes but JSON's whitespace does not hold (U+00A0,
// BOM, U+2028, U+3000): json.loads and JSON.parse both refuse the line, a Parse error. A serve
// that parses the trimmed line answered them as messages, and no other list showed it. Each before
// and after: a serve stripping a leading BOM alone kept every point while the BOM came after only
// (helper 102's mistake-serve-strips-leading-bom; json.loads refuses it either side).
const PADDED = ["\u00a0", "\ufeff", "\u2028", "\u3000"].flatMap((pad, i) => {
  const line = (id: number): string => `{"jsonrpc": "2.0", "id": ${id}, "method": "tools/list"}`;
  return i % 2 ? [`${line(i + 21)}${pad}`, `${pad}${line(i + 31)}`] : [`${pad}${line(i + 21)}`, `${line(i + 31)}${pad}`];
});

const TOOLS_LIST = (id: number): string => `{"jsonrpc": "2.0", "id": ${id}, "method": "tools/list"}`;
const NOTIFIED = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });

const linesOfInput = (input: unknown): string[] => (Array.isArray(input) ? input.filter((line): line is string => typeof line === "string") : []);
/** Whether a list meets one of its lines again (the same text). */
const repeatsALine = (input: unknown): boolean => { const lines = linesOfInput(input); return new Set(lines).size < lines.length; };

// Unreadable lines with spaces or tabs at an end (not blank after strip(), so a Parse error line
// each), and unreadable lines of several KB (a big request cut short, a pasted log): the Parse
// error line written only for unpadded lines, or lines of at most 400 characters, kept every point
// while every unreadable line was short and bare (cheats-round-2026-12-07i ch2-serve-parse-unpadded,
// ch2-serve-parse-short-lines).
const NOT_JSON_PADDED = [" {not json", "tools/list\t", "\t{'id': 1} ", " \thello\r", `\t${TOOLS_LIST(47).slice(0, -1)} `];
const NOT_JSON_LONG = [
  `{"jsonrpc": "2.0", "id": 48, "method": "tools/call", "params": {"name": "logs_search", "arguments": {"service": "api", "query": "${"q".repeat(4000)}`,
  "ERROR worker stalled; ".repeat(300).trim(),
];

function messageLine(random: Random): string {
  const message = structuredClone(random.pick(MESSAGES));
  if ("id" in message) message.id = random.int(1, 999);
  return random.bool() ? pythonDumps(message) : JSON.stringify(message);
}

function linesOf(random: Random, length: number, extra: () => string): string[] {
  return Array.from({ length }, () => (random.next() < 0.5 ? messageLine(random) : extra()));
}

const times = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

/**
 * serve's answer with every out line that is JSON written canonically: what the rules of which
 * lines get which answers read. The line format is t3_same_lines' and the evidence lines' to
 * judge, so a serve that pretty-prints or does not sort keys fails those, not every check here
 * with a hint about something else.
 */
function whatIsAnswered(answer: unknown): unknown {
  if (answer === null || typeof answer !== "object" || !Array.isArray((answer as { out?: unknown }).out)) return answer;
  const out = (answer as { out: unknown[] }).out.map((line) => {
    if (typeof line !== "string") return line;
    try { return canonicalJson(JSON.parse(line)); } catch { return line; }
  });
  return { ...(answer as object), out };
}

/**
 * How many Parse error lines serve wrote: all this rule reads. What else it writes for a line that
 * is no object (handle's answer, or -32600 with id null) is the README's reading 4's to leave open,
 * and how it numbers, counts or skips lines is the other rules' (one mistake there failed this
 * check too and cost two: serve-skips-last-line, serve-loops-on-padded).
 */
function parseErrorsWritten(answer: unknown): unknown {
  const out = (answer as { out?: unknown } | null)?.out;
  if (!Array.isArray(out)) return answer;
  return out.filter((line) => { try { return (JSON.parse(line as string) as { error?: { code?: unknown } }).error?.code === -32700; } catch { return false; } }).length;
}

/** LINES with every id changed (the same lines otherwise): serve's answer depends on each line, not on the list being the chapter's. */
function relabelled(random: Random): string[] {
  return LINES.map((line) => {
    let message: unknown;
    try { message = JSON.parse(line); } catch { return line; }
    if (message === null || typeof message !== "object" || !("id" in message)) return line;
    return pythonDumps({ ...(message as Record<string, unknown>), id: random.int(8, 999) } as never);
  });
}

const REQUESTS = MESSAGES.filter((m) => "id" in m);

/**
 * Three requests under random ids, in a random order, for handle to answer (serve is judged against
 * the student's own handle): one of the chapter's; a logs_search call that breaks a rule (a
 * service outside the list, a limit out of range, a key more); another tool or a method no server
 * has. Only handle answers all of them: a serve that answers from a table of the chapter's answers
 * cannot.
 */
function threeRequests(random: Random): string[] {
  const id = (): number => random.int(8, 999);
  const call = (name: string, args: Record<string, unknown>) => ({ jsonrpc: "2.0", id: id(), method: "tools/call", params: { name, arguments: args } });
  const broken = (): Record<string, unknown> => {
    const args: Record<string, unknown> = { service: random.pick(["api", "worker", "billing"]), query: random.word(2, 12) };
    const how = random.int(0, 2);
    if (how === 0) args["service"] = random.word(3, 8);
    if (how === 1) args["limit"] = random.pick([0, 51, random.int(52, 500)]);
    if (how === 2) args[random.word(3, 6)] = random.word(1, 5);
    return args;
  };
  const made = [
    { ...structuredClone(random.pick(REQUESTS)), id: id() },
    call("logs_search", broken()),
    random.bool() ? call(random.word(3, 10, true), {}) : { jsonrpc: "2.0", id: id(), method: `${random.word(3, 9)}/${random.word(3, 9)}` },
  ];
  for (let i = made.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [made[i], made[j]] = [made[j]!, made[i]!];
  }
  return made.map((m) => pythonDumps(m as never));
}

/**
 * LINES with each line swapped for another of its kind, in the same places: another request, another
 * notification, another text that is not JSON; the blank line stays "". The same kinds of line
 * give answers of the same shape, which a table of the chapter's lines (even one that puts any id
 * back) cannot give: only reading each line by what it is can.
 */
function sameKinds(random: Random): string[] {
  const requests = threeRequests(random);
  return LINES.map((line) => {
    if (line === "") return line;
    let message: unknown;
    try { message = JSON.parse(line); } catch { return random.pick(NOT_JSON_LIKE_PAGE); }
    if (message === null || typeof message !== "object" || !("id" in message)) return pythonDumps({ jsonrpc: "2.0", method: `notifications/${random.word(3, 9)}` } as never);
    return requests.shift()!;
  });
}

/** Where LINES has its line that is not JSON (grading/serve-lines.ts reads its failure alone). */
export const NOT_JSON_AT = notJsonAt(LINES);

/** The lines with every message's keys in reverse order, written as json.dumps writes them. */
const keysReversed = (lines: readonly string[]): string[] => lines.map((line) => {
  try { return pythonDumps(reversedKeys(JSON.parse(line) as never)); } catch { return line; }
});

/**
 * The lists of the rule of serve's five lines. One of them has no line that is not JSON: every
 * other list holds one, so a serve that throws at one place on every list it has no table for
 * failed them all as JSON.parse without try/catch fails them (that line's mistake, excused here),
 * and kept the rule. Without such a line, only a serve that reads each line answers it. One has
 * every message's keys in another order: JSON's objects have none, and a serve that reads a
 * message by its text's order (its first value as the version) answered every other list.
 */
function relabelledLines(random: Random): string[][] {
  const lists = [...Array.from({ length: 2 }, () => relabelled(random)), ...Array.from({ length: 2 }, () => sameKinds(random))];
  // Made from lists already drawn, not drawn anew: the later checks keep their draws, and serve's
  // generated run as many lists that are not JSON (a serve that loops on each is stopped on each,
  // within the run's budget: fuel.ts AFTER_STOP_SHARE).
  return [...lists, lists[3]!.filter((_, i) => i !== NOT_JSON_AT), keysReversed(lists[0]!)];
}

/**
 * What serve's five evidence lines read of an answer: how many out and log lines, whether one
 * holds a newline, the Parse error lines as written, and each out line's length and id. Not the
 * log's text nor the order of keys inside a line of the same length: a mistake there is no line's
 * and t3_exact_lines charges it, once, instead of taking the points of all five right lines.
 */
function whatTheLinesRead(answer: unknown): unknown {
  const r = answer as { out?: unknown; log?: unknown } | null;
  if (r === null || typeof r !== "object" || !Array.isArray(r.out) || !Array.isArray(r.log) || !r.out.every((l) => typeof l === "string")) return answer;
  const out = r.out as string[];
  const idOf = (line: string): unknown => { try { const m = JSON.parse(line) as unknown; return m !== null && typeof m === "object" && "id" in m ? (m as { id: unknown }).id : "-"; } catch { return "-"; } };
  return [out.length, r.log.length, out.some((l) => l.includes("\n")), out.filter((l) => l.includes("-32700")), out.map((l) => [pythonLength(l), idOf(l)])];
}

// Words outside printable ASCII: accented letters, a CJK word, an emoji (two UTF-16 units, so two
// escapes), DEL and U+2028, which JSON.stringify leaves as they are and json.dumps escapes.
const NON_ASCII = ["café", "naïve", "Grüße", "日本語", "ok 😀", "del\u007f", "a\u2028b", "ÿ"];

/** A valid call or an unknown tool whose text holds a word outside ASCII, under a random id. */
function nonAsciiLine(random: Random): string {
  // Half the time a character drawn from anywhere outside ASCII: a table of NON_ASCII's letters passed.
  const word = `${random.bool() ? random.pick(NON_ASCII) : `${random.word(1, 3)}${drawnNonAscii(random)}`}${random.bool() ? ` ${random.word(1, 6)}` : ""}`;
  const id = random.int(1, 999);
  const message = random.next() < 0.75
    ? { jsonrpc: "2.0", id, method: "tools/call", params: { name: "logs_search", arguments: { service: "api", query: word } } }
    : { jsonrpc: "2.0", id, method: "tools/call", params: { name: word, arguments: {} } };
  return random.bool() ? pythonDumps(message as never) : JSON.stringify(message);
}

/** Each out line's escapes and characters outside ASCII, in order (text outside ASCII as its escapes): nothing else of the line. */
function escapesOf(answer: unknown): unknown {
  const out = (answer as { out?: unknown } | null)?.out;
  if (!Array.isArray(out) || !out.every((l) => typeof l === "string")) return answer;
  // Each line's escapes and the characters that should have been one, in order: \uXXXX, the short
  // ones (\" \\ \/ \b \f \n \r \t), controls and text outside printable ASCII as written.
  // Text outside ASCII (DEL and up) written as it is reads as json.dumps's escape of each UTF-16
  // unit: the same JSON, and the page's list of what its json.dumps call is for (keys sorted, no
  // spaces, no newline) leaves ensure_ascii out, so JSON.stringify's way is the page's too (three
  // of helper 141's four ordinary chapter-2 submissions wrote it so and lost the point:
  // class-round-2026-12-07l). Controls stay as written: JSON has them escaped.
  return (out as string[]).map((line) => (line.match(/\\u[0-9a-fA-F]{4}|\\["\\/bfnrt]|[^\x20-\x7e]/g) ?? []).map(asEscape));
}

const asEscape = (part: string): string => (part.length === 1 && part >= "\x7f" ? `\\u${part.charCodeAt(0).toString(16).padStart(4, "0")}` : part);

/**
 * Answers whose text holds what JSON escapes inside a string: a quote, a backslash, controls; the
 * error's text outside ASCII too, so that every seed has an answer with no boolean in it that needs
 * escaping (a serve that throws on a boolean and writes the rest with JSON.stringify had every
 * t3_non_ascii list excused on seeds 1 and 7: game-serve-boolean-throw-stringify).
 */
// And / < > &, which json.dumps writes as they are: a hand-made dumps writing \/ or \u003c (a PHP
// or HTML-safe habit) kept every point while no answer held one (helper 102's
// mistake-dumps-escapes-slash, mistake-dumps-html-safe-escapes).
const ODD_TEXT = "say \"hi\" \\ now\tthen\nnext\b\f\r\u0001 a/b <x> & y end";
const ESCAPED = [
  JSON.stringify({ jsonrpc: "2.0", id: 950, method: "tools/call", params: { name: "logs_search", arguments: { service: "api", query: ODD_TEXT } } }),
  JSON.stringify({ jsonrpc: "2.0", id: 951, method: "tools/call", params: { name: `tool ${ODD_TEXT} café`, arguments: {} } }),
  // Outside a text or a message, and in a long string: escaping only some keys' values or only
  // short strings kept the point (helper 101's ch2-serve-escape-text-only, -escape-short).
  JSON.stringify({ jsonrpc: "2.0", id: "réq-952", method: "tools/list" }),
  JSON.stringify({ jsonrpc: "2.0", id: 953, method: "tools/call", params: { name: `outil-${"é".repeat(40)}${"-日本語".repeat(10)}`, arguments: {} } }),
];

export const TASK3_CHECKS: BehaviourCheck[] = [
  {
    name: "t3_same_lines", task: "task3", judge: "output", part: whatTheLinesRead,
    title: "The chapter's six lines, with other ids or other lines of the same kinds, get answers of the same shape",
    rule: "serve answers each line by what it is (blank, not JSON, a notification, a request for handle), whatever its id and text: one out line per answered request and per line that is not JSON, one log line per non-empty line, the exact Parse error line, each answer json.dumps's length under its own id.",
    hint: "Look for code that recognises the chapter's exact lines (a table of answers) instead of going through the lines one by one.",
    inputs: relabelledLines,
  },
  {
    name: "t3_exact_lines", task: "task3", judge: "output", stream: "t3_same_lines",
    title: "The chapter's six lines, with other ids or other lines of the same kinds, get exactly json.dumps's out lines and the \"line N\" log",
    rule: "Every log line is \"line N\" with N the line's position counting from 1, and every out line is written as json.dumps(response, separators=(\",\", \":\"), sort_keys=True) writes it: keys sorted at every level, nested objects included, no spaces after , or :.",
    hint: "Compare your log with \"line 1\", \"line 3\"... and sort the keys of every object inside a response too, not only the top level.",
    inputs: relabelledLines,
  },
  {
    name: "t3_blank_lines", task: "task3", judge: "output", part: whatIsAnswered,
    title: "Empty and whitespace-only lines anywhere are skipped, and still counted in the numbering",
    rule: "A line that is empty after strip() (whitespace alone: spaces, tabs, a no-break space, U+3000...) gets no log line and no output, but it counts: the next line's log says its real position, counting from 1.",
    inputs: (random) => [
      ["", messageLine(random)], [" ", messageLine(random)], ["\t", "{not json"], [messageLine(random), "", "", messageLine(random)],
      ...times(10, () => linesOf(random, random.int(2, 12), () => random.pick(["", ...BLANKS, drawnBlank(random, STRIP_SPACES)]))),
      // Last (no draw): a line met again after a blank, of each kind. A log numbered by indexOf, or
      // a line met twice skipped, is this rule's slip on every seed: the draws above repeat a line
      // on some seeds only, and the other rules whose lists repeat one (reachedBy) were charged
      // apart where they did not (gaming-round-2026-12-08u ch2-narrow-serve-log-indexof, -skip-repeat: 15/17).
      ["{not json", "", "{not json"], [NOTIFIED, " ", NOTIFIED], [TOOLS_LIST(9), "", TOOLS_LIST(9)],
    ],
  },
  {
    name: "t3_parse_errors", task: "task3", judge: "output", part: whatIsAnswered,
    // A padded line is a blank line's kind too (a hand-made trim), and a line met twice is where a
    // log numbered by indexOf shows (t3_blank_lines' lists repeat "" first): those slips reach such
    // lists only, so a parse that breaks on a line neither touches is this rule's own.
    reachedBy: (input) => (linesOfInput(input).some((line) => line.trim() !== line) || repeatsALine(input) ? ["t3_blank_lines", "t3_exact_lines"] : []),
    title: "Every line that is not JSON gets its own Parse error line",
    rule: "A line json.loads cannot parse gets {\"jsonrpc\": \"2.0\", \"id\": null, \"error\": {\"code\": -32700, \"message\": \"Parse error\"}} in out (serialised canonically), and the loop goes on with the next line.",
    inputs: (random) => [
      ...NOT_JSON.map((line) => [line]),
      ...PADDED.map((line) => [line]),
      ["{not json", "{not json"],
      ...times(6, () => linesOf(random, random.int(2, 10), () => random.pick(NOT_JSON))),
      // Zero-width characters alone: neither trim() nor strip() removes them, so the line is not
      // blank but not JSON (a blank test that took them for spaces kept every point: helper 108's
      // mistake-serve-blank-includes-zero-width). Last, so the drawn lists keep their draws.
      ["\u200b"], ["\u200c\u200d", "\u2060"],
      // A message with text before or after it, and lines that read as comments or a stream's
      // framing elsewhere, are not JSON: a serve that cut a trailing " // note" or ",", a leading
      // "data: ", or skipped "#" lines answered them and kept every point (helper 114's
      // ch2-mistake-serve-strips-line-comments, -drops-trailing-comma, -strips-sse-data-prefix, -skips-hash-comments).
      [`${TOOLS_LIST(41)} // note`, `${TOOLS_LIST(42)},`], [`data: ${TOOLS_LIST(43)}`], ["# a comment", TOOLS_LIST(44), "// another"],
      // Each a list of its own, last: padded with spaces or tabs, and several KB long.
      ...NOT_JSON_PADDED.map((line) => [line]), ...NOT_JSON_LONG.map((line) => [line]), [NOT_JSON_LONG[0]!, "", NOT_JSON_PADDED[0]!],
    ],
  },
  {
    name: "t3_notifications", task: "task3", judge: "output", part: whatIsAnswered,
    // A list that meets a line twice is where a log numbered by indexOf shows: t3_blank_lines' slip.
    reachedBy: (input) => (repeatsALine(input) ? ["t3_blank_lines", "t3_exact_lines"] : []),
    title: "A notification line gets a log line and no output",
    rule: "handle returns null for a notification, so nothing goes to out; the line is not empty, so it still gets \"line N\" in log. What is a notification is handle's to say (no id): serve passes every message to handle as json.loads reads it.",
    inputs: (random) => [
      [JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })],
      [JSON.stringify({ jsonrpc: "2.0", method: "tools/list" }), JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })],
      ...times(5, () => linesOf(random, random.int(2, 8), () => JSON.stringify({ jsonrpc: "2.0", method: `notifications/${random.word(3, 9)}` }))),
      // A request with an id is handle's to answer whatever its method is called: a serve that
      // skipped notifications/... itself, never asking handle, passed while no line had an id.
      [JSON.stringify({ jsonrpc: "2.0", id: 4, method: "notifications/initialized" }), JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })],
      // Ids that are falsy are ids all the same (rule 1: a message with an id key is a request), and
      // whatever handle answers goes to out: a serve that kept only answers with a truthy id passed
      // while no list had one (serve-drops-falsy-id). Not id null: its answer is the Parse error's
      // shape, a dumps that throws on null is that line's mistake (serve-dumps-no-null).
      [JSON.stringify({ jsonrpc: "2.0", id: 0, method: "tools/list" }), JSON.stringify({ jsonrpc: "2.0", id: "", method: "tools/list" })],
      // Last, each a list of its own: messages that only json.loads' reading tells apart. An id
      // key written with an escape is the id (a serve that looked for "id" in the text left it
      // unanswered); strings that look like numbers stay strings (a reviver turning them into
      // numbers answered "query must be of type string" under id 7); "__proto__" in the
      // arguments is a key like any other (a reviver dropping it searched): each kept every point
      // (ch2-sl-round-2026-12-07d ch2-mistake-serve-id-by-text-search, -serve-reviver-numeric-strings;
      // ch2-round-2026-12-06n mistake-serve-reviver-drops-proto).
      [String.raw`{"jsonrpc": "2.0", "\u0069d": 45, "method": "tools/list"}`],
      [JSON.stringify({ jsonrpc: "2.0", id: "7", method: "tools/call", params: { name: "logs_search", arguments: { service: "api", query: "404" } } })],
      [`{"jsonrpc": "2.0", "id": 46, "method": "tools/call", "params": {"name": "logs_search", "arguments": {"service": "api", "query": "x", "__proto__": 1}}}`],
    ],
  },
  {
    name: "t3_spaces_around_json", task: "task3", judge: "output", part: whatIsAnswered,
    title: "A message with spaces or tabs around it is still a message",
    rule: "json.loads ignores whitespace around the JSON: \"  {...}  \" is the same message. Only a line that is empty after strip() is skipped.",
    inputs: (random) => [
      [` ${messageLine(random)}`], [`${messageLine(random)}\t`],
      ...times(5, () => [`${random.pick(BLANKS)}${messageLine(random)}${random.pick(["", ...BLANKS])}`, messageLine(random)]),
    ],
  },
  {
    name: "t3_non_ascii", task: "task3", judge: "output", part: escapesOf,
    title: "Text outside ASCII keeps its characters, and quotes, backslashes and controls are escaped as json.dumps writes them",
    rule: "Text outside ASCII is written either as it is (JSON.stringify's way) or as json.dumps's default escapes (ensure_ascii: \\u and four lower-case hex digits of each UTF-16 unit, é as \\u00e9, an emoji two escapes, DEL \\u007f): both are the same JSON; inside a string a quote is \\\", a backslash \\\\, a tab, newline, backspace, form feed and carriage return \\t \\n \\b \\f \\r, and other controls \\u00XX (as JSON.stringify writes them).",
    hint: "JSON.stringify escapes quotes, backslashes and controls as json.dumps does and leaves é or 日本語 as they are, which is fine. A hand-written escape must be \\u and four hex digits per UTF-16 unit: an emoji is two escapes, never one \\u1f600.",
    // Every word once as well, after the drawn lines (which keep their draws): a pick of five or
    // so lines missed DEL on some seeds, so escaping from U+0080 up passed there.
    // Last, text with a quote, a backslash and controls, which json.dumps writes as \" \\ \t \n \b
    // \f \r and \u0001 (as JSON.stringify does): a hand-made dumps that wrote them bare, or a tab as
    // \u0009, kept every point while no answer held one (dumps-no-quote-escape, dumps-controls-as-u-escapes).
    inputs: (random) => [
      [nonAsciiLine(random)], ...times(5, () => Array.from({ length: random.int(2, 4) }, () => nonAsciiLine(random))),
      [...NON_ASCII, ...times(4, () => drawnNonAscii(random))].map((word, i) => JSON.stringify({ jsonrpc: "2.0", id: 900 + i, method: "tools/call", params: { name: "logs_search", arguments: { service: "api", query: word } } })),
      // Each a list of its own: a throw on the one does not excuse the other.
      ...ESCAPED.map((line) => [line]),
      // Letters NFC would compose (e + U+0301), each written back as it came: a serve normalising
      // its lines kept every point (helper 108's mistake-serve-nfc-normalizes-lines).
      [JSON.stringify({ jsonrpc: "2.0", id: 950, method: "tools/call", params: { name: "logs_search", arguments: { service: "api", query: "cafe\u0301 re\u0301sume\u0301" } } })],
    ],
  },
  {
    name: "t3_long_input", task: "task3", judge: "output", part: whatIsAnswered,
    title: "Long inputs: hundreds of lines, long messages",
    rule: "serve handles every line the same way however many there are: one log line per non-empty line, numbered by position, and one out line per answer.",
    // 200 lines still number past 100 and hold about a hundred answers. It was 300, which made
    // this one check a quarter of the sandbox's time per submission in a batch.
    inputs: (random) => [
      linesOf(random, 200, () => random.pick(["", " ", "{not json", JSON.stringify({ jsonrpc: "2.0", method: "notifications/x" })])),
      [JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "logs_search", arguments: { service: "api", query: random.word(3000, 5000) } } })],
    ],
  },
  {
    // Reading 4 of the pack README: handle's answer or -32600 with id null, either, and this rule
    // reads only that no Parse error is written. Only lists: a number or a string line is
    // undecided, the page's handle itself fails on it (`"id" in 5`). A serve that wrote the Parse
    // error line for JSON that is no object kept every point while no list held one
    // (slips-round-2026-12-07p ch2-mistake-serve-non-object-parse-error).
    name: "t3_not_objects", task: "task3", judge: "output", part: parseErrorsWritten,
    title: "A line that is JSON but not an object (a list) is no Parse error",
    rule: "json.loads reads \"[]\" without fail, so it is no Parse error: serve hands it to handle as the page says, and writes what handle returns, or refuses it as JSON-RPC 2.0 does, {\"jsonrpc\": \"2.0\", \"id\": null, \"error\": {\"code\": -32600, \"message\": \"Invalid Request\"}}; either is accepted.",
    hint: "The Parse error is for a line json.loads cannot read. A line that parses to a list or another value that is not an object was read: pass it on to handle, or answer -32600 with id null.",
    inputs: (random) => [["[]"], [messageLine(random), "[]"], ["[ ]", messageLine(random)]],
  },
];
