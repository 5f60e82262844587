// No run is an oracle's alone (issue 19): where a pack judges one task against another run of the
// student's code (serve against the student's own handle, handle with the student's checkArgs),
// that run's inputs are shuffled in among a run that is judged itself, in a seeded order, so the
// code cannot tell them apart by the run or the order it is called in and answer them otherwise.

export interface Interleaving<T> {
  /** Both lists in one, each in its own order. */
  inputs: T[];
  /** Where each of the judged run's inputs went. */
  own: number[];
  /** Where each of the oracle's inputs went. */
  theirs: number[];
}

/** Mulberry32: the same order for the same seed, in every process. */
function stream(seed: number): () => number {
  let state = (seed ^ 0x5eed) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `own` (its first `fixed` items kept first: the fixtures) and `theirs`, merged at random. */
export function interleave<T>(own: readonly T[], fixed: number, theirs: readonly T[], seed: number): Interleaving<T> {
  const next = stream(seed);
  const inputs = own.slice(0, fixed);
  const mine = inputs.map((_, i) => i);
  const placed: number[] = [];
  let a = fixed;
  let b = 0;
  while (a < own.length || b < theirs.length) {
    const left = own.length - a;
    if (next() * (left + theirs.length - b) < left) { mine.push(inputs.length); inputs.push(own[a++]!); }
    else { placed.push(inputs.length); inputs.push(theirs[b++]!); }
  }
  return { inputs, own: mine, theirs: placed };
}

/** One list's calls out of a run that holds both, in order, up to the first that was not made (a run that stopped). */
export function picked<C>(calls: readonly C[] | undefined, picks: readonly number[] | undefined): C[] | undefined {
  if (!calls || !picks) return calls ? [...calls] : undefined;
  const made = picks.findIndex((i) => calls[i] === undefined);
  return (made < 0 ? picks : picks.slice(0, made)).map((i) => calls[i]!);
}
