// node:zlib's one-shot functions, as Node 20 has them, each run by the grader's own Node
// (host-zlib.ts: a pure function of the bytes and options). The sync ones return a Buffer; the
// callback ones call back on a later turn, as Node's do (its work is on another thread).
(function (host, lib) {
  "use strict";
  const hostZlib = host.zlib;
  const buffer = () => lib.require("node:buffer").Buffer;
  function bytesOf(Buffer, data) {
    if (typeof data === "string") return Buffer.from(data, "utf8");
    if (ArrayBuffer.isView(data)) return Buffer.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (data instanceof ArrayBuffer) return Buffer.from(new Uint8Array(data));
    throw lib.argType("buffer", "of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer", data);
  }
  function run(method, data, options) {
    const Buffer = buffer();
    const request = { method, data: bytesOf(Buffer, data).toString("base64") };
    if (options !== undefined && options !== null) request.options = options;
    const reply = JSON.parse(hostZlib(JSON.stringify(request)));
    if (reply.error) {
      const { name, message, code, errno } = reply.error;
      const error = name === "TypeError" ? new TypeError(message) : name === "RangeError" ? new RangeError(message) : new Error(message);
      if (code !== undefined) error.code = code;
      if (errno !== undefined) error.errno = errno;
      throw error;
    }
    return reply.value !== undefined ? reply.value : Buffer.from(reply.data, "base64");
  }
  const METHODS = ["deflate", "inflate", "deflateRaw", "inflateRaw", "gzip", "gunzip", "unzip", "brotliCompress", "brotliDecompress"];
  lib.nodeZlib = () => {
    const out = {};
    for (const name of METHODS) {
      const method = name + "Sync";
      out[method] = { [method](data, options) { return run(method, data, options); } }[method];
      out[name] = { [name](data, options, callback) {
        if (typeof options === "function") { callback = options; options = undefined; }
        if (typeof callback !== "function") throw lib.argType("callback", "of type function", callback);
        let result;
        let failure = null;
        try { result = run(method, data, options); } catch (error) {
          // A wrong argument (a number to compress, a level out of range) throws at the call, as
          // Node checks them before its work; what the work meets (bytes that are no zlib, too
          // large a result) goes to the callback.
          if (typeof error.code === "string" && error.code.startsWith("ERR_") && error.code !== "ERR_BUFFER_TOO_LARGE") throw error;
          failure = error;
        }
        lib.setImmediate(() => (failure ? callback(failure) : callback(null, result)));
      } }[name];
    }
    out.crc32 = function crc32(data, value = 0) {
      if (typeof value !== "number") throw lib.argType("value", "of type number", value);
      return run("crc32", data, { value });
    };
    return out;
  };
});
