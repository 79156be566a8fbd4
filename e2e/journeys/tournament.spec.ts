// Tournaments (seed 001 /tournament and the admin's Tournaments tab): the admin creates a player-paid
// tournament, four players join and ready up (one of them in this browser, clicking), the admin starts it, the
// player watches the bracket play live (LIVE overlay, a live match in the COMBAT ZONE, the final after the
// semi-finals), the podium appears with prizes, and archiving it leaves 'No Active Tournament' and the history.
// Time is driven, never waited for: the rounds last an hour, so nothing moves while the journey looks, and the
// journey moves the server's clock (the `clock` project's server, TEST_CLOCK=on) to end each one.
import { randomBytes } from "node:crypto";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { advanceClock, expectTestClock, HOUR, MINUTE } from "./clock";
import { admin, enterAs, firstBotForm, newPlayer, type Player, shot, toast } from "./support";

/** How long registration and each round last, as the admin types them into the form. */
const REGISTRATION_MINUTES = 60;
const ROUND = HOUR;
const ROUND_SECONDS = ROUND / 1000;

async function shots(page: Page, name: string) {
  await shot(page, `tournament-${name}`);
}

const phone = { width: 390, height: 844 };

/** The screen at the project's width, then at a phone's (the pages issue 26 changed). */
async function shotsAtBothWidths(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  await shot(page, `tournament-${name}`, options);
  await page.setViewportSize(phone);
  await shot(page, `tournament-${name}-phone`, options);
  await page.setViewportSize(size);
}

/** A player with a first bot, signed in through the API in a context of their own. */
async function pilotIn(
  browser: Browser,
  prefix: string,
): Promise<{ context: BrowserContext; page: Page; player: Player }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const player = newPlayer(prefix);
  await enterAs(page, player);
  const created = await page.request.post("/api/bots", { data: { ...firstBotForm, name: `${prefix} bot` } });
  expect(created.ok()).toBe(true);
  return { context, page, player };
}

