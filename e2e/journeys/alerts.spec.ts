// The alert inbox (issue 41): a pilot closes the tab, is sent alerts while away (two grants), comes back to the
// bell's count, reads them on /alerts (at 1440 and 390 px), opens one where it happened, and marks the rest read.
import { expect, test } from "@playwright/test";
import { grantCoins, shot, signUp } from "./support";

test("a pilot away from the tab finds their alerts in the inbox", async ({ page, browser }) => {
  const pilot = await signUp(page);
  const context = page.context();
  await page.close();

  await grantCoins(browser, pilot, 300);
  await grantCoins(browser, pilot, 40);

  const back = await context.newPage();
  await back.goto("/dashboard");
  const bell = back.getByTestId("alerts-bell");
  await expect(bell).toHaveAttribute("data-unread", "2");
  await expect(bell).toHaveAccessibleName("Alerts, 2 unread");
  await shot(back, "alerts-bell");
  await bell.click();
  await expect(back).toHaveURL(/\/alerts$/);
  const rows = back.getByTestId("alert-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("You received 40 coins");
  await expect(rows.nth(1)).toContainText("You received 300 coins");
  await shot(back, "alerts-inbox");
  await back.setViewportSize({ width: 390, height: 844 });
  await expect(back.getByTestId("alerts-bell")).toBeVisible();
  await shot(back, "alerts-inbox-phone");
  await back.setViewportSize({ width: 1440, height: 900 });

  await rows.nth(1).getByRole("link", { name: "View" }).click();
  await expect(back).toHaveURL(/\/bank$/);
  await expect(back.getByTestId("alerts-bell")).toHaveAttribute("data-unread", "1");
  await back.getByTestId("alerts-bell").click();
  await expect(back.getByTestId("alert-row").nth(1)).toHaveAttribute("data-unread", "false");
  await back.getByRole("button", { name: "Mark all as read" }).click();
  await expect(back.getByTestId("alerts-bell")).toHaveAttribute("data-unread", "0");
  await expect(back.getByTestId("alert-row").nth(0)).toHaveAttribute("data-unread", "false");
});
