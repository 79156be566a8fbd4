// Real media files made by the journeys themselves: a PNG the browser can draw and a WAV it can play.
import { crc32, deflateSync } from "node:zlib";

const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  return Buffer.concat([be32(data.length), body, be32(crc32(body))]);
};

/** A 32 x 32 RGB PNG: a magenta-to-cyan diagonal. */
export function makePng(size = 32): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(255 - x * 6, 40, 120 + y * 4);
  }
  const header = Buffer.concat([be32(size), be32(size), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.from(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A half-second 16-bit mono 22 kHz WAV of a rising chirp. */
export function makeWav(seconds = 0.5): Buffer {
  const rate = 22_050;
  const samples = Math.round(rate * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    data.writeInt16LE(Math.round(8000 * Math.sin(2 * Math.PI * (300 + 600 * t) * t)), i * 2);
  }
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate * 2, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const chunk = (id: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, "ascii");
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body]);
  };
  return chunk("RIFF", Buffer.concat([Buffer.from("WAVE"), chunk("fmt ", fmt), chunk("data", data)]));
}
