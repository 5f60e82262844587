// An engine image (image.ts) kept on disk, so that a thread's first request, a single grading's
// only one, copies contexts instead of building them (building two took 200-360 ms of a grade's
// sandbox run, in a CPU profile). The file holds the image's bytes and where things are in them,
// nothing else; a copy is made of it exactly as of an image made in the thread. Its name is a
// hash of everything that makes an image (the thread's code, the guest text, the engine's
// WebAssembly, Node), so an image made by another build is never found; a file that cannot be
// read whole only means building the contexts, as without one.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { EngineImage } from "./image.js";

interface Header { pages: number; rt: number; realms: EngineImage["realms"]; hostFunctions: number; randomAt: number; runs: { at: number; length: number }[] }

/** The path, without its number of contexts, of the images of this build in `dir`. */
export function imagePrefix(dir: string, threadCode: string, guest: string, wasmPath: string): string {
  const wasm = statSync(wasmPath);
  const key = createHash("sha256").update(`${threadCode}\0${guest}\0${wasmPath}\0${wasm.size}\0${wasm.mtimeMs}\0${process.version}\0${process.arch}`).digest("hex").slice(0, 16);
  return path.join(dir, `engine-image-${key}`);
}

const fileOf = (prefix: string, contexts: number): string => `${prefix}-${contexts}.bin`;

/** The kept image of `contexts` contexts, or undefined. */
export function loadImage(prefix: string, contexts: number): EngineImage | undefined {
  try {
    const file = readFileSync(fileOf(prefix, contexts));
    const headerLength = file.readUInt32LE(0);
    const header = JSON.parse(file.toString("utf8", 4, 4 + headerLength)) as Header;
    let at = 4 + headerLength;
    const runs = header.runs.map((run) => {
      const bytes = new Uint8Array(file.buffer, file.byteOffset + at, run.length);
      at += run.length;
      return { at: run.at, bytes };
    });
    if (at !== file.length || header.realms.length !== contexts) return undefined;
    return { runs, pages: header.pages, rt: header.rt, realms: header.realms, hostFunctions: header.hostFunctions, randomAt: header.randomAt };
  } catch {
    return undefined;
  }
}

/** Keeps `image` for the next threads; best effort. */
export function saveImage(prefix: string, image: EngineImage): void {
  try {
    const header: Header = { pages: image.pages, rt: image.rt, realms: image.realms, hostFunctions: image.hostFunctions, randomAt: image.randomAt, runs: image.runs.map((r) => ({ at: r.at, length: r.bytes.length })) };
    const text = Buffer.from(JSON.stringify(header), "utf8");
    const length = Buffer.alloc(4);
    length.writeUInt32LE(text.length, 0);
    const file = fileOf(prefix, image.realms.length);
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temp, Buffer.concat([length, text, ...image.runs.map((r) => r.bytes)]));
    renameSync(temp, file);
    // Another build's images are never read again (about 1 MB each).
    const own = path.basename(prefix);
    for (const name of readdirSync(path.dirname(file))) {
      if (name.startsWith("engine-image-") && !name.startsWith(`${own}-`)) rmSync(path.join(path.dirname(file), name), { force: true });
    }
  } catch { /* a read-only install builds its contexts every time */ }
}
