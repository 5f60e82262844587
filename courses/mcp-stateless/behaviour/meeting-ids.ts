// The ids of task 2's generated messages. A stateless server answers many clients, whose ids meet:
// a handle that keeps anything by id (a memo, "lazy for an id seen before") answers a message under
// an id it has seen otherwise than alone, which t2_no_session_state sees. Some ids are the page's
// own (1 to 12, 99) and so meet again and again (cheats-2026-12-06 mcp-stateless-seen-id-lazy kept
// 41/41 while no two ids met); and since code could keep state for every id but those
// (cheats-2026-12-06b mcp-stateless-seen-id-offpage, 41/41), drawn ids meet too: every sixth
// message under a drawn id takes the id of the one three drawn-id messages before it.
import type { Random } from "../../../src/pack/random.js";

const PAGE_IDS = [...Array.from({ length: 12 }, (_, i) => i + 1), 99];

/** A generated message's id: the page's 15% of the time, a "req-" string 20%, else a number from 1,000. */
export const drawnId = (random: Random): number | string => {
  const r = random.next();
  return r < 0.15 ? random.pick(PAGE_IDS) : r < 0.35 ? `req-${random.word(1, 4)}-${random.int(0, 999)}` : random.int(1000, 999_999);
};

const isDrawn = (id: unknown): boolean => (typeof id === "number" && id >= 1000) || (typeof id === "string" && id.startsWith("req-"));
const idOf = (input: unknown): unknown => (typeof input === "object" && input !== null && !Array.isArray(input) ? (input as { id?: unknown }).id : undefined);

/** Every sixth input under a drawn id (in the order given, across checks) gets the id of the drawn-id input three before it; the key keeps its place. */
export function meetIds(inputs: unknown[][]): void {
  const drawn = inputs.flatMap((list, c) => list.flatMap((input, k) => (isDrawn(idOf(input)) ? [[c, k] as const] : [])));
  for (let j = 5; j < drawn.length; j += 6) {
    const [c, k] = drawn[j]!;
    const [fc, fk] = drawn[j - 3]!;
    inputs[c]![k] = { ...(inputs[c]![k] as object), id: idOf(inputs[fc]![fk]) };
  }
}
