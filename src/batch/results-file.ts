// results.json: the array of version-1 reports, one report per line. A batch writes it as its
// submissions finish, in id order (a few finish out of order and wait their turn), to a
// temporary file renamed at the end: a class's reports are tens of MB, and writing them all
// after the last submission kept the sandbox idle for most of a second. An interrupted batch
// leaves the results.json of the run before, if any (its .grade-state/graded.jsonl has what it graded).
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

const OPEN = "[\n";
const BETWEEN = ",\n";
const CLOSE = "\n]\n";

/** The whole file for reports already serialised, one JSON text each: what the writer writes. */
export function resultsText(reportJsons: readonly string[]): string {
  return OPEN + reportJsons.join(BETWEEN) + CLOSE;
}

export interface ResultsWriter {
  /** The report at `index` in id order, as JSON; written once every one before it is. */
  add(index: number, reportJson: string): void;
  /** Writes the end and puts the file in place; every index must have been added. */
  finish(): void;
  /** Leaves no temporary file behind (a batch that failed). */
  abandon(): void;
}

export function writeResultsAsTheyCome(out: string, count: number): ResultsWriter {
  const file = path.join(out, "results.json");
  const temp = `${file}.${process.pid}.partial`;
  const fd = openSync(temp, "w");
  const waiting = new Map<number, string>();
  let next = 0;
  let closed = false;
  writeSync(fd, OPEN);
  const close = (): void => {
    if (!closed) closeSync(fd);
    closed = true;
  };
  return {
    add(index, reportJson) {
      waiting.set(index, reportJson);
      for (let json = waiting.get(next); json !== undefined; json = waiting.get(next)) {
        waiting.delete(next);
        writeSync(fd, next === 0 ? json : BETWEEN + json);
        next++;
      }
    },
    finish() {
      if (next !== count) throw new Error(`results.json has ${next} of ${count} reports`);
      writeSync(fd, CLOSE);
      close();
      renameSync(temp, file);
    },
    abandon() {
      close();
      rmSync(temp, { force: true });
    },
  };
}
