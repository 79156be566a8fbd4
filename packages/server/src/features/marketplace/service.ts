// The marketplace. A purchase is one transaction: the buyer's and seller's profiles locked in id order (so two
// players buying from each other cannot deadlock), the listing locked, the coins moved buyer -> seller through
// the ledger, the bot handed over inactive and unarmed, the listing deleted and the sale recorded. Fifty
// buyers of one listing queue on its lock; the first takes it and the others find it gone.

import type {
  BuyListingResponse,
  CreateListingBody,
  CreateListingResponse,
  MarketplaceList,
  PriceGuide,
  RecentBattles,
} from "@bot-arena/contract";
import { marketplaceMessages, priceBand } from "@bot-arena/contract";
import {
  Coins,
  checkBuyListing,
  checkCreateListing,
  UserId as GameUserId,
  messages,
  type Rarity,
} from "@bot-arena/game";
import { and, eq, sql } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import { type Db, rowsOf } from "../../platform/db/database";
import { lockProfiles } from "../../platform/db/locks";
import { bots, marketplaceListings, marketplaceSales } from "../../platform/db/schema";
import { conflict, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins, newTransferId } from "../../platform/ledger";
import { type LiveEvent, publish, publishAll, publishToPlayer } from "../../platform/live/publish";
import { refuse } from "../../platform/refuse";
import { refuseFrozen } from "../account/frozen";
import { createBattlesService } from "../battles/service";
import { countBots, isListed, lockOwnedBot, lockProfile } from "../bots/queries";
import { setupStageOf } from "../bots/setup-stage";
import { releaseWeapons } from "../inventory/weapons";
import { assertNotEntered } from "../tournament/entered-bots";
import { readListing, readListings } from "./listing-view";

/** The price guide looks at sales of the last this many days, at most PRICE_GUIDE_SALES of them. */
export const PRICE_GUIDE_DAYS = 30;
export const PRICE_GUIDE_SALES = 50;

export type MarketplaceService = ReturnType<typeof createMarketplaceService>;

const listingGone = () => notFound(marketplaceMessages.listingGone);
const listingEvent = (kind: "listed" | "unlisted" | "sold", listingId: string): LiveEvent => ({
  channel: "marketplace",
  kind,
  data: { listingId },
});
const announce = (db: Db, kind: "listed" | "unlisted" | "sold", listingId: string) =>
  publish(db, listingEvent(kind, listingId));

