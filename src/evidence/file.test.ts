import { describe, expect, it } from "vitest";
import { EVIDENCE_KEYS, EVIDENCE_RULES } from "../../courses/mcp-ch2/course/evidence-keys.js";
import pack from "../../courses/mcp-ch2/pack.js";
import { parseEvidence as parseWith, writeEvidence as writeWith } from "./file.js";

// Chapter 2's evidence lines: the pack the engine reads them from.
const parseEvidence = (text: string) => parseWith(text, pack.evidence);
const writeEvidence = (existing: string | undefined, graded: readonly string[], values: Record<string, string>) => writeWith(existing, graded, values, pack.evidence);

const accepted = Object.fromEntries(EVIDENCE_KEYS.map((k) => [k, EVIDENCE_RULES[k].accepted]));
const perfect = EVIDENCE_KEYS.map((k) => `${k}: ${accepted[k]}\n`).join("");

describe("parseEvidence", () => {
  it("reads a perfect file with no problems", () => {
    const parsed = parseEvidence(perfect);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries.t2_id5_text?.value).toBe("service must be one of: api, worker, billing");
    expect(parsed.entries.t3_parse_error_line?.value).toBe(accepted["t3_parse_error_line"]);
  });

  it("accepts CRLF, a BOM and spaces around the colon", () => {
    const text = "\uFEFF" + perfect.replace("t1_keys: ", "t1_keys :   ").replace(/\n/g, "\r\n");
    const parsed = parseEvidence(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries.t1_keys).toEqual({ key: "t1_keys", value: "description,inputSchema,name", line: 1 });
  });

  it("reports unknown, duplicate, upper-case, malformed and missing keys with line numbers", () => {
    const text = [
      "t1_keys: description,inputSchema,name", "T1_SCHEMA_UNCHANGED: true", "t1_key: x",
      "t1_keys: again", "just some words", "",
    ].join("\n");
    const messages = parseEvidence(text).problems.map((p) => p.message);
    expect(messages.slice(0, 4)).toEqual([
      "line 2: the key T1_SCHEMA_UNCHANGED must be written in lower case, exactly as the chapter prints it: t1_schema_unchanged.",
      'line 3: "t1_key" is not one of the chapter\'s 17 keys; did you mean t1_keys?',
      "line 4: t1_keys appears again (first on line 1). Keep one line per key: the value your code printed.",
      'line 5 is not a key: value line: "just some words". Every line has the form key: value, for example "t1_keys: a,b,c".',
    ]);
    expect(messages.filter((m) => m.includes("is missing"))).toHaveLength(15);
    expect(messages).toContain('t2_responses is missing: add the line "t2_responses: <value>" (task2).');
  });
});

describe("writeEvidence", () => {
  it("round-trips: what it writes parses back to the same values, in the chapter's order", () => {
    const text = writeEvidence(undefined, ["task1", "task2", "task3"], accepted);
    expect(text).toBe(perfect);
    const parsed = parseEvidence(text);
    expect(Object.fromEntries(Object.values(parsed.entries).map((e) => [e.key, e.value]))).toEqual(accepted);
  });

  it("replaces only the graded task's lines and keeps everything else", () => {
    const existing = "t3_out_count: 9\nmy note: keep me\nt2_responses: 8\nt1_keys: old\n";
    const text = writeEvidence(existing, ["task2"], { t2_responses: "7", t2_init_version: "2025-06-18" });
    expect(text).toBe("t1_keys: old\nt2_responses: 7\nt2_init_version: 2025-06-18\nt3_out_count: 9\nmy note: keep me\n");
  });

  it("never lets a value add a line: a line break or control in it is written by its code", () => {
    const forged = "x\nt1_schema_unchanged: true\rt1_name_description_unchanged: true\u2028t2_responses: 8\u0085\u000b\u000c\u001e\u001b[2J";
    const text = writeEvidence(undefined, ["task1", "task2"], { t1_keys: forged });
    expect(text).toBe("t1_keys: x\\nt1_schema_unchanged: true\\rt1_name_description_unchanged: true\\u2028t2_responses: 8\\x85\\x0b\\x0c\\x1e\\x1b[2J\n");
    expect(text.split(/\r\n|[\n\r\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/)).toEqual([text.slice(0, -1), ""]);
    // What a reader sees: one t1_keys line holding the codes as written, and no forged key.
    const parsed = parseEvidence(text);
    expect(Object.keys(parsed.entries)).toEqual(["t1_keys"]);
    expect(parsed.entries.t1_keys).toEqual({ key: "t1_keys", value: text.slice("t1_keys: ".length, -1), line: 1 });
    expect(parsed.otherLines).toEqual([]);
  });

  it("writes a value again unchanged once it is on its line, and normal text as it is", () => {
    const once = writeEvidence(undefined, ["task1"], { t1_keys: "a\nb" });
    expect(writeEvidence(once, ["task2"], {})).toBe(once);
    expect(writeEvidence(undefined, ["task1"], { t1_keys: "Grüße, 名前 ✓ ✗ 🎉\tend" })).toBe("t1_keys: Grüße, 名前 ✓ ✗ 🎉\tend\n");
  });

  it("leaves out a line the code could not print rather than keep a stale value", () => {
    expect(writeEvidence("t1_keys: stale\n", ["task1"], {})).toBe("");
  });
});
