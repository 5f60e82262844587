import { describe, expect, it } from "vitest";
import { ownNames } from "./own-names.js";

describe("the names a submission's code uses", () => {
  const source = `// a comment: shelve
import { LAB_TOOLS } from "grade/course";
class ToolShelf {
  shelve(tool) { this[tool.name] = tool; }
  fetchTool(name: string): Tool | undefined { return this[name]; }
}
const text = "not a name", t = \`nor \${this}\`;
export class LabServer { private shelf = new ToolShelf(); handle(message) { return this.shelf.fetchTool(message.params.name); } }`;

  it("are its identifiers and property names, by first appearance, without the language's words, comments and strings", () => {
    expect(ownNames([source], new Set(), 100)).toEqual(["LAB_TOOLS", "ToolShelf", "shelve", "tool", "name", "fetchTool", "Tool", "text", "t", "LabServer", "shelf", "handle", "message", "params"]);
  });

  it("leave out the names asked, and stop at the most asked for, across files", () => {
    expect(ownNames([source, "const extra = 1;"], new Set(["tool", "name"]), 4)).toEqual(["LAB_TOOLS", "ToolShelf", "shelve", "fetchTool"]);
    expect(ownNames(["let a;", "let b;"], new Set(), 10)).toEqual(["a", "b"]);
    expect(ownNames([], new Set(), 10)).toEqual([]);
  });
});
