// Task 4's behaviour checks: generated lists of lines for serve, judged against the rules with
// the handle serve calls (the student's own, replayed; the model's when serve has its own).
import type { Random } from "../../../src/pack/random.js";
import { drawnBlank, TRIM_SPACES } from "../../../src/pack/drawn-chars.js";
import type { BehaviourCheck } from "./check.js";
import { TASK4_VARIANT_CHECKS } from "./variant-checks.js";
import { PAGE_REQUESTS } from "./rule-draws.js";
import { call, CLIENT_META, request } from "../course/fixtures.js";

const BLANK = ["", " ", "\t", "   ", " \t "];
const NOT_JSON = ["{not json", "{", "}", "not json", "{\"jsonrpc\": \"2.0\",", "[1, 2", "'single'", "undefined", "NaN", "{'id': 1}", "tools/list"];
// trim() removes more than JSON's own whitespace (space, tab, CR, LF): U+00A0, U+FEFF, U+2028
// and the like. A line of them alone is blank; a message padded with them is not JSON.
const BLANK_UNICODE = ["\r", "\u00a0", "\ufeff", "\u2028", " \r", "\u3000\t"];
const PADS = ["\u00a0", "\ufeff", "\u2028", "\u3000", "\v", "\f"];
const PADDED = PADS.map((pad, i) =>
  i % 2 ? `${JSON.stringify(request(i + 1, "tools/list"))}${pad}` : `${pad}${JSON.stringify(request(i + 1, "tools/list"))}`);
// Each pad on its other side too: a serve stripping a leading BOM alone (a TextDecoder round trip)
// kept every point while the BOM came after only (stateless-round-2026-12-06u m-serve-textdecoder-drops-bom).
const PADDED_OTHER_SIDE = PADS.map((pad, i) =>
  i % 2 ? `${pad}${JSON.stringify(request(i + 11, "tools/list"))}` : `${JSON.stringify(request(i + 11, "tools/list"))}${pad}`);
const INHERITED_KEYS = [`{"constructor":{"name":"x"},`, `{"__proto__":null,`, `{"toString":1,"hasOwnProperty":"no",`].map((head, i) =>
  JSON.stringify(request(70 + i, "tools/list")).replace(/^\{/, head));
/** Lines of the long generated session: past any small limit a serve might keep. */
const LONG_SESSION = 60;
const LONGEST_SESSION = 130;
const NOT_OBJECTS = ["5", "[1,2]", "[]", "\"tools/list\"", "null", "true", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}]"];
// Lines with JSON's own whitespace (space, tab, CR) at an end: not blank, so read, and the same
// kind as without it. The Parse error line written only for unpadded text, and the Invalid Request
// line only for a bare non-object, kept 41/41 while every such line was bare (cheats-round-2026-12-07i
// sl-serve-parse-unpadded, sl-serve-invalid-unpadded).
const UNREADABLE_PADDED = [" {not json", "tools/list\t", "\t{'id': 1} ", " \tundefined\r", `\t${JSON.stringify(request(44, "tools/list")).slice(0, -1)} `];
const NOT_OBJECTS_PADDED = [" 5", "[1,2]\t", "null\r", "\ttrue ", " \"tools/list\"\t", "\r[]", " \t[{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}] "];
// Unreadable lines of several KB (a big request cut short, a pasted log): the Parse error line
// written only for lines of at most 400 characters kept 41/41 while every long line was readable
// (cheats-round-2026-12-07i sl-serve-parse-short-lines).
const UNREADABLE_LONG = [
  JSON.stringify({ jsonrpc: "2.0", id: 45, method: "tools/list", params: { _meta: { ...CLIENT_META, "com.example/trace": "t".repeat(4000) } } }).slice(0, -2),
  "ERROR worker stalled; ".repeat(300).trim(),
];

