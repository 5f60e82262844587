import ts from "typescript";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../course/fixtures.js";
import type { Diag } from "../../../src/typecheck/typed-program.js";
import { probeDiagnostics } from "./probe-findings.js";
import { describeFixture, literalType, probeSource } from "./probe.js";

describe("literalType", () => {
  it("gives a JSON value its exact type: literals, mutable tuples, object literals", () => {
    expect(literalType({ a: [1, "x", true, null], "b c": {}, d: -2.5 })).toBe('{ "a": [1, "x", true, null]; "b c": {}; "d": -2.5 }');
  });

  it("refuses what JSON cannot hold, which would make the probe lie about a fixture", () => {
    expect(() => literalType({ a: undefined })).toThrow(/not JSON/);
    expect(() => literalType(Number.NaN)).toThrow(/not JSON/);
  });
});

describe("probeSource", () => {
  const probe = probeSource(["task2", "task3"], "/x/caller-types.ts");
  const text = probe.text.split("\n");

  it("calls each export once per fixture, and uses each result, on lines it knows", () => {
    const roles = [...probe.lines.values()].map((l) => `${l.task} ${l.role} ${l.fixture}`);
    expect(roles.filter((r) => r.startsWith("task2 call"))).toEqual(MESSAGES.map((_, i) => `task2 call MESSAGES[${i}]`));
    expect(roles.filter((r) => r.startsWith("task3"))).toEqual(["task3 import ", "task3 call LINES", "task3 use LINES"]);
    const [line] = [...probe.lines].find(([, l]) => l.role === "call" && l.fixture === "MESSAGES[3]")!;
    expect(text[line]).toBe("const __task2_3 = __task2(MESSAGES_3);");
    expect(probe.text).not.toContain("__task1");
  });

  it("compiles as TypeScript (its syntax, not its types: those need a submission)", () => {
    expect(ts.transpileModule(probe.text, { reportDiagnostics: true }).diagnostics).toEqual([]);
  });

  it("takes a diagnostic on a line no task owns for grade's bug, not the student's", () => {
    const sf = ts.createSourceFile("probe.ts", probe.text, ts.ScriptTarget.ES2022, true);
    const onFixture: Diag = { fileName: sf.fileName, start: sf.getPositionOfLineAndCharacter(1, 0), lines: ["x"], code: 2322 };
    expect(() => probeDiagnostics((pos) => sf.getLineAndCharacterOfPosition(pos).line, probe, [onFixture])).toThrow(/probe does not compile/);
  });

  it("names a message by its index, method and id", () => {
    expect(describeFixture("MESSAGES[1]")).toBe("MESSAGES[1] (notifications/initialized, a notification)");
    expect(describeFixture("MESSAGES[3]")).toBe("MESSAGES[3] (tools/call, id 3)");
    expect(describeFixture("TOOL")).toBe("TOOL");
  });
});
