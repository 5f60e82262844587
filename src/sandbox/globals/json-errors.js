// Why a text is not JSON, in Node 20's words (V8 11.3's JSON parser): QuickJS's JSON.parse
// says "expecting property name" where V8 says "Expected property name or '}' in JSON at
// position 1", and a student's parse-error reply quotes it. Run only after the engine's own
// JSON.parse has refused the text (base.js), it walks the text as V8's parser does, without
// recursion (a text nested a million deep is walked in a list), to the first place V8 stops,
// and names it as V8 does. Checked against V8 itself on generated texts (json-errors.test.ts).
(function (host, lib) {
  "use strict";
  const CONTEXT = 10;
  const SPECIAL = ["[object Object]", "undefined", "Infinity", "NaN"];
  const hex = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
  const digit = (c) => c >= 48 && c <= 57;
  const space = (c) => c === 32 || c === 9 || c === 10 || c === 13;
  /** V8's one-character token of the code unit `c` (-1: the end). */
  const token = (c) => {
    if (c === -1) return "EOS";
    if (c === 34) return "STRING";
    if (c === 45 || digit(c)) return "NUMBER";
    return "OTHER";
  };

  /** The message V8 gives for `text` (a string the engine's JSON.parse refused), or undefined if it is JSON. */
  lib.jsonParseMessage = (text) => {
    const end = text.length;
    let at = 0;
    const code = (i) => (i < end ? text.charCodeAt(i) : -1);
    const skip = () => { while (at < end && space(text.charCodeAt(at))) at++; };
    class Stop { constructor(message) { this.message = message; } }
    const fail = (message) => { throw new Stop(message); };
    const positioned = (what) => fail(`${what} in JSON at position ${at}`);
    // V8's ReportUnexpectedToken with no message of its own.
    const unexpected = (kind = token(code(at))) => {
      if (kind === "EOS") fail("Unexpected end of JSON input");
      if (kind === "NUMBER") positioned("Unexpected number");
      if (kind === "STRING") positioned("Unexpected string");
      if (SPECIAL.includes(text)) fail(`"${text}" is not valid JSON`);
      const char = text[at];
      if (end < CONTEXT * 2 + 1) fail(`Unexpected token '${char}', "${text}" is not valid JSON`);
      if (at < CONTEXT) fail(`Unexpected token '${char}', "${text.slice(0, at + CONTEXT)}"... is not valid JSON`);
      if (at < end - CONTEXT) fail(`Unexpected token '${char}', ..."${text.slice(at - CONTEXT, at + CONTEXT)}"... is not valid JSON`);
      fail(`Unexpected token '${char}', ..."${text.slice(at - CONTEXT)}" is not valid JSON`);
    };
    // A character V8 read where it did not expect it (ReportUnexpectedCharacter).
    const unexpectedChar = (c) => unexpected(c === -1 ? "EOS" : c > 255 ? "OTHER" : token(c));
    const expect = (c, message) => { skip(); if (code(at) === c) at++; else if (message) positioned(message); else unexpected(); };
    const string = () => {
      at++;
      for (;;) {
        const c = code(at);
        if (c === -1) positioned("Unterminated string");
        if (c === 34) { at++; return; }
        if (c === 92) {
          at++;
          const e = code(at);
          if (e === -1 || e > 255) unexpectedChar(e);
          if (e === 117) {
            for (let i = 0; i < 4; i++) { at++; if (!hex(code(at))) positioned("Bad Unicode escape"); }
          } else if (!"\"\\/bfnrt".includes(String.fromCharCode(e))) positioned("Bad escaped character");
          at++;
          continue;
        }
        if (c < 32) positioned("Bad control character in string literal");
        at++;
      }
    };
    const number = () => {
      if (code(at) === 45) { at++; if (!digit(code(at))) positioned("No number after minus sign"); }
      if (code(at) === 48) { at++; if (digit(code(at))) positioned("Unexpected number"); } else while (digit(code(at))) at++;
      if (code(at) === 46) { at++; if (!digit(code(at))) positioned("Unterminated fractional number"); while (digit(code(at))) at++; }
      if (code(at) === 101 || code(at) === 69) {
        at++;
        if (code(at) === 43 || code(at) === 45) at++;
        if (!digit(code(at))) positioned("Exponent part is missing a number");
        while (digit(code(at))) at++;
      }
    };
    const literal = (word) => {
      const left = end - at;
      if (left >= word.length && text.startsWith(word, at)) { at += word.length; return; }
      at++;
      for (let i = 1; i < Math.min(word.length, left); i++, at++) if (text.charCodeAt(at) !== word.charCodeAt(i)) unexpectedChar(text.charCodeAt(at));
      unexpected("EOS");
    };
    // The open arrays and objects, innermost last: "[" or "{".
    const open = [];
    try {
      for (;;) {
        // A value.
        let done = false;
        skip();
        switch (code(at)) {
          case 123:
            at++; skip();
            if (code(at) === 125) { at++; done = true; break; }
            open.push("{");
            if (code(at) !== 34) positioned("Expected property name or '}'");
            string();
            expect(58, "Expected ':' after property name");
            continue;
          case 91:
            at++; skip();
            if (code(at) === 93) { at++; done = true; break; }
            open.push("[");
            continue;
          case 34: string(); done = true; break;
          case 116: literal("true"); done = true; break;
          case 102: literal("false"); done = true; break;
          case 110: literal("null"); done = true; break;
          default:
            if (token(code(at)) === "NUMBER") { number(); done = true; break; }
            unexpected();
        }
        // What follows a value: closes and commas, until the next value.
        let next = false;
        while (done && open.length > 0 && !next) {
          skip();
          const inner = open[open.length - 1];
          if (code(at) === 44) {
            at++;
            if (inner === "{") {
              skip();
              if (code(at) !== 34) positioned("Expected double-quoted property name");
              string();
              expect(58);
            }
            next = true;
          } else if (inner === "{") {
            if (code(at) !== 125) positioned("Expected ',' or '}' after property value");
            at++; open.pop();
          } else {
            if (code(at) !== 93) positioned("Expected ',' or ']' after array element");
            at++; open.pop();
          }
        }
        if (next) continue;
        skip();
        if (at < end) fail(`Unexpected non-whitespace character after JSON at position ${at}`);
        return undefined;
      }
    } catch (error) {
      if (error instanceof Stop) return error.message;
      throw error;
    }
  };
});
