/**
 * Task 1 — Convert a tool definition
 *
 * Write `toMcp(tool)` (the chapter's `to_mcp`). It returns a NEW object in the MCP tool shape:
 * the same `name` and `description`, and the schema under the key `inputSchema` instead of
 * `input_schema`. It must not change the schema's contents and must not add other keys.
 *
 * grade runs it on the chapter's TOOL and prints three evidence lines:
 *   t1_keys: <the sorted keys of the result, comma-separated>
 *   t1_schema_unchanged: <whether result.inputSchema equals tool.input_schema: true or false>
 *   t1_name_description_unchanged: <whether name and description equal the original's>
 *
 * Run `npx grade watch` while you work (it re-grades on every save), or `npx grade task1`
 * once; `npx grade hint task1` when you are stuck. Do not print on stdout.
 */
import { notWrittenYet, type McpTool, type ToolDefinition } from "grade/course";

export function toMcp(tool: ToolDefinition): McpTool {
  // TODO: build and return the MCP tool shape from `tool`.
  void tool;
  return notWrittenYet("toMcp");
}
