// Issue 11 journeys: the landing page arrives compressed and light (its floating widgets and toasts load when
// wanted), index.html is never cached, and a visitor still opens the music player and the chat in one press.
import { gzipSync } from "node:zlib";
import { expect, type Response, test } from "@playwright/test";
import { enterAs, newPlayer, shot } from "./support";

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
