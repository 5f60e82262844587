// A session with an early initialized, answered by the page's reading, by the specification's,
// and by a gate that takes one before initialize and the other after (gate-both-seen-any-order).
import { describe, expect, it } from "vitest";
import { modelSession, type Outcome, type Session } from "../behaviour/session.js";
import { mixedGateSteps } from "./mixed-gate.js";
import { judgeSteps, NO_ID_MISTAKES } from "./server-verdicts.js";

const handle = (message: object) => ({ op: "handle" as const, message: { jsonrpc: "2.0", ...message } });
const session: Session = {
  servers: [{ allowedTools: ["add"] }],
  steps: [
    { op: "addTool", tool: "add" },
    handle({ method: "notifications/initialized" }),
    handle({ id: 1, method: "tools/list" }),
    handle({ id: 2, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c", version: "1" } } }),
    handle({ id: 3, method: "tools/list" }),
  ],
};
const page = modelSession(session, "page");
const spec = modelSession(session, "spec");
// Refused before initialize (the specification's), served after it with no initialized since (the page's).
const mixed: Outcome[] = [page.outcomes[0]!, page.outcomes[1]!, spec.outcomes[2]!, page.outcomes[3]!, page.outcomes[4]!];

describe("an early initialized read both ways in one session", () => {
  it("differs between the readings at the two lists, by the gate", () => {
    expect(spec.rules[2]).toBe("gate");
    expect(spec.rules[4]).toBe("gate");
    expect(page.rules[2]).toBe("toolsList");
  });

  it("charges the step that took the other reading to the gate (t2_handshake), not to tools/list's check", () => {
    expect(mixedGateSteps(session, mixed, page)).toEqual(new Set([2]));
    expect(judgeSteps(session, mixed, ["toolsList"], NO_ID_MISTAKES, undefined, page)).toBeUndefined();
    expect(judgeSteps(session, mixed, ["gate"], NO_ID_MISTAKES, undefined, page)?.message).toMatch(/other reading of an early notifications\/initialized/);
  });

  it("charges nothing to a server of either reading", () => {
    for (const m of [page, spec]) {
      expect(mixedGateSteps(session, m.outcomes, m)).toEqual(new Set());
      expect(judgeSteps(session, m.outcomes, ["gate"])).toBeUndefined();
      expect(judgeSteps(session, m.outcomes, ["toolsList"])).toBeUndefined();
    }
  });

  it("keeps a wrong answer neither reading gives with its own rule", () => {
    const wrongList = { value: { jsonrpc: "2.0", id: 1, result: { tools: [] } } };
    const got: Outcome[] = [...page.outcomes.slice(0, 2), wrongList, ...page.outcomes.slice(3)];
    expect(mixedGateSteps(session, got, page)).toEqual(new Set());
    expect(judgeSteps(session, got, ["toolsList"], NO_ID_MISTAKES, undefined, page)).toBeDefined();
  });
});
