// A small seeded generator (mulberry32), so that every generated input can be made again from
// the seed printed in the report.

export interface Random {
  /** A float in [0, 1). */
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  bool: () => boolean;
  /** A word of lower-case letters (and underscores when `snake`). */
  word: (min: number, max: number, snake?: boolean) => string;
  /** A stream of its own from this one's state and `salt`; this one's draws stay as they were. */
  fork: (salt: number) => Random;
}

export function makeRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const word = (min: number, max: number, snake = false): string => {
    const letters = snake ? "abcdefghijklmnopqrstuvwxyz_" : "abcdefghijklmnopqrstuvwxyz";
    let w = pick([..."abcdefghijklmnopqrstuvwxyz"]);
    const length = int(min, max);
    while (w.length < length) w += pick([...letters]);
    return w;
  };
  return { next, int, pick, bool: () => next() < 0.5, word, fork: (salt) => makeRandom((state ^ Math.imul(salt, 0x9e3779b1)) >>> 0) };
}

/** A fresh seed when the user gave none: small enough to type back with --seed. */
export function newSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}
