// The marketplace: every player's listed bots, listing and unlisting one's own, buying another's, and a price
// guide from recent sales of bots of the same rarity and level band.
import { messages } from "@bot-arena/game";
import { positiveCoinAmount } from "./bank";
import { recentBattles } from "./battles";
import { itemRarity } from "./shop";
import { z } from "./zod";

/** Prices stay well inside the database's integer column (and any sensible economy). */
export const MAX_LISTING_PRICE = 1_000_000_000;
/** Levels per band of the price guide: 1-5, 6-10, 11-15... */
export const PRICE_BAND_LEVELS = 5;

export const marketplaceMessages = {
  listingGone: "This listing is no longer available",
  finishSetupFirst: "Name your bot and place its bonus points before listing it",
} as const;

export const listedBot = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  botClass: z.enum(["hero", "villain", "support"]),
  rarity: itemRarity,
  level: z.number().int(),
  strength: z.number().int(),
  agility: z.number().int(),
  defense: z.number().int(),
  intelligence: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  durability: z.number().int(),
  maxDurability: z.number().int(),
  colorPrimary: z.string(),
  colorSecondary: z.string(),
  imageUrl: z.string().nullable(),
});
export type ListedBot = z.infer<typeof listedBot>;

export const marketplaceListing = z.object({
  id: z.string(),
  price: z.number().int(),
  createdAt: z.string(),
  seller: z.object({ id: z.string(), username: z.string() }),
  /** True on the viewer's own listings: they show 'Unlist' instead of 'Buy Now'. */
  isOwn: z.boolean(),
  bot: listedBot,
});
export type MarketplaceListing = z.infer<typeof marketplaceListing>;

export const marketplaceList = z.object({ listings: z.array(marketplaceListing) });
export type MarketplaceList = z.infer<typeof marketplaceList>;

export const createListingBody = z.object({
  botId: z.uuid({ error: messages.invalidListing }),
  price: positiveCoinAmount(messages.invalidListing).max(MAX_LISTING_PRICE, {
    error: messages.invalidListing,
  }),
});
export type CreateListingBody = z.infer<typeof createListingBody>;

export const createListingResponse = z.object({ listing: marketplaceListing, message: z.string() });
export type CreateListingResponse = z.infer<typeof createListingResponse>;

export const listingParams = z.object({ id: z.uuid({ error: marketplaceMessages.listingGone }) });

export const cancelListingResponse = z.object({ message: z.string() });

export const buyListingResponse = z.object({
  newCoinBalance: z.number().int(),
  botId: z.string(),
  message: z.string(),
});
export type BuyListingResponse = z.infer<typeof buyListingResponse>;

export const priceGuideQuery = z.object({
  rarity: itemRarity,
  level: z.coerce.number().int().min(1).max(100_000),
});

export const priceGuide = z.object({
  rarity: itemRarity,
  minLevel: z.number().int(),
  maxLevel: z.number().int(),
  /** Median price of the recent sales in the band; null when there were none. */
  median: z.number().int().nullable(),
  sales: z.number().int(),
  /** How far back "recent" reaches. */
  days: z.number().int(),
});
export type PriceGuide = z.infer<typeof priceGuide>;

/** The level band a level falls in: 1-5, 6-10, ... */
export function priceBand(level: number): { minLevel: number; maxLevel: number } {
  const band = Math.floor((Math.max(1, level) - 1) / PRICE_BAND_LEVELS);
  return { minLevel: band * PRICE_BAND_LEVELS + 1, maxLevel: (band + 1) * PRICE_BAND_LEVELS };
}

export const marketplaceRoutes = {
  marketplace: {
    method: "GET",
    path: "/api/marketplace",
    summary: "Every listing, newest first, with its bot and seller",
    auth: "player",
    response: marketplaceList,
  },
  marketplacePriceGuide: {
    method: "GET",
    path: "/api/marketplace/price-guide",
    summary: "Median price of recent sales of bots of a rarity and level band",
    auth: "player",
    query: priceGuideQuery,
    response: priceGuide,
  },
  marketplaceListingBattles: {
    method: "GET",
    path: "/api/marketplace/listings/:id/battles",
    summary:
      "The listed bot's last battles, newest first, so a buyer can judge it (replays at /api/battles/:id)",
    auth: "player",
    params: listingParams,
    response: recentBattles,
  },
  marketplaceCreateListing: {
    method: "POST",
    path: "/api/marketplace/listings",
    summary: "List one of the player's bots (not the active one) for a whole number of coins",
    auth: "player",
    body: createListingBody,
    response: createListingResponse,
  },
  marketplaceCancelListing: {
    method: "DELETE",
    path: "/api/marketplace/listings/:id",
    summary: "Unlist the player's own listing",
    auth: "player",
    params: listingParams,
    response: cancelListingResponse,
  },
  marketplaceBuy: {
    method: "POST",
    path: "/api/marketplace/listings/:id/buy",
    summary: "Buy a listed bot: coins to the seller, the bot to the buyer, in one transaction",
    auth: "player",
    params: listingParams,
    response: buyListingResponse,
  },
} as const;
