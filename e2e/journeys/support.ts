// Helpers that speak the player's language: sign up, sign in, take a screenshot for a human to look at.
import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
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
 * What makes one screen distinct from another, read from the page rather than from a journey's name: the width
 * class (phone or wide), the route's path with its ids folded ("/guilds/:id"), the open dialogs and floating
 * panels, and the selected tabs. Names lose every word holding a digit or an underscore, so a bot's number or a
 * pilot's random tag does not make a screen new.
 */
async function screenKey(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clean = (text: string | null | undefined) =>
      (text ?? "")
        .replace(/\S*[\d_]\S*/g, "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 60);
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const nameOf = (el: Element) => {
      const labelledBy = el.getAttribute("aria-labelledby");
      const byId = labelledBy
        ?.split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      return clean(el.getAttribute("aria-label") ?? byId ?? el.textContent);
    };
    const path = location.pathname
      .replace(/\/[0-9a-f]{8}-[0-9a-f-]{27,}(?=\/|$)/gi, "/:id")
      .replace(/\/\d+(?=\/|$)/g, "/:n");
    const layers = [
      ...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="region"]:not(#main *)'),
    ]
      .filter(shown)
      .map((el) => `${el.getAttribute("role")}:${nameOf(el)}`);
    const tabs = [...document.querySelectorAll('[role="tab"][aria-selected="true"]')]
      .filter(shown)
      .map((el) => `tab:${clean(el.textContent)}`);
    return [window.innerWidth < 640 ? "phone" : "wide", path, ...layers, ...tabs].join("|");
  });
}

/** Screens axe has looked at in this run: across workers through files in E2E_AXE_DIR, else in this process. */
const axedHere = new Set<string>();

/** True for the first caller in the whole run to claim this screen. */
function claimScreen(key: string): boolean {
  const dir = process.env.E2E_AXE_DIR;
  if (!dir) {
    if (axedHere.has(key)) return false;
    axedHere.add(key);
    return true;
  }
  try {
    // 'wx' creates the file or fails when it exists: one winner however many workers ask at once. The file holds
    // the key, for E2E_AXE_LIST=1 (global-teardown.ts).
    writeFileSync(join(dir, createHash("sha1").update(key).digest("hex")), key, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * A screen a journey reached. It must never scroll sideways. axe-core looks at each distinct screen once per run
 * (see screenKey: the first journey to reach it, in any worker, pays the 3 to 10 s on two busy cores): a second
 * visit to the same route in the same state proves nothing new. `axe: true` runs it whatever was seen before (the
 * phone sweep, whose every stop is chosen for it); `axe: false` never. E2E_AXE_LIST=1 lists the screens it saw at
 * the end of the run. The picture is written only with SCREENSHOTS=1, under
 * test-results/screens/<project>/<name>.png, for a human to look at. `fullPage: false` keeps to the viewport, for
 * full-screen overlays such as the COMBAT ZONE.
 */
export async function shot(
  page: Page,
  name: string,
  options: { fullPage?: boolean; axe?: boolean } = {},
): Promise<void> {
  await expectNoSidewaysScroll(page, name);
  const key = options.axe === false ? null : await screenKey(page);
  if (key !== null && (claimScreen(key) || options.axe === true)) await expectAccessible(page, name);
  if (process.env.SCREENSHOTS === "1") {
    await page.screenshot({
      path: `../test-results/screens/${test.info().project.name}/${name}.png`,
      fullPage: options.fullPage ?? true,
    });
  }
}

export type Box = { x: number; y: number; width: number; height: number };

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export async function boxOf(locator: Locator): Promise<Box> {
  // Asked again until it has one: a floating widget's stand-in button gives way to the loaded widget's, and an
  // element measured in that moment is gone.
  let box: Box | null = null;
  await expect
    .poll(
      async () => {
        box = await locator.boundingBox();
        return box;
      },
      { message: "element has a box" },
    )
    .not.toBeNull();
  return box!;
}

/**
 * The boxes of several elements read from one layout, in the page's coordinates. Two `boxOf` calls each read the
 * layout of their moment: a scroll or a picture arriving between them moved one element and not the other, and a
 * card's buttons measured that way once came out in the wrong order.
 */
export async function boxesOf<const T extends Locator[]>(...locators: T): Promise<{ [K in keyof T]: Box }> {
  for (const locator of locators) await boxOf(locator);
  const handles = await Promise.all(locators.map((locator) => locator.elementHandle()));
  const boxes = await handles[0]!.evaluate(
    (_, elements) =>
      elements.map((element) => {
        const rect = element!.getBoundingClientRect();
        return {
          x: rect.x + window.scrollX,
          y: rect.y + window.scrollY,
          width: rect.width,
          height: rect.height,
        };
      }),
    handles,
  );
  return boxes as { [K in keyof T]: Box };
}

/**
 * With the page's clock paused (`page.clock.pauseAt`), moves it a frame at a time until `locator` is visible, and
 * answers the page time that took. A control that lives only for a timed moment (the reveal's 'Reveal all' is
 * gone a second after the bot comes out) stays for the click however slow the machine: its time is the page's.
 */
export async function stepUntilVisible(page: Page, locator: Locator, stepMs = 50): Promise<number> {
  let pageMs = 0;
  await expect
    .poll(
      async () => {
        if (await locator.isVisible()) return true;
        await page.clock.runFor(stepMs);
        pageMs += stepMs;
        return false;
      },
      { intervals: [stepMs] },
    )
    .toBe(true);
  return pageMs;
}

/** Resolves once the page's live socket is subscribed to the player's own `me` channel: an alert sent then shows. */
export function listeningToMe(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && /"type":"subscribed"/.test(payload) && /"me"/.test(payload))
          resolve();
      }),
    );
  });
}

