// Engine images (image.ts): a submission's instance is a copy of the thread's image, so what one
// submission leaves anywhere in its engine (a global, a prototype, an intrinsic, a pure module,
// Math.random's state) must not be in the next copy, and the copy must answer as an instance
// whose contexts were built for it.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileFiles, releaseCompiler } from "./compile.js";
import { runRequest, type EngineAssets } from "./engine.js";
import { guestSource } from "./guest-source.js";
import type { EngineImage } from "./image.js";
import { instanceMaker } from "./instance.js";
import { sandboxModules } from "./modules.js";
import type { RunSpec, SandboxReply, SandboxRequest } from "./protocol.js";
import { Session } from "./session.js";
import { decodeValue } from "./value.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };

// Leaves a mark everywhere a context keeps state, and says which marks it found.
const CODE = `import events from "node:events";
const KEY = Symbol.for("kept");
export function mark(what: string) {
  const g = globalThis as any;
  const found = {
    global: g.__kept ?? null,
    prototype: Object.hasOwn(Object.prototype, KEY) ? (Object.prototype as any)[KEY] : null,
    push: Array.prototype.push === g.__push ? "replaced" : null,
    intrinsic: (JSON as any).__kept ?? null,
    library: (events as any).__kept ?? null,
  };
  g.__kept = what;
  Object.defineProperty(Object.prototype, KEY, { value: what, configurable: true, enumerable: false });
  g.__push = Array.prototype.push = function () { return 0; };
  (JSON as any).__kept = what;
  (events as any).__kept = what;
  return found;
}
export const random = () => [Math.random(), crypto.randomUUID()];`;

const NOTHING = { global: null, prototype: null, push: null, intrinsic: null, library: null };

let assets: EngineAssets & { images: Map<number, Promise<EngineImage | undefined>> };
let compiled: SandboxRequest["compiled"];
beforeAll(async () => {
  const newModule = instanceMaker(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm"));
  assets = { newModule, guest: guestSource(), modules: await sandboxModules(""), images: new Map() };
  compiled = await compileFiles({ "kept.ts": CODE }, "");
  // As a sandbox thread does after its first request of two contexts (worker.ts).
  await Session.prepareImage(assets, 2);
});
afterAll(() => releaseCompiler());

const spec = (exportName: string, inputs: string[], more: Partial<RunSpec> = {}): RunSpec =>
  ({ entry: "kept.ts", exportName, inputs: inputs.map((i) => JSON.stringify(i)), instance: "shared", stopOnFailure: false, ...more });
const request = (runs: RunSpec[]): SandboxRequest => ({ files: { "kept.ts": CODE }, compiled, refused: {}, limits: LIMITS, runs });
const values = (reply: SandboxReply, run: number): unknown[] => {
  const r = reply.runs[run];
  if (r?.status !== "ran") throw new Error(`run ${run} did not run: ${JSON.stringify(r)}`);
  return r.calls.map((c) => {
    if (!c.ok) throw new Error(`a call failed: ${JSON.stringify(c)}`);
    const d = decodeValue(c.value);
    return d.ok ? d.value : d.problem;
  });
};
const digest = (image: EngineImage | undefined): string => {
  const hash = createHash("sha256");
  for (const run of image?.runs ?? []) hash.update(`${run.at}:`).update(run.bytes);
  return hash.digest("hex");
};

describe("a submission's instance copied from the engine image", () => {
  it("is a copy of the image, which no submission changes", async () => {
    const session = await Session.open(assets, request([]), () => undefined, 2);
    expect(session.fromImage).toBe(true);
    const image = await assets.images.get(2);
    const before = digest(image);
    await runRequest(assets, request([spec("mark", ["a", "b"]), spec("mark", ["c"], { context: "fresh" })]));
    expect(digest(image)).toBe(before);
  });

  it("has nothing of the submission before it: not a global, a prototype, an intrinsic or a pure module", async () => {
    const runs = [spec("mark", ["a", "b"]), spec("mark", ["c"], { context: "fresh" })];
    const first = await runRequest(assets, request(runs));
    expect(values(first, 0)).toEqual([NOTHING, { global: "a", prototype: "a", push: "replaced", intrinsic: "a", library: "a" }]);
    // The image's spare context, given to the fresh-context run: nothing of the shared one's.
    expect(values(first, 1)).toEqual([NOTHING]);
    const next = await runRequest(assets, request(runs));
    expect(values(next, 0)[0]).toEqual(NOTHING);
    expect(values(next, 1)).toEqual([NOTHING]);
  });

  it("answers as an instance whose contexts were built for it, using the same fuel", async () => {
    const runs = [spec("mark", ["a", "b"]), spec("mark", ["c"], { context: "fresh" }), spec("mark", ["d"])];
    const strip = (r: SandboxReply) => r.runs.map((run) => ({ ...run, durationMs: 0 }));
    const built = await runRequest({ ...assets, images: undefined }, request(runs));
    const copied = await runRequest(assets, request(runs));
    expect(strip(copied)).toEqual(strip(built));
  });

  it("gives Math.random and crypto a state of their own in each copy and each context", async () => {
    const runs = [spec("random", [""]), spec("random", [""], { context: "fresh" })];
    const seen = [...values(await runRequest(assets, request(runs)), 0), ...values(await runRequest(assets, request(runs)), 0), ...values(await runRequest(assets, request(runs)), 1)];
    const numbers = seen.map((v) => (v as unknown[])[0]);
    const ids = seen.map((v) => (v as unknown[])[1]);
    expect(new Set(numbers).size).toBe(3);
    expect(new Set(ids).size).toBe(3);
  });
});
