// Helpers that speak the player's language: sign up, sign in, take a screenshot for a human to look at.
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
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

/** The page fits its width: nothing pushes it sideways. Names the innermost elements that stick out. */
export async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 0.5;
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      wide: [...document.querySelectorAll("body *")]
        .filter((el) => sticksOut(el) && ![...el.children].some(sticksOut))
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} "${el.textContent?.slice(0, 40)}"`,
        ),
    };
  });
  expect(scrollWidth, `${screen} scrolls sideways: ${wide.join(" | ")}`).toBeLessThanOrEqual(innerWidth);
}

/** axe-core on the screen as it stands: no serious or critical violation. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Violations only: collecting every passing node too made a run about a third slower. Toasts stacked behind the
  // front one (or fading out) have their text faded on purpose and sit under it; axe caught one mid-fade, so it
  // also waits for a toast sliding in to stand still.
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-sonner-toast]")].every(
      // Transitions only: a loading toast's spinner turns for ever.
      (toast) => !toast.getAnimations({ subtree: true }).some((motion) => motion instanceof CSSTransition),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    .exclude('[data-sonner-toast][data-front="false"]')
    .exclude('[data-sonner-toast][data-removed="true"]')
    .options({ resultTypes: ["violations"] })
    .analyze();
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, `${screen}: axe findings`).toEqual([]);
}

/**
 * A screen a journey reached: it must fit its width and pass axe-core, and it is saved, per width (the project),
 * for a human to look at. `fullPage: false` keeps to the viewport, for full-screen overlays such as the COMBAT ZONE.
 * axe runs at the desktop width (3 to 10 s a screen on two busy cores); what only a phone shows (the folded
 * navigation, the dock) is checked by phone.spec.ts at 390 px.
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await expectNoSidewaysScroll(page, name);
  if (!test.info().project.name.endsWith("phone")) await expectAccessible(page, name);
  await page.screenshot({
    path: `../test-results/screens/${test.info().project.name}/${name}.png`,
    fullPage: options.fullPage ?? true,
  });
}

/** Opens the navigation menu when the width folds it behind its toggle (phones); a no-op on a desktop. */
export async function openNavigation(page: Page): Promise<void> {
  const toggle = page.getByRole("button", { name: "Toggle navigation" });
  if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) !== "true")
    await toggle.click();
}

/** The request header that fixes a battle's seed on the journeys' server (TEST_BATTLE_SEEDS=on). */
export const TEST_SEED_HEADER = "x-test-battle-seed";

/**
 * Resolves once the page shows an element matching `css` whose text holds `text`, looking every frame. For a
 * moment shorter than an assertion's polling, which waits up to a second between looks and longer on a busy
 * machine (a splash, a reveal, a 2-second screen): start it before the action that brings the moment on. Its
 * wait counts from before that action, which on a loaded machine took 8 s for one click, hence twice an
 * assertion's 15 s.
 */
export function glimpse(page: Page, css: string, text = ""): Promise<unknown> {
  return page.waitForFunction(
    ([selector, words]) =>
      [...document.querySelectorAll(selector)].some((el) => (el.textContent ?? "").includes(words)),
    [css, text] as const,
    { polling: "raf", timeout: 30_000 },
  );
}

/**
 * Lets the server handle the next request to `url` at once but holds its answer back from the page until
 * `release()`: for what the page must do when it learns of the outcome some other way first.
 */
export async function holdAnswer(
  page: Page,
  url: string,
  method?: "GET" | "POST",
): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });
  return { release };
}

/**
 * A bot's energy bar after `spent` of a full 100 went on battles: a point comes back each whole minute since the
 * last spend (1 a minute, the rulebook), and a journey on a busy machine can take minutes between the battle and
 * the look, so the bar may read up to five more. The spend itself is checked exactly in the battle's answer.
 */
export const energyAfterSpending = (page: Page, spent: number) =>
  page
    .getByText(new RegExp(`^(${Array.from({ length: 6 }, (_, i) => 100 - spent + i).join("|")}) / 100$`))
    .first();

/** A sonner toast carrying `text`, as it shows. */
export const toast = (page: Page, text: string | RegExp) =>
  // A toast on its way out stays in the page for its fade (data-removed): not the one a player reads.
  page.locator("[data-sonner-toast]:not([data-removed='true'])").filter({ hasText: text });

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
