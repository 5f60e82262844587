// The pack's live checks: the submission's handle served over a real pipe by the sandbox's live
// server, first with a fixed session written to its stdin (live/stdio.ts), then to the official
// 2026-07-28 SDK client (live/interop.ts). Both belong to task 2, whose code they run.
import { liveLimits } from "../../../src/grading/limits.js";
import { liveTurn } from "../../../src/live/turns.js";
import type { LiveInput } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import { prepareServer } from "../../../src/sandbox/live.js";
import { sandboxSource } from "../course/sandbox-source.js";
import { INTEROP_STEPS, interopChecks, loadSdk } from "../live/interop.js";
import { STDIO_CHECK, stdioChecks } from "../live/stdio.js";

const FILE = "task2.ts";

const skipped = (why: string): CheckResult[] => [
  { ...STDIO_CHECK, kind: "stdio", status: "skip", message: why },
  ...INTEROP_STEPS.map((c): CheckResult => ({ ...c, kind: "interop", status: "skip", message: why })),
];

export function liveChecks(input: LiveInput): Promise<Record<string, CheckResult[]>> {
  if (!input.tasks.includes("task2")) return Promise.resolve({});
  if (input.files[FILE] === undefined) return Promise.resolve({ task2: skipped(`${FILE} could not be read, so there is no server to run.`) });
  // The SDK loads while the server starts and the sandbox runs, not after the stdio check.
  void loadSdk().catch(() => undefined);
  return liveTurn(async () => {
    const submission = { files: input.files, refused: input.refused, limits: liveLimits(input.timeoutMs), shownAs: input.shownAs, ...(input.standIns ? { standIns: input.standIns } : {}) };
    const server = await prepareServer(submission, FILE, "handle", input.shownAs + FILE, sandboxSource(), input.signal);
    try {
      const stdio = await stdioChecks(server, input.timeoutMs);
      const interop = await interopChecks(server, input.timeoutMs);
      return { task2: [...stdio, ...interop] };
    } finally {
      await server.close();
    }
  });
}
