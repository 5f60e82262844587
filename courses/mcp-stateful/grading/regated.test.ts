// An inherited-name request (__proto__) early in a session, then prompts/get steps of two rules
// all answered -32603: charged to the gate only when __proto__ itself was answered wrongly.
import { describe, expect, it } from "vitest";
import { modelSession, type Outcome, type Session } from "../behaviour/session.js";
import { poisonedSteps } from "./regated.js";
import { judgeSteps, NO_ID_MISTAKES } from "./server-verdicts.js";

const handle = (message: object) => ({ op: "handle" as const, message: { jsonrpc: "2.0", ...message } });
const session: Session = {
  servers: [{ allowedTools: [] }],
  steps: [
    handle({ id: "early-1", method: "__proto__" }),
    handle({ method: "notifications/initialized" }),
    handle({ id: 1, method: "prompts/get", params: { name: "compare", arguments: { a: "x", b: "y" } } }),
    handle({ id: 2, method: "prompts/get", params: { name: "compare", arguments: { a: "x" } } }),
  ],
};
const model = modelSession(session, "page");
const internal = (id: number): Outcome => ({ value: { jsonrpc: "2.0", id, error: { code: -32603, message: "internal error: TypeError: schema.required is not iterable" } } });
const promptsBroken: Outcome[] = [model.outcomes[0]!, model.outcomes[1]!, internal(1), internal(2)];

describe("a request named like an Object.prototype member before -32603s of two rules", () => {
  it("has the prompts/get steps of two rules", () => {
    expect(new Set([model.rules[2], model.rules[3]]).size).toBe(2);
  });

  it("leaves the -32603s to their own rules when __proto__ was answered as the model answers it", () => {
    expect(poisonedSteps(session, promptsBroken, model)).toBeUndefined();
    expect(judgeSteps(session, promptsBroken, ["gate"], NO_ID_MISTAKES, undefined, model)).toBeUndefined();
    expect(judgeSteps(session, promptsBroken, [model.rules[2]!], NO_ID_MISTAKES, undefined, model)?.message).not.toMatch(/Object\.prototype/);
  });

  it("charges them to __proto__'s rule when __proto__ itself was answered wrongly", () => {
    const got: Outcome[] = [{ value: { jsonrpc: "2.0", id: "early-1", result: {} } }, ...promptsBroken.slice(1)];
    expect(poisonedSteps(session, got, model)).toEqual({ from: 0, steps: new Set([2, 3]) });
    expect(judgeSteps(session, got, [model.rules[2]!, model.rules[3]!], NO_ID_MISTAKES, undefined, model)).toBeUndefined();
    expect(judgeSteps(session, got, [model.rules[0]!], NO_ID_MISTAKES, undefined, model)?.steps).toBe(1);
  });
});
