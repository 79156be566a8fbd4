// Issue 16 journeys: the core screens as a player meets them on a phone (390x844) and a desktop (1440x900).
// Every visited screen must not scroll sideways, must pass axe-core without a serious or critical finding,
// and is saved as a screenshot for a human to look at; each item of the issue is checked where a player sees it.
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import {
  createFirstBot,
  energyAfterSpending,
  enterAs,
  expectAccessible,
  glimpse,
  grantCoins,
  newPlayer,
  type Player,
  shot,
  signUp,
  summonReadyBots,
  toast,
} from "./support";

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };
type Viewport = typeof phone;
const widths = [
  ["phone", phone],
  ["desktop", desktop],
] as const;

/** The screen checks every visit makes (the floating controls' space, then shot's width and axe checks). */
async function checkScreen(page: Page, name: string, viewport: Viewport = phone): Promise<void> {
  await expectFloatingControlsClear(page, viewport);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await shot(page, name);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "element has a box").not.toBeNull();
  return box!;
}

const floatingButtons = (page: Page) => [
  page.getByRole("button", { name: /music player/ }),
  page.getByRole("button", { name: /chat/i }).last(),
];

/**
 * The floating music and chat buttons have their own space: on a phone they sit on the dock along the bottom
 * edge and the page ends above it; on a desktop they stay in the margins beside the page's content.
 */
async function expectFloatingControlsClear(page: Page, viewport: Viewport): Promise<void> {
  // 'instant': the app scrolls smoothly, and a box measured mid-glide would be wrong.
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );
  const buttons = await Promise.all(floatingButtons(page).map(boxOf));
  if (viewport === phone) {
    const dock = await boxOf(page.getByTestId("floating-dock"));
    for (const button of buttons) {
      expect(button.y, "button sits on the dock").toBeGreaterThanOrEqual(dock.y);
    }
    // Scrolled to the end, the page's content is above the dock.
    const last = await boxOf(page.locator("main"));
    expect(last.y + last.height, "content ends above the dock").toBeLessThanOrEqual(dock.y + 1);
  } else {
    const main = await boxOf(page.locator("main"));
    for (const button of buttons) expect(overlaps(button, main), "button beside the content").toBe(false);
  }
}

