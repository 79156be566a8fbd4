// The Image Library tab: counts per rarity x class (available = not claimed by a fusion), uploads judged by
// their bytes, one generated image per click, clearing the library, and the top-up switch. Each action writes
// its operations-log row in its own transaction.
import {
  adminMediaMessages,
  type ImageLibrarySummary,
  LIBRARY_CLASSES,
  LIBRARY_LOW_MARK,
  LIBRARY_RARITIES,
  libraryClass,
  libraryRarity,
} from "@bot-arena/contract";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../../platform/db/database";
import { botImageLibrary, bots } from "../../../platform/db/schema";
import { AppError } from "../../../platform/errors";
import type { UserId } from "../../../platform/ids";
import type { MediaStore } from "../../../platform/media/store";
import { logAdminAction } from "../../../platform/ops-log";
import type { Upload } from "../../../platform/uploads/read-upload";
import { sniffImage } from "../../../platform/uploads/sniff";
import { audited } from "../audit";
import { settingKeys, writeSetting } from "../settings";
import { drawLibraryImage, insertLibraryImage, type LibraryTopUp, TOP_UP_TARGET } from "./top-up";

export const LIBRARY_FOLDER = "library";

export const imageUploadRefusals = {
  missing: adminMediaMessages.selectFileFirst,
  tooLarge: { message: adminMediaMessages.uploadFailed, reason: adminMediaMessages.imageTooLarge },
  secondFile: { message: adminMediaMessages.uploadFailed, reason: adminMediaMessages.oneFileAtATime },
};

const uploadFailed = (status: number, reason: string) =>
  new AppError(status, status === 409 ? "CONFLICT" : "VALIDATION_FAILED", adminMediaMessages.uploadFailed, {
    file: reason,
  });

function slotOf(fields: Record<string, string>) {
  const rarity = libraryRarity.safeParse(fields.rarity);
  const botClass = libraryClass.safeParse(fields.botClass);
  if (!rarity.success)
    throw new AppError(400, "VALIDATION_FAILED", "Choose a rarity", { rarity: "Choose a rarity" });
  if (!botClass.success)
    throw new AppError(400, "VALIDATION_FAILED", "Choose a class", { botClass: "Choose a class" });
  return { rarity: rarity.data, botClass: botClass.data };
}

export type ImageLibraryService = ReturnType<typeof createImageLibraryService>;

