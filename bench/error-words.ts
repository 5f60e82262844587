// How many common error cases give Node 20's name and message in the sandbox (issue 20): each
// case's statements throw; they run under this Node and in one sandbox engine three ways: the
// body of a function in a student's file that catches the error (what a student's code sees),
// `eval`'d text whose throw reaches a student's catch (no file to read the place from), and
// `eval`'d text that catches it itself (the bare engine: nothing rewords it). Prints each case
// that differs and the counts; docs/sandbox.md quotes them. Run: npx tsx bench/error-words.ts
import { SandboxPool } from "../src/sandbox/pool.js";
import { inNode, inSandbox } from "../src/sandbox/runtime/differential.js";
import type { Entry } from "../src/sandbox/runtime/evaluate.js";

/** Statements that throw, as students' handlers do. */
const CASES: string[] = [
  // property reads and sets
  "const o = {}; o.a.b;", "let u; u.x;", "const n = null; n.x;", "let u; u.x = 1;", "const o = { a: null }; o.a.b = 2;",
  "let u; u[0];", "let u; u['k'];", "const u = undefined; const i = 3; u[i];", "const rows = []; const i = 2; rows[i].name;",
  "const args = {}; const k = 'id'; args.params[k];", "let u; const k = 'x'; u[k] = 1;", "const m = {}; m.list[m.list.length - 1];",
  "const a = [[1]]; a[1][0];", "const n = null; n[0];", "const params = undefined; params.arguments.name;",
  // calls and new
  "const o = {}; o.handler();", "const o = { a: {} }; o.a.g(1);", "const o = { f() { return {}; } }; o.f().g();", "const tools = {}; tools['sub'](1);",
  "const a = [1]; a[0]();", "const f = () => 1; f()();", "const o = { m() { return {}; } }; o.m().n();", "let x = 5; x();",
  "const C = () => 1; new C();", "const o = {}; new o.X();", "const o = {}; o.list.map((x) => x);", "const fns = [() => 1]; const i = 1; fns[i]();",
  "const s = 'abc'; s.push('d');", "const n = 5; n.toUpperCase();", "const o = { a: 1 }; o.a();",
  // iteration and spread
  "for (const x of 5) {}", "const o = {}; for (const x of o) {}", "let u; for (const x of u) {}", "const o = { items: {} }; for (const x of o.items) {}",
  "let u; [...u];", "const n = null; [...n];", "const o = {}; [...o];", "Math.max(...undefined);", "const o = {}; new Map(o);", "new Set(5);",
  "let u; const [a] = u;", "const [a] = {};", "const [a] = null;", "Array.from({ length: -1 });", "const o = {}; Promise.all(o).catch(() => 1); const [x] = o;",
  // destructuring
  "const { a } = undefined;", "let u; const { a } = u;", "const { a } = null;", "function f({ a }) { return a; } f();", "const {} = null;",
  "const o = {}; const { a: { b } } = o;", "const req = {}; const { params: { name } } = req;", "function f([a]) { return a; } f();",
  // const assignment
  "const c = 1; c = 2;", "const c = 1; c++;", "const c = [1]; c += 1;", "const o = {}; o.x = 1; const k = 0; k = o.x;",
  // JSON.stringify of a cycle
  "const a = {}; a.a = a; JSON.stringify(a);", "const a = { b: {} }; a.b.c = a; JSON.stringify(a);", "const a = []; a.push(a); JSON.stringify(a);",
  "const a = { x: [{}] }; a.x[0].back = a.x; JSON.stringify(a);", "class Node { constructor() { this.self = this; } } JSON.stringify({ n: new Node() });",
  "const a = { b: { c: { d: { e: {} } } } }; a.b.c.d.e.f = a.b; JSON.stringify(a);",
  // built-ins' argument checks
  "new Array(-1);", "'a'.repeat(-1);", "'a'.repeat(Infinity);", "Object.defineProperty(1, 'x', {});", "(1.5).toFixed(101);", "(1).toString(1);",
  "Object.keys(undefined);", "Object.entries(null);", "new Promise(5);", "1n + 1;", "BigInt(1.5);", "Symbol() + '';", "new Date(NaN).toISOString();",
  "[].reduce((a, b) => a);", "[1].map(5);", "Object.create(5);", "Object.setPrototypeOf({}, 5);", "structuredClone(() => 1);", "new Uint8Array(-1);",
  "'abc'.normalize('X');", "new Intl.NumberFormat('en', { style: 'currency' });", "encodeURIComponent('\\uD800');", "decodeURIComponent('%');",
  "new RegExp('[');", "JSON.parse('{');", "JSON.parse(undefined);", "nope;", "nope + 1;",
  // other catches
  "class A { constructor() { this.x; } } class B extends A { constructor() { this.y = 1; super(); } } new B();", "class A {} A();",
  "const o = Object.freeze({ a: 1 }); 'use strict'; o.a = 2;", "null.x;",
];

// Strict, as a student's module is (the table runs Node's side in a Function).
const body = (code: string) => `'use strict'; try { ${code} } catch (e) { return [e?.name, e?.message]; } return 'no throw';`;
const entries = (kind: "module" | "eval" | "bare"): Entry[] => CASES.map((code) => ({
  name: `${kind}: ${code}`, ...(kind === "module" ? { code: body(code), module: true } : kind === "bare" ? { code: body(code), program: true } : { code: `'use strict'; ${code}`, program: true }),
}));

const pool = new SandboxPool(1);
try {
  process.env.TZ = "UTC";
  for (const kind of ["module", "eval", "bare"] as const) {
    const list = entries(kind);
    const [node, sandbox] = await Promise.all([inNode(list), inSandbox(pool, list)]);
    const differ = list.filter((e) => node.get(e.name) !== sandbox.get(e.name));
    if (kind === "module" || process.argv.includes("--all")) {
      for (const e of differ) console.log(`${e.name}\n  node:    ${node.get(e.name)}\n  sandbox: ${sandbox.get(e.name)}`);
    }
    console.log(`${kind}: ${list.length - differ.length} of ${list.length} give Node 20's name and message\n`);
  }
} finally {
  await pool.close();
}
