// Helpers that speak the player's language: sign up, sign in, take a screenshot for a human to look at.
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export type Player = { username: string; email: string; password: string };

export function newPlayer(prefix = "pilot"): Player {
  const tag = randomBytes(4).toString("hex");
  return { username: `${prefix}_${tag}`, email: `${prefix}_${tag}@arena.test`, password: "hunter22" };
}

export async function signUp(page: Page, player: Player = newPlayer()): Promise<Player> {
  await page.goto("/auth");
  await page.getByLabel("Email").waitFor();
  const switchLink = page.getByText("Don't have an account? Sign up");
  if (await switchLink.isVisible()) await switchLink.click();
  await page.getByLabel("Username").fill(player.username);
  await page.getByLabel("Email").fill(player.email);
  await page.getByLabel("Password").fill(player.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/create-bot$/);
  return player;
}

export async function signIn(page: Page, player: Player): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("Email").waitFor();
  const switchLink = page.getByText("Already have an account? Sign in");
  if (await switchLink.isVisible()) await switchLink.click();
  await page.getByLabel("Email").fill(player.email);
  await page.getByLabel("Password").fill(player.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in through the API (sharing the page's cookie jar), creating the account on first use. */
export async function enterAs(page: Page, player: Player): Promise<void> {
  const signUpAnswer = await page.request.post("/api/auth/sign-up", { data: player });
  if (signUpAnswer.status() === 409) {
    const signInAnswer = await page.request.post("/api/auth/sign-in", {
      data: { email: player.email, password: player.password },
    });
    expect(signInAnswer.ok()).toBe(true);
  } else {
    expect(signUpAnswer.ok()).toBe(true);
  }
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `../test-results/screens/${name}.png`, fullPage: true });
}
