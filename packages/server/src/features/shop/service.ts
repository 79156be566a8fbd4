// The shop: equipment goes into the inventory; consumables are used at once on the active bot (an Energy Cell
// refills energy, a Repair Kit restores durability). Nothing is charged when there is nothing to apply it to.

import type { PurchaseBody, PurchaseResponse, ShopCatalogue } from "@bot-arena/contract";
import { shopMessages } from "@bot-arena/contract";
import { applyConsumable, Coins, type ConsumableType, messages } from "@bot-arena/game";
import { asc, eq } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/database";
import { bots, equipment, inventory, shopItems } from "../../platform/db/schema";
import { conflict, notFound } from "../../platform/errors";
import type { UserId } from "../../platform/ids";
import { moveCoins } from "../../platform/ledger";
import { publishToPlayer } from "../../platform/live/publish";
import { findActiveBot, lockProfile, withRegeneratedEnergy } from "../bots/queries";
import { toEquipmentItem } from "./equipment-item";

export type ShopService = ReturnType<typeof createShopService>;

const consumableTypes: readonly string[] = [
  "energy_restore",
  "durability_restore",
] satisfies ConsumableType[];
const isConsumableType = (type: string): type is ConsumableType => consumableTypes.includes(type);

export function createShopService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function buyEquipment(tx: Tx, userId: UserId, itemId: string): Promise<PurchaseResponse> {
    // Profile first: the inventory row's foreign key touches it before the payment does (the lock order).
    // The item and the lock in one flight, the entry and the payment in the next (platform/db/flight.ts).
    const [[item]] = await Promise.all([
      tx.select().from(equipment).where(eq(equipment.id, itemId)),
      lockProfile(tx, userId),
    ]);
    if (!item) throw notFound(shopMessages.itemNotFound);
    const [[entry], newCoinBalance] = await Promise.all([
      tx.insert(inventory).values({ userId, equipmentId: item.id }).returning({ id: inventory.id }),
      moveCoins(tx, {
        userId,
        account: "wallet",
        debit: Coins(item.price),
        reason: "shop_purchase",
        refType: "equipment",
        refId: item.id,
      }),
    ]);
    await publishToPlayer(tx, userId, "inventory");
    return { newCoinBalance, message: messages.purchased(item.name), inventoryId: entry!.id, bot: null };
  }

  async function useConsumable(tx: Tx, userId: UserId, itemId: string): Promise<PurchaseResponse> {
    // Profile first, then the bot: the lock order every roster path uses; both with the item, in one flight.
    const [[item], , locked] = await Promise.all([
      tx.select().from(shopItems).where(eq(shopItems.id, itemId)),
      lockProfile(tx, userId),
      findActiveBot(tx, userId, { lock: true }),
    ]);
    if (!item || !isConsumableType(item.type)) throw notFound(shopMessages.itemNotFound);
    if (!locked) throw conflict(shopMessages.needActiveBotForItem(item.name));
    const now = clock.now();
    // Regenerated in memory: an Energy Cell's write below stores the refill with its own clock.
    const bot = withRegeneratedEnergy(locked, now);
    if (item.type === "energy_restore" && bot.energy >= bot.maxEnergy)
      throw conflict(shopMessages.energyAlreadyFull);
    if (item.type === "durability_restore" && bot.durability >= bot.maxDurability) {
      throw conflict(messages.perfectCondition);
    }
    const change = applyConsumable(item.type, bot, now.getTime());
    const [newCoinBalance, [row]] = await Promise.all([
      moveCoins(tx, {
        userId,
        account: "wallet",
        debit: Coins(item.price),
        reason: "shop_purchase",
        refType: "shop_item",
        refId: item.id,
      }),
      tx
        .update(bots)
        // The energy as regenerated goes with either item's change, so the answer shows the bot as it stands.
        .set(
          "lastEnergyUpdate" in change
            ? { energy: change.energy, lastEnergyUpdate: new Date(change.lastEnergyUpdate) }
            : { ...change, energy: bot.energy, lastEnergyUpdate: bot.lastEnergyUpdate },
        )
        .where(eq(bots.id, bot.id))
        .returning({ id: bots.id, name: bots.name, energy: bots.energy, durability: bots.durability }),
    ]);
    await publishToPlayer(tx, userId, "bots");
    const message = item.type === "energy_restore" ? messages.energyRestored : messages.purchased(item.name);
    return { newCoinBalance, message, inventoryId: null, bot: row! };
  }

  async function readCatalogue(): Promise<ShopCatalogue> {
    const consumables = await db
      .select({
        id: shopItems.id,
        name: shopItems.name,
        description: shopItems.description,
        price: shopItems.price,
        type: shopItems.type,
      })
      .from(shopItems)
      .orderBy(asc(shopItems.price), asc(shopItems.name));
    const gear = await db.select().from(equipment).orderBy(asc(equipment.price), asc(equipment.name));
    return { consumables, equipment: gear.map(toEquipmentItem) };
  }
  // The catalogue is the seed's (platform/seed): written at start, before the app serves, and never changed by a
  // route, so a process reads it once. A read that failed is not kept.
  let catalogue: Promise<ShopCatalogue> | null = null;

  return {
    catalogue(): Promise<ShopCatalogue> {
      catalogue ??= readCatalogue().catch((error: unknown) => {
        catalogue = null;
        throw error;
      });
      return catalogue;
    },

    purchase(userId: UserId, body: PurchaseBody): Promise<PurchaseResponse> {
      return db.transaction((tx) =>
        body.itemType === "equipment"
          ? buyEquipment(tx, userId, body.itemId)
          : useConsumable(tx, userId, body.itemId),
      );
    },
  };
}
