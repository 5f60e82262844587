// The chapter's own run of each task: its function called on fresh copies of the fixtures,
// stopping at the first call that fails, since the chapter's runner would have stopped there.
import { LINES, MESSAGES, TOOL } from "../course/fixtures.js";
import type { TaskId } from "../course/tasks.js";
import type { TaskValue } from "../evidence/task-value.js";
import { describeMessage } from "../runner/describe.js";
import type { Job, JobRun, TaskFailure } from "../runner/outcome.js";

// One job object per task, for every submission: the sandbox gets a copy of it over IPC and
// never changes it, and the grader reads a reply once per job and text (pool-reply.ts), so
// the fixture replies of a class's correct submissions are read once.
const jobs = new Map<TaskId, Job>();

export function fixtureJob(task: TaskId): Job {
  let job = jobs.get(task);
  if (!job) {
    const inputs = task === "task1" ? [TOOL] : task === "task2" ? MESSAGES : [LINES];
    jobs.set(task, job = { task, inputs: structuredClone(inputs), stopOnFailure: true });
  }
  return job;
}

export type FixtureOutcome = { value: TaskValue } | { failure: TaskFailure };

export function fixtureOutcome(run: JobRun): FixtureOutcome {
  if (run.failure) return { failure: run.failure };
  const failed = run.calls.findIndex((c) => !c.ok);
  if (failed >= 0) {
    const { failure } = run.calls[failed] as { ok: false; failure: TaskFailure };
    const prefix = run.task === "task2" && failure.reason !== "not-written" ? `For ${describeMessage(MESSAGES[failed])}: ` : "";
    return { failure: { ...failure, message: prefix + failure.message } };
  }
  const values = run.calls.map((c) => (c as { value: unknown }).value);
  if (run.task === "task2") return { value: { task: "task2", responses: values } };
  return { value: { task: run.task, result: values[0] } as TaskValue };
}
