// The music player's playlist: active tracks in their order.
import type { MusicTrackList } from "@bot-arena/contract";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { musicTracks } from "../../platform/db/schema";

export type MusicService = ReturnType<typeof createMusicService>;

export function createMusicService(deps: { db: Db }) {
  return {
    async activeTracks(): Promise<MusicTrackList> {
      const tracks = await deps.db
        .select({
          id: musicTracks.id,
          title: musicTracks.title,
          artist: musicTracks.artist,
          fileUrl: musicTracks.fileUrl,
          sortOrder: musicTracks.sortOrder,
        })
        .from(musicTracks)
        .where(eq(musicTracks.isActive, true))
        .orderBy(asc(musicTracks.sortOrder), asc(musicTracks.createdAt));
      return { tracks };
    },
  };
}
