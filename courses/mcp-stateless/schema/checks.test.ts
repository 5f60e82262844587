// The vendored schema is the shared copy, byte for byte; the model's answers meet it; and each
// schema check catches the departure it is there for.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allInputs, planChecks } from "../behaviour/check.js";
import { TASK2_CHECKS } from "../behaviour/task2-checks.js";
import { MESSAGES, messageIndex } from "../course/fixtures.js";
import { answersOf } from "../behaviour/model.js";
import { schemaChecks } from "./checks.js";

const file = new URL("./2026-07-28/schema.json", import.meta.url);
const inputs = [...MESSAGES, ...allInputs(planChecks(TASK2_CHECKS, 3))];
const exchanges = (answers: unknown[]) => inputs.map((input, i) => ({ input, outcome: { ok: true as const, value: answers[i] } }));
const failing = (answers: unknown[]) => schemaChecks(exchanges(answers)).filter((c) => c.status !== "pass").map((c) => c.name);

describe("schema checks", () => {
  it("read the vendored 2026-07-28 schema, unchanged", () => {
    expect(createHash("sha256").update(readFileSync(file)).digest("hex")).toBe("ef70b61f99b6d2e5e3b46863822eab08dff6a45bedc7a08914e0e5b133f40203");
  });

  it("pass every answer of the model, fixtures and generated", () => {
    expect(failing(answersOf(inputs))).toEqual([]);
  });

  it("catch a missing cache hint, a missing data.requested, a result without resultType, an input request without a message", () => {
    const edit = (id: number, change: (r: Record<string, any>) => void) => {
      const answers = answersOf(inputs) as Record<string, any>[];
      change(answers[messageIndex(id)]!);
      return failing(answers);
    };
    expect(edit(1, (r) => delete r.result.ttlMs)).toEqual(["t2_schema_discover"]);
    expect(edit(2, (r) => delete r.result.cacheScope)).toEqual(["t2_schema_tools_list"]);
    expect(edit(99, (r) => delete r.error.data.requested)).toEqual(["t2_schema_errors"]);
    expect(edit(4, (r) => delete r.result.resultType)).toEqual(["t2_schema_tools_call"]);
    expect(edit(10, (r) => delete r.result.inputRequests.confirm.params.message)).toEqual(["t2_schema_input_required"]);
    expect(edit(8, (r) => { r.result.contents[0].uri = 5; })).toEqual(["t2_schema_resources"]);
    expect(edit(6, (r) => { r.result = {}; })).toContain("t2_schema_errors");
  });

  it("name the response and the place in plain words", () => {
    const answers = answersOf(inputs) as Record<string, any>[];
    delete answers[messageIndex(1)]!.result.ttlMs;
    const check = schemaChecks(exchanges(answers)).find((c) => c.name === "t2_schema_discover")!;
    expect(check.message).toMatch(/^handle\(\{"jsonrpc":"2.0","id":1,"method":"server\/discover".*is missing the required field ttlMs \(DiscoverResult\)\.$/);
  });
});
