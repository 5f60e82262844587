// The differential table's rows for errors the engine raises where V8's words need more than
// QuickJS's message (globals/error-source.js, error-sites.ts): each runs as a student's file
// (`module`), strict as a student's module is, and throws; name and message must be Node 20's.
import type { Entry } from "./evaluate.js";

type Line = Omit<Entry, "name">;
const strict = (code: string, more: Partial<Line> = {}): Line => ({ code: `'use strict'; ${code}`, module: true, ...more });

export const ERROR_ROWS: Record<string, Line[]> = {
  // Correct code through the compile step's marks (error-sites.ts): the same values, each read once.
  "marks in correct code": [
    strict("const o = { a: 1 }; const k = 'a'; o[k] += 1; o[k]++; const d = delete o[k]; return [o, d, k in o];"),
    strict("let a = 1, b = 2; [a, b] = [b, a]; const o = { x: 1, y: 2 }; let k, v; const out = []; for ([k, v] of Object.entries(o)) out.push(k + v); return [a, b, out];"),
    strict("let a, rest; ({ a, ...rest } = { a: 1, b: 2, c: 3 }); const [x, ...ys] = [1, 2, 3]; return [a, rest, x, ys];"),
    strict("let n = 0; const p = new Proxy({ list: [1, 2] }, { get(t, k, r) { n++; return Reflect.get(t, k, r); } }); const r = [...p.list]; const { list } = p; return [r, list, n];"),
    // (A spread reads Symbol.iterator twice in QuickJS, marked or not: docs/sandbox.md.)
    strict("let n = 0; const it = { get [Symbol.iterator]() { n++; return function* () { yield 1; }; } }; const r = []; for (const x of it) r.push(x); const [a] = it; return [r, a, n, [...it]];"),
    strict("let n = 0; const o = { get a() { n++; return { b: 2 }; } }; const { a: { b } } = o; const { a } = o; return [b, a, n];"),
    strict("function* g() { const [a] = yield 1; const { b } = yield 2; return a + b; } const it = g(); it.next(); it.next([3]); return it.next({ b: 4 });"),
    strict("return (async () => { const out = []; for (const x of await Promise.resolve([1, 2])) out.push(x); const [y] = await Promise.resolve([3]); return [...out, y]; })();", { async: true }),
    strict("function f({ a, b = 2 }, c) { var a; return [a, b, c, arguments.length, f.length]; } const g = ({ x }) => x; return [f({ a: 1 }, 3), g({ x: 4 }), f.length, g.length];"),
    strict("function* g({ a }) { yield a; } let early; try { g(); } catch (e) { early = e.name; } const h = ({ a } = {}) => a; return [early, h(), h.length];"),
    strict("class A { constructor(n) { this.n = n; } } class B extends A { constructor({ n }) { super(n); } } const o = { set v({ x }) { this.x = x; } }; o.v = { x: 5 }; return [new B({ n: 2 }).n, o.x];"),
    strict("async function f(x) { 'use strict'; return x; } function g(x) { 'use strict'; return { x }; } return f(g(1));", { async: true }),
    strict("class A { m() { return 1; } } class B extends A { m() { const k = 'm'; return super[k]() + 1; } } const o = null; const k = 'x'; return [new B().m(), o?.[k], [[1]][0]?.[0]];"),
    strict("const keys = []; const o = new Proxy({}, { get(t, k) { keys.push(String(k)); return 1; } }); const i = { toString() { keys.push('toString'); return 'z'; } }; o[i]; return keys;"),
  ],
  // A read by a computed key of undefined or null names the key's value.
  "error key": [
    strict("const u = undefined; const i = 3; return u[i];"),
    strict("const args = {}; const k = 'id'; return args.params[k];"),
    strict("const rows = [[1]]; const i = 1, j = 0; return rows[i][j];"),
    strict("const n = null; const s = Symbol('tool'); return n[s];"),
    strict("const m = {}; const key = () => 'name'; return m.tools[key()];"),
    strict("const u = undefined; const z = -0; return [u?.[z], u[z]];"),
    strict("const u = undefined; return u[[1, 2]];"),
    strict("const o = {}; const k = 'n'; o.counts[k] += 1;"),
    strict("const handlers = {}; const name = 'echo'; try { handlers.byName[name](); } catch (e) { return [e.name, e.message]; }"),
    strict("const state = {}; return Promise.resolve('x').then((k) => state.cache[k]).catch((e) => e.message);", { async: true }),
  ],
  // A call of what is not a function, in tail position (QuickJS places it at the `return`) and by a computed key.
  "error call": [
    strict("const o = {}; return o.handler({ id: 1 });"), strict("const tools = {}; const name = 'add'; return tools[name](1);"),
    strict("const o = { a: [] }; const i = 0; return o.a[i]('x');"), strict("const o = {}; return new o.Client();"),
    // What Node 20 lacks and the engine has (globals/base.js removes them): Node's own TypeError.
    strict("return new Set([1]).union(new Set([2]));"), strict("const a = new Set([1]); return a.intersection(new Set([1]));"),
    strict("return Object.groupBy([1], (x) => x);"), strict("const s = new Set(); return s.isSubsetOf(s);"),
    // A callee that starts with a grouping, printed as V8 prints it (globals/error-source.js grouped),
    // and Node 22's iterator helpers (idioms-round-2026-12-07m ch2-mistake-validate-iterator-helpers).
    strict("const s = { required: ['a'] }; return (s.required ?? []).values().filter((n) => n);"),
    strict("const o = {}; return (o.list || []).keys().map(String);"), strict("const o = {}; const x = (o).run(); return x;"),
    strict("const o = { a: {} }; return (o.a ?? o.b ?? o).foo();"), strict("const o = {}; return (o.a && o).foo();"),
    strict("const o = {}; const f = (o.f); return (o.g)();"), strict("const o = { a: 1 }; return (o.a ?? null).foo();"),
    strict("const o = {}; return (o.a || o.b && o).foo();"), strict("const o = {}; return (0, o.f)();"),
    strict("const o = {}; return (o.a?.b ?? o).foo();"), strict("const o = { k: () => o }; return (o.k(1) ?? o).foo();"),
    strict("const o = {}; return new (o.A ?? o).X();"), strict("const o = {}; return (o.a ?? '').foo();"),
    strict("const o = { list: [1] }; const first = (o.list ?? []).values().take(1); return first;"),
    strict("const o = {}; return (o?.a).foo();"), strict("const o = {}; return new (o.A)();"), strict("const o = {}; return (o.x, o).f();"),
    strict("const o = { b: 1 }; return (o.a ?? o.b)();"), strict("const o = {}; const r = (o.f || o.g)(1); return r;"), strict("const o = { a: [] }; return (o.a)[0]();"),
    strict("const o = {}; let x; x = (o.list ?? []).entries().map(String); return x;"), strict("const o = {}; return ((o.a)).b.c();"),
    strict("const m = new Map([[1, 2]]); return m.entries().toArray();"), strict("const g = function* () { yield 1; }; return g().map((x) => x);"),
  ],
  // What is not iterable: named by its expression as V8 prints it, or by its value where V8 does.
  "error iterable": [
    strict("const o = {}; for (const x of o) {}"), strict("let u; for (const x of u) {}"), strict("for (const x of 5) {}"),
    strict("const req = { params: { items: {} } }; for (const x of req.params.items) {}"), strict("const o = { k: null }; for (const x of o['k']) {}"),
    strict("const f = () => ({}); for (const x of f()) {}"), strict("const o = { m: () => 1 }; for (const x of o.m()) {}"),
    strict("let u; return [...u];"), strict("const n = null; return [1, ...n];"), strict("const o = {}; return [...o];"),
    strict("let u; return Math.max(...u);"), strict("const o = { list: null }; return Math.max(...o.list);"), strict("const o = {}; return Math.max(...o);"),
    strict("let u; const [a] = u;"), strict("const [a] = {};"), strict("const [first] = null;"), strict("const o = { u: undefined }; const [a] = o.u;"),
    strict("const o = { m: () => 7 }; const [a] = o.m();"), strict("const f = () => 7; const [a] = f();"), strict("let a; [a] = undefined;"),
    strict("const [[b]] = [undefined];"), strict("function pair([a, b]) { return a + b; } return pair();"),
    strict("const out = []; for (const v of [undefined, {}, [1]]) { try { for (const x of v) out.push(x); } catch (e) { out.push(e.message); } } return out;"),
    strict("const o = {}; try { for (const x of o) {} } catch (e) { return [e.name, e.message, e instanceof TypeError]; }"),
  ],
  // Destructuring undefined or null names the first property and the expression.
  "error destructure": [
    strict("const { a } = undefined;"), strict("let u; const { a, b } = u;"), strict("const { a } = null;"), strict("const {} = null;"),
    strict("const req = {}; const { name, arguments: args } = req.params;"), strict("const f = () => undefined; const { a } = f();"),
    strict("const o = {}; const { a: { b } } = o;"), strict("const req = {}; const { params: { name, arguments: args } } = req;"),
    strict("const { x, a: { b }, c: { d } } = { a: { b: 1 } };"), strict("const { a: { b: { c } } } = { a: {} };"), strict("const { a: { b } } = { a: null };"),
    strict("const { a: { ...r } } = {};"),
    strict("function f({ a }) { return a; } return f();"), strict("function f(x, { a, b }) { return a; } return f(1, null);"),
    strict("const tools = { add: ({ a, b }) => a + b }; return tools.add();"), strict("class Tool { constructor({ name }) { this.name = name; } } return new Tool();"),
    strict("const o = { run({ a = 1 }) { return a; } }; return o.run();"), strict("function f({ a: { b } }) { return b; } return f({});"),
    strict("function f({ ...rest }) { return rest; } return f();"), strict("function f({}) { return 1; } return f(null);"),
    strict("const h = async ({ id }) => id; return h().catch((e) => [e.name, e.message]);", { async: true }),
    strict("let u; const { ...rest } = u;"), strict("let u; const { a = 1 } = u;"), strict("let u, a; ({ a } = u);"), strict("let u; const { 'x-y': a } = u;"),
    strict("const msg = { params: null }; try { const { uri } = msg.params; return uri; } catch (e) { return e.message; }"),
    strict("const p = Promise.resolve(undefined); return p.then((r) => { const { content } = r; return content; }).catch((e) => [e.name, e.message]);", { async: true }),
    strict("const call = async (k) => { await null; const { text } = k; return text; }; return Promise.all([call(undefined), call({ text: 'x' })]).catch((e) => e.message);", { async: true }),
    strict("const get = async (o, k) => { await null; return o.cache[k]; }; return Promise.all([get({}, 'a'), get({ cache: [1] }, 0)]).catch((e) => e.message);", { async: true }),
  ],
  // Assignment to a constant.
  "error const": [
    strict("const c = 1; c = 2;"), strict("const c = 1; c++;"), strict("const c = 1; ++c;"), strict("const c = [1]; c += 1;"),
    strict("const o = { x: 2 }; const k = 0; k = o.x;"), strict("const c = 1; [c] = [2];"), strict("const c = 0; c ||= 2;"),
    strict("const total = 0; for (const n of [1, 2]) { try { total += n; } catch (e) { return [e.name, e.message]; } }"),
    strict("const o = Object.freeze({ a: 1 }); o.a = 2;", { ownWording: true }),
  ],
  // JSON.stringify of a cycle names where it closes.
  "error cycle": [
    strict("const a = {}; a.a = a; return JSON.stringify(a);"), strict("const a = { b: {} }; a.b.c = a; return JSON.stringify(a);"),
    strict("const a = []; a.push(a); return JSON.stringify(a);"), strict("const a = { x: [{}] }; a.x[0].back = a.x; return JSON.stringify(a);"),
    strict("class Session { constructor() { this.self = this; } } return JSON.stringify({ s: new Session() });"),
    strict("const a = { b: { c: { d: { x: {} } } } }; a.b.c.d.x.e = a; return JSON.stringify(a);"),
    strict("const a = { b: { c: { d: {} } } }; a.b.c.d.e = a.b; return JSON.stringify(a, null, 2);"),
    strict("const a = Object.create(null); a.b = a; return JSON.stringify(a);"), strict("const a = {}; a[''] = a; return JSON.stringify(a);"),
    strict("const a = {}; a.b = a; return JSON.stringify(a, ['b']);"), strict("const a = [[[]]]; a[0][0].push(a); return JSON.stringify(a);"),
    strict("const reply = { result: {} }; reply.result.reply = reply; try { JSON.stringify(reply); } catch (e) { return [e.name, e.message]; }"),
    // The walk runs none of the student's code: a toJSON or a replacer function keeps QuickJS's words.
    strict("const a = {}; a.x = { toJSON() { return a; } }; return JSON.stringify(a);", { ownWording: true }),
    strict("const a = {}; a.b = a; return JSON.stringify(a, (k, v) => v);", { ownWording: true }),
  ],
  // Built-ins' argument checks whose V8 words follow from the built-in and QuickJS's message.
  "error built-in": [
    strict("return Object.keys(undefined);"), strict("return Object.entries(null);"), strict("return Object.assign(null, {});"),
    strict("return Object.defineProperty(1, 'x', {});"), strict("return Object.defineProperties('s', {});"),
    strict("return (1.5).toFixed(101);"), strict("return (1.5).toPrecision(0);"), strict("return (1.5).toExponential(-1);"), strict("return (255).toString(1);"),
    strict("return 'abc'.normalize('X');"), strict("return 'a'.repeat(-1);"), strict("return '-'.repeat(-1.5);"), strict("return 'x'.repeat(Infinity);"),
    strict("const w = 3; return 'name'.padEnd(w) + ' '.repeat(w - 'name'.length);"), strict("return [String.prototype.repeat.length, String.prototype.repeat.name, 'ab'.repeat(2), ''.repeat(0)];"), strict("return encodeURIComponent('\\uD800');"), strict("return decodeURIComponent('%');"), strict("return decodeURI('%E0%A4%A');"),
    strict("class Tool {} return Tool();"), strict("class A {} class B extends A { constructor() { this.x = 1; super(); } } return new B();"),
  ],
};
