// Issue 4 journeys: creating the first bot, summoning (single and 10x), BOT COMMAND's actions and training,
// each checked on screen, with screenshots for a human to judge. Training's refusals and the screens for no
// active bot and no bots are component tests (packages/web: features/train/TrainPage.test.tsx,
// features/dashboard/DashboardPage.test.tsx).
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  createFirstBot,
  enterAs,
  glimpse,
  grantCoins,
  holdAnswer,
  newPlayer,
  shot,
  signUp,
  stepUntilVisible,
  summonReadyBots,
  toast,
} from "./support";

/** Waits for the naming dialog of the next summoned bot and answers its rarity. */
async function awaitNaming(page: Page): Promise<string> {
  const naming = page.getByRole("dialog", { name: "Name Your Bot" });
  await expect(naming).toBeVisible();
  return (await naming.getByTestId("summoned-rarity").getAttribute("data-rarity")) ?? "";
}

async function nameAndAllocate(page: Page, name: string): Promise<void> {
  const naming = page.getByRole("dialog", { name: "Name Your Bot" });
  await naming.getByLabel("Bot name").fill(name);
  await naming.getByRole("button", { name: "Continue" }).click();
  const allocating = page.getByRole("dialog", { name: "Allocate Stat Points" });
  await expect(allocating).toBeVisible();
  for (let i = 0; i < 10; i++) await allocating.getByRole("button", { name: "Increase Strength" }).click();
  await allocating.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, `${name} is ready!`)).toBeVisible();
}

