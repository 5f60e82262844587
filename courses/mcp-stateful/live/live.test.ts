// The live checks through real processes: the reference solution passes the stdio session and
// the SDK 1.x client's four steps; a server that answers notifications fails the stdio check, and
// one that answers an unknown tool with -32602 fails the SDK's unknown-tool step; one that takes
// a falsy id for no id fails the SDK's handshake (its initialize has id 0), never an error.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { liveChecks } from "../grading/live.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const DIR = path.join(ROOT, "solutions", "mcp-stateful");
const SOLUTION = Object.fromEntries(readdirSync(DIR).filter((f) => f.endsWith(".ts")).map((f) => [f, readFileSync(path.join(DIR, f), "utf8")]));
const live = async (files: Record<string, string>): Promise<Record<string, string>> => {
  const checks = (await liveChecks({ files, refused: {}, tasks: ["task2"], timeoutMs: 20_000, shownAs: "" }))["task2"] ?? [];
  return Object.fromEntries(checks.map((c) => [c.name, c.status]));
};
const changed = (from: string, to: string): Record<string, string> => {
  if (!SOLUTION["task2.ts"]!.includes(from)) throw new Error(`task2.ts has no ${from}`);
  return { ...SOLUTION, "task2.ts": SOLUTION["task2.ts"]!.replace(from, to) };
};

describe("the stateful pack's live checks", () => {
  it("pass the reference solution", async () => {
    expect(await live(SOLUTION)).toEqual({ t2_stdio_session: "pass", t2_sdk_connect: "pass", t2_sdk_list: "pass", t2_sdk_call: "pass", t2_sdk_unknown: "pass" });
  });

  it("fail a server that answers notifications (stdio) or an unknown tool with -32602 (the SDK)", async () => {
    expect((await live(changed("      if (isNotification) return null;\n      return { jsonrpc: \"2.0\", id: id!", "      return { jsonrpc: \"2.0\", id: id!")))["t2_stdio_session"]).toBe("fail");
    expect((await live(changed("throw new RPCError(METHOD_NOT_FOUND, `unknown tool", "throw new RPCError(INVALID_PARAMS, `unknown tool")))["t2_sdk_unknown"]).toBe("fail");
  });

  it("fail, not error, the SDK's handshake with a server that leaves id 0 unanswered", async () => {
    const checks = (await liveChecks({ files: changed("const isNotification = !(\"id\" in message);", "const isNotification = !(message as { id?: unknown }).id;"), refused: {}, tasks: ["task2"], timeoutMs: 8_000, shownAs: "" }))["task2"] ?? [];
    const connect = checks.find((c) => c.name === "t2_sdk_connect");
    expect(connect?.status).toBe("fail");
    expect(connect?.message).toMatch(/initialize, has id 0, and your server never answered it/);
    expect(checks.find((c) => c.name === "t2_stdio_session")?.status).toBe("fail");
  });
});
