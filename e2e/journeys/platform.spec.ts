// Issue 11 journeys: the landing page arrives compressed and light (its floating widgets and toasts load when
// wanted), index.html is never cached, and a visitor still opens the music player and the chat in one press.
// Issue 29: /auth's form works before the app has loaded, and the app takes over without losing a keystroke.
import { gzipSync } from "node:zlib";
import { type APIRequestContext, expect, type Page, type Response, test } from "@playwright/test";
import { enterAs, holdAnswer, newPlayer, type Player, shot, toast } from "./support";

test("the landing arrives brotli-compressed without the widgets' code; one press opens the music player", async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on("response", (response) => responses.push(response));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /battle/i }).first()).toBeVisible();
  // The app arrives once the page is idle: its live counters then show their figures.
  await expect(page.getByTestId("pilots-line")).toBeVisible();

  const document = responses.find((r) => new URL(r.url()).pathname === "/");
  expect(document?.headers()["cache-control"]).toBe("no-store");
  const scripts = responses.filter((r) => r.request().resourceType() === "script");
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const headers = script.headers();
    expect(headers["cache-control"], script.url()).toBe("public, max-age=31536000, immutable");
    expect(headers.vary, script.url()).toContain("accept-encoding");
  }
  // Every script big enough to be worth it came brotli-compressed.
  const sized = await Promise.all(scripts.map(async (r) => ({ r, body: await r.body() })));
  for (const { r } of sized.filter((s) => s.body.length > 2048)) {
    expect(r.headers()["content-encoding"], r.url()).toBe("br");
  }
  const names = scripts.map((r) => new URL(r.url()).pathname).join(" ");
  expect(names).not.toMatch(/MusicPlayer|ChatWidget|Toaster|ShellLayout/);
  // Issue 29: the prerendered landing paints from HTML and CSS; what the page itself names (its entry and what
  // it preloads) stays within 60 KB on the wire, and the app it hydrates with follows once the page is idle.
  const html = (await document?.text()) ?? "";
  const own = sized.filter(({ r }) => html.includes(new URL(r.url()).pathname));
  expect(own.length).toBeGreaterThan(0);
  const ownWire = (await Promise.all(own.map(({ r }) => r.request().sizes()))).reduce(
    (sum, sizes) => sum + sizes.responseBodySize,
    0,
  );
  expect(ownWire, "the landing's own JavaScript on the wire").toBeLessThanOrEqual(60 * 1024);
  // Issue 11's budget for the app the landing brings in, the figure `npm run bench -- --only=bundle` prints: sonner
  // (9 KB) once slipped back into the first chunk through a static import in the live session, unseen by the
  // chunk names above. Since issue 29 this is what the landing fetches once idle, after its first paint, so it no
  // longer delays the hero; 128 KB (from 120) makes room for the alerts, the guild chat's tabs and the
  // idempotent client of issue 26 and 27, which every signed-in page needs (123.6 KB when raised).
  const app = sized.filter(({ r }) => !html.includes(new URL(r.url()).pathname));
  const gzipped = app.reduce((sum, { body }) => sum + gzipSync(body).length, 0);
  expect(gzipped, "the app's JavaScript on the landing, gzip").toBeLessThanOrEqual(128 * 1024);

  await page.getByRole("button", { name: "Open music player" }).click();
  await expect(page.getByRole("heading", { name: "MUSIC PLAYER" })).toBeVisible();
  await shot(page, "landing-music-opened", { fullPage: false });
  await page.getByRole("button", { name: "Close music player" }).click();
  await expect(page.getByRole("heading", { name: "MUSIC PLAYER" })).toHaveCount(0);
});

test("a visitor opens the chat from the landing in one press", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open chat" }).click();
  await expect(page.getByRole("link", { name: "Please login to chat" })).toBeVisible();
  await shot(page, "landing-chat-opened-phone", { fullPage: false });
});

