// Where one submission's sandbox time goes (docs/speed.md, "Where a submission's sandbox time
// goes"): the sandbox request of one default grade of each pack's reference solution, run in this
// process through runRequest as a sandbox thread runs it, with and without the engine image, with
// timers around the instance, the contexts' set-up and the module compiles, and inside the guest
// Date.now() sums around the module loads, the student's calls, describing values and parsing
// inputs (a copy of the guest text with timers added; the sandbox's own is not changed).
//   npx tsx bench/sandbox-split.ts [ROUNDS]
// Under tsx the engine's loader takes a detour through tsx's loader thread, which inflates the
// instance's share; bundled and run by plain node (as the sandbox's thread is) it does not.
import { createRequire } from "node:module";
import { QuickJSContext, QuickJSRuntime, type QuickJSHandle } from "quickjs-emscripten-core";
import { gradeSubmission } from "../src/grading/grade.js";
import { loadPack } from "../src/pack/registry.js";
import { compileFiles, releaseCompiler } from "../src/sandbox/compile.js";
import { prepareImage, runRequest, type EngineAssets } from "../src/sandbox/engine.js";
import { guestSource } from "../src/sandbox/guest-source.js";
import { instanceMaker } from "../src/sandbox/instance.js";
import { sandboxModules } from "../src/sandbox/modules.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import type { SandboxRequest } from "../src/sandbox/protocol.js";
import { Session } from "../src/sandbox/session.js";
import { ROOT } from "./generate.js";

const ROUNDS = Number(process.argv[2] ?? 10);
const totals: Record<string, number> = {};
const add = (part: string, ms: number): void => { totals[part] = (totals[part] ?? 0) + ms; };
const timed = <T>(part: string, run: () => T): T => { const t = performance.now(); try { return run(); } finally { add(part, performance.now() - t); } };

// The guest text with timers: each swap must still match guest.js, or the bench says which not.
const SWAPS: [string, string][] = [
  ["const inputs = from > 0 && runInputs !== undefined ? runInputs : (runInputs = parse(inputsText));",
    "const __p = __now(); const inputs = from > 0 && runInputs !== undefined ? runInputs : (runInputs = parse(inputsText)); __acc('parsing the inputs', __now() - __p);"],
  ["const l = load(id);", "const __l = __now(); const l = load(id); __acc('module loads', __now() - __l);"],
  ["try { value = apply(fn, undefined, withPeers(input, peers, arity, driven)); } catch (e) { threw = true; error = e; }",
    "const __c = __now(); try { value = apply(fn, undefined, withPeers(input, peers, arity, driven)); } catch (e) { threw = true; error = e; } __acc('the student\\'s calls', __now() - __c);"],
  ["try { value = driven === undefined ? fn(input) : fn(driven, input); } catch (error) { return thrown(error); }",
    "const __c = __now(); try { value = driven === undefined ? fn(input) : fn(driven, input); } catch (error) { __acc('the student\\'s calls', __now() - __c); return thrown(error); } __acc('the student\\'s calls', __now() - __c);"],
  ["const encoded = encode(value);\n      return \"V\" + encoded.length + \":\" + encoded + (echo ? encode(input) : \"\");",
    "const __d = __now(); const encoded = encode(value); const __r = \"V\" + encoded.length + \":\" + encoded + (echo ? encode(input) : \"\"); __acc('describing the values', __now() - __d); return __r;"],
  ["      hostMark(-1);\n      return done;\n    }),\n", "      hostMark(-1);\n      host.__flush(JSON.stringify(__P)); for (const k in __P) delete __P[k];\n      return done;\n    }),\n"],
];
function timedGuest(): string {
  let text = guestSource();
  for (const [from, to] of SWAPS) {
    if (!text.includes(from)) throw new Error(`guest.js no longer has: ${from.slice(0, 80)}`);
    text = text.split(from).join(to);
  }
  return text.replace("(function (host) {", "(function (host) { const __now = Date.now, __P = {}; const __acc = (k, v) => { __P[k] = (__P[k] || 0) + v; };");
}

