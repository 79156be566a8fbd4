// The marketplace's API paths, checked against the contract at compile time.
import { type PathOf, withId } from "../../app/paths";

const listings: PathOf<"marketplace"> = "/api/marketplace";
const priceGuide: PathOf<"marketplacePriceGuide"> = "/api/marketplace/price-guide";
const create: PathOf<"marketplaceCreateListing"> = "/api/marketplace/listings";
const cancel: PathOf<"marketplaceCancelListing"> = "/api/marketplace/listings/:id";
const buy: PathOf<"marketplaceBuy"> = "/api/marketplace/listings/:id/buy";
const battles: PathOf<"marketplaceListingBattles"> = "/api/marketplace/listings/:id/battles";

export const marketplacePaths = {
  listings,
  create,
  priceGuide: (rarity: string, level: number) =>
    `${priceGuide}?rarity=${encodeURIComponent(rarity)}&level=${level}`,
  cancel: (id: string) => withId(cancel, id),
  buy: (id: string) => withId(buy, id),
  battles: (id: string) => withId(battles, id),
};
