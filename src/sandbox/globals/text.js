// TextEncoder, TextDecoder (UTF-8 by the WHATWG algorithm, with fatal, ignoreBOM and stream;
// UTF-16LE and windows-1252 too), atob and btoa, as Node 20 has them.
(function (host, lib) {
  "use strict";
  const fromCharCode = String.fromCharCode;
  const nodeError = (Type, code, message) => { const e = new Type(message); e.code = code; return e; };
  const invalidType = (name, value) => nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "${name}" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.${value === undefined ? " Received undefined" : ""}`);

  class TextEncoder {
    get encoding() { return "utf-8"; }
    encode(input = "") {
      const text = String(input);
      const bytes = [];
      for (let i = 0; i < text.length; i++) {
        let c = text.charCodeAt(i);
        if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) c = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
        else if (c >= 0xd800 && c < 0xe000) c = 0xfffd;
        if (c < 0x80) bytes.push(c);
        else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(bytes);
    }
    encodeInto(source, destination) {
      if (!(destination instanceof Uint8Array)) throw invalidType("dest", destination);
      const text = String(source);
      let read = 0, written = 0;
      for (const ch of text) {
        const bytes = this.encode(ch);
        if (written + bytes.length > destination.length) break;
        destination.set(bytes, written);
        written += bytes.length;
        read += ch.length;
      }
      return { read, written };
    }
  }

  const LABELS = { "utf-8": "utf-8", utf8: "utf-8", "unicode-1-1-utf-8": "utf-8", "utf-16le": "utf-16le", "utf-16": "utf-16le", ucs2: "utf-16le", "ucs-2": "utf-16le",
    latin1: "windows-1252", "iso-8859-1": "windows-1252", ascii: "windows-1252", "us-ascii": "windows-1252", "windows-1252": "windows-1252", l1: "windows-1252", cp1252: "windows-1252" };
  const bytesOf = (input) => {
    if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer === "function" && input instanceof SharedArrayBuffer)) return new Uint8Array(input);
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    throw invalidType("list", input);
  };
  const invalid = (encoding) => nodeError(TypeError, "ERR_ENCODING_INVALID_ENCODED_DATA", `The encoded data was not valid for encoding ${encoding}`);

  class TextDecoder {
    #encoding; #fatal; #ignoreBOM; #pending = []; #bomSeen = false;
    constructor(label = "utf-8", options = {}) {
      const key = String(label).trim().toLowerCase();
      if (!Object.prototype.hasOwnProperty.call(LABELS, key)) throw nodeError(RangeError, "ERR_ENCODING_NOT_SUPPORTED", `The "${String(label)}" encoding is not supported`);
      this.#encoding = LABELS[key];
      this.#fatal = Boolean(options?.fatal);
      this.#ignoreBOM = Boolean(options?.ignoreBOM);
    }
    get encoding() { return this.#encoding; }
    get fatal() { return this.#fatal; }
    get ignoreBOM() { return this.#ignoreBOM; }
    decode(input, options = {}) {
      const stream = Boolean(options?.stream);
      const fresh = input === undefined ? [] : bytesOf(input);
      const bytes = this.#pending.length ? [...this.#pending, ...fresh] : fresh;
      this.#pending = [];
      let out = "", used = bytes.length;
      if (this.#encoding === "windows-1252") for (let i = 0; i < bytes.length; i++) out += fromCharCode(bytes[i]);
      else if (this.#encoding === "utf-16le") {
        used = bytes.length - (stream ? bytes.length % 2 : 0);
        for (let i = 0; i + 1 < used; i += 2) out += fromCharCode(bytes[i] | (bytes[i + 1] << 8));
        if (!stream && bytes.length % 2) { if (this.#fatal) throw invalid("utf-16le"); out += "\ufffd"; }
        out = out.toWellFormed();
      } else [out, used] = this.#utf8(bytes, stream);
      if (stream) for (let i = used; i < bytes.length; i++) this.#pending.push(bytes[i]);
      if (!this.#bomSeen && out.length > 0) {
        if (!this.#ignoreBOM && out.charCodeAt(0) === 0xfeff) out = out.slice(1);
        this.#bomSeen = true;
      }
      if (!stream) this.#bomSeen = false;
      return out;
    }
    // The WHATWG UTF-8 decoder: a maximal invalid subpart is one U+FFFD.
    #utf8(bytes, stream) {
      let out = "", needed = 0, seen = 0, code = 0, lower = 0x80, upper = 0xbf, start = 0;
      const bad = () => { if (this.#fatal) throw invalid("utf-8"); out += "\ufffd"; };
      for (let i = 0; i < bytes.length; i++) {
        const b = bytes[i];
        if (needed === 0) {
          start = i;
          if (b < 0x80) { out += fromCharCode(b); continue; }
          if (b >= 0xc2 && b <= 0xdf) { needed = 1; code = b & 0x1f; }
          else if (b >= 0xe0 && b <= 0xef) { if (b === 0xe0) lower = 0xa0; if (b === 0xed) upper = 0x9f; needed = 2; code = b & 0xf; }
          else if (b >= 0xf0 && b <= 0xf4) { if (b === 0xf0) lower = 0x90; if (b === 0xf4) upper = 0x8f; needed = 3; code = b & 0x7; }
          else bad();
          continue;
        }
        if (b < lower || b > upper) { code = needed = seen = 0; lower = 0x80; upper = 0xbf; bad(); i--; continue; }
        lower = 0x80; upper = 0xbf;
        code = (code << 6) | (b & 0x3f);
        if (++seen === needed) { out += String.fromCodePoint(code); code = needed = seen = 0; }
      }
      if (needed !== 0) { if (stream) return [out, start]; bad(); }
      return [out, bytes.length];
    }
  }

  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const missing = () => nodeError(TypeError, "ERR_MISSING_ARGS", 'The "input" argument must be specified');
  function btoa(input) {
    if (arguments.length === 0) throw missing();
    const text = String(input);
    let out = "";
    for (let i = 0; i < text.length; i += 3) {
      const a = text.charCodeAt(i), b = text.charCodeAt(i + 1), c = text.charCodeAt(i + 2);
      if (a > 255 || b > 255 || c > 255) throw new DOMException("Invalid character", "InvalidCharacterError");
      const n = (a << 16) | ((b || 0) << 8) | (c || 0);
      out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + (i + 1 < text.length ? ALPHABET[(n >> 6) & 63] : "=") + (i + 2 < text.length ? ALPHABET[n & 63] : "=");
    }
    return out;
  }
  function atob(input) {
    if (arguments.length === 0) throw missing();
    let text = String(input).replace(/[\t\n\f\r ]/g, "");
    if (text.length % 4 === 0) text = text.replace(/==?$/, "");
    if (/[^A-Za-z0-9+/]/.test(text)) throw new DOMException("Invalid character", "InvalidCharacterError");
    if (text.length % 4 === 1) throw new DOMException("The string to be decoded is not correctly encoded.", "InvalidCharacterError");
    let out = "", bits = 0, count = 0;
    for (let i = 0; i < text.length; i++) {
      bits = (bits << 6) | ALPHABET.indexOf(text[i]);
      count += 6;
      if (count >= 8) { count -= 8; out += fromCharCode((bits >> count) & 255); }
    }
    return out;
  }
  lib.define("TextEncoder", TextEncoder);
  lib.define("TextDecoder", TextDecoder);
  lib.define("btoa", btoa);
  lib.define("atob", atob);
});
