// What a file is, judged by its bytes alone (never its name or declared type). Each accepted kind is checked
// beyond its magic number, far enough that a truncated or dressed-up file is refused: a PNG must walk its
// chunks (with CRCs) to IEND, a WebP or WAV must be as long as its RIFF header says, a JPEG must end with EOI.
// Anything else (SVG, HTML, scripts, text) is simply not one of the accepted kinds.
import { crc32 } from "node:zlib";

export type ImageKind = { kind: "image"; extension: "png" | "jpg" | "webp"; contentType: string };
export type AudioKind = {
  kind: "audio";
  extension: "mp3" | "ogg" | "wav" | "flac" | "m4a";
  contentType: string;
};

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Signature, IHDR first, every chunk whole with a matching CRC, ending at IEND. */
function isPng(b: Uint8Array): boolean {
  if (b.length < 8 + 25 + 12 || !PNG_SIGNATURE.every((v, i) => b[i] === v)) return false;
  let at = 8;
  let first = true;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    const end = at + 12 + length;
    if (end > b.length) return false;
    if (first && (type !== "IHDR" || length !== 13)) return false;
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== u32be(b, at + 8 + length)) return false;
    if (type === "IEND") return true;
    first = false;
    at = end;
  }
  return false;
}

/** SOI and a frame marker at the start, EOI at the end (trailing zero padding allowed). */
function isJpeg(b: Uint8Array): boolean {
  if (b.length < 128 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return false;
  let end = b.length;
  while (end > 2 && b[end - 1] === 0) end--;
  return b[end - 2] === 0xff && b[end - 1] === 0xd9;
}

/** RIFF of exactly the file's length (one pad byte allowed) holding the given form. */
function isRiff(b: Uint8Array, form: string): boolean {
  if (b.length < 12 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== form) return false;
  const declared = u32le(b, 4) + 8;
  return declared === b.length || declared + 1 === b.length;
}

function isWebp(b: Uint8Array): boolean {
  return isRiff(b, "WEBP") && b.length >= 30 && ["VP8 ", "VP8L", "VP8X"].includes(ascii(b, 12, 4));
}

/** A WAVE with a fmt chunk and a data chunk inside the file. */
function isWav(b: Uint8Array): boolean {
  if (!isRiff(b, "WAVE")) return false;
  let at = 12;
  let fmt = false;
  while (at + 8 <= b.length) {
    const id = ascii(b, at, 4);
    const size = u32le(b, at + 4);
    if (id === "fmt ") fmt = size >= 16;
    if (id === "data") return fmt && at + 8 + size <= b.length + 1;
    at += 8 + size + (size % 2);
  }
  return false;
}

/** An Ogg page header (version 0) at the start, and another page boundary after the first page. */
function isOgg(b: Uint8Array): boolean {
  if (b.length < 28 || ascii(b, 0, 4) !== "OggS" || b[4] !== 0) return false;
  const segments = b[26]!;
  let size = 27 + segments;
  for (let i = 0; i < segments; i++) size += b[27 + i] ?? 0;
  return size === b.length || (size + 4 <= b.length && ascii(b, size, 4) === "OggS");
}

/** fLaC then a STREAMINFO metadata block of 34 bytes. */
function isFlac(b: Uint8Array): boolean {
  return (
    b.length >= 42 && ascii(b, 0, 4) === "fLaC" && (b[4]! & 0x7f) === 0 && u32be(b, 4) % 0x1000000 === 34
  );
}

const M4A_BRANDS = new Set(["M4A ", "M4B ", "mp42", "mp41", "isom", "iso2", "dash"]);

/** An ISO-BMFF ftyp box with an audio-capable brand. */
function isM4a(b: Uint8Array): boolean {
  if (b.length < 16 || ascii(b, 4, 4) !== "ftyp") return false;
  const boxSize = u32be(b, 0);
  return boxSize >= 16 && boxSize <= b.length && M4A_BRANDS.has(ascii(b, 8, 4));
}

/** An MPEG audio frame header: sync, a real version/layer, bitrate and sample-rate indexes in range. */
function isMpegFrame(b: Uint8Array, at: number): boolean {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return false;
  const version = (b[at + 1]! >> 3) & 3;
  const layer = (b[at + 1]! >> 1) & 3;
  const bitrate = b[at + 2]! >> 4;
  const rate = (b[at + 2]! >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

/** An ID3v2 tag followed by a frame, or two frame headers in a row. */
function isMp3(b: Uint8Array): boolean {
  let at = 0;
  if (ascii(b, 0, 3) === "ID3" && b.length >= 10) {
    const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
    at = 10 + size + (b[5]! & 0x10 ? 10 : 0);
    return isMpegFrame(b, at);
  }
  if (!isMpegFrame(b, 0)) return false;
  // Frame length for layer III: 144 * bitrate / sample rate (+ padding); check that the next header follows.
  const v1 = ((b[1]! >> 3) & 3) === 3;
  const bitrates = v1
    ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const rates = v1 ? [44100, 48000, 32000] : [22050, 24000, 16000];
  const kbps = bitrates[b[2]! >> 4]!;
  const hz = rates[(b[2]! >> 2) & 3]!;
  const frame = Math.floor(((v1 ? 144 : 72) * kbps * 1000) / hz) + ((b[2]! >> 1) & 1);
  return frame === b.length || isMpegFrame(b, frame);
}

export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (isPng(bytes)) return { kind: "image", extension: "png", contentType: "image/png" };
  if (isJpeg(bytes)) return { kind: "image", extension: "jpg", contentType: "image/jpeg" };
  if (isWebp(bytes)) return { kind: "image", extension: "webp", contentType: "image/webp" };
  return null;
}

export function sniffAudio(bytes: Uint8Array): AudioKind | null {
  if (isWav(bytes)) return { kind: "audio", extension: "wav", contentType: "audio/wav" };
  if (isOgg(bytes)) return { kind: "audio", extension: "ogg", contentType: "audio/ogg" };
  if (isFlac(bytes)) return { kind: "audio", extension: "flac", contentType: "audio/flac" };
  if (isM4a(bytes)) return { kind: "audio", extension: "m4a", contentType: "audio/mp4" };
  if (isMp3(bytes)) return { kind: "audio", extension: "mp3", contentType: "audio/mpeg" };
  return null;
}