test("a press on the chat button still opens the chat when the widget arrives in the middle of it", async ({
  page,
}) => {
  // The chat's code is held back until the button is pressed, so that it arrives between press and release.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/ChatWidget-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await enterAs(page, newPlayer("presser"));
  await page.goto("/summon");
  await expect(page.getByRole("heading", { name: /Summon Bots/i })).toBeVisible();
  const standIn = page.getByRole("button", { name: "Open chat" });
  await expect(standIn).not.toHaveAttribute("aria-controls", /.+/);
  const box = await standIn.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
  await page.mouse.down();
  release();
  // The widget's own button takes the stand-in's place under the pressed pointer.
  const widgetButton = page.getByRole("button", { name: /^Open chat|^Close chat$/ });
  await expect(widgetButton).toHaveAttribute("aria-controls", /.+/);
  await page.mouse.up();
  await expect(page.getByRole("region", { name: "Chat" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Close chat", exact: true })).toBeVisible();
});

/** Every CSP violation the page reports (a refused eval is caught by the code that tried it, but still reported). */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function aPilot(request: APIRequestContext): Promise<Player> {
  const player = newPlayer("early");
  expect((await request.post("/api/auth/sign-up", { data: player })).ok()).toBe(true);
  return player;
}

test("/auth's form works before the app has loaded and keeps what was typed when the app arrives", async ({
  page,
  request,
}) => {
  const player = await aPilot(request);
  const violations = await recordCspViolations(page);
  const scripts: Response[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r);
  });
  const appAsked: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/AppRoot-[^/]+\.js$/.test(r.url())) appAsked.push(r.url());
  });
  // The app's chunk waits until released, so everything below runs on /auth's own entry and the form's code.
  const app = await holdAnswer(page, "**/assets/AppRoot-*.js");
  await page.goto("/auth");
  const email = page.getByLabel("Email");
  await expect(email).toBeEnabled();
  // However idle the page, the app waits for the visitor's first key, press or focus: hydrating it was most of what
  // Lighthouse counted as /auth's blocking time (issue 29). Here the page goes idle, and a second more passes.
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1000))));
  expect(appAsked, "the app, asked for before the visitor did anything").toEqual([]);

  // The page names only its small entry; the form's code (React's DOM renderer is most of it) comes after the
  // first paint, and the router, the query cache, toasts and zod stay out until wanted.
  const html = await (await page.request.get("/auth")).text();
  const own = scripts.filter((r) => html.includes(new URL(r.url()).pathname));
  const ownWire = (await Promise.all(own.map((r) => r.request().sizes()))).reduce(
    (sum, sizes) => sum + sizes.responseBodySize,
    0,
  );
  expect(ownWire, "/auth's own JavaScript on the wire").toBeLessThanOrEqual(8 * 1024);
  const before = await Promise.all(scripts.map((r) => r.body()));
  const formGzip = before.reduce((sum, body) => sum + gzipSync(body).length, 0);
  expect(formGzip, "/auth's JavaScript before the app, gzip").toBeLessThanOrEqual(85 * 1024);

  await email.fill(player.email);
  const password = page.getByLabel("Password");
  await password.fill(player.password);
  app.release();
  // The app has hydrated the page once the ads show (the prerendered slots hold their room, unseen).
  await expect(page.getByRole("complementary", { name: "Advertisement (top)" })).toBeVisible();
  await expect(email).toHaveValue(player.email);
  await expect(password).toHaveValue(player.password);
  await expect(password).toBeFocused();
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/(dashboard|summon)$/);
  // The contract's schemas ran (the form's checks) under the CSP without asking for eval.
  expect(await violations()).toEqual([]);
});

test("a sign-in pressed before the app has loaded is taken on by the app when it arrives", async ({
  page,
  request,
}) => {
  const player = await aPilot(request);
  const app = await holdAnswer(page, "**/assets/AppRoot-*.js");
  await page.goto("/auth");
  await expect(page.getByLabel("Email")).toBeEnabled();
  await page.getByLabel("Email").fill(player.email);
  await page.getByLabel("Password").fill(player.password);
  const signedIn = page.waitForResponse("**/api/auth/sign-in");
  await page.getByRole("button", { name: "Sign In" }).click();
  expect((await signedIn).ok()).toBe(true);
  await expect(page.getByRole("button", { name: "Processing..." })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  app.release();
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/(dashboard|summon)$/);
});

test("a visitor opens the chat from /auth in one press, before the app has loaded", async ({ page }) => {
  // The press itself brings the app, which presses the chat button again once it has hydrated.
  await page.goto("/auth");
  await page.getByRole("button", { name: "Open chat" }).click();
  await expect(page.getByRole("link", { name: "Please login to chat" })).toBeVisible();
});
