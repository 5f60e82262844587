// json-errors.js against V8 itself: for texts made by mutating JSON (a character dropped, added
// or the text cut short), the message it gives is the one this Node's JSON.parse gives, and it
// says nothing for a text that is JSON.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const lib: { jsonParseMessage?: (text: string) => string | undefined } = {};
const source = readFileSync(path.join(import.meta.dirname, "json-errors.js"), "utf8").trim().replace(/;$/, "");
(new Function(`return (\n${source}\n);`)() as (host: unknown, l: typeof lib) => void)(null, lib);
const messageOf = lib.jsonParseMessage!;

const v8 = (text: string): string | undefined => {
  try { JSON.parse(text); return undefined; } catch (error) { return (error as Error).message; }
};

const SEEDS = ['{"a":1,"b":[1,2,{"c":null}],"d":"x\\u00e9\\n"}', '[true,false,null,-1.5e+3,0,"s"]', ' [ 1 , { "k" : [ ] } ] ', '"\\"\\\\\\/\\b\\f\\n\\r\\t"', "0.5", "-0", "1E-7",
  '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":1}}}'];
const PIECES = ["{", "}", "[", "]", ",", ":", '"', "\\", "u", "0", "1", "-", "+", ".", "e", "E", " ", "\n", "t", "r", "n", "f", "x", "\u0001", "é", "€", "G", "NaN", "undefined"];

describe("JSON.parse's messages in V8's words", () => {
  it("gives V8's message for every mutated text, and none for JSON", () => {
    let seed = 20;
    const random = (n: number): number => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
    const texts = [...SEEDS, "", " ", "NaN", "Infinity", "undefined", "[object Object]", "tr1e", "trux", '"\\u12', '"\\€"', "[".repeat(5000), "01", "[-]"];
    for (let i = 0; i < 20000; i++) {
      let text = SEEDS[random(SEEDS.length)]!;
      for (let k = 1 + random(3); k > 0; k--) {
        const at = random(text.length + 1);
        const op = random(3);
        text = op === 0 ? text.slice(0, at) + text.slice(at + 1) : op === 1 ? text.slice(0, at) + PIECES[random(PIECES.length)] + text.slice(at) : text.slice(0, at);
      }
      texts.push(text);
    }
    const differ = texts.filter((t) => messageOf(t) !== v8(t)).map((t) => [t, v8(t), messageOf(t)]);
    expect(differ.slice(0, 5)).toEqual([]);
    expect(texts.filter((t) => v8(t) !== undefined).length).toBeGreaterThan(10000);
  });
});
