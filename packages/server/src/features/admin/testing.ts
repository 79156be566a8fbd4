// Test fixtures for uploads: real, small media files made on the spot, and multipart bodies for app.inject.
import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of `size` x `size` pixels in a neon gradient; `seed` varies the colours (and the hash). */
export function pngBytes(size = 16, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push((x * 16 + seed) % 256, (y * 16) % 256, (200 + seed) % 256);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real 8-bit mono PCM WAV of a square-wave beep, `ms` long at 8 kHz. */
export function wavBytes(ms = 200, pitch = 440): Buffer {
  const rate = 8000;
  const samples = Math.round((rate * ms) / 1000);
  const data = Buffer.alloc(samples);
  for (let i = 0; i < samples; i++) data[i] = Math.floor((i * pitch * 2) / rate) % 2 ? 160 : 96;
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate, 8);
  fmt.writeUInt16LE(1, 12);
  fmt.writeUInt16LE(8, 14);
  const riff = (id: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, "ascii");
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const wave = Buffer.concat([Buffer.from("WAVE"), riff("fmt ", fmt), riff("data", data)]);
  return riff("RIFF", wave).subarray(0, 8 + wave.length);
}

/** Bytes shaped like the other accepted kinds (headers and framing right; the payload is noise). */
export const shapedMedia = {
  jpeg(): Buffer {
    return Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      randomBytes(300),
      Buffer.from([0xff, 0xd9]),
    ]);
  },
  webp(): Buffer {
    const body = Buffer.concat([Buffer.from("WEBPVP8L"), Buffer.from([20, 0, 0, 0]), randomBytes(20)]);
    const head = Buffer.from("RIFF0000");
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body]);
  },
  ogg(): Buffer {
    const page = (payload: Buffer) =>
      Buffer.concat([
        Buffer.from("OggS"),
        Buffer.from([0, 2]),
        Buffer.alloc(20),
        Buffer.from([1, payload.length]),
        payload,
      ]);
    return Buffer.concat([page(randomBytes(30)), page(randomBytes(30))]);
  },
  flac(): Buffer {
    return Buffer.concat([
      Buffer.from("fLaC"),
      Buffer.from([0x80, 0, 0, 34]),
      randomBytes(34),
      randomBytes(64),
    ]);
  },
  m4a(): Buffer {
    const ftyp = Buffer.concat([
      Buffer.from([0, 0, 0, 20]),
      Buffer.from("ftypM4A "),
      Buffer.alloc(4),
      Buffer.from("isom"),
    ]);
    return Buffer.concat([ftyp, randomBytes(64)]);
  },
  mp3(): Buffer {
    // MPEG-1 layer III, 128 kbps, 44.1 kHz: 417-byte frames.
    const frame = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), randomBytes(413)]);
    return Buffer.concat([frame(), frame(), frame()]);
  },
};

export type MultipartFile = { field?: string; filename: string; type?: string; bytes: Buffer };

/** A multipart/form-data body: text fields first, then the file or files (as browsers send a FormData built so). */
export function multipart(fields: Record<string, string>, files?: MultipartFile | MultipartFile[]) {
  const boundary = `----arena${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files === undefined ? [] : [files].flat()) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
