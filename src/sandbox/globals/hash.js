// node:crypto's createHash, createHmac and hash, as Node 20 has them, the digest asked of the
// grader's own Node (host-hash.ts: a pure function of the bytes). The bytes are gathered here, as
// Node's Hash gathers them, and cross once, at digest().
(function (host, lib) {
  "use strict";
  const hostHash = host.hash;
  const buffer = () => lib.require("node:buffer").Buffer;
  const dataType = (name, value) => lib.argType(name, "of type string or an instance of Buffer, TypedArray, or DataView", value);
  const finalized = () => Object.assign(new Error("Digest already called"), { code: "ERR_CRYPTO_HASH_FINALIZED" });
  function bytesOf(Buffer, data, encoding, name) {
    if (typeof data === "string") return Buffer.from(data, encoding === undefined || encoding === "buffer" ? "utf8" : encoding);
    // A copy, as Node hashes the bytes at update(): a buffer the code reuses afterwards changes nothing.
    if (ArrayBuffer.isView(data)) return Buffer.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    throw dataType(name, data);
  }
  function digestOf(algorithm, chunks, key) {
    const Buffer = buffer();
    const request = { algorithm, data: Buffer.concat(chunks).toString("base64") };
    if (key !== undefined) request.key = key.toString("base64");
    const reply = JSON.parse(hostHash(JSON.stringify(request)));
    if (reply.error) throw Object.assign(reply.error.name === "TypeError" ? new TypeError(reply.error.message) : reply.error.name === "RangeError" ? new RangeError(reply.error.message) : new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {});
    return Buffer.from(reply.hex, "hex");
  }
  const out = (bytes, encoding) => (encoding === undefined || encoding === "buffer" ? bytes : bytes.toString(encoding));
  function made(kind, algorithm, key) {
    if (typeof algorithm !== "string") throw lib.argType("algorithm", "of type string", algorithm);
    const Buffer = buffer();
    let chunks = [];
    let done = false;
    // Node checks the algorithm when the hash is made.
    digestOf(algorithm, [], key);
    const self = Object.create(kind.prototype);
    self.update = function update(data, encoding) {
      if (done) throw finalized();
      chunks.push(bytesOf(Buffer, data, encoding, "data"));
      return this;
    };
    self.digest = function digest(encoding) {
      if (done) throw finalized();
      done = true;
      const bytes = digestOf(algorithm, chunks, key);
      chunks = [];
      return out(bytes, encoding);
    };
    if (kind === Hash) {
      self.copy = function copy() {
        if (done) throw finalized();
        const twin = made(Hash, algorithm, key);
        for (const chunk of chunks) twin.update(chunk);
        return twin;
      };
    }
    return self;
  }
  function Hash(algorithm) { return made(Hash, algorithm, undefined); }
  function Hmac(algorithm, key) {
    const Buffer = buffer();
    if (typeof key !== "string" && !ArrayBuffer.isView(key)) throw lib.argType("key", "of type string or an instance of ArrayBuffer, Buffer, TypedArray, DataView, KeyObject, or CryptoKey", key);
    return made(Hmac, algorithm, bytesOf(Buffer, key, undefined, "key"));
  }
  lib.nodeHashes = () => ({
    Hash, Hmac,
    createHash: function createHash(algorithm) { return made(Hash, algorithm, undefined); },
    createHmac: function createHmac(algorithm, key) { return Hmac(algorithm, key); },
    hash: function hash(algorithm, data, outputEncoding = "hex") {
      if (typeof data !== "string" && !ArrayBuffer.isView(data)) throw dataType("data", data);
      return out(made(Hash, algorithm, undefined).update(data).digest(), outputEncoding);
    },
  });
});
