// Issue 11 journeys: the landing page arrives compressed and light (its floating widgets and toasts load when
// wanted), index.html is never cached, and a visitor still opens the music player and the chat in one press.
import { expect, type Response, test } from "@playwright/test";
import { shot } from "./support";

test("the landing arrives brotli-compressed without the widgets' code; one press opens the music player", async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on("response", (response) => responses.push(response));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /battle/i }).first()).toBeVisible();

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
  const sized = await Promise.all(scripts.map(async (r) => ({ r, size: (await r.body()).length })));
  for (const { r } of sized.filter((s) => s.size > 2048)) {
    expect(r.headers()["content-encoding"], r.url()).toBe("br");
  }
  const names = scripts.map((r) => new URL(r.url()).pathname).join(" ");
  expect(names).not.toMatch(/MusicPlayer|ChatWidget|Toaster|ShellLayout/);

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
