// Admin media (seed 001, Image Library and Music Management): the bot image library fusion draws from, and the
// music tracks every player's music player plays. Uploads are multipart (file plus fields) and judged by bytes.
import { messages } from "@bot-arena/game";
import { z } from "./zod";

export const LIBRARY_RARITIES = ["common", "uncommon", "rare", "legendary", "diamond"] as const;
export const LIBRARY_CLASSES = ["hero", "villain", "support"] as const;
/** A slot with fewer available (unclaimed) images than this is flagged low. */
export const LIBRARY_LOW_MARK = 10;
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const AUDIO_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** What the file inputs offer; the server decides by the bytes alone. */
export const IMAGE_UPLOAD_ACCEPT = "image/png,image/jpeg,image/webp";
export const AUDIO_UPLOAD_ACCEPT =
  "audio/mpeg,audio/ogg,audio/wav,audio/flac,audio/mp4,audio/x-m4a,.mp3,.ogg,.wav,.flac,.m4a";

export const libraryRarity = z.enum(LIBRARY_RARITIES, { error: "Choose a rarity" });
export const libraryClass = z.enum(LIBRARY_CLASSES, { error: "Choose a class" });

export const adminMediaMessages = {
  selectFileFirst: messages.selectFileFirst,
  uploadAudioFile: messages.uploadAudioFile,
  imageUploaded: "Image uploaded successfully!",
  uploadFailed: "Upload failed",
  imageNotAccepted: "Only PNG, JPEG or WebP images are accepted (never SVG)",
  imageTooLarge: "Images may be at most 2 MB",
  audioTooLarge: "Audio files may be at most 20 MB",
  alreadyUploaded: "This file is already uploaded",
  oneFileAtATime: "Upload one file at a time",
  uploadQuotaReached: (perHour: number, minutes: number) =>
    `Upload limit reached: ${perHour} upload${perHour === 1 ? "" : "s"} an hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  generated: "Generated 1 image successfully",
  generationFailed: "Generation failed",
  failedToGenerate: "Failed to generate image",
  libraryAlreadyEmpty: messages.libraryAlreadyEmpty,
  libraryCleared: messages.libraryCleared,
  failedToClear: "Failed to clear library",
  autoTopUpOn: "Automatic top-up is on",
  autoTopUpOff: "Automatic top-up is off",
  trackUploaded: "Track uploaded successfully!",
  trackEnabled: "Track enabled",
  trackDisabled: "Track disabled",
  trackDeleted: "Track deleted",
  trackMoved: "Track moved",
  trackNotFound: "Track not found",
  failedToPlay: "Failed to play audio",
} as const;

export const librarySlot = z.object({
  rarity: libraryRarity,
  botClass: libraryClass,
  total: z.number().int(),
  /** Not claimed by a fusion yet. */
  available: z.number().int(),
  low: z.boolean(),
});
export type LibrarySlot = z.infer<typeof librarySlot>;

export const libraryTopUp = z.object({
  enabled: z.boolean(),
  /** The number of available images the server keeps in every slot while enabled. */
  target: z.number().int(),
});

export const imageLibrarySummary = z.object({
  slots: z.array(librarySlot),
  total: z.number().int(),
  available: z.number().int(),
  lowMark: z.number().int(),
  topUp: libraryTopUp,
});
export type ImageLibrarySummary = z.infer<typeof imageLibrarySummary>;

export const libraryImage = z.object({
  id: z.string(),
  rarity: libraryRarity,
  botClass: libraryClass,
  imageUrl: z.string(),
});

export const imageUploadResponse = z.object({ message: z.string(), image: libraryImage });
export const generateImageBody = z.object({ rarity: libraryRarity, botClass: libraryClass });
export const generateImageResponse = z.object({
  message: z.string(),
  /** The spec's results.success count. */
  generated: z.literal(1),
  image: libraryImage,
});
export const clearLibraryResponse = z.object({ message: z.string(), deleted: z.number().int() });
export const libraryTopUpBody = z.object({ enabled: z.boolean({ error: "Say on or off" }) });
export const libraryTopUpResponse = z.object({ message: z.string(), topUp: libraryTopUp });

export const adminTrack = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string().nullable(),
  fileUrl: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
});
export type AdminTrack = z.infer<typeof adminTrack>;

export const adminTrackList = z.object({ tracks: z.array(adminTrack) });
export const trackUploadResponse = z.object({ message: z.string(), track: adminTrack });
export const trackIdParams = z.object({ id: z.uuid({ error: adminMediaMessages.trackNotFound }) });
export const trackPatchBody = z
  .object({
    isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
    /** The track's new 1-based place in the whole list; the others close up around it. */
    sortOrder: z.number({ error: "sortOrder must be a position" }).int().min(1).optional(),
  })
  .refine((body) => body.isActive !== undefined || body.sortOrder !== undefined, {
    error: "Nothing to change",
  });
export const trackChangeResponse = z.object({ message: z.string(), track: adminTrack });
export const trackDeleteResponse = z.object({ message: z.string() });

export const adminMediaRoutes = {
  adminImageLibrary: {
    method: "GET",
    path: "/api/admin/image-library",
    summary: "Image counts by rarity and class, available meaning unclaimed; low slots; the top-up switch",
    auth: "admin",
    response: imageLibrarySummary,
  },
  adminImageUpload: {
    method: "POST",
    path: "/api/admin/image-library/upload",
    summary:
      "Multipart: one file (PNG, JPEG or WebP by its bytes, at most 2 MB), rarity, botClass; counts against the admin's hourly upload quota (429 with Retry-After past it)",
    auth: "admin",
    response: imageUploadResponse,
  },
  adminImageGenerate: {
    method: "POST",
    path: "/api/admin/image-library/generate",
    summary: "Generate one image for a rarity and class",
    auth: "admin",
    body: generateImageBody,
    response: generateImageResponse,
  },
  adminImageClear: {
    method: "DELETE",
    path: "/api/admin/image-library",
    summary: "Delete every library image (bots keep the pictures they have)",
    auth: "admin",
    response: clearLibraryResponse,
  },
  adminImageTopUp: {
    method: "PUT",
    path: "/api/admin/image-library/top-up",
    summary: "Turn the background top-up of every slot on or off",
    auth: "admin",
    body: libraryTopUpBody,
    response: libraryTopUpResponse,
  },
  adminMusic: {
    method: "GET",
    path: "/api/admin/music",
    summary: "Every music track, enabled or not, in playlist order",
    auth: "admin",
    response: adminTrackList,
  },
  adminMusicUpload: {
    method: "POST",
    path: "/api/admin/music",
    summary:
      "Multipart: one file (MP3, OGG, WAV, FLAC or M4A by its bytes, at most 20 MB); title from the file name; counts against the admin's hourly upload quota",
    auth: "admin",
    response: trackUploadResponse,
  },
  adminMusicChange: {
    method: "PATCH",
    path: "/api/admin/music/:id",
    summary: "Enable or disable a track, or move it to a place in the list",
    auth: "admin",
    params: trackIdParams,
    body: trackPatchBody,
    response: trackChangeResponse,
  },
  adminMusicDelete: {
    method: "DELETE",
    path: "/api/admin/music/:id",
    summary: "Delete a track and its file",
    auth: "admin",
    params: trackIdParams,
    response: trackDeleteResponse,
  },
} as const;