/** Console errors, such as a red 401 for the session on a signed-out page. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

async function pageAt(browser: Browser, viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

for (const [label, viewport] of widths) {
  test(`${label}: the signed-out landing and sign-in invite, log no 401 and fit the screen`, async ({
    browser,
  }) => {
    const page = await pageAt(browser, viewport);
    const errors = collectConsoleErrors(page);
    await page.goto("/");
    const pilots = page.getByTestId("pilots-line");
    await expect(pilots).toBeVisible();
    await expect(pilots).not.toHaveText(/^0 pilots/);
    await checkScreen(page, `${label}-landing`, viewport);
    await page.goto("/auth");
    await expect(page.getByLabel("Email")).toBeVisible();
    await checkScreen(page, `${label}-auth`, viewport);
    expect(errors.filter((text) => /401|Unauthorized/i.test(text))).toEqual([]);
    await page.context().close();
  });
}

test.describe("phone", () => {
  test.use({ viewport: phone });

  test("create a bot: the form first, one-line tabs, stats explained, toasts that go away", async ({
    page,
  }) => {
    await signUp(page, newPlayer("phone"));
    const tabs = page.getByRole("tablist", { name: "Creation steps" });
    const preview = page.getByRole("region", { name: "Bot preview" }).or(page.getByLabel("Bot preview"));
    expect((await boxOf(tabs)).y).toBeLessThan((await boxOf(preview.first())).y);
    for (const tab of await tabs.getByRole("tab").all()) {
      const lines = await tab.evaluate((el) => el.querySelector("span")?.getClientRects().length ?? 0);
      expect(lines, `${await tab.textContent()} on one line`).toBe(1);
    }

    await page.getByRole("button", { name: "Next" }).click();
    await expect(toast(page, "Please enter a bot name!")).toBeVisible();
    await page.getByLabel("Bot Name").fill("Pocket Titan");
    await expect(toast(page, "Please enter a bot name!")).toHaveCount(0);
    await checkScreen(page, "phone-create-bot-design");

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("stats-explainer")).toHaveText(
      "Each stat starts at 5 and can rise to 15. Place your 20 free points.",
    );
    await expect(page.getByTestId("points-remaining")).toHaveText("20");
    for (let i = 0; i < 10; i++) await page.getByRole("button", { name: "Increase Agility" }).click();
    for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Increase Strength" }).click();
    for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Increase Defense" }).click();
    await expect(page.getByTestId("points-remaining")).toHaveText("0");
    await checkScreen(page, "phone-create-bot-stats");

    await page.getByRole("button", { name: "Next" }).click();
    // The Initialized screen stands for 2 seconds.
    const initialized = glimpse(page, "h1", "Pocket Titan Initialized!");
    await page.getByRole("button", { name: "Create Bot" }).click();
    await initialized;
    // The image is on screen: the 'Generating' toast has done its job and is gone.
    await expect(toast(page, "Generating your mecha bot image...")).toHaveCount(0);
    await shot(page, "phone-create-bot-initialized", { fullPage: false });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a 10x summon: neutral room note, 'Suggest a name' and 'Auto-allocate', one line per stat", async ({
    page,
    browser,
  }) => {
    test.slow();
    const player = newPlayer("tenfold");
    await enterAs(page, player);
    await createFirstBot(page.request, "Anchor One");
    await grantCoins(browser, player, 5000);
    await page.goto("/summon");
    const note = page.getByTestId("summon-note-10");
    await expect(note).toHaveText("Adds 10 bots · 19 of 20 slots free");
    await expect(page.getByRole("button", { name: "10x Summon" })).toBeEnabled();
    // Neutral, not the danger colour of a refusal.
    const colour = await note.evaluate((el) => getComputedStyle(el).color);
    const danger = await page.evaluate(() => {
      const probe = document.createElement("span");
      probe.className = "text-danger";
      document.body.append(probe);
      const value = getComputedStyle(probe).color;
      probe.remove();
      return value;
    });
    expect(colour).not.toBe(danger);
    await checkScreen(page, "phone-summon");

    await page.getByRole("button", { name: "10x Summon" }).click();
    const naming = page.getByRole("dialog", { name: "Name Your Bot" });
    const allocating = page.getByRole("dialog", { name: "Allocate Stat Points" });
    for (let bot = 0; bot < 10; bot++) {
      await expect(naming).toBeVisible({ timeout: 15_000 });
      await naming.getByRole("button", { name: "Suggest a name" }).click();
      const name = naming.getByLabel("Bot name");
      await expect(name).toHaveValue(/^\w+ \w+ \d{2}$/);
      if (bot === 0) {
        // Still the player's to edit.
        await name.fill("Chosen One");
        await shot(page, "phone-summon-name", { fullPage: false });
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
        await expectAccessible(page, "phone-summon-allocate");
        await shot(page, "phone-summon-allocate", { fullPage: false });
      }
      await allocating.getByRole("button", { name: "Confirm" }).click();
    }
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(page.getByTestId("roster-count")).toHaveText("11 / 20");
    // One toast per topic: the ten 'is ready' toasts replaced each other instead of piling up.
    expect(await page.locator("[data-sonner-toast]").count()).toBeLessThanOrEqual(3);

    // Roster actions say what they do and what they cost; Recycle stands apart.
    const card = page.getByRole("article", { name: "Chosen One" });
    const rename = card.getByRole("button", { name: "Rename 5 coins, Chosen One" });
    const refresh = card.getByRole("button", { name: "Refresh 250 coins, Chosen One" });
    const recycle = card.getByRole("button", { name: "Recycle +250 coins, Chosen One" });
    await expect(rename).toHaveText(/Rename\s*5/);
    await expect(refresh).toHaveText(/Refresh\s*250/);
    await expect(recycle).toHaveText(/Recycle\s*\+250/);
    await card.scrollIntoViewIfNeeded();
    await shot(page, "phone-dashboard-roster", { fullPage: false });
    const refreshBox = await boxOf(refresh);
    expect((await boxOf(recycle)).y).toBeGreaterThan(refreshBox.y + refreshBox.height + 4);
    await checkScreen(page, "phone-dashboard");
  });

  test("a battle ends with confetti, and a reload during the next one shows its result and log", async ({
    page,
  }) => {
    await enterAs(page, newPlayer("reload"));
    await createFirstBot(page.request, "Reload Ranger");
    await page.goto("/fight");
    await page.getByRole("button", { name: "Find AI Opponent" }).click();
    await expect(page.getByRole("group", { name: /^Opponent .+, level \d+$/ })).toBeVisible();
    await page.getByRole("button", { name: /Start AI Battle/ }).click();
    const zone = page.getByRole("dialog", { name: "COMBAT ZONE" });
    await zone.getByRole("button", { name: "Skip" }).click();
    await expect(zone.getByTestId("battle-verdict")).toBeVisible();
    // canvas-confetti draws on a canvas of its own, won or lost.
    await expect(page.locator("body > canvas")).toHaveCount(1);
    // One result toast, clear of the navigation bar.
    const verdictToast = toast(page, /Victory!|Defeat!/);
    await expect(verdictToast).toHaveCount(1);
    expect(overlaps(await boxOf(verdictToast), await boxOf(page.locator("header").first()))).toBe(false);
    await shot(page, "phone-battle-result", { fullPage: false });
    await zone.getByRole("button", { name: "Continue" }).click();
    await expect(zone).toBeHidden();

    await page.getByRole("button", { name: "Find AI Opponent" }).click();
    await expect(page.getByRole("group", { name: /^Opponent .+, level \d+$/ })).toBeVisible();
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/arena/ai/battle"));
    await page.getByRole("button", { name: /Start AI Battle/ }).click();
    const outcome = (await (await answered).json()) as { won: boolean; battle: { id: string } };
    await expect(zone).toBeVisible();
    await page.reload();
    const last = page.getByTestId("last-battle");
    await expect(last).toBeVisible();
    await expect(last).toHaveAttribute("data-result", outcome.won ? "win" : "loss");
    await expect(last.getByText(outcome.won ? "Victory" : "Defeat", { exact: true })).toBeVisible();
    await expect(last.getByRole("heading", { name: "Battle Log" })).toBeVisible();
    await expect(last.getByRole("link", { name: "Watch replay" })).toHaveAttribute(
      "href",
      `/battles/${outcome.battle.id}`,
    );
    await expect(energyAfterSpending(page, 30)).toBeVisible();
    await checkScreen(page, "phone-fight-after-reload");
  });
});

/** A player with a first bot and a second one listed on the marketplace (its name carries `tag`). */
async function sellerWithListing(page: Page, browser: Browser, tag: string): Promise<Player> {
  const player = newPlayer("lister");
  await enterAs(page, player);
  await createFirstBot(page.request, "Main Frame");
  await grantCoins(browser, player, 2000);
  const [botId] = await summonReadyBots(page.request, 1, `For Sale ${tag}`);
  const listed = await page.request.post("/api/marketplace/listings", { data: { botId, price: 400 } });
  expect(listed.ok()).toBe(true);
  // A battle so the bank has history and the leaderboard a row.
  expect((await page.request.post("/api/arena/ai/opponent")).ok()).toBe(true);
  expect((await page.request.post("/api/arena/ai/battle")).ok()).toBe(true);
  return player;
}

