// Task 1 · Shout. Return the text in capitals with one exclamation mark: shout("hi") is "HI!".
// Check it with `npx grade task1 --pack shout`; `npx grade hint task1 --pack shout` helps.
import { notWrittenYet } from "grade/course";

export function shout(text: string): string {
  void text;
  return notWrittenYet("shout");
}
