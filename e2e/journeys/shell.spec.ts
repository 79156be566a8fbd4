// Issue 2 journeys: the landing page's way in, and a real sign-up, sign-out and sign-in against the server.
// What is pure rendering moved to component tests in packages/web (issue 24): every validation message on /auth
// and the server's refusals there (features/auth/AuthPage.test.tsx), the guards' redirects and the 404 page
// (app/guards.test.tsx, features/not-found/NotFoundPage.test.tsx), the Admin link for admins only and Logout's
// messages (app/shell/NavBar.test.tsx), the music player's fallbacks (features/music/MusicPlayer.test.tsx).
import { expect, test } from "@playwright/test";
import {
  admin,
  createFirstBot,
  enterAs,
  holdAnswer,
  newPlayer,
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
  await page.goto("/dashboard");
  await expect(page.getByTestId("bot-detail")).toBeVisible();
  // The dashboard's last read (the bot's battles) answered: a request still on its way when the session ends is
  // refused, and would say nothing about what the sign-out itself asks for.
  await expect(page.getByText("No battles yet. Your bot's fights will show up here.")).toBeVisible();
  // Signing out asks for nothing the ended session would refuse: the console stays free of 401s.
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 401) refused.push(response.url());
  });
  await page.getByRole("button", { name: /logout/i }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: /battle/i }).first()).toBeVisible();
  expect(refused).toEqual([]);

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

test("at 1440 px the admin's navigation, Admin link and all, is one row", async ({ page }) => {
  await enterAs(page, admin);
  await page.goto("/account");
  const links = page.getByRole("navigation", { name: "Main" }).getByRole("listitem");
  await expect(links.last()).toHaveText("Admin");
  const rows = new Set(await links.evaluateAll((items) => items.map((li) => li.getBoundingClientRect().top)));
  expect(rows.size, "navigation rows").toBe(1);
});
