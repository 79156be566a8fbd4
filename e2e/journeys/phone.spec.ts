// Journeys only a phone has, at 390x844: the navigation folded behind its toggle, the music and chat panels
// over their dock, and a battle's end on a phone (the verdict's toast clear of the bar). Every screen at phone
// width is checked by the phone sweep (phone-sweep.spec.ts); the flows themselves run once at a desktop's width.
// The last journey is the one thing only a desktop shows: the floating buttons in the margins beside the content.
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  boxOf,
  checkPhoneScreen,
  createFirstBot,
  energyAfterSpending,
  enterAs,
  expectFloatingControlsClear,
  grantCoins,
  newPlayer,
  overlaps,
  type Player,
  shot,
  summonReadyBots,
  toast,
} from "./support";

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

test.describe("phone", () => {
  test.use({ viewport: phone });

  test("the folded navigation: its toggle shows every link, a link goes there and folds it, Credits opens the bank", async ({
    page,
  }) => {
    await enterAs(page, newPlayer("folded"));
    await createFirstBot(page.request, "Fold Runner");
    await page.goto("/dashboard");
    await expect(page.getByTestId("bot-detail")).toBeVisible();
    const toggle = page.getByRole("button", { name: "Toggle navigation" });
    const nav = page.getByRole("navigation", { name: "Main" });
    // A phone starts with the links folded away, so the page is not pushed off the screen.
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    // The bar's own controls stay on one row on the screen.
    const bar = await boxOf(page.locator("header").first());
    for (const control of [
      page.getByRole("button", { name: /credits/i }),
      page.getByRole("button", { name: /logout/i }),
      toggle,
    ]) {
      const box = await boxOf(control);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
    }

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    // The spec's fourteen links and Account; no Admin for a player.
    await expect(nav.getByRole("link")).toHaveCount(15);
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await checkPhoneScreen(page, "phone-navigation-open");

    await nav.getByRole("link", { name: "Leaderboard" }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    // The toggle folds the row again without leaving the page.
    await toggle.click();
    await expect(nav).toBeVisible();
    await toggle.click();
    await expect(nav).toBeHidden();
    await expect(page).toHaveURL(/\/leaderboard$/);

    // Credits, always in the bar, opens the bank.
    await page.getByRole("button", { name: /credits/i }).click();
    await expect(page).toHaveURL(/\/bank$/);
  });

  test("the music and chat panels open over the dock one at a time, and each button closes its own", async ({
    page,
  }) => {
    await enterAs(page, newPlayer("docked"));
    await createFirstBot(page.request, "Dock Hand");
    await page.goto("/dashboard");
    await expect(page.getByTestId("bot-detail")).toBeVisible();
    await expectFloatingControlsClear(page, "phone-dock");
    const dock = await boxOf(page.getByTestId("floating-dock"));
    const music = page.getByRole("heading", { name: "MUSIC PLAYER" });
    const chat = page.getByRole("region", { name: "Chat" });

    await page.getByRole("button", { name: "Open music player" }).click();
    await expect(music).toBeVisible();
    await page.getByRole("button", { name: /^Open chat/ }).click();
    await expect(chat).toBeVisible();
    // Each panel takes the width of the screen: the one opened last would hide the other, which closes.
    await expect(music).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open music player" })).toBeVisible();
    const sheet = await boxOf(chat);
    expect(sheet.y + sheet.height, "the chat sheet ends above the dock").toBeLessThanOrEqual(dock.y + 1);
    await page.getByRole("button", { name: "Open music player" }).click();
    await expect(music).toBeVisible();
    await expect(chat).toHaveCount(0);
    await checkPhoneScreen(page, "phone-music-panel", { overlay: true, fullPage: false });

    await page.getByRole("button", { name: "Close music player" }).click();
    await expect(music).toHaveCount(0);
    await expect(chat).toHaveCount(0);
  });

  test.describe("at the animations' real speed", () => {
    // canvas-confetti skips itself under prefers-reduced-motion.
    test.use({ reducedMotion: "no-preference" });

    test("a battle ends with its verdict toast clear of the bar, confetti for a win; a reload during the next keeps its result", async ({
      page,
    }) => {
      await enterAs(page, newPlayer("reload"));
      await createFirstBot(page.request, "Reload Ranger");
      await page.goto("/fight");
      await page.getByRole("button", { name: "Find AI Opponent" }).click();
      await expect(page.getByRole("group", { name: /^Opponent .+, level \d+$/ })).toBeVisible();
      const first = page.waitForResponse((r) => r.url().endsWith("/api/arena/ai/battle"));
      await page.getByRole("button", { name: /Start AI Battle/ }).click();
      const firstWon = ((await (await first).json()) as { won: boolean }).won;
      const zone = page.getByRole("dialog", { name: "COMBAT ZONE" });
      await zone.getByRole("button", { name: "Skip" }).click();
      await expect(zone.getByTestId("battle-verdict")).toBeVisible();
      // canvas-confetti draws on a canvas of its own, and only for the viewer's win (issue 26).
      await expect(page.locator("body > canvas")).toHaveCount(firstWon ? 1 : 0);
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
      await checkPhoneScreen(page, "phone-fight-after-reload");
    });
  });
});

/** A player with a first bot, a second one listed on the marketplace, equipment and a battle behind them. */
async function busyPilot(page: Page, browser: Browser): Promise<Player> {
  const player = newPlayer("margins");
  await enterAs(page, player);
  await createFirstBot(page.request, "Main Frame");
  await grantCoins(browser, player, 2000);
  const [botId] = await summonReadyBots(page.request, 1, "For Sale");
  const listed = await page.request.post("/api/marketplace/listings", { data: { botId, price: 400 } });
  expect(listed.ok()).toBe(true);
  expect((await page.request.post("/api/arena/ai/opponent")).ok()).toBe(true);
  expect((await page.request.post("/api/arena/ai/battle")).ok()).toBe(true);
  return player;
}

test.describe("desktop", () => {
  test.use({ viewport: desktop });

  test("the floating buttons stay in the margins beside the content of the busiest pages", async ({
    page,
    browser,
  }) => {
    await busyPilot(page, browser);
    for (const [path, ready] of [
      ["/dashboard", page.getByTestId("bot-detail")],
      ["/bank", page.getByRole("list", { name: "Coin history" }).getByRole("listitem").first()],
      ["/leaderboard", page.getByRole("columnheader", { name: "XP" })],
      ["/marketplace", page.getByRole("article", { name: "For Sale 1 for sale" })],
      ["/inventory", page.getByRole("heading", { name: "Your Bots" })],
      ["/repair", page.getByRole("heading", { name: "Main Frame" })],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      await expectFloatingControlsClear(page, `desktop ${path}`);
    }
  });
});
