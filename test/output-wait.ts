// A child's output, collected, and waits on what it says: each wait is checked again on every
// chunk that arrives, never on a clock (the test's own time-out bounds it), and fails as soon as
// the stream ends without it, with what was said.
import type { Readable } from "node:stream";

export class OutputWait {
  text = "";
  private ended = false;
  private waits: { done: (text: string) => boolean; resolve: () => void; reject: (e: Error) => void }[] = [];

  constructor(stream: Readable) {
    stream.on("data", (d: Buffer | string) => {
      this.text += d.toString();
      this.settle();
    });
    stream.on("close", () => {
      this.ended = true;
      this.settle();
    });
  }

  /** Resolves with the whole text once `done` holds for it. */
  until(done: RegExp | ((text: string) => boolean)): Promise<string> {
    const test = typeof done === "function" ? done : (text: string) => done.test(text);
    return new Promise<string>((resolve, reject) => {
      this.waits.push({ done: test, resolve: () => resolve(this.text), reject });
      this.settle();
    });
  }

  private settle(): void {
    this.waits = this.waits.filter((w) => {
      if (w.done(this.text)) w.resolve();
      else if (this.ended) w.reject(new Error(`the output ended without what was awaited; it was:\n${this.text}`));
      else return true;
      return false;
    });
  }
}
