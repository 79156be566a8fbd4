// The starter soundtrack (STARTER_MUSIC=on): three original chiptune loops, synthesized into the media store
// (platform/media/) when missing, each with a music_tracks row keyed by title and artist.
import { and, eq, sql } from "drizzle-orm";
import { adminSettings, musicTracks } from "../db/schema";
import { publish } from "../live/publish";
import { encodeWav8, renderSong, type Song } from "./chiptune";
import type { SeedStep } from "./index";

export const STARTER_ARTIST = "Bot Arena Sound Lab";
/** The admin_settings key listing starter song titles an admin deleted. */
export const DELETED_STARTER_SONGS_KEY = "deleted_starter_songs";

const minor = (root: number) => ({ root, minor: true });
const major = (root: number) => ({ root, minor: false });
const naturalMinor = [0, 2, 3, 5, 7, 8, 10];
const dorian = [0, 2, 3, 5, 7, 9, 10];

export const starterSongs: Song[] = [
  {
    title: "Neon Circuit",
    bpm: 140,
    tonic: 69, // A minor: Am F C G
    scale: naturalMinor,
    progression: [minor(0), major(8), major(3), major(10)],
    bars: 16,
    drums: ["k-h-s-h-k-khs-h-", "k-h-s-h-k-s-ssss"],
    leadDuty: 0.25,
    seed: 7,
  },
  {
    title: "Scrapyard Showdown",
    bpm: 160,
    tonic: 64, // E minor with a major V for bite: Em C D B
    scale: naturalMinor,
    progression: [minor(0), major(8), major(10), major(7)],
    bars: 16,
    drums: ["k-hkshh-k-hks-hh", "k-s-k-s-kksskkss"],
    leadDuty: 0.5,
    seed: 1984,
  },
  {
    title: "Vault Drift",
    bpm: 104,
    tonic: 62, // D dorian, laid back: Dm G Am C
    scale: dorian,
    progression: [minor(0), major(5), minor(7), major(10)],
    bars: 12,
    drums: ["k---h-s-k-h-s-h-", "k---h-s-k-k-s-ss"],
    leadDuty: 0.125,
    seed: 42,
  },
];

export const starterMusicStep: SeedStep = {
  name: "starter_music",
  async run({ db, media, config }) {
    if (config.starterMusic === "off") return;
    // Songs an admin deleted (Music Management) stay deleted.
    const [deleted] = await db
      .select({ value: adminSettings.value })
      .from(adminSettings)
      .where(eq(adminSettings.key, DELETED_STARTER_SONGS_KEY));
    const gone = new Set(Array.isArray(deleted?.value) ? (deleted.value as string[]) : []);
    let changed = false;
    for (const [index, song] of starterSongs.entries()) {
      if (gone.has(song.title)) continue;
      const existing = await db
        .select({ id: musicTracks.id, fileUrl: musicTracks.fileUrl })
        .from(musicTracks)
        .where(and(eq(musicTracks.title, song.title), eq(musicTracks.artist, STARTER_ARTIST)));
      const row = existing[0];
      // Rendering takes a tenth of a second per song: skip it when the track and its recording are in place.
      if (row && (await media.exists(row.fileUrl))) continue;
      const fileUrl = await media.save("music", encodeWav8(renderSong(song)), "wav");
      if (!row) {
        // One track per recording: an admin may have uploaded this very file as a track of their own.
        const added = await db
          .insert(musicTracks)
          .values({ title: song.title, artist: STARTER_ARTIST, fileUrl, sortOrder: index + 1 })
          .onConflictDoNothing({ target: musicTracks.fileUrl })
          .returning({ id: musicTracks.id });
        changed ||= added.length > 0;
      } else if (row.fileUrl !== fileUrl) {
        // The recording was lost, or the synthesizer changed: point the track at the new rendering, unless another
        // track already plays that recording.
        const moved = await db
          .update(musicTracks)
          .set({ fileUrl })
          .where(
            and(
              eq(musicTracks.id, row.id),
              sql`not exists (select 1 from music_tracks other where other.file_url = ${fileUrl})`,
            ),
          )
          .returning({ id: musicTracks.id });
        changed ||= moved.length > 0;
      }
    }
    if (changed) await publish(db, { channel: "music", kind: "tracks" });
  },
};
