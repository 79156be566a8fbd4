// Media an older version kept as files under DATA_DIR/media, taken into the store once: every file whose path
// is a media key goes in under that key (its URL, which rows already name, does not change), and the folder is
// then renamed to media-imported, which nothing reads (delete it once you are satisfied). Safe to run again: a
// key already stored is skipped by the store, and a start that stopped halfway (or could not rename) imports
// the rest next time. Runs under the start-up lock with the other seed steps.
import { readdir, readFile, rename, stat } from "node:fs/promises";
import path from "node:path";
import type { SeedStep } from "../seed";
import { mediaKey, mediaUrlOf } from "./keys";
import type { MediaStore } from "./store";

export const LEGACY_MEDIA_FOLDER = "media";
export const IMPORTED_MEDIA_FOLDER = "media-imported";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Imports DATA_DIR/media into the store; returns how many files it read (0 when there is no such folder). */
export async function importMediaFiles(dataDir: string, media: MediaStore): Promise<number> {
  const root = path.join(dataDir, LEGACY_MEDIA_FOLDER);
  const folders = await readdir(root, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!folders) return 0;
  let imported = 0;
  for (const folder of folders.filter((entry) => entry.isDirectory())) {
    for (const name of await readdir(path.join(root, folder.name))) {
      // Temporary files of an interrupted write (`<name>.<uuid>.tmp`) and anything else are not media keys.
      const key = mediaKey(folder.name, name);
      if (!key) continue;
      await media.saveAt(mediaUrlOf(key), await readFile(path.join(root, folder.name, name)));
      imported += 1;
    }
  }
  await rename(root, await freeName(path.join(dataDir, IMPORTED_MEDIA_FOLDER)));
  return imported;
}

/** `media-imported`, or `media-imported-2`, ... when an earlier import's folder is still there. */
async function freeName(wanted: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? wanted : `${wanted}-${n}`;
    const taken = await stat(candidate).then(
      () => true,
      (error: unknown) => {
        if (isMissing(error)) return false;
        throw error;
      },
    );
    if (!taken) return candidate;
  }
}

export const importMediaFilesStep: SeedStep = {
  name: "media_files",
  async run({ media, config, log }) {
    const imported = await importMediaFiles(config.dataDir, media);
    if (imported > 0) {
      log.info(
        { imported, movedTo: path.join(config.dataDir, IMPORTED_MEDIA_FOLDER) },
        `media files imported into the ${media.kind} store`,
      );
    }
  },
};
