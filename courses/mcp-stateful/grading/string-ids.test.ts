// A server that refuses string ids, one that answers them, and one whose mistake only string ids
// happened to show: the first is the envelope's mistake, judged by t2_envelope alone.
import { describe, expect, it } from "vitest";
import { modelSession, type Outcome, type Session } from "../behaviour/session.js";
import { byStringId, stringIdMistake } from "./string-ids.js";
import { judgeSteps, NO_ID_MISTAKES } from "./server-verdicts.js";

const handle = (message: object) => ({ op: "handle" as const, message: { jsonrpc: "2.0", ...message } });
const INIT = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c", version: "1" } };
const session: Session = {
  servers: [{ allowedTools: ["add"] }],
  steps: [
    { op: "addTool", tool: "add" },
    handle({ id: 1, method: "initialize", params: INIT }),
    handle({ method: "notifications/initialized" }),
    handle({ id: 2, method: "tools/list" }),
    handle({ id: "req-3", method: "tools/list" }),
    handle({ id: "4", method: "tools/call", params: { name: "nope", arguments: {} } }),
  ],
};
const model = modelSession(session, "page");
const refused = (id: unknown): Outcome => ({ value: { jsonrpc: "2.0", id, error: { code: -32600, message: "id must be an integer" } } });
const idOf = (j: number): unknown => (session.steps[j] as { message?: { id?: unknown } }).message?.id;
// Every string id refused; the integer ids answered as the model answers them.
const integerOnly: Outcome[] = model.outcomes.map((o, j) => (typeof idOf(j) === "string" ? refused(idOf(j)) : o));
const answered = (got: Outcome[]) => [{ session, got, want: model.outcomes }];

describe("string ids", () => {
  it("tells a server that refuses every string id from one that serves them", () => {
    expect(stringIdMistake(answered(integerOnly))).toBe("error -32600");
    expect(stringIdMistake(answered(model.outcomes))).toBeUndefined();
  });

  it("is no id's mistake when integer ids are answered so wrongly too, or only some string ids are", () => {
    const alsoInteger = integerOnly.map((o, j) => (j === 3 ? refused(2) : o));
    expect(stringIdMistake(answered(alsoInteger))).toBeUndefined();
    const oneString = integerOnly.map((o, j) => (j === 5 ? model.outcomes[5]! : o));
    expect(stringIdMistake(answered(oneString))).toBeUndefined();
  });

  it("judges the refused steps under the envelope alone, with why", () => {
    const ids = { ...NO_ID_MISTAKES, strings: stringIdMistake(answered(integerOnly)) };
    expect(byStringId(session.steps[4]!, integerOnly[4], model.outcomes[4], ids.strings)).toBe(true);
    expect(judgeSteps(session, integerOnly, ["toolsList", "toolUnknown"], ids)).toBeUndefined();
    expect(judgeSteps(session, integerOnly, "envelope", ids)?.message).toMatch(/Its id is "req-3", a string/);
    // Without that reading, the methods' checks fail (c-id-integer-only lost 7 of 18).
    expect(judgeSteps(session, integerOnly, ["toolsList"])?.steps).toBe(5);
    expect(judgeSteps(session, integerOnly, "envelope")).toBeUndefined();
  });
});
