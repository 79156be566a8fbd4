// Cash-outs pay real money (issue 38). A new pilot meets the house rules before the first one (the real 7 days,
// and one battle on this server): the bank says what is left, the week passes on the test clock, a battle is
// fought, and the bank opens and takes a request. Then an operator reviews a farm's request, two accounts on one
// browser with coins passed between them: its reasons and linked accounts in the queue, Approve, Mark paid with
// ZBD's reference (which the player reads), a freeze of the farm and an unfreeze.
// These run on the clock server, one journey at a time: every journey signs up from 127.0.0.1, so freezing an
// account's linked accounts freezes every pilot of the server, and here those are pilots of journeys that are over.
import { expect, type Page, test } from "@playwright/test";
import { advanceClock, DAY, expectTestClock } from "./clock";
import {
  admin,
  checkPhoneScreen,
  createFirstBot,
  enterAs,
  newPlayer,
  shot,
  summonReadyBots,
  toast,
} from "./support";

const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };
const FROZEN = "This account is frozen for review: cash-outs, marketplace trades and donations are paused";

/** The screen at a desktop's width, then at a phone's with the phone's checks, and back. */
async function bothWidths(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
  await page.setViewportSize(phone);
  await checkPhoneScreen(page, `${name}-phone`);
  await page.setViewportSize(desktop);
}

const standing = (page: Page) => page.getByTestId("cashout-standing");
const closedReason = (page: Page) => page.getByTestId("cashout-closed-reason");
const cashOutButton = (page: Page) => page.getByRole("button", { name: "Cash Out", exact: true });
const latestRequest = (page: Page) => page.getByTestId("cashout-request").first();

