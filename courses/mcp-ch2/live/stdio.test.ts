import { describe, expect, it } from "vitest";
import { jsonRpcProblem } from "../../../src/live/stdio-run.js";
import { stdioChecks } from "./stdio.js";

const A = '{"id":1,"jsonrpc":"2.0","result":{}}';
const B = '{"error":{"code":-32700,"message":"Parse error"},"id":null,"jsonrpc":"2.0"}';

describe("jsonRpcProblem", () => {
  it("accepts responses, requests and notifications, and names what else is wrong", () => {
    expect(jsonRpcProblem(A)).toBeUndefined();
    expect(jsonRpcProblem('{"jsonrpc":"2.0","method":"notifications/x"}')).toBeUndefined();
    expect(jsonRpcProblem("server ready")).toBe("it is not JSON");
    expect(jsonRpcProblem(`${A}${A}`)).toBe("it is not JSON");
    expect(jsonRpcProblem("[1]")).toBe("it is JSON but not a JSON-RPC message object");
    expect(jsonRpcProblem('{"id":1,"result":{}}')).toBe("it has no \"jsonrpc\": \"2.0\"");
    expect(jsonRpcProblem('{"jsonrpc":"2.0","id":1}')).toBe("it is neither a request, a notification nor a response");
  });
});

describe("stdioChecks", () => {
  const verdicts = (stdout: string, problem?: string) =>
    stdioChecks({ stdout, stderr: "", ...(problem ? { problem } : {}) }, ["x"]).map((c) => [c.name, c.status]);

  it("passes clean output", () => {
    expect(verdicts(`${A}\n${B}\n`)).toEqual([["t2_stdio_clean", "pass"]]);
  });

  it("fails a banner, quoting it", () => {
    const [clean] = stdioChecks({ stdout: `server ready\n${A}\n`, stderr: "" }, ["x"]);
    expect(clean).toMatchObject({ status: "fail", actual: "server ready" });
    expect(clean!.message).toContain('stdout line 1 is not one JSON-RPC message (it is not JSON): "server ready"');
  });

  it("fails output that does not end with a newline, and errors when the server never finished", () => {
    expect(verdicts(A)).toEqual([["t2_stdio_clean", "fail"]]);
    expect(verdicts("", "the server did not exit within 5000 ms")).toEqual([["t2_stdio_clean", "error"]]);
  });
});
