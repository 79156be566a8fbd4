// The guild-wars journey: a watcher sits on /guild-wars (which says a war costs nothing) while eight guilds reach
// 500 coins and a ninth, at 500 too, sits the war out; the war appears by itself, takes the eight and moves from
// registration through its seven rounds to history, a guild's duels open in the COMBAT ZONE, and History shows the
// top three with the arena's prizes, paid into banks from which nothing was taken. Time is driven, never waited for: on the `clock` project's
// server (TEST_CLOCK=on) registration lasts an hour and each round an hour, so nothing moves while the journey
// looks, and the journey moves the server's clock to each deadline; the page follows live, without a reload.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { advanceClock, expectTestClock, HOUR } from "./clock";
import { createFirstBot, enterAs, newPlayer, shot } from "./support";

/** The clock server's GUILD_WAR_REGISTRATION_SECONDS (3600) and GUILD_WAR_BATTLE_SECONDS (25200) in rounds. */
const REGISTRATION = HOUR;
const ROUNDS = 7;
const ROUND = HOUR;

const phone = { width: 390, height: 844 };

async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/** A guild founded through the API by a pilot with a first bot, with `bank` coins donated. */
async function readyGuild(browser: Browser, index: number, bank: number, runTag: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterAs(page, newPlayer(`warlord${index}`));
  await createFirstBot(page.request, `Warbot ${index}`);
  const tag = `${runTag}${index}`;
  const created = await page.request.post("/api/guilds", { data: { name: `War Clan ${tag}`, tag } });
  expect(created.status()).toBe(201);
  const { guild } = (await created.json()) as { guild: { id: string } };
  const donate = async (amount: number) => {
    const answer = await page.request.post(`/api/guilds/${guild.id}/contribute`, { data: { amount } });
    expect(answer.ok()).toBe(true);
  };
  if (bank > 0) await donate(bank);
  const read = async () => {
    const answer = await page.request.get(`/api/guilds/${guild.id}`);
    expect(answer.ok()).toBe(true);
    return (await answer.json()) as {
      guild: { bankBalance: number };
      bankHistory: { kind: string; delta: number; warName: string | null }[];
    };
  };
  return {
    id: guild.id,
    tag,
    name: `War Clan ${tag}`,
    donate,
    /** The guild as its page reads it: the bank and its history. */
    read,
    request: page.request,
    /** The founder's own browser page (the guild chat's reader). */
    page,
    close: () => context.close(),
  };
}

