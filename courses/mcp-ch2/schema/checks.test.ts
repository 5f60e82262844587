import { Ajv } from "ajv";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TASK1_CHECKS } from "../behaviour/task1-checks.js";
import { makeRandom } from "../../../src/pack/random.js";
import { MESSAGES, TOOL } from "../course/fixtures.js";
import type { CheckResult } from "../../../src/report/types.js";
import { toMcp } from "../../../solutions/task1.js";
import { handle } from "../../../solutions/task2.js";
import { task1SchemaChecks, task2SchemaChecks, type Exchange } from "./checks.js";

afterEach(() => vi.restoreAllMocks());

// The fixture first, then 28 other tool definitions, as grading sends them.
const inputs = (seed: number): unknown[] => [TOOL, ...(TASK1_CHECKS[0]!.inputs(makeRandom(seed)))];
const exchangesOf = (values: (input: unknown, i: number) => unknown, seed = 1): Exchange[] =>
  inputs(seed).map((input, i) => ({ input, outcome: { ok: true, value: values(input, i) } }));
const byName = (checks: CheckResult[]): Record<string, CheckResult> => Object.fromEntries(checks.map((c) => [c.name, c]));
const flat = (n: number, prefix: string): Record<string, unknown> =>
  ({ type: "object", properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { type: "string" }])) });

describe("task 1's schema checks", () => {
  it("pass the reference solution on the fixture and on every tool the course generates", () => {
    for (const seed of [1, 2, 3]) {
      const all = [TOOL, ...TASK1_CHECKS.flatMap((c) => c.inputs(makeRandom(seed)))];
      const checks = task1SchemaChecks(all.map((input) => ({ input, outcome: { ok: true, value: toMcp(structuredClone(input) as typeof TOOL) } })));
      expect(checks.map((c) => [c.name, c.status, c.message])).toEqual([
        ["t1_schema_compiles", "pass", `${all.length} checked.`],
        ["t1_schema_tool", "pass", `${all.length} checked.`],
      ]);
    }
  });

  it("refuse 31 different 1,500-property schemas by their size, compiling none of them", () => {
    const compile = vi.spyOn(Object.getPrototypeOf(Ajv.prototype) as { compile: () => unknown }, "compile");
    const checks = byName(task1SchemaChecks(exchangesOf((_input, i) => ({ name: "t", description: "d", inputSchema: flat(1500, `s${i}_`) }))));
    expect(compile).not.toHaveBeenCalled();
    expect(checks["t1_schema_compiles"]).toMatchObject({ status: "fail" });
    expect(checks["t1_schema_compiles"]!.message).toMatch(/^inputSchema is too large to check \(3,003 JSON values, cap 1,000\)\. 31 of 31 failed; the smallest input: toMcp\(/);
    // Large, but a Tool: the MCP schema sets no size.
    expect(checks["t1_schema_tool"]).toMatchObject({ status: "pass" });
    // What the report shows of such a schema is cut short.
    expect(checks["t1_schema_compiles"]!.actual!.length).toBeLessThan(2100);
    expect(checks["t1_schema_compiles"]!.actual).toMatch(/… \(\d+ characters\)$/);
  });

  it.each<[string, unknown, "pass" | "fail", "pass" | "fail"]>([
    ["draft-04", { $schema: "http://json-schema.org/draft-04/schema#", type: "object" }, "fail", "pass"],
    ["an unknown $schema", { $schema: "urn:example:dialect", type: "object" }, "fail", "pass"],
    ["2020-12 with its own keywords", { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", $defs: { a: { type: "string" } }, properties: { a: { $ref: "#/$defs/a" } } }, "pass", "pass"],
    ["unknown keywords", { type: "object", "x-ui": { order: 1 }, properties: { a: { type: "string", widget: "textarea" } } }, "pass", "pass"],
    ["a $ref to nowhere", { type: "object", properties: { a: { $ref: "#/definitions/gone" } } }, "fail", "pass"],
    ["an invalid type", { type: "obj" }, "fail", "fail"],
    ["properties that are not schemas", { type: "object", properties: { a: 5 } }, "fail", "fail"],
    ["a schema nested 200,000 deep", JSON.parse(`{"type": "object", "properties": {"a": ${'{"items":'.repeat(200_000)}{}${"}".repeat(200_000)}}}`), "fail", "pass"],
    ["a bare true", true, "fail", "fail"],
    ["an array", [], "fail", "fail"],
    ["null", null, "fail", "fail"],
    ["nothing", undefined, "fail", "fail"],
  ])("give a verdict, never an error, when toMcp returns %s", (_name, inputSchema, compiles, tool) => {
    const checks = byName(task1SchemaChecks(exchangesOf(() => ({ name: "t", description: "d", inputSchema }))));
    // The MCP schema asks only for an object with type "object"; compiling asks more.
    expect([checks["t1_schema_compiles"]!.status, checks["t1_schema_tool"]!.status]).toEqual([compiles, tool]);
  });

  it("gives the two schema checks an error, not a crash, if judging throws", () => {
    const hostile = new Proxy({}, { get: () => { throw new Error("read"); }, has: () => true, ownKeys: () => [] });
    const checks = task1SchemaChecks([{ input: TOOL, outcome: { ok: true, value: hostile } }]);
    expect(checks.map((c) => c.status)).toEqual(["error", "error"]);
    expect(checks[0]!.message).toBe("The grader could not run this check: read");
  });

  it("are skipped, not passed, when no call returned a tool", () => {
    expect(task1SchemaChecks([{ input: TOOL, outcome: { ok: true, value: "a string" } }]).map((c) => c.status)).toEqual(["skip", "skip"]);
  });
});

describe("task 2's schema checks", () => {
  const exchanges = (patch: (request: Record<string, unknown>, response: Record<string, unknown>) => Record<string, unknown>): Exchange[] =>
    MESSAGES.map((m) => {
      const response = handle(structuredClone(m));
      return { input: m, outcome: { ok: true, value: response === null ? null : patch(m as Record<string, unknown>, response as unknown as Record<string, unknown>) } };
    });

  it("pass the reference solution", () => {
    expect(task2SchemaChecks(exchanges((_q, r) => r)).map((c) => c.status)).toEqual(["pass", "pass", "pass", "pass", "pass", "pass"]);
  });

  it("judge a tools/list whose schema is huge, or nested too deeply to print, without a throw", () => {
    const deep = JSON.parse(`${"[".repeat(200_000)}${"]".repeat(200_000)}`) as unknown;
    const checks = byName(task2SchemaChecks(exchanges((q, r) => (q["method"] === "tools/list"
      ? { ...r, result: { tools: [{ name: "t", inputSchema: { ...flat(1500, "p"), default: deep } }, { name: "u", inputSchema: { type: "string" } }] } } : r))));
    expect(checks["t2_schema_tools_list"]).toMatchObject({ status: "fail", actual: "(a value too deeply nested to show)" });
    expect(checks["t2_schema_tools_list"]!.message).toMatch(/^tools\[1\]\.inputSchema\.type in the result must be exactly "object", but it is string "string"/);
    expect(checks["t2_schema_envelope"]!.status).toBe("pass");
  });
});
