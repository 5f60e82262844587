import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, Session } from "../behaviour/session.js";
import { markInitializeRefusals } from "./init-refusals.js";
import type { WrongStep } from "./server-verdicts.js";

const init = (id: number, protocolVersion: string) => ({ op: "handle" as const, message: { jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "c", version: "1" } } } });
const list = (id: number) => ({ op: "handle" as const, message: { jsonrpc: "2.0", id, method: "tools/list" } });
const initialized = { op: "handle" as const, message: { jsonrpc: "2.0", method: "notifications/initialized" } };
const result = (id: number): Outcome => ({ value: { jsonrpc: "2.0", id, result: {} } });
const error = (id: number, code = -32602): Outcome => ({ value: { jsonrpc: "2.0", id, error: { code, message: "no" } } });

// A session whose unknown-version initialize was refused, then tools/list refused (the server stayed
// closed), and one whose tools/list before the handshake was answered (no gate) where -32600 is due.
const refusedSession: Session = { servers: [{ allowedTools: [] }], steps: [init(1, "2099-01-01"), initialized, list(2)] };
const refusedGot = [error(1), { value: null }, error(2, -32600)];
const openSession: Session = { servers: [{ allowedTools: [] }], steps: [list(1), init(2, "2025-06-18")] };
const openGot = [result(1), result(2)];

const refusal: WrongStep = { session: refusedSession, got: refusedGot, j: 0, rule: "initialize", want: result(1) };
const closedAfter: WrongStep = { session: refusedSession, got: refusedGot, j: 2, rule: "toolsList", want: result(2) };
const noGate: WrongStep = { session: openSession, got: openGot, j: 0, rule: "gate", want: error(1, -32600) };
const failing = (name: string): CheckResult => ({ name, title: name, kind: "behaviour", status: "fail" } as CheckResult);
const TRACE = result(1);
const verdicts = [failing("t2_initialize"), failing("t2_handshake"), failing("t2_isolation")];

describe("families beside an initialize refused where the rules answer a result", () => {
  it("read through t2_initialize for a later refusal in the refused initialize's session", () => {
    const out = markInitializeRefusals(verdicts, TRACE, new Map([["t2_initialize", [refusal]], ["t2_handshake", [closedAfter]], ["t2_isolation", undefined]]));
    expect(out.find((c) => c.name === "t2_handshake")?.notThrough).toBeUndefined();
  });

  it("do not for a result where the rules answer an error, nor isolation", () => {
    const out = markInitializeRefusals(verdicts, TRACE, new Map([["t2_initialize", [refusal]], ["t2_handshake", [closedAfter, noGate]], ["t2_isolation", undefined]]));
    expect(out.find((c) => c.name === "t2_handshake")?.notThrough).toContain("t2_initialize");
    expect(out.find((c) => c.name === "t2_isolation")?.notThrough).toContain("t2_initialize");
  });

  it("change nothing when t2_initialize failed by an answered initialize too (value-slips.ts's)", () => {
    const slip: WrongStep = { session: openSession, got: openGot, j: 1, rule: "initialize", want: { value: { jsonrpc: "2.0", id: 2, result: { protocolVersion: "2025-06-18" } } } };
    const out = markInitializeRefusals(verdicts, TRACE, new Map([["t2_initialize", [refusal, slip]], ["t2_handshake", [noGate]]]));
    expect(out).toEqual(verdicts);
  });

  it("change nothing when the page's version was refused too, or the trace's initialize was", () => {
    const samePage: WrongStep = { ...refusal, session: { ...refusedSession, steps: [init(1, "2025-06-18"), initialized, list(2)] } };
    expect(markInitializeRefusals(verdicts, TRACE, new Map([["t2_initialize", [refusal, samePage]], ["t2_handshake", [noGate]]]))).toEqual(verdicts);
    expect(markInitializeRefusals(verdicts, error(1), new Map([["t2_initialize", [refusal]], ["t2_handshake", [noGate]]]))).toEqual(verdicts);
  });
});
