import { describe, expect, it } from "vitest";
import type { SandboxRequest } from "./protocol.js";
import { checkReply } from "./reply.js";

const request: SandboxRequest = { files: {}, refused: {}, runs: [{ entry: "a.ts", exportName: "f", inputs: ["[]"], instance: "shared", stopOnFailure: false }], limits: { timeMs: 1000, memoryBytes: 2 ** 27, valueChars: 2 ** 20, outputChars: 100 } };
const reply = (failure: unknown) => ({ reply: { runs: [{ status: "ran", calls: [{ ok: false, failure }], stdout: "", stderr: "", durationMs: 1 }] } });
const failureOf = (r: ReturnType<typeof checkReply>) => (r.runs[0]?.status === "ran" && !r.runs[0].calls[0]!.ok ? r.runs[0].calls[0]!.failure : "failed");

describe("a thread's reply: a failure's stack files", () => {
  it("keeps the files a throw's stack ran through (whose code failed), and no other field", () => {
    expect(failureOf(checkReply(request, reply({ reason: "throw", message: "f threw", files: ["dumps.ts", "a.ts"], extra: 1 })))).toEqual({ reason: "throw", message: "f threw", files: ["dumps.ts", "a.ts"] });
    expect(failureOf(checkReply(request, reply({ reason: "throw", message: "f threw" })))).toEqual({ reason: "throw", message: "f threw" });
  });

  it.each([
    ["files that are not a list", "a.ts"],
    ["a file that is not a string", [1]],
    ["a file name past the cap", ["x".repeat(301)]],
    ["more files than a stack is read for", Array.from({ length: 41 }, (_, i) => `f${i}.ts`)],
  ])("refuses %s", (_what, files) => {
    expect(failureOf(checkReply(request, reply({ reason: "throw", message: "f threw", files })))).toBe("failed");
  });
});