test("eight guilds reach 500 and a whole war plays out live on /guild-wars", async ({ page, browser }) => {
  await expectTestClock(page.request);
  // The project's width, to come back to after each phone screenshot.
  const projectSize = page.viewportSize() ?? { width: 1440, height: 900 };
  await enterAs(page, newPlayer("spectator"));
  await page.goto("/guild-wars");
  await expect(page.getByRole("heading", { name: "Guild Wars" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "History (0)" })).toBeVisible();
  const activeTab = page.getByRole("tab", { name: /Active Wars \(\d+\)/ });
  await expect(activeTab).toBeVisible();
  const noneActive = (await activeTab.textContent())?.includes("(0)");
  if (noneActive) {
    await expect(page.getByText("No active guild wars at the moment")).toBeVisible();
    await expect(
      page.getByText("Guilds need to reach 500 coins in their bank. When 8 guilds are ready, a war begins!"),
    ).toBeVisible();
    await expect(page.getByTestId("war-rules")).toContainText("A guild war costs nothing");
    await snap(page, "guild-wars-empty");
    await page.setViewportSize(phone);
    await snap(page, "guild-wars-empty-phone");
    await page.setViewportSize(projectSize);
  }

  const runTag = Math.random().toString(36).slice(2, 4).toUpperCase();
  const guilds = [];
  for (let i = 1; i <= 7; i++) guilds.push(await readyGuild(browser, i, 500, runTag));
  const eighth = await readyGuild(browser, 8, 499, runTag);
  guilds.push(eighth);
  // A ninth guild's leader chooses to sit out, then fills its bank: it is not enlisted, so no war opens yet.
  const ninth = await readyGuild(browser, 9, 0, runTag);
  const sitOut = await ninth.request.post(`/api/guilds/${ninth.id}/sit-out`, { data: { sitOut: true } });
  expect(sitOut.ok()).toBe(true);
  expect(((await sitOut.json()) as { sitsOutNextWar: boolean }).sitsOutNextWar).toBe(true);
  await ninth.donate(500);

  // Seven ready guilds show their badge on /guilds.
  const listContext = await browser.newContext();
  const list = await listContext.newPage();
  await enterAs(list, newPlayer("scout"));
  await list.goto("/guilds");
  await list.getByRole("searchbox", { name: "Search guilds by name or tag" }).fill(`War Clan ${runTag}`);
  await expect(list.getByTestId("guild-card").filter({ hasText: "War Ready" })).toHaveCount(7);
  await snap(list, "guilds-war-ready");
  await listContext.close();

  // The eighth reaches 500: the war opens and the watcher's page shows it without a reload.
  await eighth.donate(1);
  const opened = page.getByTestId("war-card").filter({ hasText: `War Clan ${runTag}1` });
  await expect(opened).toBeVisible();
  const warName = (await opened.getByRole("heading").textContent()) ?? "";
  // This war by its name: when it ends, the same guilds (their banks untouched) are enlisted into the next one.
  const war = page
    .getByTestId("war-card")
    .filter({ has: page.getByRole("heading", { name: warName, exact: true }) });
  const countdown = war.getByTestId("war-countdown");
  await expect(war.getByText("Registration", { exact: true })).toBeVisible();
  // An hour of registration (at most), counted on the server's clock.
  await expect(countdown).toHaveText(/^Battle begins in (1h 00m|[1-5]?\dm \d\ds)$/);
  await expect(page.getByRole("tab", { name: /Active Wars \([1-9]\)/ })).toBeVisible();
  await expect(war).toContainText("3,500");
  await expect(war).toContainText("1st 2,000 · 2nd 1,000 · 3rd 500");
  await expect(war.getByTestId("war-guild")).toHaveCount(8);
  await expect(war).not.toContainText(ninth.name);
  await expect(war.getByTestId("war-funding")).toHaveText("Paid by the arena · free to enter");
  // Entering took nothing from any bank.
  expect((await eighth.read()).guild.bankBalance).toBe(500);
  await expect(war.getByTitle("Duel wins")).toHaveCount(0);
  await snap(page, "guild-wars-registration");

  // Registration ends: round 1 is fought. Its hour counts down on the server's clock, and the battle's seven hours
  // on a line of their own (the page's own clock would still say eight: it never moved).
  await advanceClock(page.request, REGISTRATION);
  await expect(war.getByText("Battle", { exact: true })).toBeVisible();
  await expect(countdown).toHaveText(/^Round 1 of 7 · ends in (1h 00m|[1-5]?\dm \d\ds)$/);
  await expect(war.getByTestId("war-battle-end")).toHaveText(/^Battle ends in (7h 00m|6h \d\dm)$/);
  await expect(war.getByTitle("Duel wins").filter({ hasText: /^0 W$/ })).toHaveCount(8);
  // A guild's duels: its round-1 duel is live and opens in the COMBAT ZONE.
  await war.getByTestId("war-guild").first().click();
  const duels = war.getByTestId("guild-duels");
  await expect(duels).toBeVisible();
  const roundOne = duels.getByRole("region", { name: "Round 1" });
  await expect(roundOne.getByTestId("duel").getByText("LIVE")).toBeVisible();
  await expect(duels.getByRole("region", { name: "Round 2" }).getByText("Waiting")).toBeVisible();
  const watch = roundOne.getByRole("button", { name: "Watch" });
  await expect(watch).toBeVisible();
  await snap(page, "guild-wars-battle");
  await watch.click();
  const zone = page.getByRole("dialog", { name: /COMBAT ZONE/ });
  await expect(zone).toBeVisible();
  // Escape skips to the result, a second Escape leaves the COMBAT ZONE. The skip comes before the screenshot:
  // axe takes seconds, long enough for a short duel to play out, and the first Escape would then close it.
  // The live duel counts this player watching it, and its header counts turns under the round and guilds.
  await expect(zone.getByTestId("watching")).toHaveText("1 watching");
  await expect(zone.getByTestId("combat-turn")).toHaveText(/^ROUND 1 · \[.+\] vs \[.+\] · Turn \d+$/);
  await page.keyboard.press("Escape");
  await expect(zone.getByTestId("battle-verdict")).toBeVisible();
  // The end screen tells the pairing's score as known so far (the round's other duels are told when it ends).
  await expect(zone.getByTestId("battle-meaning")).toHaveText(
    /^(Your guild: \d of \d duels won|\[.+\] \d - \d \[.+\])( so far)?$/,
  );
  await shot(page, "guild-wars-combat-zone", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(zone).toBeHidden();
  await page.setViewportSize(phone);
  await snap(page, "guild-wars-battle-phone");
  await page.setViewportSize(projectSize);

  // Round 1 ends: its duels are revealed (one win in each of the four pairings), the replay stays, and round 2
  // is fought. Then every round in turn, each one seen on the card.
  await advanceClock(page.request, ROUND);
  await expect(countdown).toHaveText(/^Round 2 of 7 · /);
  await expect(roundOne.getByTestId("duel").getByText(/^(Won|Lost)$/)).toBeVisible();
  await expect(roundOne.getByRole("button", { name: "Replay" })).toBeVisible();
  await expect(duels.getByRole("region", { name: "Round 2" }).getByText("LIVE")).toBeVisible();
  await expect(war.getByTitle("Duel wins").filter({ hasText: /^1 W$/ })).toHaveCount(4);
  for (let round = 3; round <= ROUNDS; round++) {
    await advanceClock(page.request, ROUND);
    await expect(countdown).toHaveText(new RegExp(`^Round ${round} of 7 · `));
  }

  // The last round ends: the war moves to History with the top three and their prizes.
  await advanceClock(page.request, ROUND);
  const historyTab = page.getByRole("tab", { name: /History \([1-9]\)/ });
  await expect(historyTab).toBeVisible();
  await expect(war).toHaveCount(0);
  await historyTab.click();
  const done = page.getByTestId("war-history").filter({ hasText: warName });
  await expect(done).toBeVisible();
  await expect(done).toContainText("+2,000 coins");
  await expect(done).toContainText("+1,000 coins");
  await expect(done).toContainText("+500 coins");
  await expect(done.getByTestId("war-prize").filter({ hasText: "prize from the arena" })).toHaveCount(3);
  // Each bank (500 when the war opened) kept it: the three placed gained their prize on top, the others lost nothing.
  const finals = await Promise.all(guilds.map((g) => g.read()));
  const gains = finals.map((f) => f.guild.bankBalance - 500).sort((a, b) => b - a);
  expect(gains).toEqual([2000, 1000, 500, 0, 0, 0, 0, 0]);
  const winner = finals.find((f) => f.guild.bankBalance === 2500)!;
  expect(winner.bankHistory[0]).toMatchObject({ kind: "war_prize", delta: 2000, warName });
  await snap(page, "guild-wars-history");
  await page.setViewportSize(phone);
  await snap(page, "guild-wars-history-phone");

  // The whole card opens again from History, with every guild placed and all 28 pairings' duels counted.
  await page.setViewportSize(projectSize);
  await done.getByRole("button", { name: "All guilds and duels" }).click();
  const placed = page.getByTestId("war-card").filter({ hasText: warName });
  await expect(placed.getByTestId("war-guild")).toHaveCount(8);
  await expect(placed).toContainText("Completed");
  const wins = await placed.getByTitle("Duel wins").allTextContents();
  expect(wins.reduce((sum, text) => sum + Number.parseInt(text, 10), 0)).toBe(28);
  // The guild leaderboard counts the finished war: the winner's first place and prize, on desktop and phone.
  const winnerGuild = guilds[finals.indexOf(winner)]!;
  await page.getByRole("tab", { name: "Guild Leaderboard" }).click();
  const winnerRow = page.getByTestId("guild-standing").filter({ hasText: `[${winnerGuild.tag}]` });
  await expect(winnerRow.getByRole("cell")).toHaveText([
    /^#\d+$/,
    new RegExp(`\\[${winnerGuild.tag}\\]`),
    /\d/,
    /\d/,
    "1",
    "1",
    "1",
    "2,000",
  ]);
  await snap(page, "guild-leaderboard");
  await page.setViewportSize(phone);
  await snap(page, "guild-leaderboard-phone");
  await page.setViewportSize(projectSize);
  // The winner's bank history names the prize and its war.
  await page.goto(`/guilds/${winnerGuild.id}`);
  await page.getByRole("tab", { name: "Bank" }).click();
  await expect(page.getByTestId("bank-entry-label").first()).toHaveText(`War prize · ${warName}`);

  // The war's news in the winner's guild chat: one line, rewritten to the final place and prize, linked to the war.
  const reader = winnerGuild.page;
  await reader.setViewportSize(projectSize);
  await reader.goto("/dashboard");
  await reader.getByRole("button", { name: /^Open chat/ }).click();
  const chat = reader.getByRole("region", { name: "Chat" });
  await chat.getByRole("tab", { name: `Guild [${winnerGuild.tag}]` }).click();
  const news = chat.locator('[data-kind="system"]');
  const warLine = news.filter({ hasText: warName });
  await expect(warLine).toHaveCount(1);
  await expect(warLine).toContainText(`${warName} · final: 1st place, +2,000 coins`);
  await shot(reader, "chat-guild-war-news", { fullPage: false });
  await reader.setViewportSize(phone);
  await shot(reader, "chat-guild-war-news-phone", { fullPage: false });
  for (const g of [...guilds, ninth]) await g.close();
});
