// The Music Management tab: every track (enabled or not) in playlist order, uploads judged by their bytes, the
// enable switch, delete (with its file) and moving a track to another place. Each change publishes on the
// `music` live channel in its transaction, so every player's music player refetches its playlist on commit.
import { type AdminTrack, adminMediaMessages } from "@bot-arena/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database";
import { musicTracks } from "../../platform/db/schema";
import { AppError, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { publish } from "../../platform/live/publish";
import type { MediaStore } from "../../platform/media/store";
import { logAdminAction } from "../../platform/ops-log";
import { STARTER_ARTIST } from "../../platform/seed/starter-music";
import type { Upload } from "../../platform/uploads/read-upload";
import { sniffAudio } from "../../platform/uploads/sniff";
import { audited } from "./audit";
import { readSetting, settingKeys, writeSetting } from "./settings";

export const MUSIC_FOLDER = "music";
export const TRACK_TITLE_MAX = 100;

export const audioUploadRefusals = {
  missing: adminMediaMessages.selectFileFirst,
  tooLarge: { message: adminMediaMessages.uploadFailed, reason: adminMediaMessages.audioTooLarge },
  secondFile: { message: adminMediaMessages.uploadFailed, reason: adminMediaMessages.oneFileAtATime },
};

const alreadyUploaded = () =>
  new AppError(409, "CONFLICT", adminMediaMessages.uploadFailed, {
    file: adminMediaMessages.alreadyUploaded,
  });

/** "01_neon-nights (final).mp3" -> "01 neon nights (final)". */
export function titleFromFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const withoutExtension = base.includes(".") ? base.slice(0, base.lastIndexOf(".")) : base;
  const title = withoutExtension
    .replace(/[_-]+/g, " ")
    .replace(/\p{Cc}|\p{Cf}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, TRACK_TITLE_MAX)
    .trim();
  return title || "Untitled track";
}

const columns = {
  id: musicTracks.id,
  title: musicTracks.title,
  artist: musicTracks.artist,
  fileUrl: musicTracks.fileUrl,
  isActive: musicTracks.isActive,
  sortOrder: musicTracks.sortOrder,
  createdAt: musicTracks.createdAt,
};

type TrackRow = { [K in keyof typeof columns]: (typeof musicTracks.$inferSelect)[K] };
const toTrack = (row: TrackRow): AdminTrack => ({ ...row, createdAt: row.createdAt.toISOString() });

const playlistChanged = (tx: Tx) => publish(tx, { channel: "music", kind: "tracks" });

async function lockTrack(tx: Tx, id: string): Promise<TrackRow> {
  const [row] = await tx.select(columns).from(musicTracks).where(eq(musicTracks.id, id)).for("update");
  if (!row) throw notFound(adminMediaMessages.trackNotFound);
  return row;
}

export type AdminMusicService = ReturnType<typeof createAdminMusicService>;

