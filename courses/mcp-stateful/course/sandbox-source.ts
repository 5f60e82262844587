// "grade/course" inside the sandbox: the same data as index.ts as CommonJS text (the tools' and
// resources' functions from their own text, the rest as JSON literals), fresh in each module
// instance, and the pack's drivers (drivers-source.ts), which make a session's calls on the
// student's classes. Nothing here is an answer: it is the lab's data and the calls to make.
import {
  CLIENT_INFO, INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, LAB_TOOLS, METHOD_NOT_FOUND, NOT_WRITTEN_YET, PARSE_ERROR,
  PROMPTS, PROTOCOL_VERSION, RESOURCES, SERVER_INFO,
} from "./index.js";
import { DRIVERS_SOURCE } from "./drivers-source.js";

const data = (value: unknown): string => JSON.stringify(value);

function toolsSource(): string {
  const entries = Object.values(LAB_TOOLS).map(({ run, ...listing }) => `${data(listing.name)}: Object.assign(${data(listing)}, { run: ${run.toString()} })`);
  return `{ ${entries.join(",\n")} }`;
}

function resourcesSource(): string {
  return `[${RESOURCES.map(({ read, ...rest }) => `Object.assign(${data(rest)}, { read: ${read.toString()} })`).join(",\n")}]`;
}

export function sandboxSource(): string {
  return [
    '"use strict"; Object.defineProperty(exports, "__esModule", { value: true });',
    // The tools' and resources' functions are the host's text: a host built with esbuild's
    // keepNames may wrap inner functions in __name(fn, "name"), which the sandbox does not define.
    'const __name = (target, value) => Object.defineProperty(target, "name", { value, configurable: true });',
    `exports.PROTOCOL_VERSION = ${data(PROTOCOL_VERSION)};`,
    `exports.SERVER_INFO = ${data(SERVER_INFO)};`,
    `exports.CLIENT_INFO = ${data(CLIENT_INFO)};`,
    `exports.PARSE_ERROR = ${PARSE_ERROR}; exports.INVALID_REQUEST = ${INVALID_REQUEST}; exports.METHOD_NOT_FOUND = ${METHOD_NOT_FOUND};`,
    `exports.INVALID_PARAMS = ${INVALID_PARAMS}; exports.INTERNAL_ERROR = ${INTERNAL_ERROR};`,
    `exports.LAB_TOOLS = ${toolsSource()};`,
    `exports.RESOURCES = ${resourcesSource()};`,
    `exports.PROMPTS = ${data(PROMPTS)};`,
    "class McpError extends Error { constructor(code, message) { super(message); this.code = code; this.name = \"McpError\"; } }",
    "exports.McpError = McpError;",
    `exports.NOT_WRITTEN_YET = ${data(NOT_WRITTEN_YET)};`,
    `exports.notWrittenYet = function notWrittenYet(task) { const e = new Error(String(task) + " is not written yet"); e.name = ${data(NOT_WRITTEN_YET)}; throw e; };`,
    DRIVERS_SOURCE,
  ].join("\n");
}
