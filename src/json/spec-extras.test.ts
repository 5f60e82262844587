import { describe, expect, it } from "vitest";
import { plainCapabilities, withoutSpecExtras } from "./spec-extras.js";

describe("withoutSpecExtras", () => {
  it("leaves out an error's data, a result's _meta and initialize's instructions that the expected answer lacks", () => {
    expect(withoutSpecExtras({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "x", data: { method: "m" } } }, { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "x" } }))
      .toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "x" } });
    expect(withoutSpecExtras({ id: 1, result: { protocolVersion: "v", instructions: "hi", _meta: { a: 1 } } }, { id: 1, result: { protocolVersion: "v" } }))
      .toEqual({ id: 1, result: { protocolVersion: "v" } });
  });

  it("leaves out initialize's serverInfo title (a string), and only there", () => {
    const info = { name: "lab-server", version: "0.3.0" };
    expect(withoutSpecExtras({ id: 1, result: { protocolVersion: "v", serverInfo: { ...info, title: "Lab" } } }, { id: 1, result: { protocolVersion: "v", serverInfo: info } }))
      .toEqual({ id: 1, result: { protocolVersion: "v", serverInfo: info } });
    // A title that is no string, or another name, is judged as it is.
    const odd = { id: 1, result: { protocolVersion: "v", serverInfo: { ...info, title: 5 } } };
    expect(withoutSpecExtras(odd, { id: 1, result: { protocolVersion: "v", serverInfo: info } })).toEqual(odd);
    const other = { id: 1, result: { protocolVersion: "v", serverInfo: { name: "x", version: "0.3.0", title: "Lab" } } };
    expect(withoutSpecExtras(other, { id: 1, result: { protocolVersion: "v", serverInfo: info } })).toEqual({ id: 1, result: { protocolVersion: "v", serverInfo: { name: "x", version: "0.3.0" } } });
  });

  it("leaves out serverInfo's 2025-11-25 fields (description, websiteUrl, icons) of their own types", () => {
    const info = { name: "lab-server", version: "0.3.0" };
    const more = { description: "A lab", websiteUrl: "https://example.com", icons: [{ src: "https://example.com/i.png" }] };
    expect(withoutSpecExtras({ id: 1, result: { protocolVersion: "v", serverInfo: { ...info, ...more } } }, { id: 1, result: { protocolVersion: "v", serverInfo: info } }))
      .toEqual({ id: 1, result: { protocolVersion: "v", serverInfo: info } });
    const odd = { id: 1, result: { protocolVersion: "v", serverInfo: { ...info, description: 5, icons: "x" } } };
    expect(withoutSpecExtras(odd, { id: 1, result: { protocolVersion: "v", serverInfo: info } })).toEqual(odd);
  });

  it("keeps what the expected answer has, what is not the specification's shape, and everything else", () => {
    const withData = { id: 1, error: { code: 1, message: "x", data: 2 } };
    expect(withoutSpecExtras(withData, withData)).toBe(withData);
    // _meta that is no object, instructions outside initialize's result: judged as they are.
    const odd = { id: 1, result: { tools: [], _meta: 5, instructions: "x" } };
    expect(withoutSpecExtras(odd, { id: 1, result: { tools: [] } })).toEqual(odd);
    // A result missing a field is still missing it.
    expect(withoutSpecExtras({ id: 1, result: { _meta: { protocolVersion: "v" } } }, { id: 1, result: { protocolVersion: "v" } })).toEqual({ id: 1, result: {} });
  });

  it("leaves out the optional fields of a list's items, a content block's and a message's that the expected items lack", () => {
    const want = { id: 1, result: { tools: [{ name: "add", description: "d", inputSchema: {} }], content: [{ type: "text", text: "5" }], messages: [{ role: "user", content: { type: "text", text: "t" } }] } };
    const given = { id: 1, result: {
      tools: [{ name: "add", title: "Add", description: "d", inputSchema: {}, _meta: {}, annotations: { readOnlyHint: true } }],
      content: [{ type: "text", text: "5", annotations: { audience: ["assistant"] } }],
      messages: [{ role: "user", content: { type: "text", text: "t", _meta: { a: 1 } } }],
    } };
    expect(withoutSpecExtras(given, want)).toEqual(want);
    // What the rules fix is still judged: a description the expected item has, a list of another length, a field no schema gives.
    const other = { id: 1, result: { tools: [{ name: "add", description: "e", inputSchema: {}, title: "Add" }], content: [{ type: "text", text: "5", extra: 1 }] } };
    expect(withoutSpecExtras(other, want)).toEqual({ id: 1, result: { tools: [{ name: "add", description: "e", inputSchema: {} }], content: [{ type: "text", text: "5", extra: 1 }] } });
  });
});

describe("plainCapabilities", () => {
  it("reads a capability's flag set to false as its absence, and only false", () => {
    expect(plainCapabilities({ tools: { listChanged: true }, resources: { subscribe: false, listChanged: false }, prompts: {} }))
      .toEqual({ tools: { listChanged: true }, resources: {}, prompts: {} });
    const wrong = { tools: { listChanged: "no" }, resources: {} };
    expect(plainCapabilities(wrong)).toBe(wrong);
    // A false flag the expected capabilities spell out is kept, to be compared.
    expect(plainCapabilities({ tools: { listChanged: false } }, { tools: { listChanged: false } })).toEqual({ tools: { listChanged: false } });
  });

  it("leaves out the experimental capabilities (an object) the expected ones lack", () => {
    expect(plainCapabilities({ tools: { listChanged: true }, experimental: {} })).toEqual({ tools: { listChanged: true } });
    expect(plainCapabilities({ experimental: { x: {} } }, { experimental: {} })).toEqual({ experimental: { x: {} } });
    const odd = { tools: {}, experimental: true };
    expect(plainCapabilities(odd)).toBe(odd);
  });
});

describe("a tool's output schema and structured result", () => {
  it("leaves out a tool's outputSchema and a tool result's structuredContent (an object) the expected answer lacks", () => {
    const tool = { name: "add", description: "d", inputSchema: { type: "object" } };
    expect(withoutSpecExtras({ id: 1, result: { tools: [{ ...tool, outputSchema: { type: "object" } }] } }, { id: 1, result: { tools: [tool] } })).toEqual({ id: 1, result: { tools: [tool] } });
    const content = [{ type: "text", text: "5" }];
    expect(withoutSpecExtras({ id: 1, result: { content, structuredContent: { sum: 5 } } }, { id: 1, result: { content } })).toEqual({ id: 1, result: { content } });
    // Not where the expected result holds one, nor a structuredContent that is no object, nor outside a tool result.
    const both = { id: 1, result: { content, structuredContent: { sum: 6 } } };
    expect(withoutSpecExtras(both, { id: 1, result: { content, structuredContent: { sum: 5 } } })).toBe(both);
    const odd = { id: 1, result: { content, structuredContent: 5 } };
    expect(withoutSpecExtras(odd, { id: 1, result: { content } })).toEqual(odd);
    const list = { id: 1, result: { tools: [], structuredContent: {} } };
    expect(withoutSpecExtras(list, { id: 1, result: { tools: [] } })).toEqual(list);
  });
});
