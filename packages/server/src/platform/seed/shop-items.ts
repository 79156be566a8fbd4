// The shop's consumables (house rules: Energy Cell 100 coins, Repair Kit 150 coins).
import { shopItems } from "../db/schema";
import type { SeedStep } from "./index";
import { takeExcluded } from "./upsert";

export const shopItemCatalogue = [
  {
    name: "Energy Cell",
    description: "A fusion-charged power cell. Refills your active bot's energy to full.",
    price: 100,
    type: "energy_restore",
  },
  {
    name: "Repair Kit",
    description:
      "Nanite paste, spare servos and a welding torch. Restores your active bot's durability to full.",
    price: 150,
    type: "durability_restore",
  },
] as const;

export const shopItemsStep: SeedStep = {
  name: "shop_items",
  async run({ db }) {
    await db
      .insert(shopItems)
      .values([...shopItemCatalogue])
      .onConflictDoUpdate({
        target: shopItems.name,
        set: takeExcluded(shopItems, ["description", "price", "type"]),
      });
  },
};
