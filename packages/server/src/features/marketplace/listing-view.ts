// Reading listings with their bot and seller, as the marketplace grid shows them.
import type { MarketplaceListing } from "@bot-arena/contract";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database";
import { bots, marketplaceListings, profiles } from "../../platform/db/schema";
import type { UserId } from "../../platform/ids";

/** The grid shows the newest listings first; more than this is a market no one scrolls through. */
export const MARKETPLACE_PAGE = 200;

const columns = {
  listing: marketplaceListings,
  bot: bots,
  sellerName: profiles.username,
};

type Row = {
  listing: typeof marketplaceListings.$inferSelect;
  bot: typeof bots.$inferSelect;
  sellerName: string;
};

function toListing(row: Row, viewerId: UserId): MarketplaceListing {
  const { listing, bot } = row;
  return {
    id: listing.id,
    price: listing.price,
    createdAt: listing.createdAt.toISOString(),
    seller: { id: listing.sellerId, username: row.sellerName },
    isOwn: listing.sellerId === viewerId,
    bot: {
      id: bot.id,
      name: bot.name,
      model: bot.model,
      botClass: bot.class,
      rarity: bot.rarity,
      level: bot.level,
      strength: bot.strength,
      agility: bot.agility,
      defense: bot.defense,
      intelligence: bot.intelligence,
      wins: bot.wins,
      losses: bot.losses,
      durability: bot.durability,
      maxDurability: bot.maxDurability,
      colorPrimary: bot.colorPrimary,
      colorSecondary: bot.colorSecondary,
      imageUrl: bot.imageUrl,
    },
  };
}

function listingQuery(db: Db) {
  return db
    .select(columns)
    .from(marketplaceListings)
    .innerJoin(bots, eq(bots.id, marketplaceListings.botId))
    .innerJoin(profiles, eq(profiles.id, marketplaceListings.sellerId));
}

export async function readListings(db: Db, viewerId: UserId): Promise<MarketplaceListing[]> {
  const rows = await listingQuery(db)
    .orderBy(desc(marketplaceListings.createdAt), desc(marketplaceListings.id))
    .limit(MARKETPLACE_PAGE);
  return rows.map((row) => toListing(row, viewerId));
}

export async function readListing(
  db: Db,
  listingId: string,
  viewerId: UserId,
): Promise<MarketplaceListing | null> {
  const [row] = await listingQuery(db).where(eq(marketplaceListings.id, listingId));
  return row ? toListing(row, viewerId) : null;
}
