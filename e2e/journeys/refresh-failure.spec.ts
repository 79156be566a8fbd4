// Issue 39: a page whose refresh fails keeps what it shows. The bank's own read fails after a deposit (answered 500
// every time, since the app asks three times before it says so); the balances stay under 'Could not refresh,
// retrying', and once the server answers again the app's next try brings the new balance. The page's clock is the
// journey's: the app's retries and its 10 s retry are run through, not waited for. The view's rules and
// one screen of each kind are component tests (packages/web/src/app/QueryView.test.tsx, the pages' tests).
import { expect, test } from "@playwright/test";
import { enterAs, newPlayer, shot, toast } from "./support";

test("the bank keeps its balances when its refresh fails, says so, and catches up once the server answers", async ({
  page,
}) => {
  await page.clock.install();
  await enterAs(page, newPlayer("steady"));
  await page.goto("/bank");
  await expect(page.getByTestId("vault-balance")).toHaveText("0");

  await page.route("**/api/bank", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Internal server error" } } }),
  );
  const deposit = page.locator("form").filter({ hasText: "Deposit" }).first();
  await deposit.getByRole("spinbutton").fill("100");
  await deposit.getByRole("button", { name: "Deposit" }).click();
  await expect(toast(page, "Deposited 100 coins to the vault")).toBeVisible();

  const note = page.getByRole("status").filter({ hasText: "Could not refresh, retrying" });
  // Through the app's two retries (1 s, then 2 s) to the failure it reports.
  await expect
    .poll(async () => {
      await page.clock.runFor(500);
      return note.count();
    })
    .toBe(1);
  await expect(page.getByTestId("vault-balance")).toHaveText("0");
  await expect(page.getByRole("heading", { name: "Bank Vault" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Failed to load data" })).toHaveCount(0);
  await shot(page, "bank-refresh-failed", { axe: true });

  await page.unroute("**/api/bank");
  // The app asks again by itself 10 s after the failed refresh (REFRESH_RETRY_MS).
  await expect
    .poll(async () => {
      await page.clock.runFor(1_000);
      return page.getByTestId("vault-balance").textContent();
    })
    .toBe("100");
  await expect(note).toHaveCount(0);
});
