// Reading 4 of the pack README: a line that is JSON but no object (a list, say). The page hands
// every parsed line to handle; JSON-RPC 2.0 refuses such a line with -32600 Invalid Request and
// id null. serve may do either, so its expected answer to a list holding such a line is the
// chapter's loop around handle's answers, or the same loop with that refusal in their place.
// Apart from model.ts, which the student edition leaves out: the edition judges serve with it too.
import type { ServeResult } from "../course/types.js";
import type { Expectation } from "./expectation.js";

/** JSON-RPC 2.0's answer to JSON that is no Request object (its section 5.1; id null: no id could be read). */
export const INVALID_REQUEST_RESPONSE = { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request" } } as const;

const isObject = (v: unknown): boolean => v !== null && typeof v === "object" && !Array.isArray(v);

/** For each message serve hands handle in `lines` (each parsed non-blank line, in order), whether it is an object. */
function objectsAmong(lines: readonly string[]): boolean[] {
  return lines.flatMap((line) => {
    if (line.trim() === "") return [];
    try { return [isObject(JSON.parse(line))]; } catch { return []; }
  });
}

/**
 * serve's expected answer to `lines` given `serveWith` (an answer key's loop) and handle's answers
 * (`next`, one per message in order); undefined where the key cannot tell.
 */
export function serveExpectation(serveWith: (lines: readonly string[], next: () => unknown) => ServeResult | undefined, lines: readonly string[], next: () => unknown): Expectation | undefined {
  const given: unknown[] = [];
  const value = serveWith(lines, () => { const answer = next(); given.push(answer); return answer; });
  if (!value) return undefined;
  const objects = objectsAmong(lines);
  if (objects.every(Boolean)) return { kind: "exact", value };
  let at = 0;
  const refused = serveWith(lines, () => { const k = at++; return objects[k] ? given[k] : INVALID_REQUEST_RESPONSE; });
  return refused ? { kind: "exact", value, or: [refused] } : { kind: "exact", value };
}