export function createAdminMusicService(deps: { db: Db; media: MediaStore }) {
  const { db, media } = deps;

  return {
    async list(): Promise<{ tracks: AdminTrack[] }> {
      const rows = await db
        .select(columns)
        .from(musicTracks)
        .orderBy(asc(musicTracks.sortOrder), asc(musicTracks.createdAt));
      return { tracks: rows.map(toTrack) };
    },

    upload(adminId: UserId, upload: Upload) {
      const detail = { filename: upload.filename, bytes: upload.bytes.length };
      return audited(db, { adminId, action: "music_upload", targetType: "track", detail }, async () => {
        const kind = sniffAudio(upload.bytes);
        if (!kind) {
          throw new AppError(400, "VALIDATION_FAILED", adminMediaMessages.uploadAudioFile, {
            file: adminMediaMessages.uploadAudioFile,
          });
        }
        const fileUrl = await media.save(MUSIC_FOLDER, upload.bytes, kind.extension);
        const title = titleFromFileName(upload.filename);
        const track = await db.transaction(async (tx) => {
          // One playlist order at a time: concurrent uploads must not take the same place. The unique index
          // on the file keeps one track per recording even where a row came in without this lock (the seed).
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('music_tracks_order'))`);
          const [last] = await tx
            .select({ max: sql<number>`coalesce(max(${musicTracks.sortOrder}), 0)`.mapWith(Number) })
            .from(musicTracks);
          const [row] = await tx
            .insert(musicTracks)
            .values({ title, fileUrl, sortOrder: (last?.max ?? 0) + 1, isActive: true })
            .onConflictDoNothing({ target: musicTracks.fileUrl })
            .returning(columns);
          if (!row) throw alreadyUploaded();
          await logAdminAction(tx, {
            adminId,
            action: "music_upload",
            targetType: "track",
            targetId: row.id,
            result: "success",
            detail: { ...detail, title, type: kind.contentType, fileUrl },
          });
          await playlistChanged(tx);
          return row;
        });
        return { message: adminMediaMessages.trackUploaded, track: toTrack(track) };
      });
    },

    change(
      adminId: UserId,
      id: string,
      body: { isActive?: boolean | undefined; sortOrder?: number | undefined },
    ) {
      const action =
        body.sortOrder !== undefined ? "music_move" : body.isActive ? "music_enable" : "music_disable";
      return audited(db, { adminId, action, targetType: "track", targetId: id, detail: body }, async () => {
        const { track, message } = await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('music_tracks_order'))`);
          const before = await lockTrack(tx, id);
          let message: string = adminMediaMessages.trackMoved;
          if (body.isActive !== undefined) {
            await tx.update(musicTracks).set({ isActive: body.isActive }).where(eq(musicTracks.id, id));
            message = body.isActive ? adminMediaMessages.trackEnabled : adminMediaMessages.trackDisabled;
          }
          if (body.sortOrder !== undefined) await moveTrack(tx, id, body.sortOrder);
          const [after] = await tx.select(columns).from(musicTracks).where(eq(musicTracks.id, id));
          await logAdminAction(tx, {
            adminId,
            action,
            targetType: "track",
            targetId: id,
            result:
              before.isActive === after!.isActive && body.sortOrder === undefined ? "warning" : "success",
            detail: { title: before.title, ...body, from: before.sortOrder, to: after!.sortOrder },
          });
          await playlistChanged(tx);
          return { track: after!, message };
        });
        return { message, track: toTrack(track) };
      });
    },

    remove(adminId: UserId, id: string) {
      return audited(db, { adminId, action: "music_delete", targetType: "track", targetId: id }, async () => {
        const removed = await db.transaction(async (tx) => {
          const track = await lockTrack(tx, id);
          await tx.delete(musicTracks).where(eq(musicTracks.id, id));
          if (track.artist === STARTER_ARTIST) {
            // The start-up seed would otherwise bring a deleted starter song back.
            const deleted = (await readSetting<string[]>(tx, settingKeys.deletedStarterSongs)) ?? [];
            await writeSetting(
              tx,
              settingKeys.deletedStarterSongs,
              [...new Set([...deleted, track.title])],
              adminId,
            );
          }
          await logAdminAction(tx, {
            adminId,
            action: "music_delete",
            targetType: "track",
            targetId: id,
            result: "success",
            detail: { title: track.title, fileUrl: track.fileUrl },
          });
          await playlistChanged(tx);
          return track;
        });
        // Recordings are named by their content: another track may play the same one.
        const [other] = await db
          .select({ id: musicTracks.id })
          .from(musicTracks)
          .where(eq(musicTracks.fileUrl, removed.fileUrl));
        if (!other) await media.remove(removed.fileUrl);
        return { message: adminMediaMessages.trackDeleted };
      });
    },
  };
}

/** Puts the track at 1-based `place` and renumbers the whole list 1..n (a place past the end means last). */
async function moveTrack(tx: Tx, id: string, place: number): Promise<void> {
  const ordered = await tx
    .select({ id: musicTracks.id })
    .from(musicTracks)
    .orderBy(asc(musicTracks.sortOrder), asc(musicTracks.createdAt));
  const others = ordered.map((t) => t.id).filter((other) => other !== id);
  others.splice(Math.min(place, others.length + 1) - 1, 0, id);
  for (const [index, trackId] of others.entries()) {
    await tx
      .update(musicTracks)
      .set({ sortOrder: index + 1 })
      .where(eq(musicTracks.id, trackId));
  }
}
