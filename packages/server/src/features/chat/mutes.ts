// A player's chat mute as the send path and the widget read it: the latest end of any mute not lifted.
import { chatTexts } from "@bot-arena/game";
import { and, eq, gt, isNull, max } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { chatMutes } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { UserId } from "../../platform/ids";

export async function activeMuteUntil(db: Db, userId: UserId, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: max(chatMutes.mutedUntil) })
    .from(chatMutes)
    .where(and(eq(chatMutes.userId, userId), isNull(chatMutes.liftedAt), gt(chatMutes.mutedUntil, now)));
  return row?.until ?? null;
}

/** "2026-05-01 18:30 UTC": the server's words; the widget shows `fields.mutedUntil` in the reader's time. */
export const formatUtc = (date: Date): string => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

export const mutedError = (until: Date) =>
  new AppError(403, "FORBIDDEN", chatTexts.mutedUntil(formatUtc(until)), { mutedUntil: until.toISOString() });
