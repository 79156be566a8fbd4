// Stores generated bot images in the media store under bots/, named by a hash of the input and the provider,
// so the same look reuses its picture (drawn once, whichever process draws it) and /media URLs can be cached
// forever.
import { createHash } from "node:crypto";
import { type MechaInput, mechaKey, normalizeMecha } from "@bot-arena/images";
import type { MediaStore } from "../../../platform/media/store";
import type { ImageProvider } from "./provider";

export const BOT_IMAGE_FOLDER = "bots";
export const BOT_IMAGE_URL_PREFIX = `/media/${BOT_IMAGE_FOLDER}/`;

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

/**
 * Generates (unless already stored) and stores the image for `input`; returns its /media URL. A look this
 * process has stored or seen costs no statement; one it has not costs one lookup, and a drawing one insert.
 */
export async function storeBotImage(
  media: MediaStore,
  provider: ImageProvider,
  input: MechaInput,
): Promise<string> {
  const key = botImageKey(provider, input);
  // A provider that names its extension answers with it: the other names need no lookup.
  for (const extension of provider.extension ? [provider.extension] : KNOWN_EXTENSIONS) {
    const url = botImageUrl(key, extension);
    if (await media.exists(url)) return url;
  }
  const image = await provider.generate(input);
  if (!SAFE_EXTENSION.test(image.extension)) {
    throw new Error(`bot image store: bad extension ${image.extension} from ${provider.id}`);
  }
  const url = botImageUrl(key, image.extension);
  await media.saveAt(url, image.bytes);
  return url;
}
