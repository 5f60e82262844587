// The pack's live checks: task 2's class served over a real pipe by the engine's live server
// (through the pack's entry file, live/entry.ts), first with the trace's session on its stdin
// (live/stdio.ts), then to the official SDK 1.x client (live/interop.ts).
import { liveLimits } from "../../../src/grading/limits.js";
import { liveTurn } from "../../../src/live/turns.js";
import type { LiveInput } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import { prepareServer } from "../../../src/sandbox/live.js";
import { sandboxSource } from "../course/sandbox-source.js";
import { LIVE_ENTRY, LIVE_EXPORT, liveEntrySource } from "../live/entry.js";
import { INTEROP_STEPS, interopChecks } from "../live/interop.js";
import { STDIO_CHECK, stdioChecks } from "../live/stdio.js";

const FILE = "task2.ts";

export function liveChecks(input: LiveInput): Promise<Record<string, CheckResult[]>> {
  if (!input.tasks.includes("task2")) return Promise.resolve({});
  if (input.files[FILE] === undefined) {
    const why = `${FILE} could not be read, so there is no server to run.`;
    return Promise.resolve({ task2: [{ ...STDIO_CHECK, kind: "stdio", status: "skip", message: why }, ...INTEROP_STEPS.map((c): CheckResult => ({ ...c, kind: "interop", status: "skip", message: why }))] });
  }
  return liveTurn(async () => {
    const files = { ...input.files, [LIVE_ENTRY]: liveEntrySource() };
    const submission = { files, refused: input.refused, limits: liveLimits(input.timeoutMs), shownAs: input.shownAs, ...(input.standIns ? { standIns: input.standIns } : {}) };
    const server = await prepareServer(submission, LIVE_ENTRY, LIVE_EXPORT, input.shownAs + FILE, sandboxSource(), input.signal);
    try {
      return { task2: [...(await stdioChecks(server, input.timeoutMs)), ...(await interopChecks(server, input.timeoutMs))] };
    } finally {
      await server.close();
    }
  });
}
