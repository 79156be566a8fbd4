// Issue 6 journeys: the shop and the inventory, the marketplace between two players (balances live in both
// browsers), the bank vault and cash-out, repairs after a battle and fusion, with screenshots to judge.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  createFirstBot,
  energyAfterSpending,
  enterAs,
  grantCoins,
  newPlayer,
  shot,
  summonReadyBots,
  toast,
} from "./support";

/** Fights one AI battle with the active bot through the API, as /fight would. */
async function fightAi(request: APIRequestContext) {
  expect((await request.post("/api/arena/ai/opponent")).ok()).toBe(true);
  const answer = await request.post("/api/arena/ai/battle");
  expect(answer.ok()).toBe(true);
}

/** A full-page screenshot from the top: a scrolled page would draw the sticky bar over its middle. */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

const balance = (page: Page) => page.getByTestId("coin-balance");
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

test("buy a weapon in the shop, equip it and see the bot holding it", async ({ page }) => {
  await enterAs(page, newPlayer("armorer"));
  await createFirstBot(page.request, "Gear Tester");
  await page.goto("/shop");
  await expect(page.getByRole("heading", { name: "Equipment Shop" })).toBeVisible();
  await expect(balance(page)).toHaveText("1,000");
  await snap(page, "economy-shop");

  await card(page, "Omega Singularity Blade").getByRole("button", { name: "Buy for 7,500" }).click();
  await expect(toast(page, "Not enough coins!")).toBeVisible();

  await card(page, "Pulse Carbine").getByRole("button", { name: "Buy for 450" }).click();
  await expect(toast(page, "Purchased Pulse Carbine!")).toBeVisible();
  await expect(balance(page)).toHaveText("550");

  await page.goto("/inventory");
  const portrait = page.getByRole("img", { name: "Gear Tester" }).first();
  await expect(portrait).toBeVisible();
  const unarmed = await portrait.getAttribute("src");
  await card(page, "Pulse Carbine").getByRole("button", { name: "Equip" }).click();
  await expect(toast(page, "Item equipped to active bot")).toBeVisible();
  await expect(card(page, "Pulse Carbine").getByText("Equipped", { exact: true })).toBeVisible();
  await expect(page.getByText("Held by Gear Tester")).toBeVisible();
  await expect(portrait).not.toHaveAttribute("src", unarmed ?? "");
  await snap(page, "economy-inventory-equipped");

  await card(page, "Pulse Carbine").getByRole("button", { name: "Unequip" }).click();
  await expect(toast(page, "Item unequipped")).toBeVisible();
  await expect(portrait).toHaveAttribute("src", unarmed ?? "");
});

// An empty inventory ('No Equipment Yet', 'Go to Shop' to /shop): features/inventory/InventoryPage.test.tsx.

test("an Energy Cell refills the active bot after a battle", async ({ page }) => {
  await enterAs(page, newPlayer("charger"));
  await createFirstBot(page.request, "Drained Unit");
  await fightAi(page.request);
  await page.goto("/shop");
  await expect(energyAfterSpending(page, 15)).toBeVisible();
  await card(page, "Energy Cell").getByRole("button", { name: "Buy for 100" }).click();
  await expect(toast(page, "Energy fully restored!")).toBeVisible();
  await expect(page.getByText("100 / 100").first()).toBeVisible();
  await expect(balance(page)).toHaveText("900");
  await card(page, "Energy Cell").getByRole("button", { name: "Buy for 100" }).click();
  await expect(toast(page, "Your bot's energy is already full!")).toBeVisible();
  await snap(page, "economy-energy-cell");
});