// Timers around the host's parts; the guest's sums come back through one more host function.
type Private = Record<string, (...args: never[]) => unknown>;
const proto = Session.prototype as unknown as Private;
const { setUp, guestCall, hostFunctions } = proto;
proto["setUp"] = function (this: unknown, ...args: never[]) { return timed("the contexts' set-up", () => setUp!.apply(this, args)); };
proto["guestCall"] = function (this: unknown, ...args: never[]) { return timed("(guest calls, all)", () => guestCall!.apply(this, args)); };
proto["hostFunctions"] = function (this: unknown, ctx: QuickJSContext, slicer: never) {
  const flush = (text: QuickJSHandle): void => { for (const [part, ms] of Object.entries(JSON.parse(ctx.getString(text)) as Record<string, number>)) add(part, ms); };
  return [...(hostFunctions!.call(this, ctx as never, slicer) as unknown[]), ["__flush", flush]];
};
const callFunction = QuickJSContext.prototype.callFunction;
QuickJSContext.prototype.callFunction = function (this: QuickJSContext, ...args: Parameters<typeof callFunction>) { return timed("(in the guest, all)", () => callFunction.apply(this, args)); } as typeof callFunction;
const evalCode = QuickJSContext.prototype.evalCode;
QuickJSContext.prototype.evalCode = function (this: QuickJSContext, ...args: Parameters<typeof evalCode>) {
  return args[1] === "grade-guest.js" || args[1] === "grade-text.js" ? evalCode.apply(this, args) : timed("  of which compiling modules", () => evalCode.apply(this, args));
} as typeof evalCode;
const jobs = QuickJSRuntime.prototype.executePendingJobs;
QuickJSRuntime.prototype.executePendingJobs = function (this: QuickJSRuntime, ...args: Parameters<typeof jobs>) { return timed("promise jobs", () => jobs.apply(this, args)); } as typeof jobs;

/** The request of one default grade of a pack's reference solution, compiled. */
async function requestOf(packId: string, dir: string): Promise<{ request: SandboxRequest; course: string }> {
  const pack = await loadPack(packId);
  let asked: SandboxRequest | undefined;
  const run = SandboxPool.prototype.run;
  SandboxPool.prototype.run = function (this: SandboxPool, request: SandboxRequest) { asked ??= request; return run.call(this, request); };
  try {
    await gradeSubmission({ cwd: ROOT, dir, tasks: pack.tasks.map((t) => t.id), pack, extra: { seed: 1, live: false } });
  } finally {
    SandboxPool.prototype.run = run;
  }
  if (!asked) throw new Error(`${packId}: the grade asked the sandbox nothing`);
  return { request: { ...asked, compiled: await compileFiles(asked.files, asked.shownAs ?? "") }, course: pack.course.sandboxSource() };
}

const newModule = instanceMaker(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm"));
const timedModule: EngineAssets["newModule"] = (maxBytes, image) => { const t = performance.now(); return newModule(maxBytes, image).finally(() => add("the instance (and the image's copy)", performance.now() - t)); };
console.log(`sandbox split, ${ROUNDS} rounds after a warm-up; load average ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")}`);
for (const [packId, dir] of [["mcp-ch2", "solutions"], ["mcp-stateless", "solutions/mcp-stateless"]] as const) {
  const { request, course } = await requestOf(packId, dir);
  const base = { newModule: timedModule, guest: timedGuest(), modules: await sandboxModules(course) };
  for (const [label, assets] of [["contexts built", base], ["engine image", { ...base, images: new Map() }]] as const) {
    await runRequest(assets, request);
    // As a sandbox thread does after its first request (worker.ts).
    await prepareImage(assets, request);
    for (const part of Object.keys(totals)) delete totals[part];
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i++) await runRequest(assets, request);
    const used = process.cpuUsage(cpu);
    const wall = (performance.now() - started) / ROUNDS;
    console.log(`\n${packId}, ${label}: ${wall.toFixed(1)} ms a request (${((used.user + used.system) / 1000 / ROUNDS).toFixed(1)} ms of processor time), ${request.runs.length} runs`);
    for (const [part, ms] of Object.entries(totals).sort((a, b) => b[1] - a[1])) console.log(`  ${part.padEnd(40)} ${(ms / ROUNDS).toFixed(1).padStart(7)} ms ${(100 * ms / ROUNDS / wall).toFixed(1).padStart(5)}%`);
  }
}
releaseCompiler();
process.exit(0);
