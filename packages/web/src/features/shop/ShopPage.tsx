// /shop: consumables (used at once on the active bot) and the equipment catalogue. The server decides every
// purchase; the page only refuses early what the wallet plainly cannot pay.
import type { EquipmentItem, PurchaseBody } from "@bot-arena/contract";
import { checkPurchase } from "@bot-arena/game";
import { ShoppingCart, Swords } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView, useLoadFailureToast } from "../../app/QueryView";
import { useMe } from "../../app/session";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { cn } from "../../ui/cn";
import { PageHeader } from "../../ui/PageHeader";
import { CoinBalance } from "../bank/CoinBalance";
import { formatCoins } from "../bank/coins";
import { ActiveBotStrip } from "./ActiveBotStrip";
import { ConsumableCard } from "./ConsumableCard";
import { EquipmentCard } from "./EquipmentCard";
import { usePurchase, useShop } from "./useShop";

const rarityFilters = ["all", "common", "uncommon", "rare", "epic", "legendary", "diamond"] as const;
type RarityFilter = (typeof rarityFilters)[number];

export default function ShopPage() {
  const shop = useShop();
  const coins = useMe().data?.coins ?? 0;
  const purchase = usePurchase();
  const [buying, setBuying] = useState<string | null>(null);
  const [filter, setFilter] = useState<RarityFilter>("all");

  useLoadFailureToast(shop, "Failed to load shop");

  const buy = async (body: PurchaseBody, price: number) => {
    const affordable = checkPurchase(coins, price);
    if (!affordable.ok) {
      toast.error(affordable.message);
      return;
    }
    setBuying(body.itemId);
    try {
      const answer = await purchase.mutateAsync(body);
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, "Purchase failed"));
    } finally {
      setBuying(null);
    }
  };

  const shown = (equipment: EquipmentItem[]) =>
    equipment.filter((item) => filter === "all" || item.rarity === filter);

  return (
    <ScreenQueryView query={shop} loading="Stocking the shelves" title="Failed to load shop">
      {(catalogue) => (
        <div className="space-y-8">
          <PageHeader
            title="Equipment Shop"
            subtitle="Power cells, repair kits and weapons forged for the arena."
            icon={<ShoppingCart className="size-6" />}
            actions={<CoinBalance />}
          />

          <section aria-labelledby="consumables-heading" className="space-y-3">
            <h2
              id="consumables-heading"
              className="font-display text-lg font-bold uppercase tracking-[0.18em] text-cyan"
            >
              Consumables
            </h2>
            <ActiveBotStrip />
            <div className="grid gap-3 lg:grid-cols-2">
              {catalogue.consumables.map((item) => (
                <ConsumableCard
                  key={item.id}
                  item={item}
                  busy={buying === item.id}
                  onBuy={() => void buy({ itemType: "consumable", itemId: item.id }, item.price)}
                />
              ))}
            </div>
          </section>

          <section aria-labelledby="equipment-heading" className="space-y-3">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2
                id="equipment-heading"
                className="font-display text-lg font-bold uppercase tracking-[0.18em] text-cyan"
              >
                Equipment
              </h2>
              <fieldset className="flex flex-wrap gap-1.5">
                <legend className="sr-only">Filter by rarity</legend>
                {rarityFilters.map((rarity) => (
                  <button
                    key={rarity}
                    type="button"
                    aria-pressed={filter === rarity}
                    onClick={() => setFilter(rarity)}
                    className={cn(
                      "cursor-pointer rounded-sm border px-2.5 py-1 font-display text-[0.65rem] font-bold uppercase tracking-widest transition",
                      filter === rarity
                        ? "border-cyan bg-cyan/15 text-cyan"
                        : "border-cyan/20 text-muted hover:border-cyan/60 hover:text-ink",
                    )}
                  >
                    {rarity}
                  </button>
                ))}
              </fieldset>
            </div>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown(catalogue.equipment).map((item) => (
                <EquipmentCard
                  key={item.id}
                  item={item}
                  footer={
                    <Button
                      className="w-full"
                      variant={coins >= item.price ? "primary" : "secondary"}
                      busy={buying === item.id}
                      onClick={() => void buy({ itemType: "equipment", itemId: item.id }, item.price)}
                    >
                      Buy for {formatCoins(item.price)}
                    </Button>
                  }
                />
              ))}
            </div>
            <p className="flex items-center justify-center gap-2 pt-2 text-center text-muted">
              <Swords className="size-4" aria-hidden="true" />
              Bought gear waits in your inventory until you equip it.
              <ButtonLink to="/inventory" variant="ghost" size="sm">
                Open inventory
              </ButtonLink>
            </p>
          </section>
        </div>
      )}
    </ScreenQueryView>
  );
}
