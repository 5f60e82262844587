// The time limits of a live check: a promise raced against a timer, and what a check says when
// nothing came back in time. A silence is not judged ("error", never scored): on a busy machine a
// correct server can miss a limit, and a server that hangs is judged by the sandbox's own checks.

/** `promise`, or a rejection with a NoAnswer after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new NoAnswer(`no answer to ${what} within ${ms} ms`)), ms); });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * A connect's wait. Its first request waits for the server's first work (loading the
 * submission's modules: `connectMs`, long for a busy machine); once the server has written a line
 * the client could not read, it is up and answering, and the rest of the wait is a request's
 * (`requestMs`). A server whose answer to initialize is unreadable made every grade wait the whole
 * connect limit (15 s). Call `unreadable()` for each such line; once the connect has settled, it
 * does nothing.
 */
export function connectWait<T>(promise: Promise<T>, connectMs: number, requestMs: number, what: string): { result: Promise<T>; unreadable: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  let shorten = (): void => undefined;
  const shortened = new Promise<never>((_, reject) => {
    shorten = () => {
      if (settled || timer !== undefined) return;
      timer = setTimeout(() => reject(new NoAnswer(`no answer to ${what} it could read within ${requestMs} ms of a line it could not read`)), requestMs);
    };
  });
  const result = withTimeout(Promise.race([promise, shortened]), connectMs, what).finally(() => { settled = true; clearTimeout(timer); });
  return { result, unreadable: () => shorten() };
}

export class NoAnswer extends Error {
  override name = "NoAnswer";
}

/** The sentence a live check adds when it was not judged for a silence. */
export const unjudgedSilence = (ms: number): string =>
  ` Nothing came back within ${ms} ms. That is not scored: a busy machine can be that slow, and the checks in the sandbox judge a server that hangs. Run grade again.`;
