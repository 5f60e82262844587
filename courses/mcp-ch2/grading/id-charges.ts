// A request with "id": null answered under another id is one way of writing ids, the one
// t2_ids_echoed charges: code that writes every id as Number(id) answers null under 0 and "abc"
// under null. t2_id_null_answered is
// a rule of the responses' line, and t2_ids_echoed reads through it: without this charge the
// mistake cost both (while that line held) or nothing (while it failed for another reason, a
// notification answered: cheats-2026-12-05b slip-responses-ids kept 16/17).
import type { TaskJudgement } from "../../../src/pack/types.js";
import { ownFailure } from "./same-mistake.js";

/** t2_id_null_answered charged to t2_ids_echoed where both failed only by answers under another id (ownMistake). */
export function chargeNullIdToIds(task2: TaskJudgement): void {
  const extra = task2.extra ?? [];
  const ids = extra.find((c) => c.name === "t2_ids_echoed");
  const nullId = extra.find((c) => c.name === "t2_id_null_answered");
  if (!ownFailure(ids) || !ids!.ownMistake || !ownFailure(nullId) || !nullId!.ownMistake) return;
  task2.extra = extra.map((c) => (c === nullId
    ? { ...c, chargedTo: "t2_ids_echoed", message: `${c.message ?? ""} It is answered, under another id: the way ids are written, charged by t2_ids_echoed; it costs nothing more here.`.trim() } : c));
}
