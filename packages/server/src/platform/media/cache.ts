// This process's copy of the media it has served, so a hot picture or track costs the store (the database, by
// default) nothing after its first read: a flood of downloads then reads memory and local files, not the
// connection pool or PGlite's one thread everyone else's queries wait on (issue 43). Safe because a key's bytes
// never change (keys.ts). Small objects are kept in memory; large ones in a folder of this process's own, each
// written whole to a temporary name and renamed, so a reader never sees half a file. Both are bounded in bytes
// and forget the least recently served first. Concurrent first reads of a key share one fill.
import { createWriteStream } from "node:fs";
import { type FileHandle, mkdir, mkdtemp, open, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BoundedMap } from "./bounded-map";
import type { MediaBackend, MediaObject } from "./store";

/** An object as served: `bytes` when it is kept in memory, `file` when a local copy holds it, else neither. */
export type CachedMedia = MediaObject & { file: string | null };

export type MediaCacheOptions = {
  /** Objects up to this size are kept whole in memory. */
  smallBytes: number;
  /** Memory for small objects' bytes. */
  memoryBytes: number;
  /** Disk for large objects' copies; 0 streams them from the store every time. */
  diskBytes: number;
  /** The folder under which this process makes its own folder of copies (removed on close). */
  dir: string;
};

/** What an entry weighs besides its bytes: its key and numbers, so a spray of tiny objects is bounded too. */
const ENTRY_OVERHEAD = 64;

export type MediaCache = ReturnType<typeof createMediaCache>;

export function createMediaCache(backend: Pick<MediaBackend, "stat" | "read">, options: MediaCacheOptions) {
  const removeFile = (entry: CachedMedia) => {
    if (entry.file) unlink(entry.file).catch(() => {});
  };
  // Large objects too big for the disk (or with the disk off) are remembered here without bytes: their size
  // and time cost no statement, their bytes still come from the store.
  const memory = new BoundedMap<string, CachedMedia>({
    maxWeight: options.memoryBytes,
    weigh: (entry) => (entry.bytes?.byteLength ?? 0) + ENTRY_OVERHEAD,
  });
  const disk = new BoundedMap<string, CachedMedia>({
    maxWeight: options.diskBytes,
    weigh: (entry) => entry.size,
    onEvict: (_key, entry) => removeFile(entry),
  });
  /** Fills under way: a second first read waits for the same one. */
  const filling = new Map<string, Promise<CachedMedia | null>>();
  let folder: Promise<string> | null = null;
  let copies = 0;

  // Made on the first large object, so a process that serves only pictures leaves no folder behind.
  const ownFolder = () => {
    folder ??= mkdir(options.dir, { recursive: true }).then(() =>
      mkdtemp(path.join(options.dir, `process-${process.pid}-`)),
    );
    return folder;
  };

  async function copyToDisk(key: string, size: number): Promise<string> {
    const dir = await ownFolder();
    copies += 1;
    const file = path.join(dir, key.replace("/", "-"));
    const partial = `${file}.${copies}.partial`;
    try {
      await pipeline(backend.read(key, 0, size - 1), createWriteStream(partial, { flags: "wx" }));
      await rename(partial, file);
    } catch (error) {
      await unlink(partial).catch(() => {});
      throw error;
    }
    return file;
  }

  async function fill(key: string): Promise<CachedMedia | null> {
    const object = await backend.stat(key, options.smallBytes);
    if (!object) return null;
    if (object.bytes) {
      // A driver's bytes may be a view into a larger buffer (node's pool for small Buffers): keep only our own.
      const bytes =
        object.bytes.byteLength === object.bytes.buffer.byteLength
          ? object.bytes
          : new Uint8Array(object.bytes);
      return { ...object, bytes, file: null };
    }
    if (object.size === 0 || object.size > options.diskBytes) return { ...object, file: null };
    return { ...object, bytes: null, file: await copyToDisk(key, object.size) };
  }

  function remember(key: string, entry: CachedMedia) {
    if (entry.file) {
      if (!disk.set(key, entry)) removeFile(entry);
    } else memory.set(key, entry);
  }

  const lookUp = (key: string) => memory.get(key) ?? disk.get(key);

  return {
    /** The object under `key` (null when absent), from this process's copy, read from the store the first time. */
    find(key: string): Promise<CachedMedia | null> {
      const known = lookUp(key);
      if (known) return Promise.resolve(known);
      const pending = filling.get(key);
      if (pending) return pending;
      const filled = fill(key).then((entry) => {
        // A key forgotten while it was being filled (removed from the store) is not remembered.
        if (entry && filling.get(key) === filled) remember(key, entry);
        else if (entry) removeFile(entry);
        return entry;
      });
      filling.set(key, filled);
      const done = () => {
        if (filling.get(key) === filled) filling.delete(key);
      };
      filled.then(done, done);
      return filled;
    },

    /**
     * Bytes `start` to `end` (inclusive) of `entry`: from memory, the local copy, or the store. The copy is
     * opened before the caller sends anything: one evicted meanwhile is read from the store instead, and a file
     * removed after it was opened stays readable until the stream closes it.
     */
    async read(key: string, entry: CachedMedia, start: number, end: number): Promise<Readable | Uint8Array> {
      if (entry.bytes) return entry.bytes.subarray(start, end + 1);
      if (entry.file) {
        let handle: FileHandle | null = null;
        try {
          handle = await open(entry.file, "r");
        } catch {
          // Evicted (or its folder cleared by someone else): the next request fills it afresh.
          if (disk.get(key) === entry) disk.delete(key);
        }
        if (handle) return handle.createReadStream({ start, end });
      }
      return backend.read(key, start, end);
    },

    /** Forgets a key removed from the store. */
    forget(key: string): void {
      const entry = disk.get(key);
      if (entry) removeFile(entry);
      disk.delete(key);
      memory.delete(key);
      filling.delete(key);
    },

    /** Whether this process holds the key (for `exists`, which then asks the store nothing). */
    holds: (key: string): boolean => lookUp(key) !== undefined,

    /** What is held now, for tests and operators. */
    stats: () => ({
      memoryBytes: memory.weight,
      diskBytes: disk.weight,
      diskFiles: disk.size,
      filling: filling.size,
    }),

    /** The folder of this process's copies, once made (tests). */
    folder: (): Promise<string> | null => folder,

    /** Removes this process's folder of copies. */
    async close(): Promise<void> {
      if (!folder) return;
      const dir = await folder.catch(() => null);
      folder = null;
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
