// The differential table's rows (table.ts says how rows are read) for what correct submissions
// written by helpers reached for and found different: Atomics on one thread (a counter for ids),
// node:crypto's buffers (Node's Buffer, base64url), process.hrtime's reads (ids from it differ).
import type { Entry } from "./evaluate.js";

type Line = string | Omit<Entry, "name">;

export const IDIOM_ROWS: Record<string, Line[]> = {
  // node:zlib's one-shot functions, run by the grader's own Node (host-zlib.ts): a transport that
  // deflates its JSON (helper 76's correct-transport-zlib-wire) lost task 3 while it was refused.
  "node:zlib": [
  "require('node:zlib').gzipSync('hello').toString('base64')", "require('zlib').deflateSync(Buffer.from('aaaaaaaaaa')).toString('hex')",
  "require('zlib').deflateRawSync('abc').toString('hex')", "require('zlib').deflateSync('abc', { level: 0 }).toString('hex')",
  "require('zlib').inflateSync(require('zlib').deflateSync('x'.repeat(100))).toString().length", "require('zlib').unzipSync(require('zlib').gzipSync('hi')).toString()",
  "require('zlib').inflateRawSync(require('zlib').deflateRawSync(new Uint8Array([1, 2, 3]))).toJSON()", "require('zlib').gunzipSync(require('zlib').gzipSync(JSON.stringify({ a: 'é' }))).toString()",
  "require('zlib').brotliDecompressSync(require('zlib').brotliCompressSync('héllo')).toString()", "require('zlib').brotliCompressSync('abc').length",
  "require('zlib').inflateSync(Buffer.from('not zlib'))", "require('zlib').gunzipSync('x')", "require('zlib').deflateSync('abc', { level: 42 })", "require('zlib').deflateSync(5)",
  "require('zlib').crc32('hello')", "require('zlib').crc32('world', require('zlib').crc32('hello '))",
  "require('zlib').constants.Z_BEST_COMPRESSION", "Object.keys(require('zlib').constants).length", "require('zlib').codes.Z_DATA_ERROR", "typeof require('zlib').createGzip",
  { code: "const z = require('zlib'); return new Promise((resolve) => z.deflate('abc', (error, out) => resolve([error, z.inflateSync(out).toString()])));", program: true, async: true },
  { code: "const z = require('zlib'); return new Promise((resolve) => z.gunzip(Buffer.from('nope'), (error) => resolve([error.code, error.errno, error.message])));", program: true, async: true },
  // Settled by the callback itself: Node's runs when its thread is done, whatever the clock says.
  { code: "const z = require('zlib'); const order = []; return new Promise((resolve) => { z.gzip('a', () => { order.push('callback'); resolve(order); }); order.push('after'); });", program: true, async: true },
  { code: "const z = require('zlib'); const seen = []; try { z.deflate(5, () => seen.push('callback')); } catch (error) { seen.push(error.code); } return new Promise((resolve) => setTimeout(() => resolve(seen), 5));", program: true, async: true },
  { code: "const z = require('zlib'); const seen = []; try { z.deflate('abc', { level: 42 }, () => seen.push('callback')); } catch (error) { seen.push(error.code); } return new Promise((resolve) => setTimeout(() => resolve(seen), 5));", program: true, async: true },
  { code: "const z = require('zlib'); return new Promise((resolve) => z.inflate(z.deflateSync(Buffer.alloc(100)), { maxOutputLength: 10 }, (error) => resolve([error.name, error.code])));", program: true, async: true },
  { code: "return require('zlib').createGzip();", program: true, refused: "zlib.createGzip" },
  ],
  "atomics, random bytes, hrtime": [
  "typeof Atomics.add", "Atomics.add(new Int32Array(new SharedArrayBuffer(8)), 0, 5)",
  { code: "const a = new Int32Array(new SharedArrayBuffer(16)); Atomics.add(a, 0, 2); Atomics.sub(a, 0, 1); Atomics.store(a, 1, 7); return [Atomics.load(a, 0), Atomics.exchange(a, 1, 3), Atomics.compareExchange(a, 1, 3, 9), Array.from(a), Atomics.isLockFree(4), Atomics.notify(a, 0, 1), Atomics.or(a, 2, 5), Atomics.and(a, 2, 4), Atomics.xor(a, 2, 1), a[2]];", program: true },
  { code: "const a = new Int32Array(4); Atomics.add(a, 0, 1); return [Array.from(a), Atomics.load(a, 0)];", program: true },
  { code: "return Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);", program: true },
  "Object.getOwnPropertyNames(Atomics).sort().join()", "String(Atomics)", "Object.prototype.toString.call(Atomics)",
  "require('node:crypto').randomBytes(3).toString('base64url').length", "require('node:crypto').randomBytes(3) instanceof Buffer", "Buffer.isBuffer(require('crypto').randomBytes(2))",
  "require('crypto').randomBytes(4).toString('hex').length",
  { code: "const B = globalThis.Buffer; globalThis.Buffer = function Fake() {}; try { const c = require('node:crypto'); const b = c.randomBytes(2); return [b instanceof B, b.constructor.name, b.length, typeof c.getRandomValues(new Uint8Array(2))[0]]; } finally { globalThis.Buffer = B; }", program: true },
  { code: "const a = process.hrtime.bigint(); const b = process.hrtime.bigint(); return [typeof a, b > a, a > 1000000000n];", program: true },
  { code: "const t = process.hrtime(); const d = process.hrtime(t); return [t.length, typeof t[0], d[0] >= 0, d[1] >= 0, d[1] < 1e9];", program: true },
  { code: "const ids = new Set(); for (let i = 0; i < 50; i++) ids.add(String(process.hrtime.bigint())); return ids.size;", program: true },
  "Atomics.add([], 0, 1)", "Atomics.add(new Float64Array(1), 0, 1)", "Atomics.add(new Uint8ClampedArray(1), 0, 1)", "Atomics.add(new Int32Array(1), 5, 1)", "Atomics.add(new Int32Array(1), -1, 1)",
  "Atomics.add(new Int32Array(1), '0', 1)", "Atomics.add(new BigInt64Array(1), 0, 1)", "String(Atomics.add(new BigInt64Array(1), 0, 1n))", "Atomics.store(new Int8Array(1), 0, 3.7)", "Atomics.store(new Int8Array(1), 0, -0)",
  "Atomics.store(new Int8Array(1), 0, 300)", { code: "const a = new Int8Array(1); Atomics.store(a, 0, 1); return [Atomics.compareExchange(a, 0, 257, 5), a[0]];", program: true },
  "[1, 2, 3, 4, 5, 8, 16].map((n) => Atomics.isLockFree(n))", "Atomics.notify(new Int32Array(4), 0)", "Atomics.notify(new Uint8Array(4), 0)", "Atomics.wait(new Int32Array(4), 0, 0, 0)",
  "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 0)", "Atomics.add(new Uint32Array(1), 0, -1)", "Atomics.sub(new Uint8Array(1), 0, 1)", "Atomics.add(new Int32Array(1), 0, '5')",
  "Atomics.add(new Int32Array(1), 1.5, 1)", "Atomics.add(new Int32Array(2), 1.5, 1)", "Atomics.load(new Int32Array(2))", "[Atomics.add.length, Atomics.compareExchange.length, Atomics.wait.length, Atomics.notify.length, Atomics.add.name]",
  { code: "const a = new BigUint64Array(1); Atomics.sub(a, 0, 1n); return String(a[0]);", program: true }, { code: "const a = new Int32Array(1); a[0] = 2 ** 31 - 1; Atomics.add(a, 0, 1); return a[0];", program: true },
  { code: "return Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);", program: true, refused: "Atomics.wait" },
  ],
  // V8's TimSort (globals/sort.js): a comparator that is not consistent leaves Node's order, and
  // every comparator is called on Node's pairs (helper 55: the engine's own sort differed).
  "sort with a comparison function": [
    "[1, 2, 3].sort(() => -1)", "[1, 2, 3].sort(() => 1)", "[2, 1].sort((a, b) => a > b)", "Array.from({ length: 15 }, (_, i) => i).sort((a, b) => b > a)",
    "Array.from({ length: 100 }, (_, i) => (i * 37) % 101).sort((a, b) => a > b)", "Array.from({ length: 300 }, (_, i) => (i * 7919) % 1009).sort(() => -1).slice(0, 20)",
    "['b', 'a', 'C', '_x', 'Z'].sort((x, y) => x.toLowerCase() > y.toLowerCase())", "[{ n: 'b' }, { n: 'a' }, { n: 'c' }].sort((x, y) => x.n > y.n).map((t) => t.n)",
    { code: "const calls = []; Array.from({ length: 70 }, (_, i) => (i * 13) % 70).sort((a, b) => { calls.push(a, b); return a - b; }); return [calls.length, calls.slice(0, 12), calls.slice(-6)];", program: true },
    { code: "const calls = []; [3, 1, 2].toSorted((a, b) => { calls.push([a, b]); return a > b; }); return calls;", program: true },
    "[3, undefined, 1, , 2].sort((a, b) => b - a)", "Object.keys([3, undefined, 1, , 2].sort((a, b) => a - b))", "[3, undefined, 1, , 2].toSorted((a, b) => a - b)",
    "Array.prototype.sort.call({ 0: 'b', 1: 'a', 2: undefined, length: 3 }, (x, y) => (x < y ? -1 : 1))", "[NaN, 1, 2].sort((a, b) => a - b)", "[1, 2, 3].sort(() => NaN)",
    { code: "const a = [3, 1, 2]; try { a.sort((x, y) => { if (x === 2) throw new Error('stop'); return x - y; }); } catch (e) { return [e.message, a]; }", program: true },
    "[1].sort(5)", "[1].toSorted('x')", "[Array.prototype.sort.length, Array.prototype.toSorted.length, Array.prototype.sort.name, Object.keys(Array.prototype)]",
    "[10, 9, 1, 100].sort()", "[10, 9, 1, 100].toSorted()", "['b', undefined, 'a'].sort()",
  ],
};
