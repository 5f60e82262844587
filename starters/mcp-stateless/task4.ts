/**
 * Task 4 — The stdio loop
 *
 * Write `serve(lines)`: what the server does with the lines a host writes to its stdin. It
 * returns {out, log}: `out` is what goes to stdout, one JSON message per line; `log` is the
 * server's log. It prints nothing at all (on the stdio transport stdout is the protocol channel,
 * and this loop's log goes into `log`).
 *
 * For each line, in order:
 *  1. Skip a line that is empty after trim(): no output, no log.
 *  2. Append "line N" to log, N being the line's position in `lines` counting from 1 (skipped
 *     lines count).
 *  3. A line JSON.parse cannot read: append exactly
 *     {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}
 *     A line that is JSON but not an object (a list, a number...): append
 *     {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}
 *  4. Otherwise pass the message to your `handle` from ./task2; when it returns a response,
 *     append JSON.stringify(response) (one line: no newline inside it); a notification's null
 *     adds nothing.
 *
 * grade runs it on the page's LINES and prints the t4_ evidence lines; serve is judged against
 * your own handle's answers, so a mistake in task 2 does not count against task 4.
 * Run `npx grade task4`; `npx grade hint task4` helps.
 */
import { notWrittenYet, type ServeResult } from "grade/course";
import { handle } from "./task2.js";

export function serve(lines: string[]): ServeResult {
  // TODO: build `out` and `log` from `lines` as described above.
  void lines;
  void handle;
  return notWrittenYet("serve");
}
