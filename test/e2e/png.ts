// Reads a PNG's pixels (8-bit greyscale, RGB or RGBA, not interlaced: what Chromium writes), to
// tell a screenshot that shows something from a blank one.
import { inflateSync } from "node:zlib";

export interface Image {
  width: number;
  height: number;
  /** Bytes per pixel. */
  channels: number;
  pixels: Buffer;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 6: 4 };

export function decodePng(file: Buffer): Image {
  if (file.subarray(0, 8).toString("hex") !== "89504e470d0a1a0a") throw new Error("not a PNG");
  let width = 0, height = 0, channels = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    const type = file.toString("latin1", at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = CHANNELS[body[9]!] ?? 0;
      if (body[8] !== 8 || !channels || body[12] !== 0) throw new Error("an 8-bit, non-interlaced greyscale, RGB or RGBA PNG was expected");
    } else if (type === "IDAT") data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter];
      if (predicted === undefined) throw new Error(`unknown PNG filter ${filter}`);
      pixels[y * stride + x] = (line[x]! + predicted) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** How many different colours the image holds (counting stops at `enough`). */
export function colourCount(image: Image, enough = 1000): number {
  const seen = new Set<string>();
  for (let i = 0; i < image.pixels.length && seen.size < enough; i += image.channels) seen.add(image.pixels.subarray(i, i + image.channels).toString("hex"));
  return seen.size;
}