// Every validation message of the form (a missing name, points still to place, each stat's 5 to 15), its tabs'
// refusals and the redirect of a player who already has a bot are proved by the component tests of packages/web
// (features/create-bot/CreateBotPage.test.tsx); this journey makes the first bot through the real server.
test("create a first bot through Design, Stats and Confirm", async ({ page }) => {
  await signUp(page);
  await expect(page.getByRole("heading", { name: "Create Your Bot" })).toBeVisible();

  await page.getByLabel("Bot Name").fill("Neon Wraith");
  await page.getByText("Phantom V-7").click();
  await page.getByText("Neon Pink").click();
  await expect(page.getByRole("heading", { name: "Neon Wraith" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Preview of Neon Wraith" })).toBeVisible();
  await shot(page, "create-bot-design");
  await page.getByRole("button", { name: "Next" }).click();

  for (let i = 0; i < 10; i++) await page.getByRole("button", { name: "Increase Agility" }).click();
  for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Increase Strength" }).click();
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Increase Defense" }).click();
  await expect(page.getByTestId("points-remaining")).toHaveText("0");
  await shot(page, "create-bot-stats");

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Phantom V-7 (Speed)")).toBeVisible();
  await shot(page, "create-bot-confirm");

  // The Initialized screen stands for 2 seconds.
  const initialized = glimpse(page, "h1, h2", "Neon Wraith Initialized!");
  const preparing = glimpse(page, "p", "Preparing your bot for combat...");
  // The roster's refetch answers only after the dashboard has opened: the dashboard, which sends a pilot without
  // bots to /summon, must already know the new bot.
  const roster = await holdAnswer(page, "**/api/bots", "GET");
  await page.getByRole("button", { name: "Create Bot" }).click();
  // Watch for the success toast from now on: it lives 4 seconds, and a screenshot on a busy machine may take
  // that long, so looking for it only afterwards could miss it.
  const createdToast = toast(page, "Bot created successfully!").waitFor({ timeout: 30_000 });
  await Promise.all([initialized, preparing]);
  // One toast per topic: the 'Generating your mecha bot image...' toast is gone once the image is on screen.
  await expect(toast(page, "Generating your mecha bot image...")).toHaveCount(0);
  await shot(page, "create-bot-initialized");
  await createdToast;
  await expect(page).toHaveURL(/\/dashboard$/);
  const detail = page.getByTestId("bot-detail");
  await expect(detail.getByRole("heading", { name: "Neon Wraith" })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  roster.release();
  await expect(detail.getByText("common", { exact: true })).toBeVisible();
  await expect(detail.getByText("Active bot")).toBeVisible();
  await expect(page.getByTestId("roster-count")).toHaveCount(0);
  await expect(detail.getByRole("img", { name: "Neon Wraith" })).toBeVisible();
  await shot(page, "dashboard-first-bot");
});

// The summon's reveal at its real speed (the portal charging, then the burst): these two journeys are about it;
// the rest of the file sees the one-second reveal a player who asks for less motion gets.
test.describe("the reveal at its real speed", () => {
  test.use({ reducedMotion: "no-preference" });

  test("summon one bot: reveal, naming, allocation; an interrupted flow resumes after a reload", async ({
    page,
  }) => {
    await enterAs(page, newPlayer("summoner"));
    await createFirstBot(page.request);
    await page.goto("/summon");
    await expect(page.getByTestId("bots-owned")).toHaveText("Bots Owned 1 / 20");
    await expect(page.getByText("Guaranteed Legendary", { exact: true })).toBeVisible();
    await expect(page.getByText("they come only from fusing two level-25 legendary bots")).toBeVisible();
    await expect(page.getByRole("button", { name: "10x Summon" })).toBeDisabled();
    await expect(page.getByText("Need 5000 coins!")).toBeVisible();
    await shot(page, "summon-page");

    // The overlay marks the moment the bot bursts out of the portal, 1.4 s into the 2.5 s reveal.
    const burst = glimpse(page, '[role="status"][aria-label="Summoning"][data-reveal="burst"]');
    await page.getByRole("button", { name: "Single Summon" }).click();
    // The toast comes with the answer, before the reveal, and lasts 4 s: looked for first, while burst keeps watching.
    await expect(toast(page, "Summoned 1 bot(s)!")).toBeVisible();
    await burst;

    const naming = page.getByRole("dialog", { name: "Name Your Bot" });
    await expect(naming).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(naming).toBeVisible();
    await naming.getByLabel("Bot name").fill("ab");
    await expect(naming.getByRole("button", { name: "Continue" })).toBeDisabled();
    await naming.getByLabel("Bot name").fill("Quantum Reaper");
    await shot(page, "summon-name");
    await naming.getByRole("button", { name: "Continue" }).click();

    const allocating = page.getByRole("dialog", { name: "Allocate Stat Points" });
    await expect(allocating.getByRole("button", { name: "Allocate 10 more points" })).toBeDisabled();
    await expect(allocating.getByRole("button", { name: "Decrease Strength" })).toBeDisabled();
    for (let i = 0; i < 4; i++) await allocating.getByRole("button", { name: "Increase Strength" }).click();
    await expect(allocating.getByRole("button", { name: "Allocate 6 more points" })).toBeDisabled();
    for (let i = 0; i < 6; i++) await allocating.getByRole("button", { name: "Increase Defense" }).click();
    await expect(allocating.getByRole("button", { name: "Increase Agility" })).toBeDisabled();
    await shot(page, "summon-allocate");
    await page.keyboard.press("Escape");
    await allocating.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, "Quantum Reaper is ready!")).toBeVisible();
    await expect(toast(page, "All bots are ready!")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("roster-count")).toHaveText("2 / 20");
    await expect(page.getByRole("button", { name: "Select Quantum Reaper" })).toBeVisible();

    // A reload in the middle of the next summon: the bot is kept and its naming comes back.
    await page.goto("/summon");
    await page.getByRole("button", { name: "Single Summon" }).click();
    await expect(page.getByRole("dialog", { name: "Name Your Bot" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("dialog", { name: "Name Your Bot" })).toBeVisible();
    await expect(page.getByTestId("bots-owned")).toHaveText("Bots Owned 3 / 20");
    await awaitNaming(page);
    await nameAndAllocate(page, "Second Wind");
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/summon");
    const history = page.getByTestId("summon-history");
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByText("Second Wind")).toBeVisible();
    await expect(history.getByText("Quantum Reaper")).toBeVisible();
    await shot(page, "summon-history");
  });

  test("the reveal still shows the bot coming out when the page stalls through the moment it should", async ({
    page,
  }) => {
    await page.clock.install();
    await enterAs(page, newPlayer("stalled"));
    await createFirstBot(page.request);
    await page.goto("/summon");
    await expect(page.getByRole("button", { name: "Single Summon" })).toBeEnabled();

    // From here the page's time moves only when the journey moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
    await page.getByRole("button", { name: "Single Summon" }).click();
    const overlay = page.getByRole("status", { name: "Summoning" });
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return overlay.getByRole("img").count();
      })
      .toBe(1);
    await expect(overlay).toHaveAttribute("data-reveal", "charging");

    // A main thread busy past both the burst (1.4 s) and the end of the reveal (2.5 s): the bot still comes out.
    await page.clock.fastForward(2_600);
    await expect(overlay).toHaveAttribute("data-reveal", "burst");
    await page.clock.resume();
    await expect(page.getByRole("dialog", { name: "Name Your Bot" })).toBeVisible();
    await expect(overlay).toHaveCount(0);
  });

  // Issue 41's 10x pull 'in under 10 s of clicks', at full motion: the page's clock is paused and moved only a
  // frame at a time while the journey waits for the next button, so the page time the three clicks needed is
  // counted. 'Reveal all' is pressed while the first portal still charges, and the pull, to the word that the
  // bots wait in Bot Command, takes less page time than that one charge (1.4 s): no reveal is waited for.
  test("a 10x pull at full motion: 'Reveal all' and 'later' wait for no reveal", async ({
    page,
    browser,
  }) => {
    const player = newPlayer("brisk");
    await enterAs(page, player);
    await createFirstBot(page.request);
    await grantCoins(browser, player, 4000);
    await page.clock.install();
    await page.goto("/summon");
    await expect(page.getByRole("button", { name: "10x Summon" })).toBeEnabled();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
    let pageMs = 0;
    const shown = async (locator: Locator) => {
      pageMs += await stepUntilVisible(page, locator);
    };

    await page.getByRole("button", { name: "10x Summon" }).click();
    const revealAll = page.getByRole("button", { name: "Reveal all (10)" });
    await shown(revealAll);
    await expect(page.getByRole("status", { name: "Summoning" })).toHaveAttribute("data-reveal", "charging");
    await revealAll.click();
    const sheet = page.getByRole("dialog", { name: "Your 10 new bots" });
    await shown(sheet);
    await expect(sheet.getByRole("listitem")).toHaveCount(10);
    await sheet.getByRole("button", { name: "Name and allocate later" }).click();
    await shown(toast(page, "Your bots wait in Bot Command: name them and place their points there."));
    expect(pageMs).toBeLessThan(1_400);
    // Bot Command's own loading is the page's, not the pull's: its time runs again.
    await page.clock.resume();
    await expect(page.getByTestId("roster-count")).toHaveText("11 / 20");
  });
});

test("a 10x summon with admin-granted coins yields ten bots and a legendary", async ({ page, browser }) => {
  test.slow();
  const player = newPlayer("whale");
  await enterAs(page, player);
  await createFirstBot(page.request);
  await grantCoins(browser, player, 4000);
  await page.goto("/summon");
  await expect(page.getByTestId("summon-balance")).toHaveText("5,000");
  await page.getByRole("button", { name: "10x Summon" }).click();
  await expect(toast(page, "Summoned 10 bot(s)!")).toBeVisible();
  const rarities: string[] = [];
  for (let i = 0; i < 10; i++) {
    const rarity = await awaitNaming(page);
    if (rarity === "legendary" && !rarities.includes("legendary")) await shot(page, "summon-10x-legendary");
    rarities.push(rarity);
    await nameAndAllocate(page, `Legion ${i + 1}`);
  }
  expect(rarities).toContain("legendary");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("roster-count")).toHaveText("11 / 20");
  await shot(page, "dashboard-roster-11");

  await page.goto("/summon");
  await expect(page.getByRole("button", { name: "10x Summon" })).toBeDisabled();
  await expect(page.getByText("Needs 10 free slots (9 free)")).toBeVisible();
});

