// The one way node:crypto's hashes in the sandbox (globals/hash.js) reach the grader's runtime:
// Node's own createHash and createHmac give exactly the digest the student's Node gives, and a
// digest is a pure function of its bytes. What crosses is JSON text both ways: an algorithm from
// a fixed list, the bytes (and an HMAC's key) in base64, at most MAX_HASH_CHARS; back comes the
// digest in hex, or the error Node raises for the algorithm (its name, code and message).
import { createHash, createHmac } from "node:crypto";

/** About 1.5 MB of bytes in base64: more than any task's text, and little for the host to hash. */
export const MAX_HASH_CHARS = 2_000_000;
const ALGORITHMS = new Set(["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256", "sha3-224", "sha3-256", "sha3-384", "sha3-512", "ripemd160"]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function hashCall(text: string): string {
  try {
    if (text.length > MAX_HASH_CHARS) throw new RangeError(`the bytes to hash are more than the grader's sandbox hashes (${MAX_HASH_CHARS} characters of base64)`);
    const { algorithm, data, key } = JSON.parse(text) as { algorithm?: unknown; data?: unknown; key?: unknown };
    if (typeof algorithm !== "string" || typeof data !== "string" || !BASE64.test(data) || (key !== undefined && (typeof key !== "string" || !BASE64.test(key)))) throw new TypeError("not a hash request");
    // Node's own errors for an algorithm it lacks: createHash's and createHmac's differ.
    if (!ALGORITHMS.has(algorithm.toLowerCase())) {
      return JSON.stringify(key === undefined ? { error: { name: "Error", message: "Digest method not supported" } }
        : { error: { name: "TypeError", code: "ERR_CRYPTO_INVALID_DIGEST", message: `Invalid digest: ${algorithm.slice(0, 100)}` } });
    }
    const bytes = Buffer.from(data, "base64");
    const made = key === undefined ? createHash(algorithm) : createHmac(algorithm, Buffer.from(key, "base64"));
    return JSON.stringify({ hex: made.update(bytes).digest("hex") });
  } catch (error) {
    return JSON.stringify({ error: { name: error instanceof RangeError ? "RangeError" : "TypeError", message: String(error instanceof Error ? error.message : error).slice(0, 300) } });
  }
}
