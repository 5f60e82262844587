// "grade/course" inside the sandbox: the same data as course/index.ts, as CommonJS text with the data
// as JSON literals, so that each module instance that imports it gets a fresh copy (a cancel in
// one instance does not show in the next). Nothing here is an answer: it is the server's data, and
// a driver of the grader's that only makes calls.
import { CLIENT_INFO, NOT_WRITTEN_YET, ORDERS, PROTOCOL_VERSION, RESOURCES, SERVER_INFO, TOOLS } from "./index.js";
import { DRIVE_REQUESTS } from "../client/many-requests.js";
import { DRIVE_LATE } from "../client/late-calls.js";

const data = (value: unknown): string => JSON.stringify(value);

export function sandboxSource(): string {
  return [
    '"use strict"; Object.defineProperty(exports, "__esModule", { value: true });',
    `exports.PROTOCOL_VERSION = ${data(PROTOCOL_VERSION)};`,
    `exports.SERVER_INFO = ${data(SERVER_INFO)};`,
    `exports.CLIENT_INFO = ${data(CLIENT_INFO)};`,
    `exports.ORDERS = ${data(ORDERS)};`,
    `exports.TOOLS = ${data(TOOLS)};`,
    `exports.RESOURCES = ${data(RESOURCES)};`,
    `exports.NOT_WRITTEN_YET = ${data(NOT_WRITTEN_YET)};`,
    `exports.notWrittenYet = function notWrittenYet(task) { const e = new Error(String(task) + " is not written yet"); e.name = ${data(NOT_WRITTEN_YET)}; throw e; };`,
    // The grader's driver of request's many calls (client/many-requests.ts): it makes calls, it holds no answer.
    DRIVE_REQUESTS,
    // And of callWithInput's late calls (client/late-calls.ts): the page's cancel before the case's own.
    DRIVE_LATE,
  ].join("\n");
}