// Issue 41: the ten results on one screen and the setup left for later take three clicks (10x Summon,
// Reveal all, later); a bot left for later is named and allocated from Bot Command with the spec's rules.
test("a 10x pull: 'Reveal all', then 'Name and allocate later', then one bot set up from Bot Command", async ({
  page,
  browser,
}) => {
  const player = newPlayer("hurried");
  await enterAs(page, player);
  await createFirstBot(page.request);
  await grantCoins(browser, player, 4000);
  await page.clock.install();
  await page.goto("/summon");
  await expect(page.getByTestId("summon-pity")).toHaveText("A rare at least within 10 single summons");
  // The still reveal lasts a second of page time: paused, it waits for the click on a loaded machine (CI's once
  // took longer than that second between finding 'Reveal all' and pressing it).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
  await page.getByRole("button", { name: "10x Summon" }).click();
  const revealAll = page.getByRole("button", { name: "Reveal all (10)" });
  await stepUntilVisible(page, revealAll);
  await revealAll.click();
  await page.clock.resume();
  const sheet = page.getByRole("dialog", { name: "Your 10 new bots" });
  await expect(sheet.getByRole("listitem")).toHaveCount(10);
  await expect(sheet.locator('[data-rarity="legendary"]').first()).toBeVisible();
  await shot(page, "summon-reveal-all");
  await sheet.getByRole("button", { name: "Name and allocate later" }).click();
  await expect(
    toast(page, "Your bots wait in Bot Command: name them and place their points there."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("roster-count")).toHaveText("11 / 20");
  await expect(page.getByText("Unnamed", { exact: true })).toHaveCount(10);
  await shot(page, "dashboard-unnamed-bots");

  // Back on /summon the ten are not pushed through the dialogs again.
  await page.goto("/summon");
  await expect(page.getByTestId("bots-owned")).toHaveText("Bots Owned 11 / 20");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto("/dashboard");
  await page
    .getByRole("button", { name: /^Select .* \(Unnamed\)$/ })
    .first()
    .click();
  const detail = page.getByTestId("bot-detail");
  await detail.getByRole("button", { name: "Name it" }).click();
  const naming = page.getByRole("dialog", { name: "Name Your Bot" });
  await naming.getByLabel("Bot name").fill("ab");
  await expect(naming.getByRole("button", { name: "Continue" })).toBeDisabled();
  await naming.getByLabel("Bot name").fill("Late Bloomer");
  await naming.getByRole("button", { name: "Continue" }).click();
  const allocating = page.getByRole("dialog", { name: "Allocate Stat Points" });
  await expect(allocating.getByRole("button", { name: "Allocate 10 more points" })).toBeDisabled();
  for (let i = 0; i < 10; i++) await allocating.getByRole("button", { name: "Increase Agility" }).click();
  await expect(allocating.getByRole("button", { name: "Increase Strength" })).toBeDisabled();
  await allocating.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Late Bloomer is ready!")).toBeVisible();
  await expect(detail.getByRole("heading", { name: "Late Bloomer" })).toBeVisible();
  await expect(page.getByText("Unnamed", { exact: true })).toHaveCount(9);
  const bots = (await (await page.request.get("/api/bots")).json()) as {
    bots: { name: string; setupStage: string | null }[];
  };
  expect(bots.bots.filter((bot) => bot.setupStage === "name")).toHaveLength(9);
  expect(bots.bots.find((bot) => bot.name === "Late Bloomer")?.setupStage).toBeNull();
});

test("BOT COMMAND: make active, rename, refresh, recycle, then train a point", async ({ page }) => {
  await enterAs(page, newPlayer("commander"));
  await createFirstBot(page.request, "Old Guard");
  await summonReadyBots(page.request, 1, "Nova");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "BOT COMMAND" })).toBeVisible();
  await expect(page.getByTestId("roster-count")).toHaveText("2 / 20");

  await page.getByRole("button", { name: "Select Nova 1" }).click();
  const detail = page.getByTestId("bot-detail");
  await expect(detail.getByRole("heading", { name: "Nova 1" })).toBeVisible();
  await detail.getByRole("button", { name: "Make Active" }).click();
  await expect(toast(page, "Active bot changed!")).toBeVisible();
  await expect(detail.getByText("Active bot")).toBeVisible();

  await page.getByRole("button", { name: "Rename 5 coins, Nova 1" }).click();
  const renaming = page.getByRole("dialog", { name: "Rename Bot" });
  await expect(renaming.getByText("6/30")).toBeVisible();
  await renaming.getByLabel("New name").fill("   ");
  await renaming.getByRole("button", { name: /Rename/ }).click();
  await expect(toast(page, "Please enter a valid name")).toBeVisible();
  await renaming.getByLabel("New name").fill("Star Breaker");
  await expect(renaming.getByText("12/30")).toBeVisible();
  await shot(page, "dashboard-rename");
  await renaming.getByRole("button", { name: /Rename/ }).click();
  await expect(toast(page, 'Bot renamed to "Star Breaker"!')).toBeVisible();
  await expect(page.getByRole("button", { name: /credits/i })).toContainText("495");

  await page.getByRole("button", { name: "Refresh 250 coins, Star Breaker" }).click();
  const refreshing = page.getByRole("dialog", { name: "Refresh Bot" });
  await expect(refreshing.getByText("may upgrade or downgrade")).toBeVisible();
  await expect(refreshing.getByText("new image and new stats")).toBeVisible();
  await shot(page, "dashboard-refresh-confirm");
  await refreshing.getByRole("button", { name: /Refresh/ }).click();
  await expect(toast(page, /Bot refreshed! New rarity: (common|uncommon|rare)/)).toBeVisible();
  await expect(page.getByRole("button", { name: /credits/i })).toContainText("245");

  await page.getByRole("button", { name: "Recycle +250 coins, Star Breaker" }).click();
  await expect(toast(page, "Cannot recycle your active bot!")).toBeVisible();
  await page.getByRole("button", { name: "Recycle +250 coins, Old Guard" }).click();
  const recycling = page.getByRole("dialog", { name: "Recycle Bot" });
  await expect(recycling.getByText("+250 coins")).toBeVisible();
  await expect(recycling.getByText(/permanent/)).toBeVisible();
  await expect(recycling.getByText(/Image status does not matter/)).toBeVisible();
  await shot(page, "dashboard-recycle-confirm");
  await recycling.getByRole("button", { name: /Recycle/ }).click();
  await expect(toast(page, "Bot recycled! +250 coins")).toBeVisible();
  await expect(page.getByRole("button", { name: "Select Old Guard" })).toHaveCount(0);
  await expect(page.getByTestId("roster-count")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /credits/i })).toContainText("495");
  await shot(page, "dashboard-after-actions");

  // The refresh handed over the summon's 10 bonus points as available points: spend one.
  await page.goto("/train");
  await expect(page.getByRole("heading", { name: "Training Facility" })).toBeVisible();
  await expect(page.getByTestId("available-points")).toHaveText("10");
  const strength = Number(await page.getByTestId("train-strength").textContent());
  await page
    .getByRole("region", { name: "Strength" })
    .getByRole("button", { name: "Add Point (5 Energy)" })
    .click();
  await expect(toast(page, "Strength +1!")).toBeVisible();
  await expect(page.getByTestId("train-strength")).toHaveText(String(strength + 1));
  await expect(page.getByTestId("available-points")).toHaveText("9");
  await expect(page.getByText("95 / 100")).toBeVisible();
  await shot(page, "train");
});
