// PvP needs a stake on both sides: a pilot whose wallet is under 100 coins is told so above the opponent list.
// The words, their place above the list and the challenge button being off are proved by a component test
// (packages/web/src/features/fight/FightPage.test.tsx); the server's side by the arena's server tests. What only
// a browser shows stays here: the real server's answer for a wallet spent to 0, and the tab's worst-case layout
// (the notice with opponents of the longest names the rules allow) fitting a desktop's and a phone's width.
import { expect, test } from "@playwright/test";
import { createFirstBot, enterAs, newPlayer, shot } from "./support";

test("the PvP tab of a pilot under 100 wallet coins fits desktop and phone widths with the longest names", async ({
  page,
}) => {
  await enterAs(page, newPlayer("broke"));
  const bot = await createFirstBot(page.request);
  // Spend the wallet down to 0: 500 into the vault (the day's limit) and two re-rolls of 250.
  expect((await page.request.post("/api/bank/deposit", { data: { amount: 500 } })).ok()).toBe(true);
  for (let i = 0; i < 2; i++)
    expect((await page.request.post(`/api/bots/${bot.id}/refresh`)).ok()).toBe(true);

  // The server's own list plus an opponent with the longest names the rules allow (30 characters each), so the
  // layout meets its worst case whatever pilots this server holds.
  await page.route("**/api/arena/pvp/opponents", async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    const longest = {
      id: "00000000-0000-4000-8000-000000000030",
      name: "W".repeat(30),
      ownerName: "M".repeat(30),
      level: 100,
      wins: 9999,
      losses: 9999,
      rarity: "legendary",
      imageUrl: null,
      colorPrimary: "#00f0ff",
      colorSecondary: "#ff2bd6",
    };
    await route.fulfill({ response: answer, json: { ...body, opponents: [longest, ...body.opponents] } });
  });
  await page.goto("/fight");
  await page.getByRole("tab", { name: "PvP Battle" }).click();
  const notice = page
    .getByRole("status")
    .filter({ hasText: "You need at least 100 coins in your wallet for PvP" });
  await expect(notice).toBeVisible();
  await expect(page.getByRole("radio", { name: /^W{30} - Lv\.100/ })).toBeVisible();
  await shot(page, "pvp-stake-notice");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(notice).toBeVisible();
  await shot(page, "pvp-stake-notice-phone");
});
