// What a task's function returned on the chapter's fixtures: the input of the evidence lines.
export type TaskValue =
  | { task: "task1"; result: unknown; /** The tool object passed in, as it was after the call. */ input?: unknown }
  | { task: "task2"; responses: unknown[] }
  | { task: "task3"; result: unknown };
