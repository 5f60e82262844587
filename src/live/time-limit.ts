// The time limits of a live check: a promise raced against a timer, and what a check says when
// nothing came back in time. A silence is not judged ("error", never scored): on a busy machine a
// correct server can miss a limit, and a server that hangs is judged by the sandbox's own checks.

/** `promise`, or a rejection with a NoAnswer after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new NoAnswer(`no answer to ${what} within ${ms} ms`)), ms); });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

export class NoAnswer extends Error {
  override name = "NoAnswer";
}

/** The sentence a live check adds when it was not judged for a silence. */
export const unjudgedSilence = (ms: number): string =>
  ` Nothing came back within ${ms} ms. That is not scored: a busy machine can be that slow, and the checks in the sandbox judge a server that hangs. Run grade again.`;
