// What a QuickJS context's set-up costs with the sandbox's guest text (globals/*.js and guest.js,
// guest-source.ts) against guest.js alone before the Node 20 globals: every submission makes one
// context, and a run with context "fresh" one more. npx tsx bench/guest-context.ts
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { guestSource } from "../src/sandbox/guest-source.js";
import { instanceMaker } from "../src/sandbox/instance.js";

const makeInstance = instanceMaker(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm"));
// guest.js as it was before the Node 20 globals (before commit 1f1caf5), against the text each context evaluates now.
const before = execFileSync("git", ["show", "1f1caf5~1:src/sandbox/guest.js"], { encoding: "utf8" });
const sources = { before, now: guestSource() };
const N = 30;
const times: Record<string, number[]> = { before: [], now: [] };
// Interleaved rounds, the median of each: the machine is shared.
for (let round = 0; round < 7; round++) for (const [name, src] of Object.entries(sources)) {
  // As in Session: a context is never freed on its own, it goes with its instance.
  const rt = (await makeInstance(256 * 2 ** 20)).newRuntime();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const ctx = rt.newContext();
    const host = ctx.newObject();
    for (const f of ["write", "resolve", "turn", "peer", "intl", "url"]) { const h = ctx.newFunction(f, () => ctx.undefined); ctx.setProp(host, f, h); h.dispose(); }
    for (const [k, v] of [["peerChars", 65536], ["peerMessages", 64], ["hostChars", 10000]] as const) { const h = ctx.newNumber(v); ctx.setProp(host, k, h); h.dispose(); }
    const made = ctx.evalCode(src, "g.js");
    if (made.error) throw new Error(JSON.stringify(ctx.dump(made.error)));
    const r = ctx.callFunction(made.value, ctx.undefined, host);
    if (r.error) throw new Error(JSON.stringify(ctx.dump(r.error)));
    r.value.dispose(); made.value.dispose(); host.dispose();
  }
  times[name]!.push((performance.now() - t0) / N);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, src] of Object.entries(sources)) console.log(`${name}: ${src.length} characters, ${median(times[name]!).toFixed(2)} ms per context (median of ${times[name]!.length} rounds of ${N})`);
