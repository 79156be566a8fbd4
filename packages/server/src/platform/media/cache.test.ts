// The process's media cache over a counting in-memory backend: small objects in memory, large ones in local
// files, both bounded (least recently served go first), one fill per key however many ask at once, no partial
// file ever served, ranges from the copy.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { type CachedMedia, createMediaCache, type MediaCacheOptions } from "./cache";
import type { MediaBackend, MediaObject } from "./store";

type Counting = Pick<MediaBackend, "stat" | "read"> & {
  stats: number;
  reads: number;
  /** Holds every stat until the function it answers is called (to start many first reads at once). */
  holdStats(): () => void;
  failReads: boolean;
  /** While set, a read sends half its bytes and waits for it before the rest. */
  midRead: Promise<void> | null;
};

function countingBackend(objects: Record<string, Uint8Array>): Counting {
  let held: Promise<void> | null = null;
  const backend: Counting = {
    stats: 0,
    reads: 0,
    failReads: false,
    midRead: null,
    holdStats() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    async stat(key, bytesUpTo): Promise<MediaObject | null> {
      backend.stats += 1;
      if (held) await held;
      const bytes = objects[key];
      if (!bytes) return null;
      return { size: bytes.length, modified: new Date(0), bytes: bytes.length <= bytesUpTo ? bytes : null };
    },
    read(key, start, end) {
      backend.reads += 1;
      const bytes = objects[key]!;
      if (backend.failReads) {
        // Half the bytes, then the store goes away.
        return Readable.from(
          (async function* () {
            yield bytes.subarray(start, start + (end - start) / 2);
            throw new Error("store gone");
          })(),
        );
      }
      const middle = start + Math.floor((end - start) / 2);
      const midRead = backend.midRead;
      return Readable.from(
        (async function* () {
          yield bytes.subarray(start, middle);
          if (midRead) await midRead;
          yield bytes.subarray(middle, end + 1);
        })(),
      );
    },
  };
  return backend;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function cacheOver(backend: Counting, options: Partial<MediaCacheOptions> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "bot-arena-cache-test-"));
  dirs.push(dir);
  return createMediaCache(backend, {
    smallBytes: 100,
    memoryBytes: 10_000,
    diskBytes: 10_000,
    dir,
    ...options,
  });
}

