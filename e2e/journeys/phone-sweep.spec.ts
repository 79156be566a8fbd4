// The phone sweep (issue 24): every route of both specs at 390x844, signed out, as players with data on the page
// (a roster of eleven, a battle, listings, a live bracket, guilds and a war, a chat with lines) and as the admin
// (each tab of /admin), with the dialogs and floating panels a player opens there. At each stop
// checkPhoneScreen (support.ts) checks what a phone breaks: nothing scrolls sideways or is cut off, no name, record
// or title is shortened with an ellipsis (issue 41), the floating
// music and chat buttons cover nothing, every tap target is at least 24 px, and axe-core finds nothing serious.
// The flows themselves are proved once, at a desktop's width, by the other journeys; what a flow shows only at
// this width is checked here where the sweep passes it (the create-bot form's order, a 10x summon's dialogs).
// Five tests, so the two workers share it. The project (playwright.config.ts) gives the width and the main
// server; the admin's stops run on the admin journeys' server.
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { adminBaseURL } from "../playwright.config";
import {
  admin,
  boxesOf,
  boxOf,
  checkPhoneScreen,
  createFirstBot,
  enterAs,
  expectNothingCutOff,
  expectTapTargets,
  grantCoins,
  newPlayer,
  overlaps,
  type Player,
  summonReadyBots,
  toast,
} from "./support";

const stop = checkPhoneScreen;

/** A player signed in through the API in a context of their own (the project's phone width), with a first bot. */
async function pilot(
  browser: Browser,
  prefix: string,
  botName: string | null = `${prefix} Unit`,
): Promise<{ context: BrowserContext; page: Page; player: Player; botId: string | null }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const player = newPlayer(prefix);
  await enterAs(page, player);
  const botId = botName ? (await createFirstBot(page.request, botName)).id : null;
  return { context, page, player, botId };
}

/** Console errors, such as a red 401 for the session on a signed-out page. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

async function fightAi(page: Page): Promise<{ battle: { id: string } }> {
  expect((await page.request.post("/api/arena/ai/opponent")).ok()).toBe(true);
  const answer = await page.request.post("/api/arena/ai/battle");
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { battle: { id: string } };
}

test("signed out: the landing with its panels, /auth both ways, the 404 page and the guarded routes", async ({
  page,
  request,
}) => {
  // Someone for the landing's pilots line to count, whichever journey runs first on this server.
  expect((await request.post("/api/auth/sign-up", { data: newPlayer("counted") })).ok()).toBe(true);
  const errors = collectConsoleErrors(page);

  await page.goto("/");
  const pilots = page.getByTestId("pilots-line");
  await expect(pilots).toBeVisible();
  await expect(pilots).not.toHaveText(/^0 pilots/);
  await stop(page, "landing");
  await page.getByRole("button", { name: "Open music player" }).click();
  await expect(page.getByRole("heading", { name: "MUSIC PLAYER" })).toBeVisible();
  await stop(page, "landing-music-player", { overlay: true, fullPage: false });
  await page.getByRole("button", { name: "Close music player" }).click();
  await page.getByRole("button", { name: /^Open chat/ }).click();
  await expect(page.getByRole("link", { name: "Please login to chat" })).toBeVisible();
  await stop(page, "landing-chat", { overlay: true, fullPage: false });
  await page.getByRole("button", { name: "Close chat", exact: true }).click();

  await page.goto("/auth");
  await expect(page.getByLabel("Email")).toBeVisible();
  const toSignIn = page.getByText("Already have an account? Sign in");
  if (await toSignIn.isVisible()) await toSignIn.click();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await stop(page, "auth-sign-in");
  await page.getByText("Don't have an account? Sign up").click();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Username is required").first()).toBeVisible();
  await expect(page.getByText("Password is required").first()).toBeVisible();
  await stop(page, "auth-sign-up-errors");
  // A signed-out visitor's pages ask for the session quietly: no red 401 in the console.
  expect(errors.filter((text) => /401|Unauthorized/i.test(text))).toEqual([]);

  await page.goto("/no/such/place");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await stop(page, "not-found");

  // Every house ad fits the banner at this width (a page shows two of them at a time, rotating every 12 s).
  const { ads } = (await (await request.get("/api/ads")).json()) as { ads: { title: string }[] };
  for (const ad of ads) {
    await page.route("**/api/ads", (route) => route.fulfill({ json: { enabled: true, ads: [ad] } }));
    await page.goto("/auth");
    // /auth's ads come with the app, at the visitor's first key, press or focus (src/auth.tsx).
    await page.getByLabel("Email").click();
    await expect(page.getByRole("complementary", { name: "Advertisement (top)" })).toContainText(ad.title);
    await expectNothingCutOff(page, `the ad '${ad.title}'`);
    await expectTapTargets(page, `the ad '${ad.title}'`);
    await page.unroute("**/api/ads");
  }

  // Every signed-in route sends a visitor to /auth (the admin's and a guild's included).
  for (const path of [
    "/dashboard",
    "/tournament",
    "/admin",
    "/guilds/00000000-0000-4000-8000-000000000000",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/auth/);
  }
});

