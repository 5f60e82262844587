import { describe, expect, it } from "vitest";
import { ownNames } from "./own-names.js";

describe("the names a submission's code uses", () => {
  const source = `// a comment: hidden
import { LAB_TOOLS } from "grade/course";
class ToolShelf {
  "stow"(tool) { this[tool.name] = tool; }
  sh\\u0065lve(name: string) { return this[name]; }
}
const made = new Function("return class { fetchTool() {} }");`;

  it("are its identifiers, property names and strings' words, escapes read, by first appearance, without comments", () => {
    expect(ownNames([source], new Set(), 100)).toEqual(["import", "LAB_TOOLS", "from", "grade", "course", "class", "ToolShelf", "stow", "tool", "this", "name", "shelve", "string", "return", "const", "made", "new", "Function", "fetchTool"]);
  });

  it("leave out the names asked, and stop at the most asked for, across files", () => {
    expect(ownNames([source, "let extra = 1;"], new Set(["import", "from", "grade", "course", "class"]), 4)).toEqual(["LAB_TOOLS", "ToolShelf", "stow", "tool"]);
    expect(ownNames(["let a;", "let b;"], new Set(["let"]), 10)).toEqual(["a", "b"]);
    expect(ownNames([], new Set(), 10)).toEqual([]);
  });

  it("leave out every comment, a line's, a block's and one left open, whatever it holds", () => {
    expect(ownNames(["a /* b // c */ d // e /* f\ng /* h\ni"], new Set(), 10)).toEqual(["a", "d", "g"]);
    expect(ownNames(["a //", "b /*/ c */ d"], new Set(), 10)).toEqual(["a", "b", "d"]);
  });
});
