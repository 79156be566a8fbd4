// Judging files by their bytes: every accepted kind is recognised, and dressed-up, truncated or foreign bytes
// (SVG, HTML, scripts, text, an image offered as audio) are not.
import { describe, expect, it } from "vitest";
import { pngBytes, shapedMedia, wavBytes } from "../../features/admin/testing";
import { sniffAudio, sniffImage } from "./sniff";

const text = (s: string) => Buffer.from(s);
const svg = text(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);
const html = text("<!doctype html><html><body><script>fetch('/api/me')</script></body></html>");

describe("sniffImage", () => {
  it("recognises PNG, JPEG and WebP", () => {
    expect(sniffImage(pngBytes())?.extension).toBe("png");
    expect(sniffImage(shapedMedia.jpeg())?.extension).toBe("jpg");
    expect(sniffImage(shapedMedia.webp())?.extension).toBe("webp");
  });

  it.each([
    ["SVG", svg],
    ["HTML", html],
    ["a script", text("#!/bin/sh\nrm -rf /\n")],
    ["text", text("just some words, not a picture at all")],
    ["nothing", Buffer.alloc(0)],
    ["a WAV", wavBytes()],
  ])("refuses %s", (_, bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });

  it("refuses a truncated PNG, a PNG with a broken CRC, and HTML after a PNG signature", () => {
    const png = pngBytes(32);
    expect(sniffImage(png.subarray(0, png.length - 20))).toBeNull();
    const broken = Buffer.from(png);
    broken[40] = (broken[40]! + 1) % 256;
    expect(sniffImage(broken)).toBeNull();
    expect(sniffImage(Buffer.concat([png.subarray(0, 8), html]))).toBeNull();
  });

  it("refuses a WebP whose RIFF length disagrees with the file and a JPEG without its end marker", () => {
    const webp = shapedMedia.webp();
    expect(sniffImage(webp.subarray(0, webp.length - 4))).toBeNull();
    const jpeg = shapedMedia.jpeg();
    expect(sniffImage(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
  });
});

describe("sniffAudio", () => {
  it("recognises WAV, OGG, FLAC, M4A and MP3", () => {
    expect(sniffAudio(wavBytes())?.extension).toBe("wav");
    expect(sniffAudio(shapedMedia.ogg())?.extension).toBe("ogg");
    expect(sniffAudio(shapedMedia.flac())?.extension).toBe("flac");
    expect(sniffAudio(shapedMedia.m4a())?.extension).toBe("m4a");
    expect(sniffAudio(shapedMedia.mp3())?.extension).toBe("mp3");
    const id3 = Buffer.concat([
      Buffer.from("ID3"),
      Buffer.from([4, 0, 0, 0, 0, 0, 10]),
      Buffer.alloc(10),
      shapedMedia.mp3(),
    ]);
    expect(sniffAudio(id3)?.extension).toBe("mp3");
  });

  it.each([
    ["text named .mp3", text("This is not a song. ".repeat(50))],
    ["SVG", svg],
    ["HTML", html],
    ["a PNG", pngBytes()],
    ["a truncated WAV", wavBytes().subarray(0, 100)],
    ["a lone frame-sync byte pair", Buffer.from([0xff, 0xfb, 0x90, 0x00, 1, 2, 3])],
  ])("refuses %s", (_, bytes) => {
    expect(sniffAudio(bytes)).toBeNull();
  });
});
