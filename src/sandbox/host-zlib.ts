// The one way node:zlib in the sandbox (globals/zlib.js) reaches the grader's runtime: Node's own
// deflate, inflate, gzip and brotli give exactly the bytes the student's Node gives, and each is a
// pure function of its bytes and options. What crosses is JSON text both ways: a method from a
// fixed list, the bytes in base64 (at most MAX_ZLIB_CHARS), plain numeric options; back come the
// bytes in base64 (at most MAX_ZLIB_OUTPUT of them: a small input that inflates to gigabytes is
// Node's own "too large" error; crc32: the number), or the error Node raises (its name, code,
// errno and message).
import zlib from "node:zlib";

/** About 1.5 MB of bytes in base64, as the hashes take. */
export const MAX_ZLIB_CHARS = 2_000_000;
/** What one call may give back: as many bytes as it may take, and Node's error past that. */
const MAX_ZLIB_OUTPUT = 1_500_000;
const METHODS = new Set(["crc32", "deflateSync", "inflateSync", "deflateRawSync", "inflateRawSync", "gzipSync", "gunzipSync", "unzipSync", "brotliCompressSync", "brotliDecompressSync"]);
const NUMERIC = ["flush", "finishFlush", "chunkSize", "windowBits", "level", "memLevel", "strategy", "maxOutputLength"];
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type Method = (data: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Buffer;

function optionsOf(given: unknown): zlib.ZlibOptions & zlib.BrotliOptions {
  const options: Record<string, unknown> = {};
  if (given !== null && typeof given === "object") {
    for (const key of NUMERIC) if (typeof (given as Record<string, unknown>)[key] === "number") options[key] = (given as Record<string, unknown>)[key];
    const params = (given as { params?: unknown }).params;
    if (params !== null && typeof params === "object") {
      options["params"] = Object.fromEntries(Object.entries(params).filter(([k, v]) => /^\d+$/.test(k) && typeof v === "number"));
    }
  }
  const most = typeof options["maxOutputLength"] === "number" ? Math.min(options["maxOutputLength"] as number, MAX_ZLIB_OUTPUT) : MAX_ZLIB_OUTPUT;
  return { ...options, maxOutputLength: most };
}

export function zlibCall(text: string): string {
  try {
    if (text.length > MAX_ZLIB_CHARS) throw new RangeError(`the bytes to compress or expand are more than the grader's sandbox takes (${MAX_ZLIB_CHARS} characters of base64)`);
    const { method, data, options } = JSON.parse(text) as { method?: unknown; data?: unknown; options?: unknown };
    if (typeof method !== "string" || !METHODS.has(method) || typeof data !== "string" || !BASE64.test(data)) throw new TypeError("not a zlib request");
    if (method === "crc32") {
      const start = options !== null && typeof options === "object" && typeof (options as { value?: unknown }).value === "number" ? (options as { value: number }).value : 0;
      return JSON.stringify({ value: (zlib as unknown as { crc32(data: Buffer, value: number): number }).crc32(Buffer.from(data, "base64"), start) });
    }
    const run = (zlib as unknown as Record<string, Method>)[method]!;
    return JSON.stringify({ data: run(Buffer.from(data, "base64"), optionsOf(options)).toString("base64") });
  } catch (error) {
    const e = error as { name?: unknown; code?: unknown; errno?: unknown; message?: unknown };
    return JSON.stringify({ error: {
      name: e.name === "RangeError" || e.name === "TypeError" ? e.name : "Error",
      message: String(e.message ?? error).slice(0, 300),
      ...(typeof e.code === "string" ? { code: e.code } : {}), ...(typeof e.errno === "number" ? { errno: e.errno } : {}),
    } });
  }
}
