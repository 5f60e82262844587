// The course module as the sandbox gives it to "grade/course" imports: the chapter's fixtures as
// data (fresh in each module instance) and the starters' notWrittenYet. Nothing here is an
// answer: the fixtures are what the student's code is given anyway.
import { notWrittenYetSource } from "../../../src/pack/not-written-yet.js";
import { LINES, MESSAGES, TOOL } from "./fixtures.js";

export function sandboxCourseSource(): string {
  const data = (value: unknown): string => JSON.stringify(value);
  return [
    '"use strict"; Object.defineProperty(exports, "__esModule", { value: true });',
    `exports.TOOL = ${data(TOOL)};`,
    `exports.MESSAGES = ${data(MESSAGES)};`,
    `exports.LINES = ${data(LINES)};`,
    notWrittenYetSource(),
  ].join("\n");
}
