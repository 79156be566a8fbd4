// A PvP season as a pilot lives it, on the clock server (TEST_CLOCK=on): three rated battles put the pilot on the
// season's ladder beside the Top 100, with the season's end counting down; the clock moves to the end, the
// runner closes the season, the pilot's inbox tells it of its place, and the closed season's standings and the
// pilot's badge read as they were frozen.
// The rules (the ladder's order, the freeze, prizes, the reset) are the server's tests; the screens' states their
// component tests.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { advanceClock, expectTestClock } from "./clock";
import { checkPhoneScreen, createFirstBot, enterAs, newPlayer, type Player, shot } from "./support";

async function pilotWith(browser: Browser, botName: string) {
  const page = await (await browser.newContext()).newPage();
  const player = newPlayer("season");
  await enterAs(page, player);
  const bot = await createFirstBot(page.request, botName);
  return { page, player, botId: bot.id };
}

async function shotBothWidths(page: Page, name: string) {
  await shot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPhoneScreen(page, `${name}-phone`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const seasonOf = async (page: Page) =>
  (await (await page.request.get("/api/pvp/season")).json()) as {
    number: number;
    endsAt: string;
    serverTime: string;
  };

test("three rated battles put a pilot on the season's ladder; the season closes and its standings stay readable", async ({
  browser,
}) => {
  const ace = await pilotWith(browser, "Season Ace");
  await expectTestClock(ace.page.request);
  const rivals: { player: Player; botId: string }[] = [];
  for (const name of ["Rival One", "Rival Two", "Rival Three"]) rivals.push(await pilotWith(browser, name));
  for (const rival of rivals) {
    const battle = await ace.page.request.post("/api/arena/pvp/battle", {
      data: { defenderId: rival.botId },
    });
    expect(battle.ok(), await battle.text()).toBe(true);
  }

  const { number, endsAt, serverTime } = await seasonOf(ace.page);
  await ace.page.goto("/leaderboard");
  await expect(ace.page.getByRole("heading", { name: "Top 100" })).toBeVisible();
  const ladder = ace.page.getByRole("table", { name: `Season ${number} ladder` });
  const mine = ladder.getByTestId("season-row").filter({ hasText: ace.player.username });
  await expect(mine).toContainText("You");
  await expect(ace.page.getByTestId("season-countdown")).toHaveText(/^Ends in \d+d \d+h$/);
  await shotBothWidths(ace.page, "pvp-season-ladder");

  // To the season's end: the runner closes it before the clock's answer.
  await advanceClock(ace.page.request, Date.parse(endsAt) - Date.parse(serverTime) + 1000);
  await ace.page.reload();
  await expect(ace.page.getByRole("heading", { name: `Season ${number + 1}` })).toBeVisible();
  // The Top 100 names the podium's title beside its owner.
  const aceRow = ace.page.getByRole("row").filter({ hasText: "Season Ace" });
  await expect(aceRow.getByTestId("season-title")).toHaveText(
    /^Season \d+ (Champion|Runner-up|Third place)$/,
  );
  await shotBothWidths(ace.page, "pvp-season-next");
  await ace.page.getByRole("link", { name: `Season ${number}`, exact: true }).click();
  await expect(ace.page).toHaveURL(new RegExp(`/seasons/${number}$`));
  const standings = ace.page.getByRole("table", { name: `Season ${number} final standings` });
  const final = standings.getByTestId("season-row").filter({ hasText: ace.player.username });
  await expect(final).toContainText("You");
  await expect(final).toContainText(/Champion|Runner-up|Third place|Top 10/);
  await shotBothWidths(ace.page, "pvp-season-closed");

  // The close told the pilot of its place in the inbox, with the way back to these standings.
  await ace.page.goto("/alerts");
  const reward = ace.page
    .getByTestId("alert-row")
    .filter({ hasText: new RegExp(`Season ${number} is over: you placed #\\d+`) });
  await expect(reward).toHaveCount(1);
  await shotBothWidths(ace.page, "pvp-season-reward-alert");
  await reward.getByRole("link", { name: "Standings" }).click();
  await expect(ace.page).toHaveURL(new RegExp(`/seasons/${number}$`));

  await final.getByRole("link", { name: ace.player.username }).click();
  await expect(ace.page).toHaveURL(new RegExp(`/pilots/${ace.player.username}$`));
  await expect(ace.page.getByTestId("pilot-badge")).toContainText(`Season ${number} ·`);
  await shotBothWidths(ace.page, "pvp-season-profile");
});
