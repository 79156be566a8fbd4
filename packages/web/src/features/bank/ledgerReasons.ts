// Ledger reasons as the bank's history names them; an unknown reason reads as its own words.
const labels: Record<string, string> = {
  signup_bonus: "Welcome bonus",
  summon: "Summon",
  rename: "Rename",
  refresh: "Refresh",
  recycle: "Recycle",
  shop_purchase: "Shop purchase",
  repair: "Repair",
  vault_deposit: "Vault deposit",
  vault_withdraw: "Vault withdrawal",
  cashout: "Cash-out request",
  cashout_refund: "Cash-out refund",
  marketplace_purchase: "Marketplace purchase",
  marketplace_sale: "Marketplace sale",
  pvp_win: "PvP victory",
  pvp_loss: "PvP defeat",
  admin_grant: "Admin grant",
};

export function reasonLabel(reason: string): string {
  const known = labels[reason];
  if (known) return known;
  const words = reason.replaceAll("_", " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
