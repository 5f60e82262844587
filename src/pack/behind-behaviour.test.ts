import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { chargeBehindBehaviour } from "./behind-behaviour.js";

const check = (name: string, kind: string, status: CheckResult["status"], more: Partial<CheckResult> = {}): CheckResult => ({ name, kind, title: name, status, ...more });

describe("chargeBehindBehaviour", () => {
  it("charges a task's schema, interop and response-refusing stdio failures to its first failed behaviour check", () => {
    const out = chargeBehindBehaviour([
      check("t2_ok", "behaviour", "pass"), check("t2_errors", "behaviour", "fail"), check("t2_later", "behaviour", "fail"),
      check("t2_schema_errors", "schema", "fail", { message: "code is a string." }), check("t2_interop", "interop", "fail"),
      check("t2_stdio_response", "stdio", "fail", { actual: '{"jsonrpc":"2.0","id":1,"error":{"code":"-32601"}}' }),
      check("t2_stdio_print", "stdio", "fail", { actual: "hello" }), check("t2_schema_ok", "schema", "pass"),
    ])!;
    expect(out.map((c) => [c.name, c.chargedTo])).toEqual([
      ["t2_ok", undefined], ["t2_errors", undefined], ["t2_later", undefined], ["t2_schema_errors", "t2_errors"], ["t2_interop", "t2_errors"],
      ["t2_stdio_response", "t2_errors"], ["t2_stdio_print", undefined], ["t2_schema_ok", undefined],
    ]);
    expect(out[3]!.message).toMatch(/^code is a string\. .*judged against them by t2_errors, which failed: the same mistake, charged by t2_errors/);
  });

  it("follows a behaviour check's own charge, and leaves a task with no failed behaviour check alone", () => {
    const out = chargeBehindBehaviour([check("t2_a", "behaviour", "fail", { chargedTo: "t1_keys" }), check("t2_schema", "schema", "fail")])!;
    expect(out[1]!.chargedTo).toBe("t1_keys");
    expect(chargeBehindBehaviour([check("t2_a", "behaviour", "pass"), check("t2_schema", "schema", "fail")])).toBeUndefined();
  });
});
