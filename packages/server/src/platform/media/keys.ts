// What names a stored medium: its URL `/media/<folder>/<name>.<ext>` and its key `<folder>/<name>.<ext>` in the
// store. A name is a hash: of the bytes (uploads, music) or of what the bytes were drawn from (bot images, whose
// drawing is deterministic), so a URL never changes meaning and its name doubles as its ETag.
import { createHash } from "node:crypto";

export const MEDIA_URL_PREFIX = "/media/";

const FOLDER = /^[a-z0-9][a-z0-9-]*$/;
const NAME = /^([a-zA-Z0-9_-]+)\.([a-z0-9]{1,8})$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;

/** The store's key of a `/media/...` URL; null for anything that is not one (a folder, `..`, a query). */
export function mediaKeyOf(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const [folder, name, ...rest] = url.slice(MEDIA_URL_PREFIX.length).split("/");
  return rest.length === 0 ? mediaKey(folder ?? "", name ?? "") : null;
}

/** `folder/name` when both are well formed (the route's two parameters), else null. */
export function mediaKey(folder: string, name: string): string | null {
  return FOLDER.test(folder) && NAME.test(name) ? `${folder}/${name}` : null;
}

export const mediaUrlOf = (key: string) => `${MEDIA_URL_PREFIX}${key}`;

/** The name without its extension: the hash, quoted as a strong ETag. */
export function etagOf(key: string): string {
  const name = key.slice(key.indexOf("/") + 1);
  return `"${name.slice(0, name.lastIndexOf("."))}"`;
}

/** The content hash naming uploaded bytes: 128 bits of SHA-256, as the files under DATA_DIR/media were named. */
export function contentName(bytes: Uint8Array, extension: string): string {
  return `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${extension}`;
}

export function checkFolderAndExtension(folder: string, extension: string): void {
  if (!FOLDER.test(folder) || !EXTENSION.test(extension)) {
    throw new Error(`media store: bad folder or extension ${folder}/${extension}`);
  }
}

/** What every accepted upload and drawing may be; anything else is served as bytes the browser will not sniff. */
const CONTENT_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  flac: "audio/flac",
  m4a: "audio/mp4",
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
