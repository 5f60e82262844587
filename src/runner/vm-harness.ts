// Runs inside a fresh vm context of the batch sandbox (see pool-child.ts), bundled together with
// the student's task. It exposes one entry, __grade.run(jobJson); the reply is left as a JSON
// string in the context, so no object ever crosses between the context and the grader.
import { ExitCalled, executeJob, type Locate } from "./harness-core.js";
import type { HarnessReply } from "./outcome.js";

/** The file name the pool gives the bundle; stack frames in it are mapped back by the grader. */
export const BUNDLE_NAME = "grade-bundle.js";
/** Frames are handed out as ⟦line:column;…⟧, for the grader to map through the source map. */
export const FRAMES = /⟦([\d:;]+)⟧/g;

const locateInBundle: Locate = (error) => {
  const stack = error instanceof Error ? String(error.stack ?? "") : "";
  const frames = [...stack.matchAll(/grade-bundle\.js:(\d+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
  return frames.length ? `⟦${frames.join(";")}⟧` : undefined;
};

// Taken before the student's module runs, so a submission that replaces JSON cannot stop the
// harness from reading its job or writing its reply.
const { parse, stringify } = JSON;

type Global = Record<string, unknown> & { process: { exit: unknown } };

export function runVmHarness(load: () => Promise<Record<string, unknown>>): void {
  const g = globalThis as unknown as Global;
  g.process.exit = (code?: unknown) => { throw new ExitCalled(code); };
  g["__grade"] = {
    run(jobJson: string): void {
      executeJob(load, parse(jobJson), locateInBundle).then(
        (reply: HarnessReply) => { g["__gradeReply"] = stringify(reply); },
        (error: unknown) => { g["__gradeReply"] = stringify({ kind: "failure", failure: { reason: "crash", message: `The grader's harness failed: ${String(error)}` } }); },
      );
    },
  };
}
