// Rule 1: a message without an id is a notification, answered null, and it runs nothing (the one
// change to the data is rule 9's answered cancel). A handle that routes every message first and
// drops a notification's answer afterwards cancelled an order for a notification carrying an
// accepted answer, and kept every point: t2_notifications sends one, but in the shared run both
// orders are cancelled long before, so no status read after it could show it (slips-round-
// 2026-12-07p sl-mistake-notification-executed-silently). So a run of its own (a fresh module
// instance in a context of its own) reads each order's status, sends such a notification, and
// reads the status again: a status that says "cancelled" only after it is t2_notifications' fail.
import type { CheckResult } from "../../../src/report/types.js";
import { makeRandom } from "../../../src/pack/random.js";
import { call } from "../course/fixtures.js";
import type { JsonObject } from "../course/index.js";
import type { Outcome } from "../behaviour/check.js";

const RULE = "t2_notifications";
const ACCEPTED = { confirm: { action: "accept", content: { confirm: true } } };

const made = new Map<number, JsonObject[]>();

/** For each of the page's orders: its status read, a cancel with an accepted answer sent as a notification, its status read again. */
export function effectInputs(seed: number): JsonObject[] {
  let inputs = made.get(seed);
  if (!inputs) {
    const random = makeRandom(seed ^ 0x5eed);
    const id = (): number => random.int(100, 9999);
    inputs = ["A100", "A101"].flatMap((order) => {
      const { id: _, ...notification } = call(0, "cancel_order", { order_id: order }, { inputResponses: ACCEPTED });
      return [call(id(), "get_order_status", { order_id: order }), notification, call(id(), "get_order_status", { order_id: order })];
    });
    if (made.size > 16) made.clear();
    made.set(seed, inputs);
  }
  return inputs;
}

const saysCancelled = (value: unknown): boolean => /cancel+ed/i.test(JSON.stringify(value) ?? "");

/** `checks` with t2_notifications failed where the effects run's `outcomes` show a notification cancelling an order. */
export function chargeNotificationEffects(checks: readonly CheckResult[], outcomes: readonly (Outcome | undefined)[] | undefined, seed: number): CheckResult[] {
  const rule = checks.find((c) => c.name === RULE);
  if (rule?.status !== "pass") return [...checks];
  const inputs = effectInputs(seed);
  for (let k = 0; outcomes && k + 2 < inputs.length; k += 3) {
    const [before, after] = [outcomes[k], outcomes[k + 2]];
    if (!before?.ok || !after?.ok || saysCancelled(before.value) || !saysCancelled(after.value)) continue;
    const order = ((inputs[k + 1]!["params"] as JsonObject)["arguments"] as JsonObject)["order_id"];
    const message = `A notification ran: a cancel_order with an accepted answer sent without an id (a notification, which runs nothing and gets null) cancelled the order (seed ${seed}). The smallest: in a fresh module instance, get_order_status of ${order} (expected: its answer), then handle(${JSON.stringify(inputs[k + 1])}), then get_order_status of ${order} again (actual).`;
    return checks.map((c) => (c === rule ? { ...c, status: "fail", message, expected: JSON.stringify(before.value), actual: JSON.stringify(after.value) } : c));
  }
  return [...checks];
}
