// Stores generated bot images as files under <mediaDir>/bots, named by a hash of the input and the provider,
// so the same bot reuses its file and /media URLs can be cached forever.
import { createHash, randomUUID } from "node:crypto";
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { type MechaInput, mechaKey, normalizeMecha } from "@bot-arena/images";
import type { GeneratedImage, ImageProvider } from "./provider";

export const BOT_IMAGE_FOLDER = "bots";
export const BOT_IMAGE_URL_PREFIX = `/media/${BOT_IMAGE_FOLDER}/`;
/** For the static file route: names never change meaning, so caches may keep them for a year. */
export const BOT_IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

// Extensions a provider that names none may answer with; checked before generating so a stored image is never
// made twice.
const KNOWN_EXTENSIONS = ["svg", "png", "webp", "jpg"] as const;
const SAFE_EXTENSION = /^[a-z0-9]{1,8}$/;

export function botImageKey(provider: Pick<ImageProvider, "id">, input: MechaInput): string {
  return createHash("sha256")
    .update(`${provider.id}\n${mechaKey(normalizeMecha(input))}`)
    .digest("hex")
    .slice(0, 32);
}

export function botImageUrl(key: string, extension: string): string {
  return `${BOT_IMAGE_URL_PREFIX}${key}.${extension}`;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Folders this process made or wrote to: a mkdir per picture was one failing system call each (issue 30). */
const folders = new Set<string>();

/** Writes the bytes as <mediaDir>/bots/<key>.<extension>, atomically, and returns the public URL. */
export async function writeBotImage(mediaDir: string, key: string, image: GeneratedImage): Promise<string> {
  if (!/^[a-f0-9]{32}$/.test(key) || !SAFE_EXTENSION.test(image.extension)) {
    throw new Error(`bot image store: bad key or extension ${key}.${image.extension}`);
  }
  const folder = path.join(mediaDir, BOT_IMAGE_FOLDER);
  const file = path.join(folder, `${key}.${image.extension}`);
  if (!(await exists(file))) {
    // A unique temporary name per write: concurrent writers in one process must not share one.
    const temporary = `${file}.${randomUUID()}.tmp`;
    if (!folders.has(folder)) await mkdir(folder, { recursive: true });
    await writeFile(temporary, image.bytes).catch(async (error: NodeJS.ErrnoException) => {
      // The folder was there once and is gone (an operator moved the media): make it again.
      if (error.code !== "ENOENT") throw error;
      await mkdir(folder, { recursive: true });
      await writeFile(temporary, image.bytes);
    });
    folders.add(folder);
    // Readers never see half a file; two writers of one key write the same bytes, so the last rename is harmless.
    await rename(temporary, file);
  }
  return botImageUrl(key, image.extension);
}

/** Generates (unless already stored) and stores the image for `input`; returns its /media URL. */
export async function storeBotImage(
  mediaDir: string,
  provider: ImageProvider,
  input: MechaInput,
): Promise<string> {
  const key = botImageKey(provider, input);
  // A provider that names its extension answers with it: the other names need no lookup.
  for (const extension of provider.extension ? [provider.extension] : KNOWN_EXTENSIONS) {
    if (await exists(path.join(mediaDir, BOT_IMAGE_FOLDER, `${key}.${extension}`))) {
      return botImageUrl(key, extension);
    }
  }
  return writeBotImage(mediaDir, key, await provider.generate(input));
}
