// Issue 15 journeys: customizing three bots after a summon (one skipped), re-customizing with the cost box,
// 'Insufficient coins', and the empty page; screenshots at desktop and phone widths.
import { expect, type Page, test } from "@playwright/test";
import { createFirstBot, enterAs, grantCoins, newPlayer, shot, summonReadyBots, toast } from "./support";

const phone = { width: 390, height: 844 };

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
  await expect(dialog.getByText("0/30")).toBeVisible();
  await dialog.getByLabel("Bot name").fill("Volt Runner");
  await expect(dialog.getByText("11/30")).toBeVisible();
  await dialog.getByText("Crimson").click();
  await expect(dialog.getByRole("img", { name: "Preview of Volt Runner" })).toBeVisible();
  await expect(dialog.getByTestId("cost-box")).toHaveCount(0);
  await expect(dialog.getByText("Strength")).toBeVisible();
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
  await page.setViewportSize(phone);
  await shot(page, "customize-grid-phone");
  await page.getByRole("button", { name: "Customize Bravo 1" }).click();
  await shot(page, "customize-dialog-phone", { fullPage: false });
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Finish Customization" }).click();
  await expect(toast(page, "Customized 2 of 3 bots")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("re-customize with the cost box: free until something changes, then 5 and 10, charged once", async ({
  page,
}) => {
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
  const box = dialog.getByTestId("cost-box");
  await expect(box).toContainText("Free");
  await expect(box).toContainText("1,000");
  await expect(dialog.getByRole("button", { name: "Skip" })).toHaveCount(0);
  await dialog.getByLabel("Bot name").fill("New Sparky");
  await expect(box).toContainText("5 coins");
  await dialog.getByText("Violet").click();
  await expect(box.getByText("10 coins")).toBeVisible();
  await shot(page, "recustomize-cost-box", { fullPage: false });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "New Sparky saved")).toBeVisible();
  const me = await (await page.request.get("/api/me")).json();
  expect(me.coins).toBe(990);
});

test("short of coins: 'Insufficient coins' with what the coins are for", async ({ page }) => {
  const player = newPlayer("broke");
  await enterAs(page, player);
  const bot = await createFirstBot(page.request, "Penny Bot");
  await page.request.post(`/api/bots/${bot.id}/customize`, { data: { colorScheme: "Gold" } });
  // 1000 coins: a summon (500) and a vault deposit (495) leave 5 in the wallet.
  await summonReadyBots(page.request, 1, "Spare");
  expect((await page.request.post("/api/bank/deposit", { data: { amount: 495 } })).ok()).toBe(true);

  await pickOnInventory(page, ["Penny Bot"]);
  await page.getByRole("button", { name: "Re-customize (1)" }).click();
  await page.getByRole("button", { name: "Customize Penny Bot" }).click();
  const dialog = page.getByRole("dialog", { name: "Re-customize Penny Bot" });
  await dialog.getByLabel("Bot name").fill("Dime Bot");
  await dialog.getByText("Cyan").click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Insufficient coins You need 10 coins for: rename, color change",
  );
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toBeDisabled();
  await shot(page, "recustomize-insufficient", { fullPage: false });
});

test("without bot ids: 'No Bots Selected' with the way back", async ({ page }) => {
  await enterAs(page, newPlayer("lost"));
  await createFirstBot(page.request);
  await page.goto("/customize-bots");
  await expect(page.getByRole("heading", { name: "No Bots Selected" })).toBeVisible();
  await expect(page.getByText("Open Inventory to choose bots to customize.")).toBeVisible();
  await page.locator("#main").getByRole("link", { name: "Inventory" }).click();
  await expect(page).toHaveURL(/\/inventory$/);
});
