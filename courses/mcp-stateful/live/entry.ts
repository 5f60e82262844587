// The live server's entry: the engine's live server answers each stdin line with one call of a
// function (src/sandbox/live.ts), and task 2 is a class, so the pack adds this file to what the
// live server runs (never to a grading's sandbox runs): one LabServer, set up as the page's is
// before a client connects (add, weather and delete_db, for a client allowed add, weather and
// subtract), whose handle answers every line.
import { TRACE_CONFIG } from "../course/fixtures.js";

export const LIVE_ENTRY = "grade-live-entry.ts";
export const LIVE_EXPORT = "handleLine";
export const LIVE_TOOLS = ["add", "weather", "delete_db"] as const;

export function liveEntrySource(): string {
  return [
    'import { LabServer } from "./task2";',
    'import { LAB_TOOLS } from "grade/course";',
    `const server = new LabServer(${JSON.stringify(TRACE_CONFIG)});`,
    `for (const name of ${JSON.stringify(LIVE_TOOLS)}) server.addTool((LAB_TOOLS as any)[name]);`,
    `export function ${LIVE_EXPORT}(message: unknown): unknown { return server.handle(message as any); }`,
  ].join("\n");
}