function messageLine(random: Random): string {
  const id = random.int(1, 500);
  const made = random.pick([
    ...PAGE_REQUESTS.map((make) => () => make(random, id)),
    () => ({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } }),
    () => ({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: { ...CLIENT_META, "io.modelcontextprotocol/protocolVersion": "2025-06-18" } } }),
  ])();
  // Pretty-printed on one line or compact: both are one JSON message.
  return random.bool() ? JSON.stringify(made) : JSON.stringify(made).replace(/,"/g, ', "').replace(/":/g, '": ');
}

/**
 * `size` lines, with a non-object at each of `at`, the rest blank or unreadable as the drawn lists'
 * (no object: a serve's blank test too wide is then seen as that one mistake, skipped-as-blank.ts;
 * and no request, whose answers handle's oracle run would compute too, within the work budget).
 */
const withNotObjects = (size: number, at: number[]): string[] =>
  Array.from({ length: size }, (_, k) => (at.includes(k) ? NOT_OBJECTS[at.indexOf(k) % NOT_OBJECTS.length]! : k % 2 ? BLANK[k % BLANK.length]! : NOT_JSON[k % NOT_JSON.length]!));

/** A list holding a line twice: where a log numbered by indexOf shows, t4_messages' case (BehaviourCheck.reachedBy). */
const REPEATS = (input: unknown): readonly string[] =>
  Array.isArray(input) && new Set(input).size < input.length ? ["t4_messages"] : [];

