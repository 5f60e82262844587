// An engine image kept on disk (image-file.ts) is the image it was made from, byte for byte, and
// a copy of it answers as one whose contexts were built for the submission.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileFiles, releaseCompiler } from "./compile.js";
import { runRequest, type EngineAssets } from "./engine.js";
import { guestSource } from "./guest-source.js";
import type { EngineImage } from "./image.js";
import { loadImage, saveImage } from "./image-file.js";
import { instanceMaker } from "./instance.js";
import { sandboxModules } from "./modules.js";
import type { RunSpec, SandboxReply, SandboxRequest } from "./protocol.js";
import { Session } from "./session.js";
import { decodeValue } from "./value.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const CODE = `export function mark(what: string) {
  const g = globalThis as any;
  const found = g.__kept ?? null;
  g.__kept = what;
  return found;
}
export const clock = () => [performance.timeOrigin, performance.now(), Math.random()];`;

let assets: EngineAssets & { images: Map<number, Promise<EngineImage | undefined>> };
let compiled: SandboxRequest["compiled"];
let made: EngineImage;
let dir: string;
beforeAll(async () => {
  const newModule = instanceMaker(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm"));
  assets = { newModule, guest: guestSource(), modules: await sandboxModules(""), images: new Map() };
  compiled = await compileFiles({ "kept.ts": CODE }, "");
  made = (await Session.prepareImage(assets, 2))!;
  dir = mkdtempSync(path.join(os.tmpdir(), "grade-image-"));
});
afterAll(() => { releaseCompiler(); rmSync(dir, { recursive: true, force: true }); });

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

describe("an engine image kept on disk", () => {
  it("is read back as the image it was made from, and only for its number of contexts", () => {
    const prefix = path.join(dir, "engine-image-same");
    expect(made.realms).toHaveLength(2);
    saveImage(prefix, made);
    const kept = loadImage(prefix, 2)!;
    expect({ ...kept, runs: kept.runs.map((r) => [r.at, Buffer.from(r.bytes).toString("base64")]) })
      .toEqual({ ...made, runs: made.runs.map((r) => [r.at, Buffer.from(r.bytes).toString("base64")]) });
    expect(loadImage(prefix, 1)).toBeUndefined();
  });

  it("is not used when cut short, and another build's images are removed when one is kept", () => {
    const prefix = path.join(dir, "engine-image-cut");
    saveImage(prefix, made);
    const file = `${prefix}-2.bin`;
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 1));
    expect(loadImage(prefix, 2)).toBeUndefined();
    saveImage(path.join(dir, "engine-image-other"), made);
    expect(loadImage(prefix, 2)).toBeUndefined();
    expect(loadImage(path.join(dir, "engine-image-other"), 2)).toBeDefined();
  });

  it("answers as contexts built for the submission: the same reply and fuel, nothing of another's, a clock of its own", async () => {
    const prefix = path.join(dir, "engine-image-run");
    saveImage(prefix, made);
    const fromDisk = { ...assets, images: new Map([[2, Promise.resolve(loadImage(prefix, 2))]]) };
    const runs = [spec("mark", ["a", "b"]), spec("mark", ["c"], { context: "fresh" }), spec("mark", ["d"])];
    const strip = (r: SandboxReply) => r.runs.map((run) => ({ ...run, durationMs: 0 }));
    const built = await runRequest({ ...assets, images: undefined }, request(runs));
    const copied = await runRequest(fromDisk, request(runs));
    expect(strip(copied)).toEqual(strip(built));
    expect(values(copied, 0)).toEqual([null, "a"]);
    expect(values(copied, 1)).toEqual([null]);
    // The clock starts with the submission, not with the image: timeOrigin is read on first use.
    const before = Date.now();
    const [origin, now] = values(await runRequest(fromDisk, request([spec("clock", [""])])), 0)[0] as number[];
    expect(origin).toBeGreaterThanOrEqual(before);
    expect(now).toBeGreaterThanOrEqual(0);
  });
});
