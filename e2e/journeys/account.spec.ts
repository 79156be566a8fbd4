// The account page: a pilot opens it from the navigation, changes the password (a wrong current password and a
// mismatched confirmation are caught), which signs out their other device; then signs out everywhere. Guessing
// a password at the sign-in form is slowed down with words a player understands. Its 'Notifications when away'
// choices are shown at both widths (their behaviour is PushSettings.test.tsx's).
import { expect, type Page, test } from "@playwright/test";
import {
  checkPhoneScreen,
  enterAs,
  holdAnswer,
  newPlayer,
  openNavigation,
  type Player,
  shot,
  signIn,
  signUp,
  toast,
} from "./support";

async function fillPasswordForm(page: Page, current: string, next: string, confirm = next) {
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("Confirm new password").fill(confirm);
  await page.getByRole("button", { name: "Change Password" }).click();
}

/** True while `page`'s context still has a session the server accepts. */
const signedIn = async (page: Page) => (await page.request.get("/api/me")).status() === 200;

test("a pilot changes the password from the account page and signs out everywhere", async ({
  page,
  browser,
}) => {
  const pilot: Player = await signUp(page, newPlayer("keeper"));
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await enterAs(phone, pilot);
  expect(await signedIn(phone)).toBe(true);

  // A pilot without bots is sent from the dashboard to the summon page: start there.
  await page.goto("/summon");
  await expect(page.getByRole("heading", { name: /Summon Bots/i })).toBeVisible();
  await openNavigation(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expect(page.getByText(pilot.email)).toBeVisible();
  await shot(page, "account");
  // At a phone's width too: the notification choices (a box per alert kind) wrap, none cut, each box a tap target.
  await expect(page.getByRole("checkbox", { name: "Raids on your bots" })).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPhoneScreen(page, "account-phone");
  await page.setViewportSize({ width: 1440, height: 900 });

  await fillPasswordForm(page, "not-my-password", "fresh-secret-1");
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  await fillPasswordForm(page, pilot.password, "fresh-secret-1", "fresh-secret-2");
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await shot(page, "account-errors");

  await fillPasswordForm(page, pilot.password, "fresh-secret-1");
  await expect(toast(page, "Password changed. Your other devices have been signed out.")).toBeVisible();
  expect(await signedIn(page)).toBe(true);
  expect(await signedIn(phone)).toBe(false);
  pilot.password = "fresh-secret-1";

  // The other device signs in again with the new password, then the pilot signs out everywhere.
  const again = await phone.request.post("/api/auth/sign-in", {
    data: { email: pilot.email, password: pilot.password },
  });
  expect(again.ok()).toBe(true);
  await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out everywhere?" });
  await expect(dialog).toBeVisible();
  await shot(page, "account-sign-out-everywhere-dialog", { fullPage: false });
  // The tab's own live socket closes (4401) before the answer arrives, as on a busy machine: the page is at
  // /auth by then, and the answer still brings the message and the way home.
  const answer = await holdAnswer(page, "**/api/account/sign-out-everywhere");
  await dialog.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  answer.release();
  await expect(toast(page, "Signed out on every device")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await signedIn(page)).toBe(false);
  expect(await signedIn(phone)).toBe(false);
  await phoneContext.close();

  await signIn(page, pilot);
  await expect(toast(page, "Welcome back!")).toBeVisible();
});

test("guessing a password at the sign-in form is slowed down", async ({ page, browser }) => {
  const victim = newPlayer("target");
  const setup = await browser.newContext();
  await enterAs(await setup.newPage(), victim);
  await setup.close();

  // Four wrong guesses cost nothing; from the fifth each one waits longer (1, 2, 4... seconds), so within a few
  // more tries, however slowly this machine types, the form says to wait.
  const slowed = toast(page, /Too many failed sign-ins\. Please wait \d+ seconds? and try again\./);
  for (let i = 0; i < 9 && !(await slowed.count()); i++) {
    await signIn(page, { ...victim, password: `guess-${i}` });
    await expect(toast(page, /Invalid email or password|Too many failed sign-ins/).first()).toBeVisible();
  }
  await expect(slowed.first()).toBeVisible();
  await shot(page, "account-sign-in-slowed", { fullPage: false });
});
