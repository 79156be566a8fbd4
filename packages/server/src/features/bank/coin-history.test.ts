// The coin history names the other side of every row: the player, tournament, guild or war a transfer's other leg
// moved, the player's own other account, or the house; a sale or purchase also names its bot.
import type { LedgerEntry, LedgerPage } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Player, type TestApp } from "../../../test/helpers";
import { playEveryTransfer } from "./transfer-kit";

let t: TestApp;
let world: Awaited<ReturnType<typeof playEveryTransfer>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await playEveryTransfer(t);
});
afterAll(() => t.close());

async function history(player: Player): Promise<LedgerEntry[]> {
  const response = await player.get("/api/bank/ledger?limit=100");
  expect(response.statusCode).toBe(200);
  return response.json<LedgerPage>().entries;
}
const sides = (entries: LedgerEntry[]) =>
  entries.map((e) => [e.reason, e.account, e.counterparty, ...(e.botName ? [e.botName] : [])]);

describe("the other side in the coin history", () => {
  it("names the player, the tournament, the guild, the own other account and the house", async () => {
    const { ann, bob } = world;
    const entries = await history(ann);
    const pvp = entries.filter((e) => e.reason.startsWith("pvp_"));
    expect(pvp.map((e) => e.counterparty)).toEqual([{ kind: "player", name: bob.me.username }]);
    expect(sides(entries.filter((e) => !e.reason.startsWith("pvp_")))).toEqual([
      ["guild_create", "wallet", { kind: "house" }],
      ["tournament_refund", "wallet", { kind: "tournament", name: "Neon Cup" }],
      ["tournament_entry", "wallet", { kind: "tournament", name: "Neon Cup" }],
      ["marketplace_purchase", "wallet", { kind: "player", name: bob.me.username }, "Rust Bucket"],
      ["vault_withdraw", "wallet", { kind: "own", account: "vault" }],
      ["vault_withdraw", "vault", { kind: "own", account: "wallet" }],
      ["vault_deposit", "vault", { kind: "own", account: "wallet" }],
      ["vault_deposit", "wallet", { kind: "own", account: "vault" }],
      ["vault_deposit", "vault", { kind: "own", account: "wallet" }],
      ["vault_deposit", "wallet", { kind: "own", account: "vault" }],
      ["signup_bonus", "wallet", { kind: "house" }],
    ]);
  });

  it("shows the seller who bought their bot, and a donor the guild", async () => {
    const { ann, bob } = world;
    const entries = await history(bob);
    expect(
      sides(entries.filter((e) => e.reason === "marketplace_sale" || e.reason === "guild_donation")),
    ).toEqual([
      ["guild_donation", "wallet", { kind: "guild", name: "Iron Wolves" }],
      ["marketplace_sale", "wallet", { kind: "player", name: ann.me.username }, "Rust Bucket"],
    ]);
  });

  it("names nobody for a transfer whose other leg it cannot find, and a sale's bot no longer there", async () => {
    const { ann } = world;
    await t.db.execute(sql`update coin_ledger set transfer_id = null
      where reason = 'marketplace_sale'`);
    await t.db.execute(sql`update bots set name = 'Scrap Heap' where name = 'Rust Bucket'`);
    await t.db.execute(sql`delete from marketplace_sales`);
    const [purchase] = (await history(ann)).filter((e) => e.reason === "marketplace_purchase");
    expect(purchase).toMatchObject({ counterparty: null });
    expect(purchase).not.toHaveProperty("botName");
  });
});
