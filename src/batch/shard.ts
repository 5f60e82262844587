// --shard I/N: a deterministic split of a class by student id, the same on every machine, so N
// CI jobs grade disjoint parts whose union is the class.
import { UserError } from "../cli/errors.js";

export interface Shard {
  /** 1-based, as CI matrices count. */
  index: number;
  count: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UserError(`--shard takes I/N with 1 <= I <= N, for example --shard 2/4 for the second of four parts; got "${text}".`);
  }
  return { index, count };
}

/** FNV-1a, 32 bits: stable across machines and Node versions, unlike anything seeded. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, "utf8")) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function inShard(id: string, shard: Shard | undefined): boolean {
  return !shard || stableHash(id) % shard.count === shard.index - 1;
}
