// /inventory: the player's equipment. One item at a time is equipped, on the active bot, which is redrawn
// holding it; toggling the equipped item takes it off again.
import type { InventoryEntry } from "@bot-arena/contract";
import { Backpack, CheckCircle2, PackageOpen, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "../../app/api";
import { ScreenQueryView, useLoadFailureToast } from "../../app/QueryView";
import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { ButtonLink } from "../../ui/ButtonLink";
import { PageHeader } from "../../ui/PageHeader";
import { Panel } from "../../ui/Panel";
import { ManageBotsSection } from "../customize-bots/ManageBotsSection";
import { EquipmentCard } from "../shop/EquipmentCard";
import { ArmedBotPanel } from "./ArmedBotPanel";
import { useEquipToggle, useInventory } from "./useInventory";

function EmptyInventory() {
  return (
    <Panel>
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <PackageOpen
          className="size-14 text-cyan drop-shadow-[0_0_14px_rgb(34_229_255/0.6)]"
          aria-hidden="true"
        />
        <h2 className="font-display text-xl font-bold uppercase tracking-widest text-ink">
          No Equipment Yet
        </h2>
        <p className="max-w-sm text-muted">
          Weapons from the shop land here. Equip one and your bot carries it into battle.
        </p>
        <ButtonLink to="/shop" icon={<ShoppingCart className="size-4" aria-hidden="true" />}>
          Go to Shop
        </ButtonLink>
      </div>
    </Panel>
  );
}

export default function InventoryPage() {
  const inventory = useInventory();
  const toggle = useEquipToggle();
  const [pending, setPending] = useState<string | null>(null);

  useLoadFailureToast(inventory, "Failed to load data");

  const flip = async (entry: InventoryEntry) => {
    setPending(entry.id);
    try {
      toast.success((await toggle.mutateAsync(entry.id)).message);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to equip item"));
    } finally {
      setPending(null);
    }
  };

  const header = (
    <PageHeader
      title="Inventory"
      subtitle="Your arsenal. One weapon at a time rides with your active bot."
      icon={<Backpack className="size-6" />}
      actions={
        <ButtonLink to="/shop" variant="ghost" icon={<ShoppingCart className="size-4" aria-hidden="true" />}>
          Shop
        </ButtonLink>
      }
    />
  );
  return (
    <ScreenQueryView query={inventory} loading="Opening the armory" title="Failed to load data">
      {(items) => (
        <div className="space-y-6">
          {header}
          <ArmedBotPanel equipped={items.find((entry) => entry.isEquipped) ?? null} />
          <ManageBotsSection />
          {items.length === 0 ? (
            <EmptyInventory />
          ) : (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((entry) => (
                <EquipmentCard
                  key={entry.id}
                  item={entry.equipment}
                  highlighted={entry.isEquipped}
                  badges={
                    entry.isEquipped && (
                      <Badge tone="success">
                        <CheckCircle2 className="size-3" aria-hidden="true" />
                        Equipped
                      </Badge>
                    )
                  }
                  footer={
                    <div className="space-y-2">
                      {entry.equippedBot && (
                        <p className="text-center text-xs font-semibold uppercase tracking-widest text-lime/90">
                          Held by {entry.equippedBot.name}
                        </p>
                      )}
                      <Button
                        className="w-full"
                        variant={entry.isEquipped ? "secondary" : "primary"}
                        busy={pending === entry.id}
                        aria-pressed={entry.isEquipped}
                        onClick={() => void flip(entry)}
                      >
                        {entry.isEquipped ? "Unequip" : "Equip"}
                      </Button>
                    </div>
                  }
                />
              ))}
            </div>
          )}
        </div>
      )}
    </ScreenQueryView>
  );
}
