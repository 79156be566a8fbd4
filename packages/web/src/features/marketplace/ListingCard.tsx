// One bot for sale: picture, rarity and class, name, level, seller, the four stats, its record and price,
// with 'Buy Now' for others and 'Unlist' for the seller.
import type { MarketplaceListing } from "@bot-arena/contract";
import { History, ShoppingBag, User, X } from "lucide-react";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { formatCoins } from "../bank/coins";
import { BotImage } from "../bots/BotImage";
import { BotStatGrid } from "../bots/BotStatGrid";
import { RarityBadge } from "../bots/RarityBadge";

type ListingCardProps = {
  listing: MarketplaceListing;
  busy: boolean;
  onBuy: () => void;
  onUnlist: () => void;
  onShowRecord: () => void;
};

export function ListingCard({ listing, busy, onBuy, onUnlist, onShowRecord }: ListingCardProps) {
  const { bot } = listing;
  return (
    <article
      aria-label={`${bot.name} for sale`}
      className="group flex flex-col overflow-hidden rounded-xl border border-cyan/15 bg-deep/70 backdrop-blur-sm transition hover:-translate-y-0.5 hover:border-cyan/50 hover:shadow-neon-cyan"
    >
      <div className="relative">
        <BotImage bot={bot} className="rounded-none rounded-t-xl" />
        {/* Top right: the picture's own class emblem sits in its top-left corner and must stay visible. */}
        <div className="absolute top-2 right-2 flex flex-col items-end gap-1.5" data-testid="listing-badges">
          <RarityBadge rarity={bot.rarity} className="bg-void/85" />
          <Badge tone="neutral" className="bg-void/70">
            {bot.botClass}
          </Badge>
        </div>
        {listing.isOwn && (
          <Badge tone="magenta" className="absolute bottom-2 left-2 bg-void/70">
            Your listing
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <h3 className="break-words font-display text-base font-bold uppercase tracking-wide text-ink">
              {bot.name}
            </h3>
            <span className="shrink-0 font-display text-xs font-bold text-cyan">Lv. {bot.level}</span>
          </div>
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <User className="size-3.5" aria-hidden="true" />
            {listing.seller.username}
          </p>
        </div>
        <BotStatGrid stats={bot} compact />
        <button
          type="button"
          onClick={onShowRecord}
          className="flex cursor-pointer items-center justify-between rounded-md border border-cyan/15 bg-void/50 px-3 py-2 text-sm transition hover:border-cyan/50"
        >
          <span className="font-display text-xs font-bold tracking-wider">
            <span className="text-lime">{bot.wins}W</span>
            <span className="text-muted"> / </span>
            <span className="text-danger">{bot.losses}L</span>
          </span>
          <span className="inline-flex items-center gap-1 text-xs font-semibold uppercase tracking-widest text-cyan">
            <History className="size-3.5" aria-hidden="true" />
            Battle history
          </span>
        </button>
        <div className="mt-auto flex items-center justify-between gap-3 border-t border-cyan/10 pt-3">
          <p className="font-display text-xl font-black tabular-nums text-amber" data-testid="listing-price">
            {formatCoins(listing.price)}
            <span className="ml-1 text-xs font-bold text-amber/70">coins</span>
          </p>
          {listing.isOwn ? (
            <Button
              variant="danger"
              size="sm"
              busy={busy}
              onClick={onUnlist}
              icon={<X className="size-4" aria-hidden="true" />}
            >
              Unlist
            </Button>
          ) : (
            <Button
              size="sm"
              busy={busy}
              onClick={onBuy}
              icon={<ShoppingBag className="size-4" aria-hidden="true" />}
            >
              Buy Now
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
