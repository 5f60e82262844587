// The schema checks: the model's answers to every generated session meet the 2025-06-18 schema
// (so a correct server never fails them), and what breaks it fails the check about it.
import { describe, expect, it } from "vitest";
import { sessionsOf } from "../behaviour/server-checks.js";
import { modelSession, type Session } from "../behaviour/session.js";
import { expected } from "../client/model.js";
import { generatedScenarios, traceScenario } from "../client/scenarios.js";
import { TRACE_SESSION } from "../course/fixtures.js";
import { clientSchemaCheck, serverSchemaChecks } from "./checks.js";

const statuses = (checks: { name: string; status: string }[]): Record<string, string> => Object.fromEntries(checks.map((c) => [c.name, c.status]));
const modelRun = (session: Session) => ({ session, outcomes: modelSession(session, "page").outcomes });

describe("the stateful pack's schema checks", () => {
  it("pass the model's answers on every session of three seeds, and a correct client's messages", () => {
    for (const seed of [1, 2, 3]) {
      const sessions = [TRACE_SESSION, ...sessionsOf(seed).flatMap((g) => g.sessions)].map(modelRun);
      expect(statuses(serverSchemaChecks(sessions))).toEqual({ t2_schema_responses: "pass", t2_schema_results: "pass", t2_schema_notifications: "pass" });
      const sent = [traceScenario(), ...generatedScenarios(seed)].flatMap((s) => expected(s).sent.map((m, i) => ({ jsonrpc: "2.0", ...(m.request ? { id: i + 1 } : {}), method: m.method, ...(m.params === undefined ? {} : { params: m.params }) })));
      expect(clientSchemaCheck(sent).status).toBe("pass");
    }
  });

  it("fail a result without what its definition requires, an error with a string code, a notification with an id", () => {
    const session: Session = { servers: [{ allowedTools: [] }], steps: [{ op: "handle", message: { jsonrpc: "2.0", id: 1, method: "initialize", params: {} } }, { op: "handle", message: { jsonrpc: "2.0", id: 2, method: "tools/list" } }, { op: "drain" }] };
    const checks = serverSchemaChecks([{ session, outcomes: [
      { value: { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-06-18", capabilities: {} } } },
      { value: { jsonrpc: "2.0", id: 2, error: { code: "-32600", message: "no" } } },
      { value: [{ jsonrpc: "2.0", id: 3, method: "notifications/tools/list_changed", params: [] }] },
    ] }]);
    expect(statuses(checks)).toEqual({ t2_schema_responses: "fail", t2_schema_results: "fail", t2_schema_notifications: "fail" });
    expect(checks[1]!.message).toMatch(/InitializeResult/);
    expect(clientSchemaCheck([{ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {} } }])).toMatchObject({ status: "fail" });
  });

  it("judge a method named like Object.prototype's members as a method with no result definition, not as the grader's trouble", () => {
    const steps = ["constructor", "toString", "__proto__"].map((method, i) => ({ op: "handle" as const, message: { jsonrpc: "2.0", id: i, method } }));
    const checks = serverSchemaChecks([{ session: { servers: [{ allowedTools: [] }], steps }, outcomes: steps.map((_, i) => ({ value: { jsonrpc: "2.0", id: i, result: {} } })) }]);
    expect(statuses(checks)).toMatchObject({ t2_schema_responses: "pass", t2_schema_results: "skip" });
    expect(clientSchemaCheck(steps.map((s) => s.message)).status).toBe("skip");
  });
});
