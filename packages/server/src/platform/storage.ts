// Media files (music, images) under DATA_DIR/media, served at /media/. Files are named by their content's hash,
// so a URL never changes meaning and browsers may cache it forever.
import { createHash, randomUUID } from "node:crypto";
import { access, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const SAFE_SEGMENT = /^[a-z0-9][a-z0-9-]*$/;

const fileExists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export type MediaStorage = ReturnType<typeof createMediaStorage>;

export function createMediaStorage(dataDir: string) {
  const root = path.join(dataDir, "media");

  function pathOf(url: string): string | null {
    const match = /^\/media\/([a-z0-9-]+)\/([a-zA-Z0-9_-]+\.[a-z0-9]+)$/.exec(url);
    return match ? path.join(root, match[1]!, match[2]!) : null;
  }

  return {
    root,
    pathOf,

    /** Stores bytes under `folder` (e.g. "music"); returns their /media URL. Saving the same bytes twice is a no-op. */
    async save(folder: string, bytes: Uint8Array, extension: string): Promise<string> {
      if (!SAFE_SEGMENT.test(folder) || !SAFE_SEGMENT.test(extension)) {
        throw new Error(`storage: bad folder or extension ${folder}/${extension}`);
      }
      const name = `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${extension}`;
      const url = `/media/${folder}/${name}`;
      const file = path.join(root, folder, name);
      if (!(await fileExists(file))) {
        await mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.${randomUUID()}.tmp`;
        await writeFile(temporary, bytes);
        await rename(temporary, file); // readers never see half a file
      }
      return url;
    },

    async exists(url: string): Promise<boolean> {
      const file = pathOf(url);
      return file !== null && (await fileExists(file));
    },

    async remove(url: string): Promise<void> {
      const file = pathOf(url);
      if (file) await rm(file, { force: true });
    },
  };
}