test("one player lists a bot, another buys it, and both balances update live", async ({ browser }) => {
  const sellerContext = await browser.newContext();
  const buyerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const buyer = await buyerContext.newPage();
  const [sellerPlayer, buyerPlayer] = [newPlayer("seller"), newPlayer("buyer")];
  await enterAs(seller, sellerPlayer);
  await enterAs(buyer, buyerPlayer);
  await createFirstBot(seller.request, "Seller Prime");
  const [botId] = await summonReadyBots(seller.request, 1, "Trade Bait");
  await createFirstBot(buyer.request, "Buyer Prime");

  await buyer.goto("/marketplace");
  await expect(balance(buyer)).toHaveText("1,000");
  await seller.goto("/marketplace");
  await expect(balance(seller)).toHaveText("500");

  await seller.getByRole("button", { name: "List Bot" }).click();
  await expect(toast(seller, "Please select a bot and enter a valid price")).toBeVisible();
  await seller.getByLabel("Bot", { exact: true }).selectOption(botId!);
  await expect(seller.getByTestId("price-guide")).toBeVisible();
  await seller.getByLabel("Price (coins)").fill("0");
  await seller.getByRole("button", { name: "List Bot" }).click();
  await expect(toast(seller, "Please select a bot and enter a valid price").last()).toBeVisible();
  await seller.getByLabel("Price (coins)").fill("350");
  await seller.getByRole("button", { name: "List Bot" }).click();
  await expect(toast(seller, "Bot listed for sale!")).toBeVisible();
  const ownListing = card(seller, "Trade Bait 1 for sale");
  await expect(ownListing.getByRole("button", { name: "Unlist" })).toBeVisible();
  await snap(seller, "economy-marketplace-seller");

  // The buyer's grid gets the listing without a reload.
  const listing = card(buyer, "Trade Bait 1 for sale");
  await expect(listing).toBeVisible();
  await expect(listing.getByTestId("listing-price")).toContainText("350");
  await listing.getByRole("button", { name: /Battle history/ }).click();
  await expect(buyer.getByRole("dialog", { name: /battle history/ })).toBeVisible();
  await buyer.keyboard.press("Escape");
  await listing.getByRole("button", { name: "Buy Now" }).click();
  await snap(buyer, "economy-marketplace-confirm");
  await buyer
    .getByRole("dialog", { name: "Confirm purchase" })
    .getByRole("button", { name: "Buy for 350" })
    .click();
  await expect(toast(buyer, "Purchase successful!")).toBeVisible();
  await expect(balance(buyer)).toHaveText("650");
  await expect(listing).toHaveCount(0);

  // The seller's balance and grid follow live.
  await expect(balance(seller)).toHaveText("850");
  await expect(ownListing).toHaveCount(0);
  await snap(seller, "economy-marketplace-sold");

  // Each coin history names the other side: the buyer, the seller, and the house for the summon's coins.
  await seller.getByTestId("credits-balance").click();
  const sellerHistory = seller.getByRole("list", { name: "Coin history" });
  await expect(sellerHistory.getByText(`Sold Trade Bait 1 to ${buyerPlayer.username}`)).toBeVisible();
  await expect(
    sellerHistory.getByRole("listitem").filter({ hasText: "Summon" }).getByText("House"),
  ).toBeVisible();
  await snap(seller, "economy-coin-history");
  await buyer.getByTestId("credits-balance").click();
  await expect(
    buyer
      .getByRole("list", { name: "Coin history" })
      .getByText(`Bought Trade Bait 1 from ${sellerPlayer.username}`),
  ).toBeVisible();
  await buyer.setViewportSize({ width: 390, height: 844 });
  await snap(buyer, "economy-coin-history-phone");
  await buyer.goto("/marketplace");
  await expect(buyer.getByRole("heading", { name: "Marketplace" })).toBeVisible();
  await snap(buyer, "economy-marketplace-phone");
  await sellerContext.close();
  await buyerContext.close();
});

