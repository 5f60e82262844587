import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { HOSTILE, NORMAL, OSC_LINK, runnerCommands, terminalHazards } from "./hostile.js";
import {
  defuseCommands, escapeControls, jsonText, lineValue, markdownText, spreadsheetText, terminalLine, terminalText,
  workflowData, workflowProperty, xmlAttribute, xmlText,
} from "./sanitize.js";

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", htmlEntities: true });

describe("escapeControls", () => {
  it("shows each control, separator, bidi control and lone surrogate by its code", () => {
    expect(escapeControls(OSC_LINK)).toBe("\\x1b]8;;http://x\\x07click\\x1b]8;;\\x07\\r::error::forged");
    expect(escapeControls("\u009b31m \u0085 \u007f \u0000 \t \n")).toBe("\\x9b31m \\x85 \\x7f \\x00 \\t \\n");
    expect(escapeControls("a\u202eb\u2066c\u2069 \u2028\u2029")).toBe("a\\u202eb\\u2066c\\u2069 \\u2028\\u2029");
    expect(escapeControls("\ud800 \udfff \uffff \ufffe")).toBe("\\ud800 \\udfff \\uffff \\ufffe");
    expect(escapeControls("a\tb\nc", "\n\t")).toBe("a\tb\nc");
  });

  it("leaves letters, emoji, marks and backslashes alone", () => {
    expect(escapeControls(NORMAL)).toBe(NORMAL);
    expect(escapeControls("C:\\tasks\\x1b")).toBe("C:\\tasks\\x1b");
  });
});

describe("defuseCommands", () => {
  it("escapes the first colon of a line that starts a command once white space is trimmed", () => {
    expect(defuseCommands("::error::x")).toBe("\\x3a:error::x");
    expect(defuseCommands("ok\n  \t\u00a0\u3000::add-mask::s")).toBe("ok\n  \t\u00a0\u3000\\x3a:add-mask::s");
    expect(defuseCommands("a ::b:: and :single")).toBe("a ::b:: and :single");
  });

  it("breaks the ##[ forms anywhere in a line, in any case", () => {
    expect(defuseCommands("x ##[add-mask]s ##vso[task.complete] ##TeamCity[x] ###[y]"))
      .toBe("x \\x23#[add-mask]s \\x23#vso[task.complete] \\x23#TeamCity[x] #\\x23#[y]");
    expect(runnerCommands(defuseCommands("###[add-mask]s"))).toEqual([]);
  });
});

describe("terminalText and terminalLine", () => {
  it("leave nothing a terminal or a runner acts on", () => {
    for (const f of [terminalText, terminalLine]) {
      const out = f(HOSTILE);
      expect(terminalHazards(out)).toEqual([]);
      expect(runnerCommands(out)).toEqual([]);
      expect(runnerCommands(`      ${out.split("\n").join("\n      ")}`)).toEqual([]);
    }
  });

  it("keep lines, tabs and normal text; CRLF is a line break, a lone CR is shown", () => {
    expect(terminalText(`${NORMAL}\r\n\tnext\rover`)).toBe(`${NORMAL}\n\tnext\\rover`);
    expect(terminalLine("a\nb\tc")).toBe("a\\nb\tc");
  });
});

describe("XML", () => {
  it("is well-formed for any text and reads back as the visible text", () => {
    const doc = `<a m="${xmlAttribute(HOSTILE)}">${xmlText(HOSTILE)}</a>`;
    expect(XMLValidator.validate(doc)).toBe(true);
    const visible = escapeControls(HOSTILE, "\n\t");
    const parsed = xml.parse(doc) as { a: { "#text": string; m: string } };
    expect(parsed.a.m).toBe(visible);
    expect(parsed.a["#text"]).toBe(visible);
    expect(runnerCommands(doc)).toEqual([]);
    expect(xmlAttribute("a\nb")).toBe("a&#10;b");
  });

  it("keeps normal text as it is", () => {
    expect(xmlText(NORMAL)).toBe(NORMAL);
    expect(xmlText('a <b> & "c"')).toBe("a &lt;b&gt; &amp; &quot;c&quot;");
  });
});

describe("workflow commands", () => {
  it("use GitHub's escapes, so one command carries the whole text and no second one starts", () => {
    expect(workflowData("100% a\r\nb")).toBe("100%25 a%0Ab");
    expect(workflowProperty("a:b,c%")).toBe("a%3Ab%2Cc%25");
    const line = `::error file=${workflowProperty(HOSTILE)},title=${workflowProperty(HOSTILE)}::${workflowData(HOSTILE)}`;
    expect(line).not.toMatch(/[\r\n]/);
    const visible = escapeControls(HOSTILE, "\n\t");
    expect(runnerCommands(line)).toEqual([{ name: "error", properties: { file: visible, title: visible }, data: visible }]);
  });
});

describe("markdownText", () => {
  const md = markdownText(HOSTILE);

  it("writes no tag, link, image, autolink or table break", () => {
    expect(md.replace(/<!---->/g, "")).not.toMatch(/[<>\n\r]/);
    expect(md).not.toMatch(/(^|[^\\])(\\\\)*[[\]()|`*~]/);
    expect(md).toContain("&lt;img src=x onerror=alert\\(1\\)&gt;");
    expect(md).toContain("www\\.evil\\.example");
    expect(md).toContain("http:\\/\\/evil\\.example");
    expect(md).toContain("ann<!---->\\@evil\\.example");
    expect(terminalHazards(md)).toEqual([]);
  });

  it("keeps ids, letters and emoji readable", () => {
    expect(markdownText("t2_id4_error: said so")).toBe("t2_id4_error: said so");
    expect(markdownText(NORMAL)).toBe(NORMAL);
    expect(markdownText("_em_ a_ \\|")).toBe("\\_em\\_ a\\_ \\\\\\|");
  });
});

describe("spreadsheetText", () => {
  it("puts a ' before anything a spreadsheet would run", () => {
    for (const cell of ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "  =1", "\uff1d1"]) expect(spreadsheetText(cell)).toBe(`'${cell}`);
    for (const [cell, written] of [["\r=1", "\\r=1"], ["\n", "\\n"], ["a\u001bb", "a\\x1bb"]]) expect(spreadsheetText(cell!)).toBe(written);
    for (const cell of ["a=b", "x-1", "", NORMAL, "'quoted"]) expect(spreadsheetText(cell)).toBe(cell);
  });
});

describe("lineValue", () => {
  it("holds no line break of any kind: \\n, \\r, VT, FF, FS-RS, NEL, U+2028/9", () => {
    const value = lineValue("a\nb\rc\u000bd\u000ce\u001cf\u001dg\u001eh\u0085i\u2028j\u2029k\r\n");
    expect(value.split(/\r\n|[\n\r\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/)).toHaveLength(1);
    expect(value).toBe("a\\nb\\rc\\x0bd\\x0ce\\x1cf\\x1dg\\x1eh\\x85i\\u2028j\\u2029k\\r\\n");
    expect(lineValue(NORMAL)).toBe(NORMAL);
  });
});

describe("jsonText", () => {
  it("carries the exact data, with nothing raw a terminal or a runner acts on", () => {
    const data = { text: HOSTILE, [HOSTILE]: [NORMAL] };
    const text = jsonText(data);
    expect(JSON.parse(text)).toEqual(data);
    expect(terminalHazards(text)).toEqual([]);
    expect(runnerCommands(text)).toEqual([]);
    expect(jsonText({ a: NORMAL })).toBe(JSON.stringify({ a: NORMAL }, null, 2));
  });
});
