// The candidates cut from a failing session, without the sandbox: each smaller than the session
// and ending on its failing step, the same for the same session, within the follow-up's bounds,
// and the model's pick first: only the steps the failing answer needs.
import { describe, expect, it } from "vitest";
import { FOLLOW_UP_INPUTS, FOLLOW_UP_RUNS } from "../../../src/grading/follow-up.js";
import { makeRandom } from "../../../src/pack/random.js";
import { SIDE_BY_SIDE_CANDIDATES } from "../grading/shrink-runs.js";
import { SessionBuilder } from "./generate.js";
import { VARIANTS } from "./model.js";
import { SERVER_CHECKS, sessionsOf } from "./server-checks.js";
import { modelSession, type Session, type Step } from "./session.js";
import { candidates, MAX_CANDIDATES } from "./shrink.js";

const bare = ({ on: _, ...step }: Step): Omit<Step, "on"> => step;
const lastAnswer = (s: Session) => VARIANTS.map((v) => modelSession(s, v).outcomes.at(-1));

describe("shrink candidates", () => {
  it("keeps, of a long session, only what the failing call's answer needs, first", () => {
    const b = new SessionBuilder(makeRandom(3), [{ allowedTools: ["add", "weather", "subtract"] }]).setUp(["add", "weather", "delete_db"]).handshake();
    b.request("tools/list").request("resources/list").addTool("subtract", true).drain().request("prompts/list");
    const session = b.request("tools/call", { name: "delete_db", arguments: {} }).done();
    const [first] = candidates(session, false);
    // delete_db added, the handshake, the call; the allow-list need not name any tool for -32600.
    expect(first!.steps.map((s) => (s.op === "handle" ? (s.message as { method: string }).method : `${s.op}${s.op === "addTool" ? ` ${s.tool}` : ""}`)))
      .toEqual(["addTool delete_db", "initialize", "notifications/initialized", "tools/call"]);
    expect(first!.servers).toEqual([{ allowedTools: [] }]);
    expect(lastAnswer(first!)).toEqual(lastAnswer(session));
  });

  it("gives each generated session's cuts smaller, ending on its last step, the same each time, at most MAX_CANDIDATES", () => {
    for (const { check, sessions } of sessionsOf(5)) {
      for (const session of sessions) {
        const sideBySide = check.judges === "alone";
        const out = candidates(session, sideBySide);
        expect(candidates(session, sideBySide)).toEqual(out);
        expect(out.length).toBeLessThanOrEqual(MAX_CANDIDATES);
        for (const c of out) {
          // The failing step last, on its server (one server alone names none).
          expect(bare(c.steps.at(-1)!)).toEqual(bare(session.steps.at(-1)!));
          if (c.servers.length === session.servers.length) expect(c.steps.at(-1)).toEqual(session.steps.at(-1));
          const smaller = c.steps.length < session.steps.length || JSON.stringify(c.servers).length < JSON.stringify(session.servers).length;
          expect(smaller, JSON.stringify(c)).toBe(true);
          if (sideBySide) expect(c.servers.length).toBe(session.servers.length);
        }
      }
    }
  });

  it("fits the engine's bounds with every server check failing at once", () => {
    const sideBySide = SERVER_CHECKS.filter((c) => c.judges === "alone").length;
    const others = SERVER_CHECKS.length - sideBySide;
    // One run of candidates per check; per side-by-side candidate, one run together and one per server alone.
    expect(others + sideBySide * SIDE_BY_SIDE_CANDIDATES * 3).toBeLessThanOrEqual(FOLLOW_UP_RUNS);
    expect(others * MAX_CANDIDATES + sideBySide * SIDE_BY_SIDE_CANDIDATES * 3).toBeLessThanOrEqual(FOLLOW_UP_INPUTS);
  });
});
