// Issue 2 journeys: accounts, guards, the 404 page, the navigation bar and the music player.
import { expect, test } from "@playwright/test";
import { adminEmail } from "../playwright.config";
import {
  createFirstBot,
  enterAs,
  holdAnswer,
  newPlayer,
  openNavigation,
  shot,
  signIn,
  signUp,
  toast,
} from "./support";

test("landing shows the four areas and leads to /auth", async ({ page }) => {
  await page.goto("/");
  for (const area of [/battle/i, /upgrade/i, /customize/i, /dominate/i]) {
    await expect(page.getByRole("heading", { name: area }).first()).toBeVisible();
  }
  await shot(page, "landing");
  await page.getByRole("link", { name: "System Info" }).click();
  await expect(page).toHaveURL(/#/);
  await page.getByRole("link", { name: "Initiate Launch" }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("sign up lands on /create-bot, sign out goes home, sign in lands on /dashboard", async ({ page }) => {
  const player = await signUp(page);
  await expect(page.getByText("Account created! Redirecting...")).toBeVisible();
  // A player without bots is sent on from /dashboard to /summon, so give this one its first bot.
  await createFirstBot(page.request);
  await page.getByRole("button", { name: /logout/i }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, player);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByRole("button", { name: /credits/i })).toContainText("1,000");
  await shot(page, "dashboard-shell");
});

test("a sign-out answered after the page already saw the session end still goes home and says so", async ({
  page,
}) => {
  await enterAs(page, newPlayer("leaver"));
  await createFirstBot(page.request);
  await page.goto("/dashboard");
  await expect(page.getByTestId("bot-detail")).toBeVisible();
  // The server ends the session, and tells the tab's live socket, which closes with 4401: the page refetches
  // the player (no one) and the shell's guard takes it, Logout button and all, to /auth. Here the answer to
  // the sign-out is held back until then; CI met that order by chance on a busy machine.
  const answer = await holdAnswer(page, "**/api/auth/sign-out");
  await page.getByRole("button", { name: /logout/i }).click();
  await expect(page).toHaveURL(/\/auth$/);
  answer.release();
  await expect(toast(page, "Logged out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("every validation message on /auth", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").waitFor();
  const toSignUp = page.getByText("Don't have an account? Sign up");
  if (await toSignUp.isVisible()) await toSignUp.click();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Username is required").first()).toBeVisible();
  await expect(page.getByText("Email is required").first()).toBeVisible();
  await expect(page.getByText("Password is required").first()).toBeVisible();

  await page.getByLabel("Username").fill("someone");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("abc");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters").first()).toBeVisible();
  await shot(page, "auth-validation");

  await page.getByText("Already have an account? Sign in").click();
  await expect(page.getByLabel("Username")).toHaveCount(0);
  await page.getByLabel("Email").fill("nobody@arena.test");
  await page.getByLabel("Password").fill("wrongpass");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  await shot(page, "auth-sign-in-error");
});

test("an email already in use gets its message", async ({ page, browser }) => {
  const player = await signUp(page);
  const other = await (await browser.newContext()).newPage();
  await other.goto("/auth");
  await other.getByLabel("Email").waitFor();
  const toSignUp = other.getByText("Don't have an account? Sign up");
  if (await toSignUp.isVisible()) await toSignUp.click();
  await other.getByLabel("Username").fill(newPlayer().username);
  await other.getByLabel("Email").fill(player.email.toUpperCase());
  await other.getByLabel("Password").fill("hunter22");
  await other.getByRole("button", { name: "Create Account" }).click();
  await expect(other.getByText("An account with this email already exists").first()).toBeVisible();
});

test("an unknown path shows the 404 page", async ({ page }) => {
  await page.goto("/no/such/place");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await shot(page, "not-found");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a signed-out visit to /dashboard goes to /auth", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
});

test("the navigation hides Admin from a player and shows it to an admin", async ({ page, browser }) => {
  await signUp(page);
  // A pilot without bots is sent from /dashboard to /summon: start there, so the menu is not closed by that move.
  await page.goto("/summon");
  await expect(page.getByRole("heading", { name: /Summon Bots/i })).toBeVisible();
  await openNavigation(page);
  await expect(page.getByRole("link", { name: "Dashboard" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);

  const adminPage = await (await browser.newContext()).newPage();
  await enterAs(adminPage, { username: "arena_admin", email: adminEmail, password: "hunter22" });
  await adminPage.goto("/summon");
  await expect(adminPage.getByRole("heading", { name: /Summon Bots/i })).toBeVisible();
  await openNavigation(adminPage);
  await expect(adminPage.getByRole("link", { name: "Admin" })).toBeVisible();
  await shot(adminPage, "nav-admin");
});

test("the music player opens and shows No Track", async ({ page }) => {
  await signUp(page);
  await page.getByRole("button", { name: "Open music player" }).click();
  await expect(page.getByText("MUSIC PLAYER")).toBeVisible();
  await expect(page.getByText("No Track")).toBeVisible();
  await expect(page.getByText("Unknown Artist")).toBeVisible();
  await expect(page.getByText("70%")).toBeVisible();
  await shot(page, "music-player");
});