test("a new pilot: the empty screens, the first bot through its form, a 10x summon and BOT COMMAND", async ({
  page,
  browser,
}) => {
  test.slow();
  const player = newPlayer("sweeper");
  await enterAs(page, player);

  // No bot yet: each screen says what to do instead.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/summon$/);
  await expect(page.getByTestId("bots-owned")).toHaveText("Bots Owned 0 / 20");
  await stop(page, "summon-no-bots");
  await page.goto("/train");
  await expect(page.getByRole("heading", { name: "No Active Bot" })).toBeVisible();
  await stop(page, "train-no-bot");
  await page.goto("/fight");
  await expect(page.getByText("No active bot found. Please create or activate a bot first.")).toBeVisible();
  await stop(page, "fight-no-bot");
  await page.goto("/inventory");
  await expect(page.getByRole("heading", { name: "No Equipment Yet" })).toBeVisible();
  await stop(page, "inventory-empty");
  await page.goto("/customize-bots");
  await expect(page.getByRole("heading", { name: "No Bots Selected" })).toBeVisible();
  await stop(page, "customize-no-bots");
  await page.goto("/fusion");
  await expect(page.getByRole("heading", { name: "Bot Fusion" })).toBeVisible();
  await stop(page, "fusion-no-bots");
  await page.goto("/repair");
  const manage = page.getByRole("link", { name: "Manage bots" });
  await expect(manage).toHaveAttribute("href", "/inventory#manage-bots");
  await stop(page, "repair-no-bot");
  await manage.click();
  await expect(page).toHaveURL(/\/inventory#manage-bots$/);

  // The first bot through its form. On a phone the form comes first and the tall preview after it, and each
  // step's tab keeps its label on one line.
  await page.clock.install();
  await page.goto("/create-bot");
  const tabs = page.getByRole("tablist", { name: "Creation steps" });
  const preview = page.getByRole("region", { name: "Bot preview" }).or(page.getByLabel("Bot preview"));
  const [tabsBox, previewBox] = await boxesOf(tabs, preview.first());
  expect(tabsBox.y).toBeLessThan(previewBox.y);
  for (const tab of await tabs.getByRole("tab").all()) {
    const lines = await tab.evaluate((el) => el.querySelector("span")?.getClientRects().length ?? 0);
    expect(lines, `${await tab.textContent()} on one line`).toBe(1);
  }
  // The refusal's toast goes as soon as it no longer applies.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(toast(page, "Please enter a bot name!")).toBeVisible();
  await page.getByLabel("Bot Name").fill("Pocket Titan");
  await expect(toast(page, "Please enter a bot name!")).toHaveCount(0);
  await stop(page, "create-bot-design");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("stats-explainer")).toHaveText(
    "Each stat starts at 5 and can rise to 15. Place your 20 free points.",
  );
  await expect(page.getByTestId("points-remaining")).toHaveText("20");
  for (let i = 0; i < 10; i++) await page.getByRole("button", { name: "Increase Agility" }).click();
  for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Increase Strength" }).click();
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Increase Defense" }).click();
  await expect(page.getByTestId("points-remaining")).toHaveText("0");
  await stop(page, "create-bot-stats");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Striker X-1 (Offensive)")).toBeVisible();
  await stop(page, "create-bot-confirm");
  // The Initialized screen stands for 2 seconds of the page's clock: held still while it is looked at.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.getByRole("button", { name: "Create Bot" }).click();
  const initialized = page.getByRole("alertdialog", { name: "Pocket Titan Initialized!" });
  await expect(initialized).toBeVisible();
  await expect(initialized.getByText("Preparing your bot for combat...")).toBeVisible();
  await expect(toast(page, "Generating your mecha bot image...")).toHaveCount(0);
  // Its axe-core check is the desktop pass's (bots.spec.ts): axe needs the page's timers, stopped here.
  await stop(page, "create-bot-initialized", { overlay: true, fullPage: false, axe: false });
  await page.clock.resume();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("bot-detail").getByRole("heading", { name: "Pocket Titan" })).toBeVisible();
  await stop(page, "dashboard-first-bot");

  // A 10x summon: the room note is neutral, and each bot's dialogs offer 'Suggest a name' and 'Auto-allocate'.
  await grantCoins(browser, player, 4000);
  await page.goto("/summon");
  const note = page.getByTestId("summon-note-10");
  await expect(note).toHaveText("Adds 10 bots · 19 of 20 slots free");
  await expect(page.getByRole("button", { name: "10x Summon" })).toBeEnabled();
  const colour = await note.evaluate((el) => getComputedStyle(el).color);
  const danger = await page.evaluate(() => {
    const probe = document.createElement("span");
    probe.className = "text-danger";
    document.body.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return value;
  });
  expect(colour, "the room note is not the danger colour of a refusal").not.toBe(danger);
  await stop(page, "summon");

  await page.getByRole("button", { name: "10x Summon" }).click();
  const naming = page.getByRole("dialog", { name: "Name Your Bot" });
  const allocating = page.getByRole("dialog", { name: "Allocate Stat Points" });
  for (let bot = 0; bot < 10; bot++) {
    await expect(naming).toBeVisible();
    await naming.getByRole("button", { name: "Suggest a name" }).click();
    const name = naming.getByLabel("Bot name");
    await expect(name).toHaveValue(/^\w+ \w+ \d{2}$/);
    if (bot === 0) {
      // Still the player's to edit.
      await name.fill("Chosen One");
      await stop(page, "summon-name", { overlay: true, fullPage: false });
    }
    await naming.getByRole("button", { name: "Continue" }).click();
    await expect(allocating).toBeVisible();
    await allocating.getByRole("button", { name: "Auto-allocate" }).click();
    await expect(allocating.getByTestId("bonus-remaining")).toHaveText("0");
    if (bot === 0) {
      for (const stat of ["strength", "agility", "defense", "intelligence"]) {
        const value = allocating.getByTestId(`stat-${stat}-value`);
        await expect(value).toHaveText(/^\d+ \+\d+ = \d+$/);
        expect(await value.evaluate((el) => el.getClientRects().length), `${stat} on one line`).toBe(1);
      }
      // Still editable after the one click.
      await allocating.getByRole("button", { name: "Decrease Strength" }).click();
      await expect(allocating.getByTestId("bonus-remaining")).toHaveText("1");
      await allocating.getByRole("button", { name: "Increase Strength" }).click();
      await stop(page, "summon-allocate", { overlay: true, fullPage: false });
    }
    await allocating.getByRole("button", { name: "Confirm" }).click();
  }
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByTestId("roster-count")).toHaveText("11 / 20");
  // One toast per topic: the ten 'is ready' toasts replaced each other instead of piling up.
  expect(await page.locator("[data-sonner-toast]").count()).toBeLessThanOrEqual(3);

  // BOT COMMAND with eleven bots: each card's actions say what they do and cost; Recycle stands apart.
  const card = page.getByRole("article", { name: "Chosen One" });
  const rename = card.getByRole("button", { name: "Rename 5 coins, Chosen One" });
  const refresh = card.getByRole("button", { name: "Refresh 250 coins, Chosen One" });
  const recycle = card.getByRole("button", { name: "Recycle +250 coins, Chosen One" });
  await expect(rename).toHaveText(/Rename\s*5/);
  await expect(refresh).toHaveText(/Refresh\s*250/);
  await expect(recycle).toHaveText(/Recycle\s*\+250/);
  const [refreshBox, recycleBox] = await boxesOf(refresh, recycle);
  expect(recycleBox.y).toBeGreaterThan(refreshBox.y + refreshBox.height + 4);
  await stop(page, "dashboard-roster");
  for (const [button, dialog] of [
    [rename, "Rename Bot"],
    [refresh, "Refresh Bot"],
    [recycle, "Recycle Bot"],
  ] as const) {
    await button.click();
    await expect(page.getByRole("dialog", { name: dialog })).toBeVisible();
    await stop(page, `dashboard-${dialog.toLowerCase().replace(" ", "-")}`, {
      overlay: true,
      fullPage: false,
    });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: dialog })).toHaveCount(0);
  }

  await page.goto("/train");
  await expect(page.getByRole("heading", { name: "Training Facility" })).toBeVisible();
  await stop(page, "train");

  // The fusion chamber with two bots of a rarity in its slots (ten summons hold such a pair in practice: the
  // rarities are rolled, so the chamber is looked at either way).
  const roster = (await (await page.request.get("/api/bots")).json()) as {
    bots: { name: string; rarity: string; isActive: boolean }[];
  };
  const pair = ["common", "uncommon"]
    .map((rarity) => roster.bots.filter((bot) => !bot.isActive && bot.rarity === rarity))
    .find((group) => group.length >= 2);
  await page.goto("/fusion");
  await expect(page.getByRole("heading", { name: "Bot Fusion" })).toBeVisible();
  if (pair) {
    for (const bot of pair.slice(0, 2))
      await page.getByRole("button", { name: bot.name, exact: true }).click();
    await expect(page.getByTestId("fusion-result")).toBeVisible();
    await expect(page.getByRole("button", { name: "Fuse Bots" })).toBeEnabled();
  }
  await stop(page, "fusion");
  await page.goto("/summon");
  await expect(page.getByTestId("summon-history").getByRole("listitem").first()).toBeVisible();
  await stop(page, "summon-with-history");
});

