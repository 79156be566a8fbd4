// The shop's and inventory's API paths, checked against the contract at compile time.
import { type PathOf, withId } from "../../app/paths";

const catalogue: PathOf<"shop"> = "/api/shop";
const purchase: PathOf<"shopPurchase"> = "/api/shop/purchase";
const inventory: PathOf<"inventory"> = "/api/inventory";
const equip: PathOf<"inventoryEquip"> = "/api/inventory/:id/equip";

export const shopPaths = {
  catalogue,
  purchase,
  inventory,
  equip: (entryId: string) => withId(equip, entryId),
};
