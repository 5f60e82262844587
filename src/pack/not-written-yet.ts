// The starters throw this so that an untouched task reads as "not written yet", a normal step
// of the course, rather than as a crash.
export const NOT_WRITTEN_YET = "GradeNotWrittenYet";

/** Throw from a task you have not written yet; `grade` reports it as "not written yet". */
export function notWrittenYet(task: string): never {
  const error = new Error(`${task} is not written yet`);
  error.name = NOT_WRITTEN_YET;
  throw error;
}
