/**
 * Task 1 — Check a tool call's arguments
 *
 * Write `checkArgs(schema, args)`, the page's check_args as a pure function: it returns the
 * problems it finds, as strings, and an empty list when there are none (it does not throw).
 *
 * The problems, in this order:
 *  1. `missing <name>` for each name in schema.required that args does not have, in the order of
 *     schema.required;
 *  2. `unexpected <name>` for each key of args that is not in schema.properties, in the order of
 *     Object.keys(args);
 *  3. `<name> must be a string` for each key of args that is in schema.properties and whose value
 *     is not a string, in the order of Object.keys(args).
 *
 * <name> is the key as Python's repr() writes a str (the page's `{k!r}`): in single quotes, or in
 * double quotes when the text holds a single quote and no double quote; inside, a backslash and
 * the quote chosen are escaped with a backslash; tab, newline and carriage return are \t \n \r;
 * any other character Python's str.isprintable() refuses (control characters, format characters
 * such as U+200B, separators other than the space such as U+00A0) is \xhh below U+0100, \uhhhh
 * below U+10000, else \Uhhhhhhhh (lower-case hex). Examples: 'order_id', "it's", 'say "hi"',
 * 'a\'b"c', 'C:\\tmp', 'tab\there', 'nbsp\xa0'.
 *
 * "Has", "is in": own keys only. A key called "constructor", "toString" or "__proto__" is a key
 * like any other, not something every object inherits.
 *
 * checkArgs prints nothing on stdout (the server it runs in speaks on stdout; log with
 * console.error if you must).
 *
 * grade runs it on a few fixed calls and prints four evidence lines (t1_bad_args ...
 * t1_quoted_name). Run `npx grade task1`; `npx grade hint task1` helps.
 */
import { notWrittenYet, type InputSchema, type JsonObject } from "grade/course";

export function checkArgs(schema: InputSchema, args: JsonObject): string[] {
  // TODO: return the problems of `args` against `schema`, as described above.
  void schema;
  void args;
  return notWrittenYet("checkArgs");
}