export function createMarketplaceService(deps: {
  db: Db;
  clock: Clock;
  log: { warn(obj: unknown, msg?: string): void };
}) {
  const { db, clock } = deps;
  const history = createBattlesService({ db, log: deps.log });

  return {
    async list(viewerId: UserId): Promise<MarketplaceList> {
      return { listings: await readListings(db, viewerId) };
    },

    /** A listed bot's record is public while it is for sale: read as its seller would see it. */
    async battles(listingId: string): Promise<RecentBattles> {
      const [listing] = await db
        .select({ sellerId: marketplaceListings.sellerId, botId: marketplaceListings.botId })
        .from(marketplaceListings)
        .where(eq(marketplaceListings.id, listingId));
      if (!listing) throw listingGone();
      return history.recent(listing.sellerId, listing.botId);
    },

    async priceGuide(rarity: Rarity, level: number): Promise<PriceGuide> {
      const { minLevel, maxLevel } = priceBand(level);
      const since = new Date(clock.now().getTime() - PRICE_GUIDE_DAYS * 86_400_000).toISOString();
      const [row] = rowsOf<{ median: number | string | null; sales: number | string }>(
        await db.execute(sql`
          select percentile_cont(0.5) within group (order by price) as median, count(*) as sales
          from (
            select price from ${marketplaceSales}
            where rarity = ${rarity} and level between ${minLevel} and ${maxLevel} and created_at >= ${since}
            order by created_at desc
            limit ${PRICE_GUIDE_SALES}
          ) recent`),
      );
      const median =
        row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median));
      return { rarity, minLevel, maxLevel, median, sales: Number(row?.sales ?? 0), days: PRICE_GUIDE_DAYS };
    },

    createListing(sellerId: UserId, body: CreateListingBody): Promise<CreateListingResponse> {
      return db.transaction(async (tx) => {
        // Profile, then bot: the lock order of activation, so listing and activating one bot cannot cross.
        await lockProfile(tx, sellerId);
        await refuseFrozen(tx, sellerId);
        const bot = await lockOwnedBot(tx, sellerId, body.botId);
        refuse(
          checkCreateListing({
            sellerId: GameUserId(sellerId),
            bot: { userId: GameUserId(bot.userId), isActive: bot.isActive },
            alreadyListed: await isListed(tx, bot.id),
          }),
        );
        if (setupStageOf(bot) !== null) throw conflict(marketplaceMessages.finishSetupFirst);
        // An entered bot stays with its owner until its tournament ends.
        await assertNotEntered(tx, [bot.id], messages.listTournamentConflict);
        const [created] = await tx
          .insert(marketplaceListings)
          .values({ botId: bot.id, sellerId, price: body.price })
          .onConflictDoNothing()
          .returning({ id: marketplaceListings.id });
        if (!created) throw conflict(messages.botAlreadyListed);
        await announce(tx, "listed", created.id);
        await publishToPlayer(tx, sellerId, "bots");
        const listing = await readListing(tx, created.id, sellerId);
        return { listing: listing!, message: messages.botListed };
      });
    },

    cancelListing(sellerId: UserId, listingId: string): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(marketplaceListings)
          .where(and(eq(marketplaceListings.id, listingId), eq(marketplaceListings.sellerId, sellerId)))
          .returning({ id: marketplaceListings.id });
        if (!removed) throw listingGone();
        await announce(tx, "unlisted", removed.id);
        await publishToPlayer(tx, sellerId, "bots");
        return { message: messages.listingCancelled };
      });
    },

    buy(buyerId: UserId, listingId: string): Promise<BuyListingResponse> {
      return db.transaction(async (tx) => {
        const listingRow = () =>
          tx.select().from(marketplaceListings).where(eq(marketplaceListings.id, listingId));
        const [seen] = await listingRow();
        if (!seen) throw listingGone();
        if (seen.sellerId === buyerId) throw conflict(messages.cannotBuyOwn);
        // The lock order: both profiles (in id order), then the bot, then the listing. Every buyer of this
        // listing queues on the seller's profile, and all but the first find the listing gone.
        const locked = await lockProfiles(tx, [buyerId, seen.sellerId]);
        await refuseFrozen(tx, buyerId);
        const [listing] = await listingRow().for("update");
        if (!listing || listing.sellerId !== seen.sellerId) throw listingGone();
        const buyerCoins = locked.find((row) => row.id === buyerId)?.coins ?? 0;
        refuse(
          checkBuyListing({
            buyerId: GameUserId(buyerId),
            sellerId: GameUserId(listing.sellerId),
            buyerCoins,
            price: listing.price,
            // Counted after the profile lock: a parallel purchase by this buyer has committed by now.
            buyerBotCount: await countBots(tx, buyerId),
          }),
        );
        const bot = await lockOwnedBot(tx, listing.sellerId, listing.botId);

        const [sale] = await tx
          .insert(marketplaceSales)
          .values({
            botId: bot.id,
            sellerId: listing.sellerId,
            buyerId,
            rarity: bot.rarity,
            level: bot.level,
            price: listing.price,
          })
          .returning({ id: marketplaceSales.id });
        const ref = { refType: "marketplace_sale", refId: sale!.id, transferId: newTransferId() };
        const newCoinBalance = await moveCoins(tx, {
          userId: buyerId,
          account: "wallet",
          debit: Coins(listing.price),
          reason: "marketplace_purchase",
          ...ref,
        });
        await moveCoins(tx, {
          userId: listing.sellerId,
          account: "wallet",
          credit: Coins(listing.price),
          reason: "marketplace_sale",
          ...ref,
          // The buyer reads this: the sale is refused and their coins stay theirs.
          maxMessage: messages.balancePastMax("the seller's wallet"),
        });
        if (bot.equippedWeaponId !== null) await releaseWeapons(tx, listing.sellerId, [bot.id]);
        await tx.delete(marketplaceListings).where(eq(marketplaceListings.id, listing.id));
        await tx
          .update(bots)
          .set({ userId: buyerId, isActive: false, equippedWeaponId: null })
          .where(eq(bots.id, bot.id));

        await publishAll(tx, [
          listingEvent("sold", listing.id),
          { channel: "me", kind: "bots", userId: buyerId },
          { channel: "me", kind: "bots", userId: listing.sellerId },
        ]);
        return { newCoinBalance, botId: bot.id, message: messages.purchaseSuccessful };
      });
    },
  };
}
