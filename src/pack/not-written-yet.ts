// The starters throw this so that an untouched task reads as "not written yet", a normal step
// of the course, rather than as a crash.
export const NOT_WRITTEN_YET = "GradeNotWrittenYet";

/** Throw from a task you have not written yet; `grade` reports it as "not written yet". */
export function notWrittenYet(task: string): never {
  const error = new Error(`${task} is not written yet`);
  error.name = NOT_WRITTEN_YET;
  throw error;
}

/** notWrittenYet and NOT_WRITTEN_YET as CommonJS text, for a pack's course module in the sandbox. */
export function notWrittenYetSource(): string {
  const name = JSON.stringify(NOT_WRITTEN_YET);
  return [
    `exports.NOT_WRITTEN_YET = ${name};`,
    `exports.notWrittenYet = function notWrittenYet(task) { const e = new Error(String(task) + " is not written yet"); e.name = ${name}; throw e; };`,
  ].join("\n");
}
