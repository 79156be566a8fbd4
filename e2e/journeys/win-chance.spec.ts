// Issue 16, a first session that hooks: the live odds on /create-bot's Stats tab, the win chance before an AI
// and a PvP battle, and the dashboard's next step for a new pilot; at desktop and phone widths, with
// screenshots for a human to judge.
import { expect, type Page, test } from "@playwright/test";
import { createFirstBot, enterAs, expectNoSidewaysScroll, newPlayer, shot, signUp } from "./support";

const viewports = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

const odds = (page: Page) => page.getByTestId("win-chance");
const percentOf = async (page: Page) => Number(await odds(page).getAttribute("data-percent"));

/**
 * Clicks a stat's + button in the page itself and times each click until React has drawn the new points
 * count, which it draws in the same pass as the odds: the cost of working out the odds on every click.
 */
function timeClicks(page: Page, stat: string, clicks: number): Promise<number[]> {
  return page.evaluate(
    async ({ stat, clicks }) => {
      const button = document.querySelector<HTMLButtonElement>(`button[aria-label="Increase ${stat}"]`);
      const remaining = document.querySelector('[data-testid="points-remaining"]');
      if (!button || !remaining) throw new Error("no stat button or points count");
      const times: number[] = [];
      for (let i = 0; i < clicks; i++) {
        const drawn = new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            resolve();
          });
          observer.observe(remaining, { childList: true, characterData: true, subtree: true });
        });
        const started = performance.now();
        button.click();
        await drawn;
        times.push(performance.now() - started);
      }
      return times;
    },
    { stat, clicks },
  );
}

for (const viewport of viewports) {
  test(`${viewport.name}: live odds while building, a win chance before each battle, the next step`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signUp(page);
    await page.getByLabel("Bot Name").fill("Odds Maker");
    await page.getByRole("button", { name: "Next" }).click();

    // Every stat at 5: no level-1 AI goes down to that.
    await expect(odds(page)).toContainText("Vs a level-1 AI");
    await expect(odds(page)).toHaveAttribute("data-percent", "0");
    await expect(odds(page)).toHaveAttribute("data-tone", "danger");
    await expect(odds(page)).toContainText("Most level-1 AIs would beat this build.");

    const strengthTimes = await timeClicks(page, "Strength", 10);
    const defenseTimes = await timeClicks(page, "Defense", 10);
    const times = [...strengthTimes, ...defenseTimes];
    console.log(
      `${viewport.name}: click to redrawn odds, mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
    );
    await expect(page.getByTestId("points-remaining")).toHaveText("0");
    // Strength and defense at 15: the build now beats most of the AIs a level-1 bot meets.
    await expect(odds(page)).toHaveAttribute("data-tone", "lime");
    const strong = await percentOf(page);
    expect(strong).toBeGreaterThan(65);
    await expect(odds(page)).toContainText(`${strong}%`);
    await shot(page, `win-chance-create-bot-${viewport.name}`);
    await expectNoSidewaysScroll(page, viewport.name);

    // One point from defense to agility moves the odds.
    await page.getByRole("button", { name: "Decrease Defense" }).click();
    await page.getByRole("button", { name: "Increase Agility" }).click();
    await expect(odds(page)).not.toHaveAttribute("data-percent", String(strong));

    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Create Bot" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A new pilot with 1,000 coins and no weapon: the shop first.
    const next = page.getByTestId("next-step");
    await expect(next).toHaveAttribute("data-step", "shop");
    await expect(next).toContainText("Gear up");
    await expect(next).toContainText("Odds Maker fights bare-handed.");
    await expect(next.getByRole("link", { name: "Visit the shop" })).toHaveAttribute("href", "/shop");
    await shot(page, `win-chance-dashboard-${viewport.name}`);
    await expectNoSidewaysScroll(page, viewport.name);

    // A rival with a bot, so the PvP list has someone to weigh up (whoever tops it).
    const rivalContext = await browser.newContext();
    const rival = await rivalContext.newPage();
    await enterAs(rival, newPlayer("rival"));
    await createFirstBot(rival.request, "Odds Rival");
    await rivalContext.close();

    await page.goto("/fight");
    const rolled = page.waitForResponse(
      (r) => r.url().endsWith("/api/arena/ai/opponent") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Find AI Opponent" }).click();
    const { opponent } = (await (await rolled).json()) as { opponent: { winChance: { percent: number } } };
    await expect(page.getByRole("group", { name: /^Opponent .+, level \d+$/ })).toBeVisible();
    await expect(odds(page)).toHaveAttribute("data-percent", String(opponent.winChance.percent));
    await expect(odds(page)).toContainText("Win chance");
    await expect(odds(page)).toContainText(`${opponent.winChance.percent}%`);
    await shot(page, `win-chance-fight-ai-${viewport.name}`);
    await expectNoSidewaysScroll(page, viewport.name);

    await page.getByRole("tab", { name: "PvP Battle" }).click();
    const asked = page.waitForResponse((r) => r.url().endsWith("/win-chance"));
    const target = page.getByRole("radio").first();
    await target.click();
    const { winChance } = (await (await asked).json()) as { winChance: { percent: number } };
    const targetName = (await target.getAttribute("aria-label"))?.split(" - Lv.")[0] ?? "";
    const pvpOdds = page.getByRole("tabpanel").getByTestId("win-chance");
    await expect(pvpOdds).toHaveAttribute("data-percent", String(winChance.percent));
    await expect(pvpOdds).toContainText(`Against ${targetName}.`);
    await shot(page, `win-chance-fight-pvp-${viewport.name}`);
    await expectNoSidewaysScroll(page, viewport.name);
  });
}
