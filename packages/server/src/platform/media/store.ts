// The media store every process reads: uploaded music and pictures and generated bot images, by key
// (keys.ts). Two backends keep the bytes: the database (database-backend.ts, the default) or an S3-compatible
// bucket (s3-backend.ts, MEDIA_S3_URL). In front of either, this process remembers what it has seen: keys it
// knows exist (so a bot image already drawn costs no statement) and the objects it served (cache.ts: small ones
// in memory, large ones in local files), so a hot picture or track is served without asking the store. Both are
// safe to keep because a key's bytes never change; a removed key is forgotten here at once, and only names no
// row points at are ever removed.
import type { Readable } from "node:stream";
import { BoundedMap } from "./bounded-map";
import { type CachedMedia, createMediaCache, type MediaCacheOptions } from "./cache";
import { checkFolderAndExtension, contentName, contentTypeOf, mediaKeyOf, mediaUrlOf } from "./keys";

/** An object as served: its size, when it was stored, and its bytes when small enough to keep in memory. */
export type MediaObject = { size: number; modified: Date; bytes: Uint8Array | null };

/** Where the bytes live. Keys are already checked (keys.ts) when they reach a backend. */
export interface MediaBackend {
  readonly kind: "database" | "s3";
  /** The object's size and time, with its bytes when it is at most `bytesUpTo` long; null when absent. */
  stat(key: string, bytesUpTo: number): Promise<MediaObject | null>;
  /** Bytes `start` to `end` (inclusive) as a stream, read a part at a time. */
  read(key: string, start: number, end: number): Readable;
  /** Stores the bytes unless the key is there already (whose bytes are the same, by its name). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Objects up to this size are kept whole in memory once served: every bot picture, no music track. */
export const SMALL_OBJECT_BYTES = 256 * 1024;
/** Memory this process spends on small objects' bytes (least recently served go first), unless told otherwise. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** Keys remembered as stored, without their bytes: every AI opponent's look and thousands of bots'. */
const KNOWN_KEYS = 20_000;

export type MediaStore = ReturnType<typeof createMediaStore>;

/**
 * `cache` bounds this process's copies; without one (tests, scripts) small objects are kept in memory and large
 * ones are read from the store each time.
 */
export function createMediaStore(backend: MediaBackend, cache: Partial<MediaCacheOptions> = {}) {
  const objects = createMediaCache(backend, {
    smallBytes: SMALL_OBJECT_BYTES,
    memoryBytes: CACHE_BYTES,
    diskBytes: 0,
    dir: "",
    ...cache,
  });
  const known = new BoundedMap<string, true>({ maxWeight: KNOWN_KEYS, weigh: () => 1 });

  async function put(key: string, bytes: Uint8Array): Promise<void> {
    if (known.get(key) || objects.holds(key)) return;
    await backend.put(key, bytes, contentTypeOf(key));
    known.set(key, true);
  }

  return {
    kind: backend.kind,

    /** Stores bytes under `folder` (e.g. "music"), named by their hash; returns the /media URL. */
    async save(folder: string, bytes: Uint8Array, extension: string): Promise<string> {
      checkFolderAndExtension(folder, extension);
      const key = `${folder}/${contentName(bytes, extension)}`;
      await put(key, bytes);
      return mediaUrlOf(key);
    },

    /** Stores bytes under a URL named by the caller (a bot image: a hash of what it was drawn from). */
    async saveAt(url: string, bytes: Uint8Array): Promise<void> {
      const key = mediaKeyOf(url);
      if (!key) throw new Error(`media store: not a media URL ${url}`);
      await put(key, bytes);
    },

    async exists(url: string): Promise<boolean> {
      const key = mediaKeyOf(url);
      if (!key) return false;
      if (known.get(key) || objects.holds(key)) return true;
      const found = (await backend.stat(key, 0)) !== null;
      if (found) known.set(key, true);
      return found;
    },

    async remove(url: string): Promise<void> {
      const key = mediaKeyOf(url);
      if (!key) return;
      known.delete(key);
      objects.forget(key);
      await backend.remove(key);
    },

    /** For serving: the object under `key` (bytes included when small), or null; filled here on first read. */
    find: (key: string): Promise<CachedMedia | null> => objects.find(key),

    /** Bytes `start` to `end` (inclusive) of an object `find` gave: from memory, a local copy or the store. */
    read: (key: string, object: CachedMedia, start: number, end: number): Promise<Readable | Uint8Array> =>
      objects.read(key, object, start, end),

    /** What this process holds of the media (tests and operators). */
    cacheStats: () => objects.stats(),

    /** Removes this process's local copies (when the app closes). */
    close: () => objects.close(),
  };
}