test("a pilot's arena and economy: a battle and its replay, the shop, inventory, customizing, marketplace, bank and more", async ({
  browser,
}) => {
  test.slow();
  const { context, page, player, botId } = await pilot(browser, "trader", "Main Frame");
  // Customized once already, so it can be re-customized (the paid mode, with its cost box).
  expect(
    (await page.request.post(`/api/bots/${botId}/customize`, { data: { colorScheme: "Gold" } })).ok(),
  ).toBe(true);
  await grantCoins(browser, player, 3000);
  const ids = await summonReadyBots(page.request, 1, "Spare Part");
  await summonReadyBots(page.request, 1, "Second Part");
  const fought = await fightAi(page);
  // A weapon from the shop, so the inventory has a card.
  const catalogue = (await (await page.request.get("/api/shop")).json()) as {
    equipment: { id: string; name: string; price: number }[];
  };
  const cheapest = catalogue.equipment[0]!;
  expect(
    (
      await page.request.post("/api/shop/purchase", { data: { itemType: "equipment", itemId: cheapest.id } })
    ).ok(),
  ).toBe(true);
  // The player's own listing, and another seller's to buy.
  expect(
    (await page.request.post("/api/marketplace/listings", { data: { botId: ids[0], price: 400 } })).ok(),
  ).toBe(true);
  const seller = await pilot(browser, "vendor", "Vendor Prime");
  await grantCoins(browser, seller.player, 1000);
  const [forSale] = await summonReadyBots(seller.page.request, 1, "Bargain Bin");
  expect(
    (
      await seller.page.request.post("/api/marketplace/listings", { data: { botId: forSale, price: 350 } })
    ).ok(),
  ).toBe(true);
  await seller.context.close();
  // Coins in the vault and a cash-out asked for: the bank's standing open, and a request in its history.
  expect((await page.request.post("/api/bank/deposit", { data: { amount: 400 } })).ok()).toBe(true);
  expect(
    (await page.request.post("/api/bank/cashout", { data: { gamertag: "pocket_trader", amount: 150 } })).ok(),
  ).toBe(true);

  // The arena: an opponent with the odds, the PvP list, a battle in the COMBAT ZONE and its log.
  await page.goto("/fight");
  await page.getByRole("button", { name: "Find AI Opponent" }).click();
  await expect(page.getByRole("group", { name: /^Opponent .+, level \d+$/ })).toBeVisible();
  await expect(page.getByTestId("win-chance")).toBeVisible();
  await stop(page, "fight-ai-opponent");
  await page.getByRole("tab", { name: "PvP Battle" }).click();
  await expect(page.getByRole("radio").first()).toBeVisible();
  await page.getByRole("radio").first().click();
  await stop(page, "fight-pvp");
  await page.getByRole("tab", { name: "AI Battle" }).click();
  await page.getByRole("button", { name: /Start AI Battle/ }).click();
  const zone = page.getByRole("dialog", { name: "COMBAT ZONE" });
  await expect(zone.getByRole("button", { name: "Skip" })).toBeVisible();
  await stop(page, "fight-combat-zone", { overlay: true, fullPage: false });
  await zone.getByRole("button", { name: "Skip" }).click({ force: true });
  await expect(zone.getByTestId("battle-verdict")).toBeVisible();
  // The verdict's toast keeps clear of the navigation bar.
  const verdictToast = toast(page, /Victory!|Defeat!/);
  await expect(verdictToast).toHaveCount(1);
  expect(overlaps(await boxOf(verdictToast), await boxOf(page.locator("header").first()))).toBe(false);
  await stop(page, "fight-combat-result", { overlay: true, fullPage: false });
  await zone.getByRole("button", { name: "Continue" }).click();
  await expect(zone).toBeHidden();
  await expect(page.getByRole("heading", { name: "Battle Log" })).toBeVisible();
  await stop(page, "fight-battle-log");

  await page.goto(`/battles/${fought.battle.id}`);
  await expect(zone).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(zone.getByTestId("battle-verdict")).toBeVisible();
  await zone.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Verified replay")).toBeVisible();
  await stop(page, "battle-replay");

  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Recent Battles" })).toBeVisible();
  await stop(page, "dashboard-recent-battles");

  await page.goto("/shop");
  await expect(page.getByRole("heading", { name: "Equipment Shop" })).toBeVisible();
  await stop(page, "shop");

  await page.goto("/inventory");
  await expect(page.getByRole("article", { name: cheapest.name, exact: true })).toBeVisible();
  await stop(page, "inventory");
  // 'Manage bots' takes the player down to their bots.
  const manage = page.getByRole("link", { name: "Manage bots" });
  await expect(manage).toHaveAttribute("href", "#manage-bots");
  await manage.click();
  await expect(page.getByRole("heading", { name: "Your Bots" })).toBeInViewport();
  await page.getByRole("button", { name: "Select Second Part 1" }).click();
  await page.getByRole("button", { name: "Customize (1)" }).click();
  await expect(page).toHaveURL(/\/customize-bots\?bots=/);
  await expect(page.getByTestId("customize-card")).toHaveCount(1);
  await stop(page, "customize");
  await page.getByRole("button", { name: "Customize Second Part 1" }).click();
  await expect(page.getByRole("dialog", { name: "Customize Second Part 1" })).toBeVisible();
  await stop(page, "customize-dialog", { overlay: true, fullPage: false });
  await page.keyboard.press("Escape");
  await page.goto("/inventory");
  await page.getByRole("button", { name: "Select Main Frame" }).click();
  await page.getByRole("button", { name: "Re-customize (1)" }).click();
  await page.getByRole("button", { name: "Customize Main Frame" }).click();
  const again = page.getByRole("dialog", { name: "Re-customize Main Frame" });
  await again.getByLabel("Bot name").fill("Main Frame Two");
  await expect(again.getByTestId("cost-box")).toContainText("5 coins");
  await stop(page, "customize-again-cost", { overlay: true, fullPage: false });
  await page.keyboard.press("Escape");

  await page.goto("/marketplace");
  const own = page.getByRole("article", { name: "Spare Part 1 for sale" });
  await expect(own.getByRole("button", { name: "Unlist" })).toBeVisible();
  const listing = page.getByRole("article", { name: "Bargain Bin 1 for sale" });
  await expect(listing).toBeVisible();
  // The picture's class emblem sits in its top-left corner: the badges keep off it.
  const [picture, badges] = await boxesOf(
    listing.locator(".aspect-square").first(),
    listing.getByTestId("listing-badges"),
  );
  const emblem = { x: picture.x, y: picture.y, width: picture.width * 0.2, height: picture.height * 0.2 };
  expect(overlaps(badges, emblem)).toBe(false);
  await stop(page, "marketplace");
  await listing.getByRole("button", { name: /Battle history/ }).click();
  await expect(page.getByRole("dialog", { name: /battle history/ })).toBeVisible();
  await stop(page, "marketplace-battle-history", { overlay: true, fullPage: false });
  await page.keyboard.press("Escape");
  await listing.getByRole("button", { name: "Buy Now" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm purchase" })).toBeVisible();
  await stop(page, "marketplace-confirm", { overlay: true, fullPage: false });
  await page.keyboard.press("Escape");

  await page.goto("/bank");
  const history = page.getByRole("list", { name: "Coin history" });
  await expect(history.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByTestId("cashout-request")).toHaveCount(1);
  await stop(page, "bank");
  await page.getByRole("button", { name: "Cash Out", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Cash Out" })).toBeVisible();
  await stop(page, "bank-cash-out", { overlay: true, fullPage: false });
  await page.keyboard.press("Escape");

  await page.goto("/leaderboard");
  const xp = page.getByRole("columnheader", { name: "XP" });
  await expect(xp).toBeVisible();
  const xpBox = await boxOf(xp);
  expect(xpBox.x + xpBox.width, "XP column on screen").toBeLessThanOrEqual(390);
  await stop(page, "leaderboard");

  await page.goto("/repair");
  await expect(page.getByRole("heading", { name: "Main Frame" })).toBeVisible();
  await stop(page, "repair");
  await context.close();
});

test("a pilot's community: a live bracket and the podium, guilds and a war, the chat, the music player and the account", async ({
  browser,
}) => {
  test.slow();
  const me = await pilot(browser, "social", "Crimson Comet");
  const page = me.page;
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await enterAs(adminPage, admin);

  // A tournament of four, its rounds an hour long so the bracket stays live while it is looked at; then End Now.
  await page.goto("/tournament");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const created = await adminPage.request.post("/api/admin/tournaments", {
    data: { name: `Pocket Cup ${me.player.username.slice(-4)}`, entryFeeMode: "player", roundSeconds: 3600 },
  });
  expect(created.ok()).toBe(true);
  const tournamentId = ((await created.json()) as { tournament: { id: string } }).tournament.id;
  const rivals = await Promise.all(["cupper1", "cupper2", "cupper3"].map((p) => pilot(browser, p)));
  for (const entrant of [me, ...rivals]) {
    expect((await entrant.page.request.post(`/api/tournaments/${tournamentId}/join`)).ok()).toBe(true);
    expect((await entrant.page.request.post(`/api/tournaments/${tournamentId}/ready`)).ok()).toBe(true);
  }
  await page.goto("/tournament");
  await expect(page.getByTestId("participant")).toHaveCount(4);
  await expect(page.getByTestId("ready-message")).toHaveText(
    "All players ready! Tournament starting soon...",
  );
  await stop(page, "tournament-ready-up");
  expect((await adminPage.request.post(`/api/admin/tournaments/${tournamentId}/start`)).ok()).toBe(true);
  await expect(page.getByTestId("tournament-status")).toHaveText("Battle in Progress - Live Bracket!");
  await expect(page.getByTestId("live-overlay").first()).toBeVisible();
  await stop(page, "tournament-bracket");
  expect((await adminPage.request.post(`/api/admin/tournaments/${tournamentId}/force-complete`)).ok()).toBe(
    true,
  );
  await expect(page.getByTestId("tournament-status")).toHaveText("Tournament Complete - Winners Crowned!");
  await expect(page.getByTestId("podium")).toBeVisible();
  await stop(page, "tournament-podium");
  expect((await adminPage.request.post(`/api/admin/tournaments/${tournamentId}/archive`)).ok()).toBe(true);
  await expect(page.getByText("No Active Tournament")).toBeVisible();
  const past = page.getByTestId("past-tournament").first();
  await past.getByRole("button").click();
  await expect(past.getByText("THE PLAYOFFS")).toBeVisible();
  await stop(page, "tournament-history");
  for (const rival of rivals) await rival.context.close();

  // Guilds: the founding dialog, the list with the player's own guild, its members and its bank.
  await page.goto("/guilds");
  await page.getByRole("button", { name: "Create Guild (100 coins)" }).click();
  await expect(page.getByRole("dialog", { name: "Create Guild" })).toBeVisible();
  await stop(page, "guilds-create-dialog", { overlay: true, fullPage: false });
  await page.keyboard.press("Escape");
  const tag = `P${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const founded = await page.request.post("/api/guilds", {
    data: { name: `Pocket Owls ${tag}`, tag, description: "We fly at night." },
  });
  expect(founded.status()).toBe(201);
  const guildId = ((await founded.json()) as { guild: { id: string } }).guild.id;
  expect((await page.request.post(`/api/guilds/${guildId}/contribute`, { data: { amount: 250 } })).ok()).toBe(
    true,
  );
  await page.goto("/guilds");
  await expect(page.getByTestId("my-guild")).toContainText(`Pocket Owls ${tag}`);
  await stop(page, "guilds");
  await page.goto(`/guilds/${guildId}`);
  await expect(page.getByRole("heading", { name: `Pocket Owls ${tag}`, level: 1 })).toBeVisible();
  await stop(page, "guild-members");
  await page.getByRole("tab", { name: "Bank" }).click();
  await expect(page.getByTestId("contribution").first()).toContainText("+250");
  await stop(page, "guild-bank");
  await page.getByRole("button", { name: "Leave Guild" }).click();
  await expect(page.getByTestId("leave-warning")).toBeVisible();
  await stop(page, "guild-leave-dialog", { overlay: true, fullPage: false });
  await page.keyboard.press("Escape");
  await page.goto("/guilds/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Guild not found" })).toBeVisible();
  await stop(page, "guild-not-found");

  // A guild war: eight guilds reach 500 coins and it opens; its card shows during the registration.
  await page.goto("/guild-wars");
  await expect(page.getByRole("heading", { name: "Guild Wars" })).toBeVisible();
  const runTag = Math.random().toString(36).slice(2, 4).toUpperCase();
  const warlords = [];
  for (let i = 1; i <= 8; i++) {
    const lord = await pilot(browser, `warlord${i}`);
    const made = await lord.page.request.post("/api/guilds", {
      data: { name: `Pocket Clan ${runTag}${i}`, tag: `${runTag}${i}` },
    });
    expect(made.status()).toBe(201);
    const { guild } = (await made.json()) as { guild: { id: string } };
    const given = await lord.page.request.post(`/api/guilds/${guild.id}/contribute`, {
      data: { amount: 500 },
    });
    expect(given.ok()).toBe(true);
    warlords.push(lord);
  }
  const war = page.getByTestId("war-card").filter({ hasText: `Pocket Clan ${runTag}1` });
  await expect(war).toBeVisible();
  await expect(war.getByTestId("war-guild")).toHaveCount(8);
  await stop(page, "guild-wars");
  await page.getByRole("tab", { name: /History \(\d+\)/ }).click();
  await stop(page, "guild-wars-history");
  for (const lord of warlords) await lord.context.close();

  // The chat: lines from others arrive while it is closed (the unread badge), then the open panel.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: /^Open chat/ }).click();
  await expect(page.getByRole("region", { name: "Chat" })).toBeVisible();
  await page.getByRole("button", { name: "Close chat", exact: true }).click();
  const talker = await pilot(browser, "talker", null);
  for (const line of [`hey @${me.player.username}, ready?`, "the bracket was close", "see you in the war"]) {
    expect((await talker.page.request.post("/api/chat/messages", { data: { message: line } })).ok()).toBe(
      true,
    );
  }
  await talker.context.close();
  await expect(page.getByTestId("chat-unread")).toBeVisible();
  await stop(page, "chat-unread");
  await page.getByRole("button", { name: /^Open chat/ }).click();
  const panel = page.getByRole("region", { name: "Chat" });
  await expect(panel.getByTestId("chat-line").filter({ hasText: "see you in the war" })).toBeVisible();
  await stop(page, "chat-open", { overlay: true, fullPage: false });
  await page.getByRole("button", { name: "Close chat", exact: true }).click();

  await page.getByRole("button", { name: "Open music player" }).click();
  await expect(page.getByRole("heading", { name: "MUSIC PLAYER" })).toBeVisible();
  await stop(page, "music-player", { overlay: true, fullPage: false });
  await page.getByRole("button", { name: "Close music player" }).click();

  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await stop(page, "account");
  await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(page.getByRole("dialog", { name: "Sign out everywhere?" })).toBeVisible();
  await stop(page, "account-sign-out-everywhere", { overlay: true, fullPage: false });
  await page.keyboard.press("Escape");
  await adminContext.close();
  await me.context.close();
});

test.describe("the admin", () => {
  // A cash-out and a chat report are the admin's to see, on the admin journeys' server: the moderation list on
  // the main server is chat.spec.ts's to count.
  test.use({ baseURL: adminBaseURL });

  test("the admin: every tab of /admin with something in it, and the dialogs the admin opens", async ({
    page,
    browser,
  }) => {
    test.slow();
    // Something for the tabs to show: a cash-out to settle and a reported chat line.
    const saver = await pilot(browser, "payout", null);
    expect((await saver.page.request.post("/api/bank/deposit", { data: { amount: 500 } })).ok()).toBe(true);
    expect(
      (
        await saver.page.request.post("/api/bank/cashout", { data: { gamertag: "pocket_ace", amount: 200 } })
      ).ok(),
    ).toBe(true);
    const said = await saver.page.request.post("/api/chat/messages", {
      data: { message: "report me, admin" },
    });
    expect(said.ok()).toBe(true);
    const { messages } = (await (await saver.page.request.get("/api/chat/messages")).json()) as {
      messages: { id: string; message: string }[];
    };
    const line = messages.filter((m) => m.message === "report me, admin").at(-1)!;
    const reader = await pilot(browser, "snitch", null);
    expect((await reader.page.request.post(`/api/chat/messages/${line.id}/report`, { data: {} })).ok()).toBe(
      true,
    );
    await reader.context.close();

    await enterAs(page, admin);
    // A tournament in the Tournaments tab's list, waiting for its start.
    const created = await page.request.post("/api/admin/tournaments", {
      data: { name: `Phone Cup ${saver.player.username.slice(-4)}`, entryFeeMode: "admin" },
    });
    expect(created.ok()).toBe(true);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
    await expect(page.getByTestId("admin-tournament").first()).toBeVisible();
    // The folded navigation holds the Admin link, for the admin only.
    await page.getByRole("button", { name: "Toggle navigation" }).click();
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }),
    ).toBeVisible();
    await stop(page, "admin-navigation-open");
    await page.getByRole("button", { name: "Toggle navigation" }).click();
    await expect(page.getByRole("tab", { name: "Tournaments" })).toHaveAttribute("aria-selected", "true");
    await stop(page, "admin-tournaments");

    await page.getByRole("tab", { name: "Image Library" }).click();
    await expect(page.getByTestId("library-counts")).toBeVisible();
    await stop(page, "admin-images");
    await page.getByRole("button", { name: "Clear library" }).click();
    await expect(page.getByRole("dialog", { name: "Clear the image library?" })).toBeVisible();
    await stop(page, "admin-images-clear", { overlay: true, fullPage: false });
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("tab", { name: "Music Management" }).click();
    await expect(page.getByRole("button", { name: "Upload track" })).toBeVisible();
    await stop(page, "admin-music");

    await page.getByRole("tab", { name: "Player Management" }).click();
    await page.getByLabel("Name or e-mail").fill(saver.player.username);
    await expect(page.getByTestId("player-result")).toHaveCount(1);
    await stop(page, "admin-players");

    await page.getByRole("tab", { name: "Cash-outs" }).click();
    const row = page.getByTestId("admin-cashout").filter({ hasText: "pocket_ace" });
    await expect(row).toBeVisible();
    await stop(page, "admin-cashouts");
    await row.getByRole("button", { name: "Refund" }).click();
    await expect(page.getByRole("dialog", { name: "Refund this cash-out" })).toBeVisible();
    await stop(page, "admin-cashouts-refund", { overlay: true, fullPage: false });
    await page.keyboard.press("Escape");
    await row.getByRole("button", { name: "Freeze" }).click();
    await expect(page.getByRole("dialog", { name: `Freeze ${saver.player.username}?` })).toBeVisible();
    await stop(page, "admin-cashouts-freeze", { overlay: true, fullPage: false });
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: "Moderation" }).click();
    await expect(page.getByText("report me, admin").first()).toBeVisible();
    await stop(page, "admin-moderation");

    // The admin's chat: a line's actions and the mute dialog.
    await page.getByRole("button", { name: /^Open chat/ }).click();
    const chatLine = page
      .getByRole("region", { name: "Chat" })
      .getByTestId("chat-line")
      .filter({ hasText: "report me, admin" })
      .last();
    await chatLine.getByRole("button", { name: `Message actions for ${saver.player.username}` }).click();
    await chatLine.getByRole("button", { name: `Mute ${saver.player.username}` }).click();
    await expect(page.getByRole("dialog", { name: `Mute ${saver.player.username}` })).toBeVisible();
    await stop(page, "admin-chat-mute", { overlay: true, fullPage: false });
    const muting = page.getByRole("dialog", { name: `Mute ${saver.player.username}` });
    await muting.getByLabel("Reason").fill("spam");
    await muting.getByRole("button", { name: "Mute" }).click();
    await expect(toast(page, `${saver.player.username} is muted for 5 minutes`)).toBeVisible();
    // The muted player's panel says until when, in place of the message box.
    await saver.page.goto("/summon");
    await saver.page.getByRole("button", { name: /^Open chat/ }).click();
    await expect(
      saver.page.getByRole("region", { name: "Chat" }).getByText(/You are muted until/),
    ).toBeVisible();
    await stop(saver.page, "chat-muted", { overlay: true, fullPage: false });
    await saver.context.close();
  });
});
