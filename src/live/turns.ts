// A live server is a node process of its own (about 50 MB): at most this many run at once in one
// grader process (a batch with --live), whichever pack starts them, so that the whole process
// tree stays within its memory bound.
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than AT_ONCE live servers are running. */
export async function liveTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}