export function createImageLibraryService(deps: { db: Db; media: MediaStore; topUp: LibraryTopUp }) {
  const { db, media, topUp } = deps;

  async function topUpState() {
    return { enabled: await topUp.isEnabled(), target: TOP_UP_TARGET };
  }

  return {
    async summary(): Promise<ImageLibrarySummary> {
      const counts = await db
        .select({
          rarity: botImageLibrary.rarity,
          botClass: botImageLibrary.botClass,
          total: sql<number>`count(*)`.mapWith(Number),
          available: sql<number>`count(*) filter (where not ${botImageLibrary.isClaimed})`.mapWith(Number),
        })
        .from(botImageLibrary)
        .groupBy(botImageLibrary.rarity, botImageLibrary.botClass);
      const bySlot = new Map(counts.map((c) => [`${c.rarity}|${c.botClass}`, c]));
      const slots = LIBRARY_RARITIES.flatMap((rarity) =>
        LIBRARY_CLASSES.map((botClass) => {
          const found = bySlot.get(`${rarity}|${botClass}`);
          const available = found?.available ?? 0;
          return { rarity, botClass, total: found?.total ?? 0, available, low: available < LIBRARY_LOW_MARK };
        }),
      );
      return {
        slots,
        total: slots.reduce((sum, s) => sum + s.total, 0),
        available: slots.reduce((sum, s) => sum + s.available, 0),
        lowMark: LIBRARY_LOW_MARK,
        topUp: await topUpState(),
      };
    },

    upload(adminId: UserId, upload: Upload) {
      const detail = { filename: upload.filename, bytes: upload.bytes.length, ...upload.fields };
      return audited(db, { adminId, action: "image_upload", targetType: "image", detail }, async () => {
        const slot = slotOf(upload.fields);
        const kind = sniffImage(upload.bytes);
        if (!kind) throw uploadFailed(400, adminMediaMessages.imageNotAccepted);
        const imageUrl = await media.save(LIBRARY_FOLDER, upload.bytes, kind.extension);
        const image = await db.transaction(async (tx) => {
          // The unique index decides, not a read before the insert: the same picture sent twice at once
          // waits on the first insert and then adds nothing.
          const [row] = await tx
            .insert(botImageLibrary)
            .values({ ...slot, imageUrl, isClaimed: false })
            .onConflictDoNothing({ target: botImageLibrary.imageUrl })
            .returning({
              id: botImageLibrary.id,
              rarity: botImageLibrary.rarity,
              botClass: botImageLibrary.botClass,
              imageUrl: botImageLibrary.imageUrl,
            });
          if (!row) throw uploadFailed(409, adminMediaMessages.alreadyUploaded);
          await logAdminAction(tx, {
            adminId,
            action: "image_upload",
            targetType: "image",
            targetId: row.id,
            result: "success",
            detail: { ...detail, ...slot, type: kind.contentType, imageUrl },
          });
          return row;
        });
        return { message: adminMediaMessages.imageUploaded, image: { ...image, ...slot } };
      });
    },

    generate(
      adminId: UserId,
      slot: { rarity: (typeof LIBRARY_RARITIES)[number]; botClass: (typeof LIBRARY_CLASSES)[number] },
    ) {
      return audited(
        db,
        { adminId, action: "image_generate", targetType: "image", detail: slot },
        async () => {
          // Drawn before the transaction: only the insert and its log row run inside it.
          const drawn = await drawLibraryImage(media, { ...slot, isClaimed: false });
          const image = await db.transaction(async (tx) => {
            const row = await insertLibraryImage(tx, drawn);
            await logAdminAction(tx, {
              adminId,
              action: "image_generate",
              targetType: "image",
              targetId: row.id,
              result: "success",
              detail: { ...slot, imageUrl: row.imageUrl },
            });
            return row;
          });
          return {
            message: adminMediaMessages.generated,
            generated: 1 as const,
            image: { ...image, ...slot },
          };
        },
      );
    },

    clear(adminId: UserId) {
      return audited(
        db,
        { adminId, action: "image_library_clear", targetType: "image_library" },
        async () => {
          const { deleted, orphans } = await db.transaction(async (tx) => {
            const rows = await tx
              .delete(botImageLibrary)
              .returning({ imageUrl: botImageLibrary.imageUrl, isClaimed: botImageLibrary.isClaimed });
            if (rows.length === 0) {
              await logAdminAction(tx, {
                adminId,
                action: "image_library_clear",
                targetType: "image_library",
                result: "warning",
                detail: { message: adminMediaMessages.libraryAlreadyEmpty },
              });
              return { deleted: 0, orphans: [] as string[] };
            }
            // Bots keep the pictures they wear: only pictures no bot shows are removed.
            const unclaimed = [...new Set(rows.filter((r) => !r.isClaimed).map((r) => r.imageUrl))];
            const worn = unclaimed.length
              ? await tx
                  .select({ imageUrl: bots.imageUrl })
                  .from(bots)
                  .where(inArray(bots.imageUrl, unclaimed))
              : [];
            const wornSet = new Set(worn.map((w) => w.imageUrl));
            const orphans = unclaimed.filter((url) => !wornSet.has(url));
            await logAdminAction(tx, {
              adminId,
              action: "image_library_clear",
              targetType: "image_library",
              result: "success",
              detail: {
                deleted: rows.length,
                available: rows.filter((r) => !r.isClaimed).length,
                filesRemoved: orphans.length,
              },
            });
            return { deleted: rows.length, orphans };
          });
          await Promise.all(orphans.map((url) => media.remove(url)));
          const message =
            deleted === 0
              ? adminMediaMessages.libraryAlreadyEmpty
              : adminMediaMessages.libraryCleared(deleted);
          return { message, deleted };
        },
      );
    },

    setTopUp(adminId: UserId, enabled: boolean) {
      return audited(db, { adminId, action: "image_library_top_up", targetType: "setting" }, async () => {
        await db.transaction(async (tx) => {
          await writeSetting(tx, settingKeys.libraryTopUp, { enabled }, adminId);
          await logAdminAction(tx, {
            adminId,
            action: "image_library_top_up",
            targetType: "setting",
            targetId: settingKeys.libraryTopUp,
            result: "success",
            detail: { enabled },
          });
        });
        if (enabled) topUp.nudge();
        return {
          message: enabled ? adminMediaMessages.autoTopUpOn : adminMediaMessages.autoTopUpOff,
          topUp: await topUpState(),
        };
      });
    },
  };
}
