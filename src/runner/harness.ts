// Runs inside the sandboxed child process, bundled together with the student's task. It waits
// for one job over IPC, calls the task's function on each input and sends back one reply.
// Nothing here writes to stdout: everything on stdout is the student's.
import { ExitCalled, executeJob, frameIn } from "./harness-core.js";
import type { HarnessReply, HarnessRequest } from "./outcome.js";

const realExit = process.exit.bind(process);

function reply(message: HarnessReply): void {
  if (!process.send) realExit(70);
  process.send!(message, () => realExit(0));
}

export function runHarness(load: () => Promise<Record<string, unknown>>, submissionDir: string): void {
  // process.exit in student code becomes an ordinary throw, so it is reported where it happens.
  process.exit = ((code?: unknown) => { throw new ExitCalled(code); }) as typeof process.exit;
  process.once("message", (job: HarnessRequest) => {
    void executeJob(load, job, frameIn(submissionDir)).then(reply);
  });
  // The time limit starts now, so that a slow start of node on a busy machine is not charged
  // to the student's code.
  process.send?.({ kind: "ready" } satisfies HarnessReply);
}
