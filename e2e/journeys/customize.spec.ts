// Issue 15 journeys: customizing three bots after a summon (one skipped), and a paid re-customization whose
// charge the server takes. What is pure rendering is proved by the component tests of packages/web
// (features/customize-bots/CustomizeBotsPage.test.tsx): the name counter, the cost box (Free until something
// changes, then 5 and 10 coins), 'Insufficient coins' with what the coins are for, and 'No Bots Selected'. The
// phone sweep (phone-sweep.spec.ts) looks at the page and the dialog at 390 px.
import { expect, type Page, test } from "@playwright/test";
import { createFirstBot, enterAs, grantCoins, newPlayer, shot, summonReadyBots, toast } from "./support";

async function pickOnInventory(page: Page, names: string[]) {
  await page.goto("/inventory");
  for (const name of names) await page.getByRole("button", { name: `Select ${name}` }).click();
}

test("customize three bots after a summon, one skipped, then finish", async ({ page, browser }) => {
  test.slow();
  const player = newPlayer("painter");
  await enterAs(page, player);
  await createFirstBot(page.request);
  await grantCoins(browser, player, 1000);
  for (const prefix of ["Alpha", "Bravo", "Charlie"]) await summonReadyBots(page.request, 1, prefix);

  await pickOnInventory(page, ["Alpha 1", "Bravo 1", "Charlie 1"]);
  await page.getByRole("button", { name: "Customize (3)" }).click();
  await expect(page).toHaveURL(/\/customize-bots\?bots=/);
  await expect(page.getByTestId("customize-progress")).toHaveText("0 / 3 customized");
  await expect(page.getByTestId("customize-card")).toHaveCount(3);

  await page.getByRole("button", { name: "Customize Alpha 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Customize Alpha 1" });
  await dialog.getByLabel("Bot name").fill("Volt Runner");
  await dialog.getByText("Crimson").click();
  await expect(dialog.getByRole("img", { name: "Preview of Volt Runner" })).toBeVisible();
  await shot(page, "customize-dialog-desktop", { fullPage: false });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Volt Runner customized!")).toBeVisible();
  await expect(page.getByTestId("customize-progress")).toHaveText("1 / 3 customized");
  await expect(page.getByRole("button", { name: "Edit Again Volt Runner" })).toBeVisible();

  await page.getByRole("button", { name: "Customize Bravo 1" }).click();
  await page.getByRole("dialog", { name: "Customize Bravo 1" }).getByRole("button", { name: "Skip" }).click();
  await expect(page.getByText("Skipped")).toBeVisible();

  await page.getByRole("button", { name: "Customize Charlie 1" }).click();
  const third = page.getByRole("dialog", { name: "Customize Charlie 1" });
  await third.getByText("Emerald").click();
  await third.getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Charlie 1 customized!")).toBeVisible();
  await expect(page.getByTestId("customize-progress")).toHaveText("2 / 3 customized");
  await shot(page, "customize-grid-desktop");

  await page.getByRole("button", { name: "Finish Customization" }).click();
  await expect(toast(page, "Customized 2 of 3 bots")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("re-customize a bot: a new name and colours, charged 10 coins once by the server", async ({ page }) => {
  const player = newPlayer("recolor");
  await enterAs(page, player);
  const bot = await createFirstBot(page.request, "Old Sparky");
  expect(
    (await page.request.post(`/api/bots/${bot.id}/customize`, { data: { colorScheme: "Gold" } })).ok(),
  ).toBe(true);

  await pickOnInventory(page, ["Old Sparky"]);
  await expect(page.getByRole("button", { name: /^Customize/ })).toBeDisabled();
  await page.getByRole("button", { name: "Re-customize (1)" }).click();
  await page.getByRole("button", { name: "Customize Old Sparky" }).click();
  const dialog = page.getByRole("dialog", { name: "Re-customize Old Sparky" });
  await dialog.getByLabel("Bot name").fill("New Sparky");
  await dialog.getByText("Violet").click();
  // What the box asks for is what the server takes.
  await expect(dialog.getByTestId("cost-box").getByText("10 coins")).toBeVisible();
  await shot(page, "recustomize-cost-box", { fullPage: false });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "New Sparky saved")).toBeVisible();
  const me = await (await page.request.get("/api/me")).json();
  expect(me.coins).toBe(990);
});
