// Guild perks bought from the bank (issue 41): the rulebook (packages/game guild-perks) prices the purchase
// against the guild row as it stands, locked, and the price leaves the bank through the ledger as destroyed
// coins (`guild_perk`), in the transaction that applies the perk. Two officers buying at once queue on the guild
// row: the second sees the first's purchase and the bank it left, and is refused if the bank cannot pay.
//
// Lock order: the buyer's membership row (their role cannot change meanwhile), then the guild row.
import type { BuyPerkBody, BuyPerkResponse } from "@bot-arena/contract";
import { buyPerk, Coins, checkPerkBuyer, maxMembersAt, messages } from "@bot-arena/game";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { noteLocks } from "../../platform/db/locks";
import { guildMembers, guilds } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { isUuid, type UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { refuse } from "../../platform/refuse";
import { guildNotFound, notGuildMember } from "./refusals";
import { announceGuild } from "./service";
import { toGuildSummary } from "./view";

const perkNames = { seats: "more member seats", war_drill: "war drill", banner: "guild banner" } as const;

export type GuildPerksService = ReturnType<typeof createGuildPerksService>;

export function createGuildPerksService(deps: { db: Db }) {
  return {
    buy(userId: UserId, guildId: string, body: BuyPerkBody): Promise<BuyPerkResponse> {
      if (!isUuid(guildId)) throw guildNotFound();
      return deps.db.transaction(async (tx) => {
        const [member] = await tx
          .select({ role: guildMembers.role })
          .from(guildMembers)
          .where(and(eq(guildMembers.userId, userId), eq(guildMembers.guildId, guildId)))
          .for("share");
        noteLocks(tx, "guild", [guildId]);
        const [guild] = await tx
          .select()
          .from(guilds)
          .where(and(eq(guilds.id, guildId), isNull(guilds.disbandedAt)))
          .for("update");
        if (!guild) throw guildNotFound();
        if (!member) throw notGuildMember();
        refuse(checkPerkBuyer(member.role));
        const banner =
          guild.bannerColor && guild.bannerEmblem
            ? { color: guild.bannerColor, emblem: guild.bannerEmblem }
            : null;
        const { price, next } = refuse(
          buyPerk({ seatLevel: guild.seatLevel, warDrillLevel: guild.warDrillLevel, banner }, body),
        );
        await moveCoins(tx, {
          account: "guild_bank",
          guildId,
          debit: Coins(price),
          reason: "guild_perk",
          refType: "guild_perk",
          refId: body.perk,
          message: messages.guildBankTooLow(price),
        });
        const [updated] = await tx
          .update(guilds)
          .set({
            seatLevel: next.seatLevel,
            maxMembers: maxMembersAt(next.seatLevel),
            warDrillLevel: next.warDrillLevel,
            bannerColor: next.banner?.color ?? null,
            bannerEmblem: next.banner?.emblem ?? null,
          })
          .where(eq(guilds.id, guildId))
          .returning();
        if (!updated) throw new AppError(404, "NOT_FOUND", messages.guildNotFound);
        await announceGuild(tx, guildId);
        return { message: messages.perkBought(perkNames[body.perk]), price, guild: toGuildSummary(updated) };
      });
    },
  };
}
