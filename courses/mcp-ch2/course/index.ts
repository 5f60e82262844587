/**
 * The course module students import from: `import { TOOL, type McpTool } from "grade/course"`.
 * It holds the chapter's types, its fixtures, and `notWrittenYet`, which the starters call.
 */
export * from "./types.js";
export { TOOL, MESSAGES, LINES } from "./fixtures.js";
export { notWrittenYet, NOT_WRITTEN_YET } from "../../../src/pack/not-written-yet.js";