for (const [label, viewport] of widths) {
  test(`${label}: bank, leaderboard, marketplace, inventory and repair fit the screen and keep clear of the floating buttons`, async ({
    browser,
  }) => {
    test.slow();
    const page = await pageAt(browser, viewport);
    await sellerWithListing(page, browser, label);

    await page.goto("/bank");
    const history = page.getByRole("list", { name: "Coin history" });
    await expect(history.getByRole("listitem").first()).toBeVisible();
    expect((await boxOf(history)).width).toBeLessThanOrEqual(viewport.width);
    await checkScreen(page, `${label}-bank`, viewport);

    await page.goto("/leaderboard");
    const xp = page.getByRole("columnheader", { name: "XP" });
    await expect(xp).toBeVisible();
    const xpBox = await boxOf(xp);
    expect(xpBox.x + xpBox.width, "XP column on screen").toBeLessThanOrEqual(viewport.width);
    await checkScreen(page, `${label}-leaderboard`, viewport);

    await page.goto("/marketplace");
    const listing = page.getByRole("article", { name: `For Sale ${label} 1 for sale` });
    await expect(listing).toBeVisible();
    // The picture's class emblem sits in its top-left corner: the badges keep off it.
    const picture = await boxOf(listing.locator(".aspect-square").first());
    const badges = await boxOf(listing.getByTestId("listing-badges"));
    const emblem = { x: picture.x, y: picture.y, width: picture.width * 0.2, height: picture.height * 0.2 };
    expect(overlaps(badges, emblem)).toBe(false);
    await checkScreen(page, `${label}-marketplace`, viewport);

    await page.goto("/inventory");
    await expect(page).toHaveURL(/\/inventory$/);
    const manage = page.getByRole("link", { name: "Manage bots" });
    await expect(manage).toHaveAttribute("href", "#manage-bots");
    await manage.click();
    await expect(page.getByRole("heading", { name: "Your Bots" })).toBeInViewport();
    await checkScreen(page, `${label}-inventory`, viewport);

    await page.goto("/repair");
    await expect(page).toHaveURL(/\/repair$/);
    await expect(page.getByRole("heading", { name: "Main Frame" })).toBeVisible();
    await checkScreen(page, `${label}-repair`, viewport);
    await page.context().close();
  });
}

test("repair without an active bot: 'Manage bots' leads to /inventory", async ({ page }) => {
  await enterAs(page, newPlayer("nobot"));
  await page.goto("/repair");
  await expect(page).toHaveURL(/\/repair$/);
  const manage = page.getByRole("link", { name: "Manage bots" });
  await expect(manage).toHaveAttribute("href", "/inventory#manage-bots");
  await manage.click();
  await expect(page).toHaveURL(/\/inventory#manage-bots$/);
});
