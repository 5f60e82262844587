// The differential table's rows for util.inspect's options, custom inspection and symbol keys
// (table.ts says how rows are read): what a student debugging with util.inspect or console.log
// may pass, each compared with Node 20's own text, its odd corners included.
import type { Entry } from "./evaluate.js";

type Line = string | Omit<Entry, "name">;
const I = (x: string, o = ""): string => `require('util').inspect(${x}${o ? ", " + o : ""})`;

export const INSPECT_ROWS: Record<string, Line[]> = {
  // A promise's state, as Node reads it from V8 (the sandbox asks the engine: host.promiseState).
  "inspect promises": [
    { code: "const util = require('node:util'); const rejected = Promise.reject(new RangeError('no')); rejected.catch(() => {}); return [util.inspect(Promise.resolve(1)), util.inspect(new Promise(() => {})), util.inspect(Promise.resolve({ a: [1, 2] })), util.inspect(Promise.reject(3).catch(() => {}) && Promise.resolve('s')), util.inspect([Promise.resolve(2)]), util.inspect({ p: Promise.resolve(undefined) })];", program: true },
    { code: "const util = require('node:util'); const rejected = Promise.reject(3); rejected.catch(() => {}); const p = Promise.resolve(5); p.extra = 1; class MyP extends Promise {} return [util.inspect(rejected), util.inspect(p), util.inspect(MyP.resolve(1)), util.inspect(Object.assign(Object.create(null), { [Symbol.toStringTag]: 'Promise' }))];", program: true },
    { code: "const util = require('node:util'); const p = Promise.resolve(7); return new Promise((r) => setTimeout(() => r(util.inspect(p)), 0));", program: true, async: true },
  ],
  "inspect options": [
  I("{ [Symbol('s')]: 1, a: 2 }"), I("{ [Symbol.iterator]: 1 }"), I("{ b: 1, a: 2, c: { z: 1, y: 2 } }", "{ sorted: true }"),
  I("new Map([['b', 1], ['a', 2]])", "{ sorted: true }"), I("new Set([3, 1, 2])", "{ sorted: true }"), I("Object.assign([3, 1], { z: 1, a: 2 })", "{ sorted: true }"),
  I("{ b: 1, a: 2 }", "{ sorted: (a, b) => (a < b ? 1 : -1) }"),
  I("[1, 2, 3, 4]", "{ maxArrayLength: 2 }"), I("[1, 2, 3]", "{ maxArrayLength: 0 }"), I("new Set([1, 2, 3])", "{ maxArrayLength: 1 }"), I("new Map([[1, 2], [3, 4]])", "{ maxArrayLength: 1 }"),
  I("new Uint8Array(5)", "{ maxArrayLength: 2 }"), I("[1, 2, 3]", "{ maxArrayLength: null }"), I("[1, 2, 3]", "{ maxArrayLength: Infinity }"), I("Array(300).fill(1)", "{ maxArrayLength: 150 }"),
  I("'abcdef'", "{ maxStringLength: 2 }"), I("['abcdef', { k: 'abcdef' }]", "{ maxStringLength: 3 }"), I("'abc'", "{ maxStringLength: 0 }"), I("'abc'", "{ maxStringLength: null }"),
  I("1234567.891", "{ numericSeparator: true }"), I("-1234567", "{ numericSeparator: true }"), I("0.0001234", "{ numericSeparator: true }"), I("123", "{ numericSeparator: true }"),
  I("1e21", "{ numericSeparator: true }"), I("12345678901234567890n", "{ numericSeparator: true }"), I("[1000, -0.5, 1234.5678]", "{ numericSeparator: true }"), I("-1234.5", "{ numericSeparator: true }"),
  I("{ [Symbol.for('nodejs.util.inspect.custom')]() { return 'C'; } }"),
  I("{ x: { [Symbol.for('nodejs.util.inspect.custom')]() { return { shown: true }; } } }"),
  I("{ [Symbol.for('nodejs.util.inspect.custom')](d, o) { return [d, typeof o, typeof o.stylize, o.depth]; } }"),
  I("{ a: { [Symbol.for('nodejs.util.inspect.custom')](d, o, i) { return i === require('util').inspect; } } }"),
  I("{ [Symbol.for('nodejs.util.inspect.custom')]() { return 'multi\\nline'; } }"), I("{ k: { [Symbol.for('nodejs.util.inspect.custom')]() { return 'multi\\nline'; } } }"),
  I("{ [Symbol.for('nodejs.util.inspect.custom')]() { return 'C'; } }", "{ customInspect: false }"),
  "require('util').inspect.custom === Symbol.for('nodejs.util.inspect.custom')", "typeof require('util').inspect.custom",
  { code: "class Money { constructor(c) { this.c = c; } [Symbol.for('nodejs.util.inspect.custom')]() { return `Money<${this.c}>`; } } return require('util').format('%s | %o | %j', new Money(5), new Money(6), new Money(7));", program: true },
  I("{ [Symbol('a')]: 1 }", "{ showHidden: true }"), I("Object.defineProperty({}, Symbol('h'), { value: 1, enumerable: false })", "{ showHidden: true }"),
  I("{ get a() { return 1; } }", "{ getters: true }"),
  ],
  "inspect corners": [
  I("{ [Symbol('s')]: 1, a: 2 }"), I("{ [Symbol()]: 1 }"), I("{ [Symbol('a b')]: 1 }"), I("[1, 2, { [Symbol.for('x')]: [3] }]"),
  I("{ a: 'x'.repeat(30) + '\\n' + 'y'.repeat(60) }"), I("'line one\\nline two\\n' + 'z'.repeat(80)"),
  I("1e-7", "{ numericSeparator: true }"), I("-0.5", "{ numericSeparator: true }"), I("-0", "{ numericSeparator: true }"), I("NaN", "{ numericSeparator: true }"),
  I("Infinity", "{ numericSeparator: true }"), I("1e21", "{ numericSeparator: true }"), I("123456.7", "{ numericSeparator: true }"), I("-12345678n", "{ numericSeparator: true }"),
  I("{ a: 1.23456789 }", "{ numericSeparator: true }"), I("2 ** 53", "{ numericSeparator: true }"),
  I("{ get a() { return { b: 1 }; }, get n() { return null; }, get f() { return () => 1; }, get t() { throw new Error('no'); }, set s(v) {} }", "{ getters: true }"),
  I("{ get a() { return 1; }, set a(v) {}, get b() { return 2; } }", "{ getters: 'get' }"), I("{ get a() { return 1; }, set a(v) {}, get b() { return 2; } }", "{ getters: 'set' }"),
  I("Object.assign([3, 1, 2], { z: 1, a: 2 })", "{ sorted: true, showHidden: true }"),
  I("Array.from({ length: 10 }, (_, i) => i)", "{ maxArrayLength: 8 }"), I("Object.assign([1, 2], { a: 1 })", "{ maxArrayLength: 2 }"),
  I("Object.assign([1, 2, 3, 4, 5, 6, 7, 8, 9], { a: 1, b: 2 })", "{ maxArrayLength: 8 }"),
  I("[1, 2, 3]", "{ maxArrayLength: -1 }"), I("'abc'", "{ maxStringLength: -1 }"),
  I("{ a: { [Symbol.for('nodejs.util.inspect.custom')](d) { return d; } } }", "{ depth: null }"),
  I("{ a: { b: { [Symbol.for('nodejs.util.inspect.custom')](d) { return d; } } } }"),
  I("{ [Symbol.for('nodejs.util.inspect.custom')]() { return this; }, k: 1 }"),
  I("{ [Symbol.for('nodejs.util.inspect.custom')]: 5, k: 1 }"),
  { code: "class P { constructor() { this.x = 1; } [Symbol.for('nodejs.util.inspect.custom')]() { return 'P!'; } } return [require('util').inspect(P.prototype), require('util').inspect(new P())];", program: true },
  { code: "const o = { [Symbol.for('nodejs.util.inspect.custom')](d, opts, insp) { return insp({ inner: [1, 2] }, opts); } }; return require('util').inspect({ o });", program: true },
  { code: "const u = require('util'); u.inspect.defaultOptions.maxArrayLength = 2; const r = u.inspect([1, 2, 3]); u.inspect.defaultOptions.maxArrayLength = 100; return r;", program: true },
  { code: "const u = require('util'); u.inspect.defaultOptions.sorted = true; const r = u.format('%o %O', { b: 1, a: 2 }, { d: 1, c: 2 }); u.inspect.defaultOptions.sorted = false; return r;", program: true },
  "require('util').format('%s', { [Symbol.for('nodejs.util.inspect.custom')]() { return 'S'; } })",
  "require('util').format({ [Symbol.for('nodejs.util.inspect.custom')]() { return 'F'; } }, 'x')",
  ],
};
