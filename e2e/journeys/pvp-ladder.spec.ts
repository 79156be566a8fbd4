// The PvP ladder as a defender lives it: a raid lands while the defender's page is open and the alert says so at
// once; its View opens the defense log, whose Revenge strikes the raider back (the replay opens, the raid reads
// Avenged); the raider's pilot profile shows the rating with its '?' while provisional, the record and the
// battles. The rules behind it (ratings, shields, caps, revenge's window) are the server's tests; the screens'
// states their component tests.
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  checkPhoneScreen,
  createFirstBot,
  enterAs,
  listeningToMe,
  newPlayer,
  type Player,
  shot,
  toast,
} from "./support";

async function pilotWith(
  browser: Browser,
  botName: string,
): Promise<{ page: Page; player: Player; botId: string; listening: Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const listening = listeningToMe(page);
  const player = newPlayer("ladder");
  await enterAs(page, player);
  const bot = await createFirstBot(page.request, botName);
  return { page, player, botId: bot.id, listening };
}

const combatZone = (page: Page) => page.getByRole("dialog", { name: "COMBAT ZONE" });

async function shotBothWidths(page: Page, name: string) {
  await shot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  // The phone sweep's checks, with this journey's data on the page: nothing cut off or covered, taps big enough.
  await checkPhoneScreen(page, `${name}-phone`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a raid alerts the defender at once; the defense log's Revenge strikes back; the raider's profile", async ({
  browser,
}) => {
  const defender = await pilotWith(browser, "Bulwark Nine");
  await defender.page.goto("/dashboard");
  await expect(defender.page.getByRole("heading", { name: "BOT COMMAND" })).toBeVisible();
  await defender.listening;

  // The raid, from another player's browser, while the defender's dashboard is open.
  const raider = await pilotWith(browser, "Raider Vex");
  const raid = await raider.page.request.post("/api/arena/pvp/battle", {
    data: { defenderId: defender.botId },
  });
  expect(raid.ok()).toBe(true);
  const { won } = (await raid.json()) as { won: boolean };

  const title = won
    ? `${raider.player.username} raided Bulwark Nine`
    : `Bulwark Nine held against ${raider.player.username}`;
  const alert = toast(defender.page, title);
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(won ? "You lost 100 coins" : "+100 coins");
  await shot(defender.page, "pvp-raid-alert", { fullPage: false });
  await alert.getByRole("button", { name: "View" }).click();

  await expect(defender.page).toHaveURL(/\/defenses$/);
  const entry = defender.page.getByTestId("defense").filter({ hasText: raider.player.username });
  await expect(entry).toContainText(`raided Bulwark Nine: ${won ? "lost" : "held"}`);
  await expect(entry).toContainText(won ? "−100 coins" : "+100 coins");
  await expect(entry.getByRole("link", { name: "Replay" })).toBeVisible();
  await shotBothWidths(defender.page, "pvp-defense-log");

  const answered = defender.page.waitForResponse((r) => r.url().endsWith("/api/arena/pvp/battle"));
  await entry.getByRole("button", { name: "Revenge" }).click();
  const revenge = (await (await answered).json()) as { won: boolean; battle: { id: string } };
  await expect(defender.page).toHaveURL(new RegExp(`/battles/${revenge.battle.id}$`));
  await expect(toast(defender.page, revenge.won ? "Victory!" : "Defeat!")).toBeVisible();
  await expect(combatZone(defender.page)).toBeVisible();
  await defender.page.keyboard.press("Escape");
  await combatZone(defender.page).getByRole("button", { name: "Continue" }).click();

  await defender.page.goto("/defenses");
  await expect(entry.getByText("Avenged")).toBeVisible();
  await expect(entry.getByRole("button", { name: "Revenge" })).toHaveCount(0);

  await entry.getByRole("link", { name: raider.player.username }).click();
  await expect(defender.page).toHaveURL(new RegExp(`/pilots/${raider.player.username}$`));
  await expect(defender.page.getByTestId("pilot-rating")).toHaveText(/^\d+\?$/);
  const raiderWins = (won ? 1 : 0) + (revenge.won ? 0 : 1);
  await expect(defender.page.getByTestId("pilot-record")).toHaveText(`${raiderWins}W/${2 - raiderWins}L`);
  await expect(defender.page.getByTestId("pilot-battle")).toHaveCount(2);
  await shotBothWidths(defender.page, "pvp-pilot-profile");
});