test("the bank: deposit to the day's limit, withdraw, and request a cash-out", async ({ page }) => {
  await enterAs(page, newPlayer("saver"));
  await page.goto("/bank");
  await expect(page.getByTestId("wallet-balance")).toHaveText("1,000");
  const deposit = page.locator("form").filter({ hasText: "Deposit" }).first();
  const withdraw = page.locator("form").filter({ hasText: "Withdraw" }).first();

  await deposit.getByRole("button", { name: "Deposit" }).click();
  await expect(toast(page, "Enter a valid amount")).toBeVisible();
  await deposit.getByRole("spinbutton").fill("300");
  await deposit.getByRole("button", { name: "Deposit" }).click();
  await expect(toast(page, "Deposited 300 coins to the vault")).toBeVisible();
  await expect(page.getByTestId("vault-balance")).toHaveText("300");
  await deposit.getByRole("spinbutton").fill("201");
  await deposit.getByRole("button", { name: "Deposit" }).click();
  await expect(toast(page, "Daily deposit limit is 500 coins (200 left today)")).toBeVisible();
  await deposit.getByRole("button", { name: "Max 200" }).click();
  await deposit.getByRole("button", { name: "Deposit" }).click();
  await expect(page.getByTestId("vault-balance")).toHaveText("500");
  await expect(page.getByTestId("wallet-balance")).toHaveText("500");
  await expect(page.getByText("0 of today's 500 left (UTC day)")).toBeVisible();

  await withdraw.getByRole("spinbutton").fill("100");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(toast(page, "Withdrew 100 coins from the vault")).toBeVisible();
  await expect(page.getByTestId("vault-balance")).toHaveText("400");

  await page.getByRole("button", { name: "Cash Out", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Cash Out" });
  await dialog.getByRole("button", { name: "Request Cash Out" }).click();
  await expect(toast(page, "Please enter a valid gamertag (max 35 characters)")).toBeVisible();
  await dialog.getByLabel("Gamertag").fill("satoshi_ace");
  await dialog.getByLabel("Amount").fill("401");
  await dialog.getByRole("button", { name: "Request Cash Out" }).click();
  await expect(toast(page, "Insufficient vault balance")).toBeVisible();
  await dialog.getByLabel("Amount").fill("150");
  await snap(page, "economy-cashout-dialog");
  await dialog.getByRole("button", { name: "Request Cash Out" }).click();
  await expect(toast(page, "Cashout request submitted! Processing may take 24-48 hours.")).toBeVisible();
  await expect(page.getByTestId("vault-balance")).toHaveText("250");
  const requests = page.getByRole("list", { name: "Cash-out requests" });
  await expect(requests.getByText("satoshi_ace")).toBeVisible();
  // Linked by address to the other journeys' pilots, it waits for a person; alone on the server, it goes on.
  await expect(requests.getByText(/^(Under review|On its way)$/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Coin history" }).getByText("Cash-out request")).toBeVisible();
  await snap(page, "economy-bank");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "economy-bank-phone");
});

test("a bot damaged in battle is repaired in the repair shop", async ({ page }) => {
  await enterAs(page, newPlayer("mechanic"));
  await createFirstBot(page.request, "Dented Unit");
  await page.goto("/repair");
  await expect(page.getByText("Bot is in perfect condition!")).toBeVisible();
  await fightAi(page.request);
  await fightAi(page.request);
  await page.reload();
  const cost = page.getByTestId("repair-cost");
  await expect(cost).toHaveText(/^(20|35|50)$/);
  const price = Number(await cost.textContent());
  await snap(page, "economy-repair-damaged");
  await page.getByRole("button", { name: /Repair Bot/ }).click();
  await expect(toast(page, "Bot repaired successfully!")).toBeVisible();
  await expect(page.getByText("Bot is in perfect condition!")).toBeVisible();
  await expect(balance(page)).toHaveText((1000 - price).toLocaleString("en-US"));
});

test("fuse two bots and name the result", async ({ page, browser }) => {
  const player = newPlayer("fuser");
  await enterAs(page, player);
  await createFirstBot(page.request, "Chamber Keeper");
  await grantCoins(browser, player, 5000);
  await summonReadyBots(page.request, 10, "Fodder");
  const roster = (await (await page.request.get("/api/bots")).json()) as {
    bots: { id: string; name: string; rarity: string; isActive: boolean }[];
  };
  // Ten summons always hold two inactive bots of a fusable rarity (common or uncommon) in practice.
  const pair = ["common", "uncommon"]
    .map((rarity) => roster.bots.filter((bot) => !bot.isActive && bot.rarity === rarity))
    .find((group) => group.length >= 2);
  expect(pair).toBeDefined();
  const [first, second] = pair!;

  await page.goto("/fusion");
  await expect(page.getByRole("heading", { name: "Bot Fusion" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Fuse Bots" })).toBeDisabled();
  await page.getByRole("button", { name: first!.name, exact: true }).click();
  await expect(page.getByRole("button", { name: "Chamber Keeper (Active bot)" })).toBeDisabled();
  await page.getByRole("button", { name: second!.name, exact: true }).click();
  await expect(page.getByTestId("fusion-result")).toContainText(
    first!.rarity === "common" ? "uncommon" : "rare",
  );
  await snap(page, "economy-fusion-ready");
  await page.getByRole("button", { name: "Fuse Bots" }).click();
  await expect(toast(page, "Fusion successful!")).toBeVisible();
  const naming = page.getByRole("dialog", { name: "Name Your Bot" });
  await expect(naming).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(naming).toBeVisible();
  await snap(page, "economy-fusion-naming");
  await naming.getByLabel("Bot name").fill("Twin Nova");
  await naming.getByRole("button", { name: "Continue" }).click();
  await expect(toast(page, "Twin Nova is ready!")).toBeVisible();
  await expect(naming).toHaveCount(0);
  // A card's name carries why it cannot go into the chamber: a rare result reads "Twin Nova (rare can't fuse)".
  const fusionCard = (name: string) =>
    page.getByRole("button", { name: new RegExp(`^${name}( \\(.+\\))?$`) });
  await expect(fusionCard("Twin Nova")).toBeVisible();
  await expect(fusionCard(first!.name)).toHaveCount(0);
  await expect(fusionCard(second!.name)).toHaveCount(0);
});
