// The chapter's three tasks as data: everything else (paths, exports, reports) derives from here.

export const TASK_IDS = ["task1", "task2", "task3"] as const;
export type TaskId = (typeof TASK_IDS)[number];

export interface TaskInfo {
  id: TaskId;
  number: 1 | 2 | 3;
  title: string;
  /** The file in a submission folder (`tasks/` for the student, `solutions/` for us). */
  file: string;
  /** The named export the grader calls. */
  exportName: string;
  signature: string;
  /** The chapter's function name, for messages that quote the chapter. */
  chapterName: string;
  /** The fields of the result the chapter's runner reads (PackTask.reads). */
  reads?: readonly string[];
}

export const TASKS: Record<TaskId, TaskInfo> = {
  task1: {
    id: "task1", number: 1, title: "Convert a tool definition", file: "task1.ts",
    exportName: "toMcp", signature: "(tool: ToolDefinition) => McpTool", chapterName: "to_mcp",
  },
  task2: {
    id: "task2", number: 2, title: "Answer the protocol's messages", file: "task2.ts",
    exportName: "handle", signature: "(message: JsonRpcMessage) => JsonRpcResponse | null",
    chapterName: "handle",
  },
  task3: {
    id: "task3", number: 3, title: "Serve lines, keep the output clean", file: "task3.ts",
    exportName: "serve", signature: "(lines: string[]) => { out: string[]; log: string[] }",
    chapterName: "serve", reads: ["out", "log"],
  },
};

export function isTaskId(value: string): value is TaskId {
  return (TASK_IDS as readonly string[]).includes(value);
}
