// Helpers that speak the player's language: sign up, sign in, take a screenshot for a human to look at.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { adminEmail } from "../playwright.config";

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

/** `fullPage: false` keeps to the viewport, for full-screen overlays such as the COMBAT ZONE. */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: `../test-results/screens/${name}.png`, fullPage: options.fullPage ?? true });
}

/** The request header that fixes a battle's seed on the journeys' server (TEST_BATTLE_SEEDS=on). */
export const TEST_SEED_HEADER = "x-test-battle-seed";

/** A sonner toast carrying `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/** The one admin of the e2e server (ADMIN_EMAILS); every journey signs in with the same password. */
export const admin: Player = { username: "arena_admin", email: adminEmail, password: "hunter22" };

/** The admin grants the player coins through the ledger (POST /api/admin/grants/coins). */
export async function grantCoins(browser: Browser, player: Player, amount: number): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterAs(page, admin);
  const answer = await page.request.post("/api/admin/grants/coins", {
    data: { email: player.email, amount, reason: "Journey setup" },
  });
  expect(answer.ok()).toBe(true);
  await context.close();
}

export const firstBotForm = {
  name: "Iron Vanguard",
  model: "Striker X-1",
  colorScheme: "Cyber Blue",
  strength: 15,
  agility: 10,
  defense: 10,
  intelligence: 5,
};

/** The player's free first bot (active), made through the API. */
export async function createFirstBot(request: APIRequestContext, name = firstBotForm.name) {
  const answer = await request.post("/api/bots", { data: { ...firstBotForm, name } });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as { id: string; imageUrl: string | null };
}

/** Summons through the API and finishes each bot's setup, as the summon dialogs would. */
export async function summonReadyBots(request: APIRequestContext, count: 1 | 10, namePrefix = "Unit") {
  const answer = await request.post("/api/bots/summon", { data: { count } });
  expect(answer.ok()).toBe(true);
  const { botIds } = (await answer.json()) as { botIds: string[] };
  const points = { strength: 4, agility: 3, defense: 2, intelligence: 1 };
  for (const [index, id] of botIds.entries()) {
    expect(
      (await request.post(`/api/bots/${id}/name`, { data: { name: `${namePrefix} ${index + 1}` } })).ok(),
    ).toBe(true);
    expect((await request.post(`/api/bots/${id}/allocate`, { data: points })).ok()).toBe(true);
  }
  return botIds;
}
