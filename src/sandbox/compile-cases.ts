// The TypeScript constructs a student may write, as data: compile.test.ts compiles each with the
// grader's compile step and with `tsc` (ts.transpileModule under the course's tsconfig), runs
// both and requires the same printed lines; a case with `refused` must be refused with a message
// matching it, as `tsc` refuses it under the course's tsconfig. Add a case as a small program
// that prints (console.log) what would differ; the entry is main.ts.

export interface CompileCase {
  name: string;
  files: Record<string, string>;
  refused?: RegExp;
  /**
   * The lines Node prints running the source through tsx, where tsc's own output under the course's
   * tsconfig does not mean what the source says (a compiler bug, named in the case): required of
   * the grader's compile step in place of tsc's.
   */
  node?: string[];
}

const one = (name: string, main: string): CompileCase => ({ name, files: { "main.ts": main } });

export const CASES: CompileCase[] = [
  // microsoft/TypeScript#56292: at ES2022 tsc reads the class through an alias assigned after its
  // body, so the static initialiser throws (helper 107's sf-correct-static-readonly-fields-classname).
  { ...one("a class with a private method that names itself in static initialisers", `
    class Lab { static readonly CAPS = { tools: 1 }; static readonly INIT = { caps: Lab.CAPS }; static #count = 0; static { Lab.#count = 2; }
      #dispatch(m: string) { return m + ":" + Lab.#count + ":" + Lab.INIT.caps.tools; } handle(m: string) { return this.#dispatch(m); } }
    console.log(new Lab().handle("x"));`), node: ["x:2:1"] },
  one("a namespace with values, nested and merged with a function", `
    namespace Shapes { export const sides = 4; export function area(s: number) { return s * s; } export namespace Inner { export const deep = sides + 1; } }
    function tag() { return "tag"; } namespace tag { export const version = 2; }
    console.log(Shapes.area(3), Shapes.sides, Shapes.Inner.deep, tag(), tag.version, JSON.stringify(Shapes));`),
  one("numeric, string and computed enums, with reverse mapping", `
    enum Color { Red, Green = 5, Blue } enum Dir { Up = "UP", Down = "DOWN" } enum Flag { A = 1 << 0, B = 1 << 1, AB = A | B }
    console.log(JSON.stringify(Color), Color[5], JSON.stringify(Dir), Flag.AB, Object.keys(Flag).join());`),
  one("an enum merged with a namespace", `
    enum Level { Low, High } namespace Level { export function parse(s: string) { return s === "high" ? Level.High : Level.Low; } }
    console.log(Level.parse("high"), Level[1], typeof Level.parse);`),
  one("a const enum in the same file", `
    const enum Kind { Tool = "tool", Prompt = "prompt" } const k: Kind = Kind.Tool;
    console.log(k, Kind.Prompt);`),
  {
    name: "a const enum and an enum imported from another file",
    files: {
      "kinds.ts": "export const enum Kind { Tool = 1, Prompt = 2 }\nexport enum Plain { A = 'a' }",
      "main.ts": "import { Kind, Plain } from './kinds.js';\nconsole.log(Kind.Prompt + Kind.Tool, Plain.A);",
    },
  },
  one("class fields: parameter properties, initialisers, none, declare, definite and optional", `
    class Point { a = 1; declare d: number; b!: number; c?: string; e: number | undefined; constructor(public x: number, private readonly y = 2, protected z?: number) { this.b = 3; } sum = this.x + this.a; }
    const p = new Point(5); console.log(JSON.stringify(p), Object.keys(p).join(), "d" in p, "c" in p, "z" in p);`),
  one("a subclass field defined over a base accessor (define semantics)", `
    class Base { set value(v: number) { console.log("setter", v); } get value() { return 7; } }
    class Derived extends Base { value = 1; }
    const d = new Derived(); console.log(d.value, Object.keys(d).join());
    class Re extends Base { declare value: number; } console.log(new Re().value);`),
  one("static members, static blocks, private fields and #x in", `
    class Counter { static count = 0; static { Counter.count = 10; } #n = 0; static #secret = "s"; inc() { return ++this.#n; } static has(o: object) { return #n in o; } static reveal() { return Counter.#secret; } }
    const c = new Counter(); c.inc(); console.log(c.inc(), Counter.count, Counter.has(c), Counter.has({}), Counter.reveal(), JSON.stringify(c));`),
  one("accessors and auto-accessors", `
    class Box { #v = 0; get v() { return this.#v; } set v(x: number) { this.#v = x * 2; } accessor w = 5; static accessor s = "st"; }
    const b = new Box(); b.v = 4; b.w = 6; console.log(b.v, b.w, Box.s, Object.keys(b).join(), JSON.stringify(b));`),
  one("TC39 decorators on a class, methods, fields and accessors", `
    const log: string[] = [];
    function named(prefix: string) { return function <T extends new (...a: any[]) => object>(target: T, ctx: ClassDecoratorContext) { log.push(prefix + String(ctx.name)); return target; }; }
    function logged(fn: (...a: any[]) => any, ctx: ClassMethodDecoratorContext) { log.push("method " + String(ctx.name) + " static=" + ctx.static); return function (this: unknown, ...a: any[]) { log.push("call " + String(ctx.name)); return fn.apply(this, a); }; }
    function doubled(_: undefined, ctx: ClassFieldDecoratorContext) { log.push("field " + String(ctx.name)); return (v: number) => v * 2; }
    function init(_: unknown, ctx: ClassMethodDecoratorContext) { ctx.addInitializer(function () { log.push("init"); }); }
    function traced(value: ClassAccessorDecoratorTarget<unknown, number>, ctx: ClassAccessorDecoratorContext) { log.push("accessor " + String(ctx.name)); return { get(this: unknown) { return value.get.call(this) + 100; } }; }
    @named("class ") class Tool { @doubled size = 21; @traced accessor n = 1; @logged run(x: number) { return x + this.size; } @init @logged static make() { return new Tool(); } }
    const t = Tool.make(); console.log(t.run(1), t.n, JSON.stringify(t), log.join("; "));`),
  one("a decorator that replaces the class and one that throws", `
    function sealed<T extends new (...a: any[]) => object>(target: T, _: ClassDecoratorContext) { return class extends target { sealed = true; }; }
    @sealed class A { a = 1; } console.log(JSON.stringify(new A()), A.name);
    function broken(_: unknown, __: ClassMethodDecoratorContext): void { throw new Error("bad decorator"); }
    try { class B { @broken m() {} } void B; } catch (e) { console.log((e as Error).message); }`),
  {
    name: "import type, export type and an import used only as a type",
    files: {
      "types.ts": "export interface Tool { name: string }\nexport type Id = string | number;\nexport const marker = 'value';\nconsole.log('types.ts ran');",
      "main.ts": "import type { Tool } from './types.js';\nimport { type Id, marker } from './types.js';\nexport type { Tool };\nconst t: Tool = { name: 'x' }; const id: Id = 1;\nconsole.log(t.name, id, marker);",
    },
  },
  {
    name: "an import kept for its side effects and default, namespace and re-exports",
    files: {
      "side.ts": "console.log('side effect');\nexport const unused = 1;",
      "lib.ts": "export default function five() { return 5; }\nexport const a = 1;\nexport * from './more.js';",
      "more.ts": "export const b = 2;",
      "main.ts": "import { unused } from './side.js';\nimport five, * as all from './lib.js';\nexport { a as renamed } from './lib.js';\nconsole.log(five(), all.a, all.b, Object.keys(all).sort().join());",
    },
  },
  one("satisfies, as const, non-null assertions, type assertions and generics", `
    const config = { port: 8080, tags: ["a", "b"] } as const satisfies { port: number; tags: readonly string[] };
    function first<T>(xs: readonly T[]): T | undefined { return xs[0]; }
    const maybe: string | undefined = "ok"; const arrow = <T,>(x: T) => [x, x] as const;
    console.log(config.port, first<string>(config.tags), maybe!.length, (<number>(1 as unknown)) + 1, JSON.stringify(arrow(2)));`),
  one("overloads, optional and rest parameters, this parameters", `
    function pick(x: string): string; function pick(x: number): number; function pick(x: string | number) { return x; }
    function greet(this: { who: string }, greeting = "hi", ...rest: string[]) { return greeting + " " + this.who + rest.join(""); }
    console.log(pick("a"), pick(2), greet.call({ who: "you" }), greet.call({ who: "me" }, "yo", "!", "?"));`),
  one("abstract classes, overrides and interfaces", `
    interface Named { name: string } abstract class Shape implements Named { abstract area(): number; name = "shape"; describe() { return this.name + ":" + this.area(); } }
    class Square extends Shape { override name = "square"; constructor(private side: number) { super(); } area() { return this.side ** 2; } }
    console.log(new Square(3).describe(), JSON.stringify(new Square(2)));`),
  one("optional chaining, nullish coalescing and logical assignment", `
    const o: { a?: { b?: () => number }; n?: number | null; s?: string } = { a: {} };
    let x: number | undefined; x ??= 4; let y = 0; y ||= 9; let z = 1; z &&= 2;
    console.log(o.a?.b?.(), o.n ?? "none", o.s?.length, x, y, z, o?.["a"] !== undefined);`),
  one("declare statements, ambient modules and global augmentations are erased", `
    declare const injected: number; declare function ext(): void; declare global { interface Window { x: number } } declare module "nowhere" { export const y: number; }
    console.log(typeof injected === "undefined" ? "erased" : "kept");`),
  one("import aliases of namespace members", `
    namespace Outer { export namespace Inner { export const v = 42; export type T = number; } }
    import V = Outer.Inner; const n: V.T = V.v; console.log(n);`),
  one("a using declaration", `
    const made: string[] = [];
    function res(name: string) { return { [Symbol.dispose ?? Symbol.for("Symbol.dispose")]() { made.push("disposed " + name); } }; }
    try { { using a = res("a"); using b = res("b"); made.push("body"); } } catch (e) { made.push("threw " + (e as Error).name); }
    console.log(made.join());`),
  one("class expression names, generators, async functions and labels", `
    const K = class Named { static who() { return Named.name; } }; function* gen() { yield 1; yield 2; } async function later() { return 3; }
    outer: for (const i of [1, 2]) { for (const j of [1, 2]) { if (j === 2) continue outer; console.log(i, j); } }
    console.log(K.who(), [...gen()].join(), typeof later().then);`),
  { name: "export = in an ES module", files: { "main.ts": "const value = 1;\nexport = value;" }, refused: /main\.ts:2:1: `export =` is CommonJS syntax/ },
  { name: "import = require() in an ES module", files: { "main.ts": "import fs = require('./other.js');\nconsole.log(fs);", "other.ts": "export const x = 1;" }, refused: /main\.ts:1:1: `import … = require\(…\)` is CommonJS syntax/ },
  { name: "an imported name declared again in the module", files: { "main.ts": "import { x } from \"./other.js\";\nconst x = 2;\nconsole.log(x);", "other.ts": "export const x = 1;" }, refused: /main\.ts:2:7: Identifier 'x' has already been declared: it is imported, and declared again in this module/ },
  { name: "a syntax error names its place", files: { "main.ts": "const ok = 1;\nconst broken = { a: 1 ;\n" }, refused: /main\.ts:2:23: ',' expected\. Fix the code at that place and save\./ },
];