test("the admin runs a tournament: players join and ready up, watch the live bracket and see the podium", async ({
  browser,
  page,
}) => {
  await expectTestClock(page.request);
  const name = `Neon Cup ${randomBytes(2).toString("hex")}`;

  // The admin creates the tournament in the Tournaments tab of /admin.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await enterAs(adminPage, admin);
  await adminPage.goto("/admin?tab=tournaments");
  await adminPage.getByRole("button", { name: "Create Tournament" }).click();
  await expect(toast(adminPage, "Tournament name is required")).toBeVisible();
  await adminPage.getByLabel("Tournament name").fill(name);
  await adminPage.getByLabel("Entry fee mode").selectOption("player");
  await adminPage.getByLabel("Registration (minutes)").fill(String(REGISTRATION_MINUTES));
  await adminPage.getByLabel("Seconds per round").fill(String(ROUND_SECONDS));
  await adminPage.getByRole("button", { name: "Create Tournament" }).click();
  await expect(toast(adminPage, `Tournament '${name}' created`)).toBeVisible();
  const row = adminPage.getByTestId("admin-tournament").filter({ hasText: name });
  await expect(row).toContainText(`${ROUND_SECONDS}s rounds`);
  await expect(row.getByRole("button", { name: "Start" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Archive" })).toHaveCount(0);
  await shots(adminPage, "admin-created");

  // The player in this browser joins and readies up by clicking.
  const me = newPlayer("champ");
  await enterAs(page, me);
  expect(
    (await page.request.post("/api/bots", { data: { ...firstBotForm, name: "Crimson Comet" } })).ok(),
  ).toBe(true);
  await page.goto("/tournament");
  await expect(page.getByTestId("tournament-name")).toHaveText(name);
  await expect(page.getByTestId("tournament-status")).toHaveText("Ready Up Phase - Join Now!");
  await expect(page.getByTestId("split")).toHaveText("Prize split: 1st 60%, 2nd 20%, 3rd 10%");
  // Registration's hour (at most), counted on the server's clock; it ticks every second.
  const countdown = page.getByTestId("countdown");
  await expect(countdown).toHaveText(/^(60m 00s|[1-5]?\dm \d\ds)$/);
  const shown = await countdown.textContent();
  await expect(countdown).not.toHaveText(shown ?? "");
  await expect(page.getByTestId("ready-message")).toHaveText("Waiting for 2 more player(s) to join");
  await page.getByRole("button", { name: "Join Tournament (150 coins)" }).click();
  await expect(toast(page, "Joined tournament!")).toBeVisible();
  await expect(page.getByTestId("warriors")).toHaveText("1");
  await page.getByRole("button", { name: "I'm Ready!" }).click();
  await expect(toast(page, "Ready! Waiting for other players...")).toBeVisible();
  await expect(page.getByTestId("ready-note")).toHaveText("Ready - Waiting for other players");

  // Half an hour of registration passes on the server. Three more players join and ready through their own
  // sessions; the page follows live, no reload, and its countdown follows the server's clock, not this one's.
  await advanceClock(page.request, 30 * MINUTE);
  const others = await Promise.all([
    pilotIn(browser, "rival1"),
    pilotIn(browser, "rival2"),
    pilotIn(browser, "rival3"),
  ]);
  const tournamentId = (await (await page.request.get("/api/tournaments/current")).json()).tournament
    .tournament.id as string;
  for (const other of others) {
    expect((await other.page.request.post(`/api/tournaments/${tournamentId}/join`)).ok()).toBe(true);
  }
  // Enough have joined, not all ready: the page says who still has to ready up and that the start refunds them,
  // and the pool is the ready player's, up to the joined players'.
  await expect(page.getByTestId("warriors")).toHaveText("4");
  await expect(page.getByTestId("ready-message")).toHaveText("Waiting for 3 more player(s) to ready up");
  await expect(page.getByTestId("ready-deadline")).toHaveText(
    /^Unready players are refunded at the start, in ([12]?\dm \d\ds|30m 00s)\.$/,
  );
  const pool = page.getByTestId("tile").filter({ hasText: "Prize Pool" });
  await expect(pool).toContainText("150");
  await expect(pool.getByTestId("tile-note")).toHaveText("up to 600");
  await shotsAtBothWidths(page, "ready-up-waiting");
  for (const other of others) {
    expect((await other.page.request.post(`/api/tournaments/${tournamentId}/ready`)).ok()).toBe(true);
  }
  await expect(page.getByTestId("ready-message")).toHaveText(
    "All players ready! Tournament starting soon...",
  );
  await expect(page.getByTestId("participant")).toHaveCount(4);
  await expect(page.getByTestId("participant").filter({ hasText: "Waiting" })).toHaveCount(0);
  // Half an hour at most is left (the page's own clock would still count from the hour).
  await expect(countdown).toHaveText(/^(30m 00s|[12]?\dm \d\ds)$/);
  await shots(page, "ready-up");

  // The admin starts it; the player's page turns into the live bracket: the semi-finals are fought.
  await adminPage.reload();
  await row.getByRole("button", { name: "Start" }).click();
  await expect(toast(adminPage, "Tournament started - the bracket is live")).toBeVisible();
  await expect(page.getByTestId("tournament-status")).toHaveText("Battle in Progress - Live Bracket!");
  await expect(page.getByText("THE PLAYOFFS")).toBeVisible();
  await expect(page.getByText("WORLD CHAMPIONSHIP")).toBeVisible();
  // Wherever the player is, their match going live is a toast whose Watch opens it; the page says so too.
  await expect(page.getByTestId("my-tournament")).toContainText("Your match is live");
  await toast(page, `Your match in ${name} is live`).getByRole("button", { name: "Watch" }).click();
  await expect(page).toHaveURL(/\/battles\/[0-9a-f-]{36}$/);
  await page.goBack();
  for (const title of ["SEMI-FINALS", "FINAL", "3RD PLACE"]) {
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  // Two rounds of an hour to go (at most), on the server's clock.
  await expect(countdown).toHaveText(/^(2h 0m|1h \d\d?m)$/);
  const column = (title: string) =>
    page.getByRole("region", { name: title, exact: true }).getByTestId("match-card");
  await expect(column("SEMI-FINALS").and(page.locator("[data-status='in_progress']"))).toHaveCount(2);
  await expect(column("SEMI-FINALS").getByTestId("live-overlay")).toHaveCount(2);
  await expect(column("FINAL").and(page.locator("[data-status='pending']"))).toHaveCount(1);
  await shots(page, "bracket");
  // A live match opens in the COMBAT ZONE.
  await column("SEMI-FINALS").first().click();
  await expect(page).toHaveURL(/\/battles\/[0-9a-f-]{36}$/);
  const zone = page.getByRole("dialog", { name: "COMBAT ZONE" });
  await expect(zone).toBeVisible();
  // The header counts turns under the match's title, and the live match's watchers: this player, counted by the
  // server through the live channel.
  await expect(zone.getByTestId("combat-turn")).toHaveText(/^SEMI-FINALS · Turn \d+$/);
  await expect(zone.getByTestId("watching")).toHaveText("1 watching");
  await shot(page, "tournament-combat-zone", { fullPage: false });
  // The end screen says what the match meant.
  await page.keyboard.press("Escape");
  await expect(zone.getByTestId("battle-meaning")).toHaveText(/advances to the final$/i);
  await shotsAtBothWidths(page, "combat-result", { fullPage: false });
  await page.goto("/tournament");
  await expect(page.getByTestId("tournament-status")).toHaveText("Battle in Progress - Live Bracket!");

  // The semi-finals' hour passes: their winners are crowned and the final and the bronze match go live.
  await advanceClock(page.request, ROUND);
  await expect(column("SEMI-FINALS").and(page.locator("[data-status='completed']"))).toHaveCount(2);
  await expect(column("SEMI-FINALS").getByTestId("crown")).toHaveCount(2);
  await expect(column("SEMI-FINALS").getByTestId("winner-hp")).toHaveCount(2);
  for (const title of ["FINAL", "3RD PLACE"]) {
    await expect(column(title).and(page.locator("[data-status='in_progress']"))).toHaveCount(1);
    await expect(column(title).getByTestId("live-overlay")).toHaveCount(1);
  }
  await expect(countdown).toHaveText(/^(1h 0m|0h \d\d?m)$/);
  await shots(page, "final-live");

  // The last hour passes: the podium appears with the prizes.
  await advanceClock(page.request, ROUND);
  await expect(page.getByTestId("tournament-status")).toHaveText("Tournament Complete - Winners Crowned!");
  const podium = page.getByTestId("podium");
  for (const place of ["CHAMPION", "RUNNER-UP", "3RD PLACE"])
    await expect(podium.getByText(place)).toBeVisible();
  for (const prize of ["360 coins", "120 coins", "60 coins"])
    await expect(podium.getByText(prize, { exact: true })).toBeVisible();
  await expect(page.getByTestId("total-pool")).toHaveText("Total Prize Pool: 600 coins");
  await expect(page.getByTestId("ranking-row")).toHaveCount(4);
  await expect(page.getByTestId("ranking-row").filter({ hasText: "You" })).toContainText(me.username);
  await expect(page.getByTestId("champion")).toHaveCount(3);
  await expect(page.getByTestId("crown")).toHaveCount(4);
  await expect(countdown).toHaveCount(0);
  await shotsAtBothWidths(page, "podium");

  // Archived, it leaves the page; the history keeps it with its champion and bracket.
  await adminPage.reload();
  await row.getByRole("button", { name: "Archive" }).click();
  await expect(toast(adminPage, "Tournament archived")).toBeVisible();
  await expect(page.getByText("No Active Tournament")).toBeVisible();
  await expect(page.getByText("Check back soon for the next tournament!")).toBeVisible();
  const past = page.getByTestId("past-tournament").filter({ hasText: name });
  await past.getByRole("button").click();
  await expect(past.getByText("THE PLAYOFFS")).toBeVisible();
  await shots(page, "history");

  for (const other of others) await other.context.close();
  await adminContext.close();
});