async function bytesOf(body: Readable | Uint8Array): Promise<Buffer> {
  if (body instanceof Uint8Array) return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const read = async (cache: ReturnType<typeof cacheOver>, key: string, start?: number, end?: number) => {
  const entry = (await cache.find(key)) as CachedMedia;
  return bytesOf(await cache.read(key, entry, start ?? 0, end ?? entry.size - 1));
};

describe("the media cache", () => {
  it("keeps a small object in memory: the store is asked once", async () => {
    const picture = randomBytes(50);
    const backend = countingBackend({ "bots/a.svg": picture });
    const cache = cacheOver(backend);
    expect((await read(cache, "bots/a.svg")).equals(picture)).toBe(true);
    expect((await read(cache, "bots/a.svg", 10, 19)).equals(picture.subarray(10, 20))).toBe(true);
    expect(backend).toMatchObject({ stats: 1, reads: 0 });
    expect(cache.stats()).toMatchObject({ diskFiles: 0 });
    expect(cache.folder()).toBeNull();
  });

  it("forgets the least recently served small objects past the memory bound", async () => {
    const objects = {
      "bots/a.svg": randomBytes(90),
      "bots/b.svg": randomBytes(90),
      "bots/c.svg": randomBytes(90),
    };
    const backend = countingBackend(objects);
    // Room for two entries (each is its bytes and an overhead).
    const cache = cacheOver(backend, { memoryBytes: 2 * (90 + 64) });
    await read(cache, "bots/a.svg");
    await read(cache, "bots/b.svg");
    await read(cache, "bots/a.svg");
    await read(cache, "bots/c.svg");
    expect(backend.stats).toBe(3);
    expect(cache.stats().memoryBytes).toBeLessThanOrEqual(2 * (90 + 64));
    await read(cache, "bots/a.svg");
    expect(backend.stats).toBe(3);
    await read(cache, "bots/b.svg");
    expect(backend.stats).toBe(4);
  });

  it("copies a large object to a file of its own folder once, and serves it and its ranges from there", async () => {
    const track = randomBytes(5_000);
    const backend = countingBackend({ "music/t.wav": track });
    const cache = cacheOver(backend);
    expect((await read(cache, "music/t.wav")).equals(track)).toBe(true);
    expect((await read(cache, "music/t.wav", 1234, 4321)).equals(track.subarray(1234, 4322))).toBe(true);
    expect((await read(cache, "music/t.wav", 4999, 4999)).equals(track.subarray(4999))).toBe(true);
    expect(backend).toMatchObject({ stats: 1, reads: 1 });
    const folder = (await cache.folder())!;
    expect(readdirSync(folder)).toEqual(["music-t.wav"]);
    expect(readFileSync(path.join(folder, "music-t.wav")).equals(track)).toBe(true);
    expect(cache.stats()).toMatchObject({ diskFiles: 1, diskBytes: 5_000, memoryBytes: 0 });
    await cache.close();
    expect(existsSync(folder)).toBe(false);
  });

  it("removes the least recently served copies past the disk bound", async () => {
    const objects = {
      "music/a.wav": randomBytes(4_000),
      "music/b.wav": randomBytes(4_000),
      "music/c.wav": randomBytes(4_000),
    };
    const backend = countingBackend(objects);
    const cache = cacheOver(backend, { diskBytes: 9_000 });
    await read(cache, "music/a.wav");
    await read(cache, "music/b.wav");
    await read(cache, "music/a.wav");
    await read(cache, "music/c.wav");
    const folder = (await cache.folder())!;
    expect(readdirSync(folder).sort()).toEqual(["music-a.wav", "music-c.wav"]);
    expect(cache.stats()).toMatchObject({ diskFiles: 2, diskBytes: 8_000 });
    expect((await read(cache, "music/b.wav")).equals(objects["music/b.wav"])).toBe(true);
    expect(backend.reads).toBe(4);
  });

  it("streams an object larger than the whole disk bound from the store every time, remembering its size", async () => {
    const track = randomBytes(5_000);
    const backend = countingBackend({ "music/big.wav": track });
    const cache = cacheOver(backend, { diskBytes: 4_000 });
    expect((await read(cache, "music/big.wav")).equals(track)).toBe(true);
    expect((await read(cache, "music/big.wav", 10, 20)).equals(track.subarray(10, 21))).toBe(true);
    expect(backend).toMatchObject({ stats: 1, reads: 2 });
    expect(cache.folder()).toBeNull();
  });

  it("fills a key once however many first reads arrive together", async () => {
    const track = randomBytes(3_000);
    const backend = countingBackend({ "music/t.wav": track });
    const cache = cacheOver(backend);
    const release = backend.holdStats();
    const reads = Array.from({ length: 20 }, (_, i) => read(cache, "music/t.wav", i, 2_000 + i));
    expect(cache.stats().filling).toBe(1);
    release();
    const answers = await Promise.all(reads);
    for (const [i, answer] of answers.entries())
      expect(answer.equals(track.subarray(i, 2_001 + i))).toBe(true);
    expect(backend).toMatchObject({ stats: 1, reads: 1 });
    expect(cache.stats().filling).toBe(0);
  });

  it("writes a copy under a temporary name and renames it whole: half a copy is never where readers look", async () => {
    const track = randomBytes(3_000);
    const backend = countingBackend({ "music/t.wav": track });
    const cache = cacheOver(backend);
    let resume = () => {};
    backend.midRead = new Promise<void>((resolve) => (resume = resolve));
    const first = read(cache, "music/t.wav");
    await expect
      .poll(async () => readdirSync((await cache.folder()) ?? ".").some((f) => f.endsWith(".partial")))
      .toBe(true);
    const folder = (await cache.folder())!;
    expect(readdirSync(folder)).not.toContain("music-t.wav");
    resume();
    expect((await first).equals(track)).toBe(true);
    expect(readdirSync(folder)).toEqual(["music-t.wav"]);
  });

  it("never keeps a copy the store broke off: no partial file, and the next read fills again", async () => {
    const track = randomBytes(3_000);
    const backend = countingBackend({ "music/t.wav": track });
    const cache = cacheOver(backend);
    backend.failReads = true;
    await expect(cache.find("music/t.wav")).rejects.toThrow("store gone");
    expect(readdirSync((await cache.folder())!)).toEqual([]);
    backend.failReads = false;
    expect((await read(cache, "music/t.wav")).equals(track)).toBe(true);
    expect(backend.stats).toBe(2);
  });

  it("reads from the store when a copy found was removed before it was opened, and fills it again later", async () => {
    const track = randomBytes(3_000);
    const backend = countingBackend({ "music/t.wav": track });
    const cache = cacheOver(backend);
    const entry = (await cache.find("music/t.wav"))!;
    rmSync(entry.file!);
    expect((await bytesOf(await cache.read("music/t.wav", entry, 0, 2_999))).equals(track)).toBe(true);
    expect((await read(cache, "music/t.wav")).equals(track)).toBe(true);
    expect(backend).toMatchObject({ stats: 2, reads: 3 });
  });

  it("forgets a removed key: its copy goes and the store is asked again", async () => {
    const backend = countingBackend({ "music/t.wav": randomBytes(3_000), "bots/a.svg": randomBytes(10) });
    const cache = cacheOver(backend);
    const entry = (await cache.find("music/t.wav"))!;
    await cache.find("bots/a.svg");
    cache.forget("music/t.wav");
    cache.forget("bots/a.svg");
    await expect.poll(() => existsSync(entry.file!)).toBe(false);
    expect(cache.holds("bots/a.svg")).toBe(false);
    await cache.find("bots/a.svg");
    expect(backend.stats).toBe(3);
  });

  it("answers null for a key the store does not hold, and remembers nothing of it", async () => {
    const backend = countingBackend({});
    const cache = cacheOver(backend);
    expect(await cache.find("music/none.wav")).toBeNull();
    expect(cache.holds("music/none.wav")).toBe(false);
  });
});
