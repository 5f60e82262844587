import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { clip, describeErrors, plainPath } from "./error-text.js";

describe("plainPath", () => {
  it("turns JSON pointers into the dotted paths a student writes", () => {
    expect(plainPath("", "the result")).toBe("the result");
    expect(plainPath("/result/tools/0/inputSchema", "the response")).toBe("result.tools[0].inputSchema in the response");
    expect(plainPath("/a~1b/x y", "it")).toBe("[\"a/b\"][\"x y\"] in it");
  });
});

describe("describeErrors", () => {
  const errorsOf = (schema: object, value: unknown): Parameters<typeof describeErrors>[0] => {
    const fn = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(fn(value)).toBe(false);
    return fn.errors ?? [];
  };

  it("reads the value it describes from own fields only, never from Object.prototype", () => {
    const schema = { type: "object", properties: { constructor: { type: "string" } } };
    expect(describeErrors(errorsOf(schema, JSON.parse('{"constructor": 5}')), "it", JSON.parse('{"constructor": 5}'))).toBe("constructor in it must be of type string, but it is number 5");
    // Ajv itself reads data.constructor from the prototype; the message does not.
    expect(describeErrors(errorsOf(schema, {}), "it", {})).toBe("constructor in it must be of type string, but it is missing");
    const escaped = { "a/b": 1 };
    expect(describeErrors(errorsOf({ properties: { "a/b": { type: "string" } } }, escaped), "it", escaped)).toBe("[\"a/b\"] in it must be of type string, but it is number 1");
  });

  it("quotes a long value short", () => {
    const long = "x".repeat(5000);
    const message = describeErrors(errorsOf({ const: "y" }, long), "it", long);
    expect(message.length).toBeLessThan(300);
    expect(message).toMatch(/… \(5002 characters\)$/);
    expect(clip("short")).toBe("short");
  });
});