async function requestCashout(page: Page, gamertag: string, amount: number) {
  await cashOutButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Cash Out" });
  await dialog.getByLabel("Gamertag").fill(gamertag);
  await dialog.getByLabel("Amount").fill(String(amount));
  await dialog.getByRole("button", { name: "Request Cash Out" }).click();
  await expect(toast(page, "Cashout request submitted! Processing may take 24-48 hours.")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("the bank before a first cash-out: closed for 7 days and a battle, then open, and a request on its way", async ({
  page,
}) => {
  await expectTestClock(page.request);
  await enterAs(page, newPlayer("rookie"));
  await createFirstBot(page.request, "Fresh Spark");
  await page.goto("/bank");
  await expect(standing(page)).toHaveAttribute("data-state", "locked");
  await expect(closedReason(page)).toHaveText(
    /^Cash-outs open after 7 days and 1 battle: \d days? and 1 battle to go$/,
  );
  await expect(page.getByRole("progressbar", { name: "Account age" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Battles fought" })).toBeVisible();
  await expect(cashOutButton(page)).toBeDisabled();
  await expect(page.getByTestId("cashout-rules")).toContainText(
    "An account can cash out once it is 7 days old and has fought 1 battle.",
  );
  await bothWidths(page, "cashout-locked");

  // A week later only the battle is left.
  await advanceClock(page.request, 7 * DAY);
  await page.reload();
  await expect(closedReason(page)).toHaveText("Cash-outs open after 7 days and 1 battle: 1 battle to go");

  await page.goto("/fight");
  await page.getByRole("button", { name: "Find AI Opponent" }).click();
  await page.getByRole("button", { name: "Start AI Battle (15 Energy)" }).click();
  const zone = page.getByRole("dialog", { name: "COMBAT ZONE" });
  // Skip is disabled once the result shows, and a short battle may get there first.
  await zone.getByRole("button", { name: "Skip" }).click({ force: true });
  await expect(zone.getByTestId("battle-verdict")).toBeVisible();
  await zone.getByRole("button", { name: "Continue" }).click();
  await expect(zone).toBeHidden();

  await page.goto("/bank");
  await expect(standing(page)).toHaveAttribute("data-state", "open");
  await expect(page.getByTestId("cashout-available")).toHaveText("0");
  await expect(page.getByText("Deposit coins into your vault to cash them out")).toBeVisible();
  await expect(cashOutButton(page)).toBeDisabled();
  const deposit = page.locator("form").filter({ hasText: "Deposit" }).first();
  await deposit.getByRole("spinbutton").fill("300");
  await deposit.getByRole("button", { name: "Deposit" }).click();
  await expect(page.getByTestId("cashout-available")).toHaveText("300");
  await expect(standing(page)).toContainText("Up to 500 coins today · 500 a day");
  await expect(standing(page)).toContainText("Up to 500 coins with nothing unusual go out at once");
  await bothWidths(page, "cashout-open");

  // The gamertag field takes 35 characters and refuses the 36th as it is typed.
  await cashOutButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Cash Out" });
  const gamertag = dialog.getByLabel("Gamertag");
  await gamertag.pressSequentially("g".repeat(36));
  await expect(gamertag).toHaveValue("g".repeat(35));
  await expect(dialog.getByText("35/35 characters")).toBeVisible();
  await expect(dialog.getByLabel("Amount")).toHaveAttribute("max", "300");
  await page.keyboard.press("Escape");

  await requestCashout(page, "clock_rider", 200);
  await expect(page.getByTestId("vault-balance")).toHaveText("100");
  await expect(page.getByTestId("cashout-available")).toHaveText("100");
  // Signed up from the address every journey uses, so it is linked to other pilots and waits for a person;
  // the first pilot of a fresh server has no one to be linked to, and its request goes straight on.
  await expect(latestRequest(page)).toHaveAttribute("data-phase", /^(under_review|processing)$/);
  await expect(latestRequest(page)).toContainText(/Under review|On its way/);
  await bothWidths(page, "cashout-requested");
});

test("an operator reviews a farm's cash-out: reasons and linked accounts, approve, mark paid, freeze, unfreeze", async ({
  browser,
  page,
}) => {
  test.slow();
  await expectTestClock(page.request);
  // The farm: two accounts in one browser, the second buying the first one's bot, so coins pass between them.
  const farmContext = await browser.newContext({ viewport: desktop });
  const farm = await farmContext.newPage();
  const farmer = newPlayer("farmer");
  const alt = newPlayer("alt");
  await enterAs(farm, farmer);
  await createFirstBot(farm.request, "Harvest One");
  const [botId] = await summonReadyBots(farm.request, 1, "Cash Crop");
  const listed = await farm.request.post("/api/marketplace/listings", { data: { botId, price: 400 } });
  expect(listed.ok()).toBe(true);
  const { listing } = (await listed.json()) as { listing: { id: string } };
  await enterAs(farm, alt);
  expect((await farm.request.post(`/api/marketplace/listings/${listing.id}/buy`)).ok()).toBe(true);
  await enterAs(farm, farmer);
  expect((await farm.request.post("/api/bank/deposit", { data: { amount: 500 } })).ok()).toBe(true);
  // The house rules: a week and a battle.
  await advanceClock(farm.request, 7 * DAY);
  expect((await farm.request.post("/api/arena/ai/opponent")).ok()).toBe(true);
  expect((await farm.request.post("/api/arena/ai/battle")).ok()).toBe(true);

  await farm.goto("/bank");
  await requestCashout(farm, "harvest_moon", 300);
  await expect(latestRequest(farm)).toHaveAttribute("data-phase", "under_review");
  await expect(latestRequest(farm).getByText("Under review", { exact: true })).toBeVisible();
  await expect(latestRequest(farm).getByTestId("cashout-outcome")).toHaveText(
    "A person checks it within 24-48 hours",
  );

  await enterAs(page, admin);
  await page.goto("/admin?tab=cashouts");
  await expect(page.getByTestId("payouts-header")).toContainText("Record only");
  // By its gamertag: the farmer's name is in other entries too, among their linked accounts.
  const entry = page.getByTestId("admin-cashout").filter({ hasText: "→ harvest_moon" });
  await expect(entry).toHaveAttribute("data-stage", "review");
  await expect(entry).toContainText("Waiting for review");
  await expect(entry).toContainText(farmer.username);
  await expect(entry.getByTestId("cashout-account")).toHaveText(/^Account \d+ days old · 1 battle$/);
  const risk = entry.getByTestId("cashout-risk");
  await expect(risk).toContainText(`Shares a device with 1 other account: ${alt.username}`);
  await expect(risk).toContainText(`400 coins came from linked accounts (${alt.username})`);
  const altLink = entry.getByTestId("linked-account").filter({ hasText: alt.username });
  await expect(altLink).toContainText("Same device");
  await expect(altLink).toContainText("400 in · 0 out");
  await bothWidths(page, "cashout-admin-review");

  await entry.getByRole("button", { name: "Approve" }).click();
  const approving = page.getByRole("dialog", { name: "Approve this cash-out?" });
  await expect(approving).toContainText("300 coins to harvest_moon");
  await shot(page, "cashout-admin-approve", { fullPage: false });
  await approving.getByRole("button", { name: "Approve" }).click();
  await expect(
    toast(page, `Approved 300 coins to ${farmer.username}: pay it and mark it paid`),
  ).toBeVisible();
  await expect(entry).toHaveAttribute("data-stage", "manual");
  await expect(entry).toContainText("Pay by hand");
  await expect(entry.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await farm.reload();
  await expect(latestRequest(farm)).toHaveAttribute("data-phase", "processing");
  await expect(latestRequest(farm)).toContainText("Approved: being sent to your ZBD gamertag");

  await entry.getByRole("button", { name: "Mark paid" }).click();
  const paying = page.getByRole("dialog", { name: "Mark this cash-out paid" });
  await paying.getByLabel("Payment reference").fill("zbd-7f3a91c2");
  // The player's toast lasts 4 s: watched from before the click.
  const heard = expect(toast(farm, "Your cash-out of 300 coins was paid")).toBeVisible();
  await paying.getByRole("button", { name: "Mark paid" }).click();
  await expect(toast(page, `Cash-out of 300 coins to ${farmer.username} marked paid`)).toBeVisible();
  await expect(entry).toHaveCount(0);
  await heard;
  await expect(latestRequest(farm)).toHaveAttribute("data-phase", "paid");
  await expect(latestRequest(farm)).toContainText("Paid");
  await expect(latestRequest(farm).getByTestId("cashout-reference")).toHaveText(
    "ZBD reference: zbd-7f3a91c2",
  );
  await bothWidths(farm, "cashout-paid");

  // The farm is frozen: the farmer and, by default, every account linked to it.
  await page.getByLabel("Status").selectOption("paid");
  const settled = page.getByTestId("admin-cashout").filter({ hasText: "→ harvest_moon" });
  await settled.getByRole("button", { name: "Freeze" }).click();
  const freezing = page.getByRole("dialog", { name: `Freeze ${farmer.username}?` });
  const also = freezing.getByLabel(/^Also freeze \d+ linked accounts?$/);
  await expect(also).toBeChecked();
  const linked = Number(/\d+/.exec((await freezing.getByText(/^Also freeze \d+/).textContent()) ?? "")?.[0]);
  await freezing.getByRole("button", { name: "Freeze" }).click();
  await expect(toast(page, "Enter a reason for the freeze")).toBeVisible();
  await freezing.getByLabel("Reason").fill("Sign-up coins farmed through a second account");
  await shot(page, "cashout-admin-freeze", { fullPage: false });
  await freezing.getByRole("button", { name: "Freeze" }).click();
  // The farmer and every linked account the box counted (never the admin, who shares the address).
  await expect(toast(page, `Froze ${linked + 1} accounts`)).toBeVisible();
  await expect(settled.getByTestId("cashout-account")).toContainText(
    "frozen: Sign-up coins farmed through a second account",
  );
  await expect(settled.getByTestId("linked-account").filter({ hasText: alt.username })).toContainText(
    "Frozen",
  );
  await bothWidths(page, "cashout-admin-frozen");

  await farm.reload();
  await expect(standing(farm)).toHaveAttribute("data-state", "frozen");
  await expect(closedReason(farm)).toHaveText(FROZEN);
  await expect(cashOutButton(farm)).toBeDisabled();
  const refused = await farm.request.post("/api/bank/cashout", {
    data: { gamertag: "harvest_moon", amount: 50 },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(FROZEN);
  await bothWidths(farm, "cashout-frozen");

  await settled.getByRole("button", { name: "Unfreeze" }).click();
  await expect(toast(page, `Unfroze ${farmer.username}`)).toBeVisible();
  await expect(settled.getByRole("button", { name: "Freeze" })).toBeVisible();
  await farm.reload();
  await expect(standing(farm)).toHaveAttribute("data-state", "open");
  await farmContext.close();
});