/** The round music and chat buttons that float over every page. */
export const floatingButtons = (page: Page) => [
  page.getByRole("button", { name: /music player/ }),
  page.getByRole("button", { name: /chat/i }).last(),
];

/**
 * The floating music and chat buttons have their own space: on a phone (under 640 px) they sit on the dock along
 * the bottom edge and the page, scrolled to its end, ends above it; on a wider screen they stay in the margins
 * beside the page's content. Leaves the page scrolled to its top.
 */
export async function expectFloatingControlsClear(page: Page, screen: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 1440;
  if (width < 640) {
    // Scrolled to its end, the page's content is above the dock. Asked again until it holds, since pictures still
    // arriving can lengthen the page after the scroll. ('instant': the app scrolls smoothly.)
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
            const dock = document.querySelector('[data-testid="floating-dock"]')?.getBoundingClientRect();
            const main = document.querySelector("main")?.getBoundingClientRect();
            return dock && main ? main.bottom - dock.top : Number.POSITIVE_INFINITY;
          }),
        { message: `${screen}: the content ends above the dock` },
      )
      .toBeLessThanOrEqual(1);
    const dock = await boxOf(page.getByTestId("floating-dock"));
    for (const button of await Promise.all(floatingButtons(page).map(boxOf))) {
      expect(button.y, `${screen}: a floating button sits on the dock`).toBeGreaterThanOrEqual(dock.y);
    }
  } else {
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
    const main = await boxOf(page.locator("main"));
    for (const button of await Promise.all(floatingButtons(page).map(boxOf))) {
      expect(overlaps(button, main), `${screen}: a floating button stays beside the content`).toBe(false);
    }
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

/**
 * Every control a finger can press is at least 24 x 24 CSS pixels (WCAG 2.2's 2.5.8 minimum), with that rule's
 * two exceptions: a link inside a sentence, and a smaller target with 24 px of room around its centre (no other
 * target within a 24 px circle). Looks at every rendered control of the page, scrolled or not, that is not
 * behind a modal; names the offenders.
 */
export async function expectTapTargets(page: Page, screen: string): Promise<void> {
  const offenders = await page.evaluate(() => {
    const selector = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="radio"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="slider"]',
      '[role="option"]',
      '[role="menuitem"]',
    ].join(", ");
    // Visually hidden until focused (the skip link), in the way of .sr-only.
    const clippedAway = (el: HTMLElement) => {
      for (let up: HTMLElement | null = el; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") return true;
      }
      return false;
    };
    const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
      if (el.closest('[aria-hidden="true"], [inert], [hidden]') || clippedAway(el)) return false;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      if (getComputedStyle(el).pointerEvents === "none") return false;
      const box = el.getBoundingClientRect();
      // Visually hidden on purpose (sr-only inputs behind their labels, skip links).
      return box.width > 1 && box.height > 1;
    });
    const boxes = targets.map((el) => el.getBoundingClientRect());
    const inSentence = (el: HTMLElement) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      const block = el.parentElement;
      return (block?.textContent ?? "").trim().length > (el.textContent ?? "").trim().length;
    };
    const centre = (box: DOMRect) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    const small = (box: DOMRect) => box.width < 24 - 0.01 || box.height < 24 - 0.01;
    const roomAround = (index: number) => {
      const me = centre(boxes[index]!);
      return boxes.every((other, j) => {
        if (j === index || targets[j]!.contains(targets[index]!) || targets[index]!.contains(targets[j]!))
          return true;
        if (small(other)) {
          const them = centre(other);
          return Math.hypot(me.x - them.x, me.y - them.y) >= 24;
        }
        const dx = Math.max(other.left - me.x, 0, me.x - other.right);
        const dy = Math.max(other.top - me.y, 0, me.y - other.bottom);
        return Math.hypot(dx, dy) >= 12;
      });
    };
    return targets
      .map((el, i) => ({ el, box: boxes[i]!, i }))
      .filter(({ el, box, i }) => small(box) && !inSentence(el) && !roomAround(i))
      .slice(0, 8)
      .map(({ el, box }) => {
        const name =
          el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30) ?? el.getAttribute("name");
        return `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`;
      });
  });
  expect(offenders, `${screen}: tap targets under 24 px`).toEqual([]);
}

