/**
 * Task 3 — Serve lines, keep the output clean
 *
 * Write `serve(lines)`. It takes a list of strings and returns `{ out, log }`: `out` is what the
 * server would write to standard output, `log` what it would write to standard error. Do not
 * print inside it.
 *
 * For every line that is not empty after trim():
 *  1. Append "line N" to log, where N is the line's position in the input, counting from 1 and
 *     counting empty lines.
 *  2. Try JSON.parse. If it fails, append this response, serialised as below, to out:
 *     {"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error"}}
 *  3. Otherwise pass the message to your `handle` from ./task2, and when it returns an object,
 *     append it to out.
 *
 * Serialise every output line as Python's json.dumps(response, separators=(",", ":"),
 * sort_keys=True) does: keys sorted alphabetically at every level, no space after "," or ":",
 * no newline inside the line. (JSON.stringify does not sort keys: that part is yours to write.
 * Text outside ASCII may stay as it is, or be written as json.dumps's \uXXXX escapes: both are
 * the same JSON.)
 *
 * grade runs it on the chapter's six LINES and prints five evidence lines (t3_out_count ...
 * t3_list_line_length). Run `npx grade watch` or `npx grade task3`; `npx grade hint task3` helps.
 */
import { notWrittenYet, type ServeResult } from "grade/course";
import { handle } from "./task2.js";

export function serve(lines: string[]): ServeResult {
  // TODO: build `out` and `log` from `lines` as described above.
  void lines;
  void handle;
  return notWrittenYet("serve");
}
