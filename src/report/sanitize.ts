// Student text made inert for each place a report shows it. A submission controls every string
// it returns, prints or names (files, folders), and each reader acts on something: a terminal on
// escape sequences and \r, a CI runner on a line that starts with `::` once white space is trimmed
// (or holds `##[` anywhere), Markdown on links and HTML, a spreadsheet on a cell that starts
// with `=`, the evidence file on a line break. Reporters pass student text through one of these.

// C0 and C1 controls, DEL, the line and paragraph separators, the bidi embeddings, overrides and
// isolates (Trojan Source), and what XML 1.0 cannot hold: lone surrogates, U+FFFE and U+FFFF.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]|\p{Cs}/gu;
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function codeOf(c: string): string {
  const n = c.codePointAt(0)!;
  return NAMED[c] ?? (n < 0x100 ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16).padStart(4, "0")}`);
}

/**
 * Each unsafe character shown by its code (`\x1b`, `\r`, `\u202e`), except those in `keep`. A
 * backslash already in the text is left alone, so paths and regexes read as written: the codes
 * are there to be read, not decoded.
 */
export function escapeControls(text: string, keep = ""): string {
  return text.replace(UNSAFE, (c) => (keep.includes(c) ? c : codeOf(c)));
}

// GitHub's runner trims .NET white space (JavaScript's \s and U+0085) before looking for `::`, and
// finds its older `##[` anywhere in a line, as Azure Pipelines does `##vso[` and TeamCity `##teamcity[`.
const COMMAND_START = /^([\s\u0085]*):(?=:)/;
const LEGACY_COMMAND = /#(?=#(?:vso|teamcity)?\[)/gi;

interface CommandEscapes { colon: string; hash: string }
const TERMINAL_CODES: CommandEscapes = { colon: "\\x3a", hash: "\\x23" };
// Character references: an XML reader gets the text back exactly, a runner sees no command.
const XML_REFERENCES: CommandEscapes = { colon: "&#58;", hash: "&#35;" };

/**
 * No line of the text can be read as a CI command, whatever the reporter puts before it. Only
 * for text whose line breaks are all \n (after escapeControls).
 */
export function defuseCommands(text: string, escapes: CommandEscapes = TERMINAL_CODES): string {
  return text.split("\n").map((line) => line.replace(LEGACY_COMMAND, escapes.hash).replace(COMMAND_START, `$1${escapes.colon}`)).join("\n");
}

const lfOnly = (text: string): string => text.replace(/\r\n/g, "\n");

/** Text for a terminal or a CI log, line breaks and tabs kept: what the pretty reporters print. */
export function terminalText(text: string): string {
  return defuseCommands(escapeControls(lfOnly(text), "\n\t"));
}

/** A name or a value that must stay on its line: a line break is shown as `\n` too. */
export function terminalLine(text: string): string {
  return defuseCommands(escapeControls(text, "\t"));
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** An XML element's text: controls shown by code (so only characters XML allows remain). */
export function xmlText(text: string): string {
  return defuseCommands(xmlEscape(escapeControls(lfOnly(text), "\n\t")), XML_REFERENCES);
}

/** An XML attribute on one line: its line breaks and tabs as references, which parsers read back. */
export function xmlAttribute(text: string): string {
  return defuseCommands(xmlEscape(escapeControls(lfOnly(text), "\n\t")).replace(/\n/g, "&#10;").replace(/\t/g, "&#9;"), XML_REFERENCES);
}

/** HTML text or a quoted attribute's value: inert markup, controls shown by code (class-html.ts). */
export function htmlText(text: string): string {
  return xmlEscape(escapeControls(lfOnly(text), "\n\t"));
}

// GitHub's own escapes for a workflow command (actions/runner ActionCommand.cs): the runner
// decodes them, so the annotation reads as the text, and the command cannot end early.
const WORKFLOW_DATA: Record<string, string> = { "%": "%25", "\r": "%0D", "\n": "%0A" };
const WORKFLOW_PROPERTY: Record<string, string> = { ...WORKFLOW_DATA, ":": "%3A", ",": "%2C" };

/** A workflow command's message: one line, controls shown by code. */
export function workflowData(text: string): string {
  return escapeControls(lfOnly(text), "\n\t").replace(/[%\r\n]/g, (c) => WORKFLOW_DATA[c]!);
}

/** A workflow command's property value (file, title). */
export function workflowProperty(text: string): string {
  return escapeControls(lfOnly(text), "\n\t").replace(/[%\r\n:,]/g, (c) => WORKFLOW_PROPERTY[c]!);
}

// Backslash escapes stop emphasis, strikethrough, math, code spans, links and images, a table's
// `|`, and GFM's www. and scheme:// autolinks, which it matches on the raw source; &, < and >
// become entities, so no tag is written. An `_` between letters never makes emphasis and stays,
// as do :, quotes and the like, so check ids and messages read as they are. GFM finds an email
// address in the parsed text, where escapes are gone: an empty comment before the `@` splits it.
const MARKDOWN_SYNTAX = /[\\`*[\]()|~!#+\-./$]|_(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])_|[&<>@]/gu;
const MARKDOWN: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "@": "<!---->\\@" };

/** Text inside one line of GitHub Markdown (a table cell, a bold name): shown as written, inert. */
export function markdownText(text: string): string {
  return escapeControls(text.replace(/\r?\n/g, " "), "\t").replace(MARKDOWN_SYNTAX, (c) => MARKDOWN[c] ?? `\\${c}`);
}

// A spreadsheet runs a cell that starts with one of these (OWASP, CSV injection), also after
// white space and in their full-width forms, which some locales accept.
const FORMULA_START = /^[\t\r\n]|^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]/;

/** A CSV cell's text that a spreadsheet shows and never runs: a `'` before anything formula-like. */
export function spreadsheetText(text: string): string {
  // A cell is read in a spreadsheet and, as often, printed to a terminal (cat grades.csv):
  // no control character stays raw, and no formula can start.
  const safe = escapeControls(text, "\t");
  return FORMULA_START.test(safe) ? `'${safe}` : safe;
}

/** A `key: value` line's value: no line break of any kind (nor other control) can add a line. */
export function lineValue(text: string): string {
  return escapeControls(text, "\t");
}

// JSON.stringify escapes C0 controls and lone surrogates itself; these it leaves raw. They only
// ever occur inside JSON strings, where a \u escape reads back as the same character.
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|#(?=#(?:vso|teamcity)?\[)/gi;

/** A machine format's JSON: the exact data, with nothing a terminal or CI runner acts on. */
export function jsonText(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