const RULE_CHECKS: readonly BehaviourCheck[] = [
  // Three rules, three checks: a serve wrong on blanks, on unreadable lines and on JSON that is
  // not an object makes three mistakes, each a point (a-serve-three-odd-lines kept 40/41 while
  // one check held them all). Each check's subtle lines are its own; the plain ones of the other
  // kinds stand between them, so the line numbers still count every line.
  {
    id: "t4_blank_lines", task: "task4", reachedBy: REPEATS, title: "Blank lines, of any whitespace, skipped but counted",
    rule: "Task 4 rule 1: a line that is empty or whitespace alone (what trim() removes: U+00A0, U+FEFF, \\r too) is skipped, with no answer and no log, but counted for the later lines' numbers.",
    hint: "Try serve([\"\\u00a0\", \"{\"]) by hand: log [\"line 2\"], one error line out. Test a blank line with line.trim() === \"\".",
    inputs: (random) => [
      [], ...BLANK.map((b) => [b]), ...BLANK_UNICODE.map((b) => [b]),
      [`\t${JSON.stringify(request(7, "tools/list"))}\r`, ...BLANK_UNICODE],
      ...Array.from({ length: 6 }, () => Array.from({ length: random.int(2, 6) }, () => random.pick([...BLANK, ...BLANK_UNICODE, ...NOT_JSON]))),
      // Blanks drawn from all that trim() removes: a table of BLANK_UNICODE's passed.
      ...Array.from({ length: 4 }, () => [drawnBlank(random, TRIM_SPACES), JSON.stringify(request(random.int(1, 99), "tools/list")), drawnBlank(random, TRIM_SPACES)]),
    ],
  },
  {
    id: "t4_unreadable_lines", task: "task4", reachedBy: REPEATS, title: "Lines that are not JSON, padded messages among them, get the parse error line",
    rule: "Task 4 rule 2: a line JSON.parse cannot read, as it is (a message padded with U+00A0 or U+FEFF is not JSON), gets the parse error line, with its \"line N\" log.",
    hint: "Try serve([\"{\", \"\\u00a0{}\"]) by hand: two parse error lines, log [\"line 1\", \"line 2\"]. Parse the line as it is, not trimmed.",
    inputs: (random) => [
      ...NOT_JSON.map((l) => [l]), ...PADDED.map((l) => [l]),
      ...Array.from({ length: 6 }, () => Array.from({ length: random.int(2, 6) }, () => random.pick([...BLANK, ...NOT_JSON, ...PADDED]))),
      // Lines a comment syntax would skip: not JSON, so each gets the parse error line (a serve
      // that skipped "#" and "//" lines kept 41/41: serve-skips-comment-lines). Last, for the draws.
      ["# a comment", "// another"], ["#", "//"],
      ...PADDED_OTHER_SIDE.map((l) => [l]),
      // A message with text before or after it, and a stream's framing: not JSON either (a serve
      // that cut a trailing " // note" or ",", a leading "data: ", or skipped "Content-Length:"
      // headers kept 41/41: helper 114's sl-mistake-serve-strips-line-comments, -drops-trailing-comma,
      // -strips-sse-data-prefix, -skips-content-length-headers).
      [`${JSON.stringify(request(41, "tools/list"))} // note`, `${JSON.stringify(request(42, "tools/list"))},`],
      // No object in these lists: a blank test too wide (unbraced lines skipped) is read as that one
      // mistake only where no line is handle's (grading/skipped-as-blank.ts).
      [`data: ${JSON.stringify(request(43, "tools/list"))}`, "Content-Length: 52"],
      // Each a list of its own, last: padded with spaces or tabs, and several KB long.
      ...UNREADABLE_PADDED.map((l) => [l]), ...UNREADABLE_LONG.map((l) => [l]), [UNREADABLE_LONG[0]!, "", UNREADABLE_PADDED[0]!],
    ],
  },
  {
    id: "t4_not_objects", task: "task4", reachedBy: REPEATS, title: "JSON that is not an object gets the Invalid Request line",
    rule: "Task 4 rule 3: JSON that is not an object (a number, an array, a string, null, true) gets the Invalid Request line with its \"line N\" log; an object is an object whatever its keys are called (\"constructor\", \"__proto__\").",
    hint: "Try serve([\"5\", \"null\"]) by hand: two Invalid Request lines with id null, log [\"line 1\", \"line 2\"].",
    inputs: (random) => [
      ...NOT_OBJECTS.map((l) => [l]),
      ...Array.from({ length: 6 }, () => Array.from({ length: random.int(2, 6) }, () => random.pick([...BLANK, ...NOT_JSON, ...NOT_OBJECTS]))),
      // Objects whose own keys are named like Object.prototype's: still objects, for handle (a
      // test of message.constructor === Object called them Invalid Request and passed while no
      // line held such a key).
      INHERITED_KEYS,
      // JSON beyond ASCII and the BMP that is not an object: the Invalid Request line kept for
      // ASCII lines only kept 41/41 (cheats-round-2026-12-07f sl-serve-ascii-only). Last, for the draws.
      ["\"日本 📦\"", "[\"é\"]"],
      // Long batches with the non-objects late (no draw): the Invalid Request line written only in
      // batches of at most 12 lines kept 41/41 (cheats-round-2026-12-07h sl-serve-invalid-small-batch).
      ...[[40, [20, 33, 39]], [150, [14, 90, 120, 149]]].map(([size, at]) => withNotObjects(size as number, at as number[])),
      // Each a list of its own, last: with spaces, tabs or a CR at an end.
      ...NOT_OBJECTS_PADDED.map((l) => [l]),
      // A string whose text is a message (the line JSON-encoded twice): a string, not an object; a
      // serve that parsed such a string again answered it (fair-round-2026-12-07j sl-m-serve-double-encoded-parsed).
      [JSON.stringify(JSON.stringify(request(45, "tools/list")))], [JSON.stringify(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })), JSON.stringify(JSON.stringify(request("s-46", "prompts/list")))],
    ],
  },
  {
    id: "t4_messages", task: "task4", title: "Generated sessions: one line per response, in order, nothing for a notification",
    rule: "Task 4 rules 2 and 4: every message goes to handle in order, its response written with JSON.stringify on one line, null adding nothing; log \"line N\" by position.",
    hint: "Keep one loop over the lines with their index; do not stop at the first error, and do not answer a notification.",
    inputs: (random) => [
      // Ids a falsy test drops: 0 and "" are ids like any other (a notification has no id key).
      [0, "", 0].map((id, i) => JSON.stringify(i === 2 ? call(id, "get_order_status", { order_id: "A100" }) : request(id, i ? "server/discover" : "tools/list"))),
      ...Array.from({ length: 20 }, () => Array.from({ length: random.int(1, 7) }, () => {
      const r = random.next();
      return r < 0.65 ? messageLine(random) : r < 0.8 ? random.pick(BLANK) : random.pick([...NOT_JSON, ...NOT_OBJECTS]);
    })),
      // Requests whose methods are notifications' (an id makes a request, answered by handle) around
      // a notification: a serve that skipped every notifications/ line kept 41/41. Last, so the
      // drawn lists keep their draws.
      [request(8, "notifications/cancelled", { requestId: 2 }), { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 8 } }, request(9, "notifications/initialized")].map((m) => JSON.stringify(m)),
      // A long session: a serve that reads only its first 16 lines kept 41/41 while no list had
      // more than 10 (serve-first-sixteen-lines). Last, for the draws.
      Array.from({ length: LONG_SESSION }, () => messageLine(random)),
      // A response holding null (the version refused as absent: data.requested null), written as
      // it is: a serve whose JSON.stringify replacer dropped nulls kept 41/41 while no answer held
      // one (helper 103's m-serve-replacer-drops-null). Last, for the draws.
      [JSON.stringify({ jsonrpc: "2.0", id: 11, method: "tools/list", params: { _meta: Object.fromEntries(Object.entries(CLIENT_META).filter(([k]) => !k.endsWith("/protocolVersion"))) } })],
      // Lines met twice, each logged by its own position: a log numbered by indexOf shows here on
      // every seed, and the odd lines' checks charge their repeated lists to this one (REPEATS).
      [JSON.stringify(request(12, "tools/list")), "{not json", JSON.stringify(request(13, "tools/list")), "{not json", "5", "5"],
      // Past any round cap a serve might keep, and a line past any length cap: every line is read
      // (helper 114's sl-mistake-serve-line-cap-100 and -line-length-cap kept 41/41). Last, for the draws.
      Array.from({ length: LONGEST_SESSION }, () => messageLine(random)),
      [JSON.stringify({ jsonrpc: "2.0", id: 14, method: "tools/list", params: { _meta: { ...CLIENT_META, "io.modelcontextprotocol/protocolVersion": "2026-07-28", "com.example/trace": "t".repeat(3000) } } }), JSON.stringify(request(15, "tools/list"))],
      // Each a list of its own, last: messages only JSON.parse's reading tells apart. An id key
      // written with an escape is the id (a serve that looked for "id" in the text left it
      // unanswered); an id that looks like a number stays a string (a reviver turning numeric
      // strings into numbers answered under id 7): each kept 41/41 (ch2-sl-round-2026-12-07d
      // sl-mistake-serve-id-by-text-search, -reviver-numeric-strings). Not a call whose order_id is
      // "100" or whose arguments hold "__proto__": their answers read checkArgs and the orders, and
      // the class's task 1 and 2 games (game-checkargs-table-empty, game-unknown-order-z-shape...)
      // then failed task 4 too (sl-mistake-serve-reviver-drops-proto stays open).
      [JSON.stringify(request(16, "tools/list")).replace('"id":16', '"\\u0069d":16')],
      [JSON.stringify(request("7", "tools/list"))],
    ],
  },
];


/** The checks of the three kinds of odd line, in order. */
export const LINE_KIND_CHECKS = ["t4_blank_lines", "t4_unreadable_lines", "t4_not_objects"];

/** The fixtures' cases again with other names and ids (variant-checks.ts), first: a run that stops on a later input keeps their verdicts; then the rules' checks. */
export const TASK4_CHECKS: readonly BehaviourCheck[] = [...TASK4_VARIANT_CHECKS, ...RULE_CHECKS];