/**
 * Nothing is cut off: no text or control reaches past the screen's left or right edge or is clipped by a box
 * that hides its overflow (a scrolling box is fine: its content can be scrolled to), none leaves the screen's top
 * or bottom inside a fixed layer that cannot scroll (a dialog, a panel), and no text is clipped inside its own box
 * without an ellipsis, or with one that leaves most of it out. Names the offenders.
 */
export async function expectNothingCutOff(page: Page, screen: string): Promise<void> {
  const offenders = await page.evaluate(() => {
    const width = window.innerWidth;
    const ownText = (el: Element) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "");
    // Visually hidden on purpose, in the way of .sr-only (max-sm:sr-only on a phone).
    const clippedAway = (el: HTMLElement) => {
      for (let up: HTMLElement | null = el; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") return true;
      }
      return false;
    };
    const candidates = [...document.querySelectorAll<HTMLElement>("body *")].filter(
      (el) =>
        (ownText(el) || el.matches("button, a[href], input, select, textarea")) &&
        !el.closest('[aria-hidden="true"], [hidden]') &&
        el.checkVisibility({ visibilityProperty: true }) &&
        !clippedAway(el),
    );
    const scrolls = (style: CSSStyleDeclaration) => /(auto|scroll)/.test(style.overflowX);
    const describe = (el: Element, why: string) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}" ${why}`;
    const found: string[] = [];
    for (const el of candidates) {
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const style = getComputedStyle(el);
      if (
        style.overflowX !== "visible" &&
        !scrolls(style) &&
        style.textOverflow !== "ellipsis" &&
        el.scrollWidth > el.clientWidth + 1 &&
        ownText(el)
      ) {
        found.push(describe(el, "is clipped inside its own box"));
        continue;
      }
      // An ellipsis is a choice, but not one that leaves two thirds of the words out ("THE…").
      if (style.textOverflow === "ellipsis" && ownText(el) && el.clientWidth < el.scrollWidth / 3) {
        found.push(describe(el, "shows under a third of its text before the ellipsis"));
        continue;
      }
      // Up to the first box that scrolls sideways (its content can be scrolled to) or a fixed layer.
      let clippedBy: Element | null = null;
      let scrollable = false;
      let scrollsDown = false;
      let fixed = style.position === "fixed";
      for (let up = el.parentElement; up && up !== document.body && !fixed; up = up.parentElement) {
        const upStyle = getComputedStyle(up);
        if (/(auto|scroll)/.test(upStyle.overflowY)) scrollsDown = true;
        if (!scrollable && !clippedBy) {
          if (scrolls(upStyle)) scrollable = true;
          else if (upStyle.overflowX !== "visible") {
            const outer = up.getBoundingClientRect();
            if (box.left < outer.left - 1 || box.right > outer.right + 1) clippedBy = up;
          }
        }
        if (upStyle.position === "fixed") fixed = true;
      }
      if (clippedBy) found.push(describe(el, `is clipped by ${clippedBy.tagName.toLowerCase()}`));
      else if (!scrollable && (box.left < -1 || box.right > width + 1))
        found.push(describe(el, "reaches past the screen's edge"));
      // A fixed layer (a dialog, a panel) does not scroll with the page: what leaves the screen there is lost.
      else if (fixed && !scrollsDown && (box.top < -1 || box.bottom > window.innerHeight + 1))
        found.push(describe(el, "leaves the screen in a layer that does not scroll"));
    }
    return found.slice(0, 8);
  });
  expect(offenders, `${screen}: cut off`).toEqual([]);
}

/**
 * What a phone breaks, at one stop of the phone sweep or a phone journey: the floating buttons cover nothing
 * (skipped while a dialog or a floating panel is open, which covers the page on purpose), nothing is cut off,
 * every tap target is big enough, and shot()'s checks with axe-core always on (`axe: false` only where the page's
 * clock is paused to hold a moment still: axe-core needs the page's timers).
 */
/**
 * Text a phone shortens with an ellipsis (or a line clamp) that a player needs whole: a name, a record, a title
 * (issue 41). Shortening is allowed only where the page says so with `data-may-truncate` on the element or an
 * ancestor (a preview whose whole text is one tap away, such as a chat line's quote).
 */
export async function expectNoTruncatedText(page: Page, screen: string): Promise<void> {
  const cut = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (el.closest("[data-may-truncate], [aria-hidden='true'], [hidden]")) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      const clamped =
        style.webkitLineClamp !== "none" &&
        style.webkitLineClamp !== "" &&
        el.scrollHeight > el.clientHeight + 1;
      const ellipsed = style.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1;
      if (clamped || ellipsed)
        found.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 60)}"`);
    }
    return found;
  });
  expect(cut, `${screen}: text cut short`).toEqual([]);
}

export async function checkPhoneScreen(
  page: Page,
  name: string,
  options: { fullPage?: boolean; overlay?: boolean; axe?: boolean } = {},
): Promise<void> {
  if (!options.overlay) await expectFloatingControlsClear(page, name);
  await expectNothingCutOff(page, name);
  await expectNoTruncatedText(page, name);
  await expectTapTargets(page, name);
  await shot(page, name, { fullPage: options.fullPage, axe: options.axe ?? true });
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
