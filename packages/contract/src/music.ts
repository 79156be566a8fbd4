import { z } from "./zod";

export const musicTrack = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string().nullable(),
  fileUrl: z.string(),
  sortOrder: z.number().int(),
});
export type MusicTrack = z.infer<typeof musicTrack>;

export const musicTrackList = z.object({ tracks: z.array(musicTrack) });
export type MusicTrackList = z.infer<typeof musicTrackList>;
