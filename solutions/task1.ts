// Reference solution for Task 1 (instructors only).
import type { McpTool, ToolDefinition } from "grade/course";

export function toMcp(tool: ToolDefinition): McpTool {
  return { name: tool.name, description: tool.description, inputSchema: tool.input_schema };
}
