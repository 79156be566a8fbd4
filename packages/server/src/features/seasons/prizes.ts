// The admin's coins for the running season's podium, paid by the house at its close (none unless set). Written
// with its operations-log row in one transaction.
import { type SeasonPrizesBody, seasonMessages } from "@bot-arena/contract";
import { isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { pvpSeasons } from "../../platform/db/schema";
import { notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { logAdminAction } from "../../platform/ops-log";

export async function setSeasonPrizes(db: Db, adminId: UserId, prizes: SeasonPrizesBody) {
  return db.transaction(async (tx) => {
    const [season] = await tx
      .update(pvpSeasons)
      .set({ prizeFirst: prizes.first, prizeSecond: prizes.second, prizeThird: prizes.third })
      .where(isNull(pvpSeasons.closedAt))
      .returning({ id: pvpSeasons.id, number: pvpSeasons.number });
    if (!season) throw notFound(seasonMessages.notFound);
    await logAdminAction(tx, {
      adminId,
      action: "pvp_season_prizes",
      targetType: "pvp_season",
      targetId: season.id,
      result: "success",
      detail: { season: season.number, ...prizes },
    });
    return { message: seasonMessages.prizesSet(season.number), number: season.number, prizes };
  });
}
