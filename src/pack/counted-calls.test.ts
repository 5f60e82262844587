import { describe, expect, it } from "vitest";
import { MOST_PADDING, padding, PADDING_NOTIFICATION } from "./counted-calls.js";

describe("the count probe's padding", () => {
  it("is a notification MCP has, about no request, which no rule answers", () => {
    const m = JSON.parse(PADDING_NOTIFICATION) as Record<string, unknown>;
    expect(m).not.toHaveProperty("id");
    expect(m["method"]).toBe("notifications/progress");
  });

  it("is as many calls as came before, up to MOST_PADDING", () => {
    expect(padding(3, "x")).toEqual(["x", "x", "x"]);
    expect(padding(0, "x")).toEqual([]);
    expect(padding(MOST_PADDING + 7, "x")).toHaveLength(MOST_PADDING);
  });
});
