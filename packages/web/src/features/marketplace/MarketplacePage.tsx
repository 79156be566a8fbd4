// /marketplace: list a bot, browse every player's listings (updated live), buy or unlist. The purchase is
// one server transaction; the page only confirms and reports.
import type { MarketplaceListing } from "@bot-arena/contract";
import { checkPurchase, messages } from "@bot-arena/game";
import { Store } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView, useLoadFailureToast } from "../../app/QueryView";
import { useMe } from "../../app/session";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { CoinBalance } from "../bank/CoinBalance";
import { formatCoins } from "../bank/coins";
import { useBots } from "../bots/useBots";
import { BattleRecordDialog } from "./BattleRecordDialog";
import { ListBotForm } from "./ListBotForm";
import { ListingCard } from "./ListingCard";
import { useBuyListing, useCancelListing, useListings } from "./useMarketplace";

export default function MarketplacePage() {
  const listings = useListings();
  const bots = useBots();
  const coins = useMe().data?.coins ?? 0;
  const buy = useBuyListing();
  const cancel = useCancelListing();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<MarketplaceListing | null>(null);
  const [record, setRecord] = useState<MarketplaceListing | null>(null);

  useLoadFailureToast(listings, "Failed to load marketplace");

  const startPurchase = (listing: MarketplaceListing) => {
    const affordable = checkPurchase(coins, listing.price);
    if (!affordable.ok) {
      toast.error(affordable.message);
      return;
    }
    setConfirming(listing);
  };

  const purchase = async (listing: MarketplaceListing) => {
    setBusyId(listing.id);
    try {
      toast.success((await buy.mutateAsync(listing.id)).message);
      setConfirming(null);
    } catch (error) {
      toast.error(errorMessage(error, messages.purchaseFailed));
      setConfirming(null);
    } finally {
      setBusyId(null);
    }
  };

  const unlist = async (listing: MarketplaceListing) => {
    setBusyId(listing.id);
    try {
      toast.success((await cancel.mutateAsync(listing.id)).message);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to unlist bot"));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <ScreenQueryView query={listings} loading="Opening the market" title="Failed to load marketplace">
      {(listed) => (
        <div className="space-y-6">
          <PageHeader
            title="Marketplace"
            subtitle="Trade battle-tested bots with pilots from across the arena."
            icon={<Store className="size-6" />}
            actions={<CoinBalance />}
          />

          <ListBotForm bots={bots.data ?? []} />

          <section aria-labelledby="listings-heading" className="space-y-3">
            <div className="flex items-baseline justify-between">
              <h2
                id="listings-heading"
                className="font-display text-lg font-bold uppercase tracking-[0.18em] text-cyan"
              >
                Bots for sale
              </h2>
              <span className="text-sm text-muted">{listed.length} listed</span>
            </div>
            {listed.length === 0 ? (
              <Panel tone="neutral">
                <div className="flex flex-col items-center gap-3 py-10 text-center">
                  <Store className="size-12 text-cyan/70" aria-hidden="true" />
                  <p className="font-display text-lg font-bold uppercase tracking-widest text-ink">
                    No bots for sale yet
                  </p>
                  <p className="text-muted">Be the first: list a bot above and set your price.</p>
                </div>
              </Panel>
            ) : (
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {listed.map((listing) => (
                  <ListingCard
                    key={listing.id}
                    listing={listing}
                    busy={busyId === listing.id}
                    onBuy={() => startPurchase(listing)}
                    onUnlist={() => void unlist(listing)}
                    onShowRecord={() => setRecord(listing)}
                  />
                ))}
              </div>
            )}
          </section>

          <Dialog
            open={confirming !== null}
            onOpenChange={(open) => !open && setConfirming(null)}
            title="Confirm purchase"
            description={
              confirming
                ? `Buy ${confirming.bot.name} from ${confirming.seller.username} for ${formatCoins(confirming.price)} coins?`
                : undefined
            }
          >
            <div className="flex justify-end gap-3">
              <Button variant="ghost" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button
                busy={confirming !== null && busyId === confirming.id}
                onClick={() => confirming && void purchase(confirming)}
              >
                Buy for {confirming ? formatCoins(confirming.price) : ""}
              </Button>
            </div>
          </Dialog>
          <BattleRecordDialog listing={record} onClose={() => setRecord(null)} />
        </div>
      )}
    </ScreenQueryView>
  );
}
