// Issue 15 journeys: chat between two browsers (live, unread badge, @name, HTML shown as text), the signed-out
// panel (only 'Please login to chat'), a guild's chat between its members (issue 26), report and hide, an admin's
// delete disappearing from another open panel and a mute; desktop and phone.
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { admin, createFirstBot, enterAs, newPlayer, type Player, shot, toast } from "./support";

const phone = { width: 390, height: 844 };

async function pilot(
  browser: Browser,
  player: Player,
  withBot = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterAs(page, player);
  if (withBot) await createFirstBot(page.request, `${player.username.slice(0, 20)} Bot`);
  await page.goto("/dashboard");
  return { context, page };
}

const panel = (page: Page) => page.getByRole("region", { name: "Chat" });
const lines = (page: Page) => panel(page).getByTestId("chat-line");

async function openChat(page: Page) {
  await page.getByRole("button", { name: /^Open chat/ }).click();
  await expect(panel(page)).toBeVisible();
}

async function send(page: Page, text: string) {
  await panel(page).getByRole("textbox", { name: "Message" }).fill(text);
  await panel(page).getByRole("button", { name: "Send" }).click();
}

test("two players chat live: unread badge, @name highlighted, HTML shown as text", async ({ browser }) => {
  const annP = newPlayer("ann");
  const bobP = newPlayer("bob");
  const ann = await pilot(browser, annP);
  const bob = await pilot(browser, bobP);
  // Ann's socket is up once her own chat has loaded.
  await openChat(ann.page);
  await ann.page.getByRole("button", { name: "Close chat", exact: true }).click();

  await openChat(bob.page);
  await expect(panel(bob.page).getByRole("button", { name: "Send" })).toBeDisabled();
  await panel(bob.page).getByRole("textbox", { name: "Message" }).fill("     ");
  await expect(panel(bob.page).getByRole("button", { name: "Send" })).toBeDisabled();
  await panel(bob.page).getByRole("textbox", { name: "Message" }).fill("x".repeat(250));
  await expect(panel(bob.page).getByText("200/200")).toBeVisible();

  await send(bob.page, `hey @${annP.username} ready to fight?`);
  await send(bob.page, "<b>bold</b> <img src=x onerror=alert(1)>");
  await expect(lines(bob.page).filter({ hasText: "<b>bold</b>" })).toBeVisible();

  // Bob's two lines at least: journeys running beside this one on the same server chat too.
  const unread = ann.page.getByTestId("chat-unread");
  await expect.poll(async () => Number(await unread.textContent())).toBeGreaterThanOrEqual(2);
  await shot(ann.page, "chat-unread-desktop", { fullPage: false });
  await openChat(ann.page);
  const mention = lines(ann.page).filter({ hasText: "ready to fight?" });
  await expect(mention.locator("mark")).toHaveText(`@${annP.username}`);
  const html = lines(ann.page).filter({ hasText: "<b>bold</b> <img src=x onerror=alert(1)>" });
  await expect(html).toBeVisible();
  await expect(html.locator("b, img")).toHaveCount(0);
  await shot(ann.page, "chat-open-desktop", { fullPage: false });

  await send(ann.page, `hi @${bobP.username}`);
  await expect(lines(bob.page).filter({ hasText: `hi @${bobP.username}` })).toBeVisible();

  await ann.page.setViewportSize(phone);
  await ann.page.getByRole("button", { name: "Close chat", exact: true }).click();
  await shot(ann.page, "chat-closed-phone", { fullPage: false });
  await openChat(ann.page);
  await shot(ann.page, "chat-open-phone", { fullPage: false });
  await ann.context.close();
  await bob.context.close();
});

test("signed out the chat holds only 'Please login to chat'", async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/");
  await openChat(visitor);
  await expect(panel(visitor).getByRole("link", { name: "Please login to chat" })).toBeVisible();
  await expect(panel(visitor).getByRole("textbox", { name: "Message" })).toHaveCount(0);
  await expect(panel(visitor).getByText(/Say hello/)).toHaveCount(0);
  await expect(lines(visitor)).toHaveCount(0);
  await shot(visitor, "chat-signed-out", { fullPage: false });
  await visitor.setViewportSize(phone);
  await shot(visitor, "chat-signed-out-phone", { fullPage: false });
  await visitor.close();
});

test("two members talk live in their guild's chat, out of the global chat", async ({ browser }) => {
  const leader = await pilot(browser, newPlayer("chief"), false);
  const member = await pilot(browser, newPlayer("crew"), false);
  const tag = `C${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const created = await leader.page.request.post("/api/guilds", { data: { name: `Chat Clan ${tag}`, tag } });
  expect(created.status()).toBe(201);
  const { guild } = (await created.json()) as { guild: { id: string } };
  expect((await member.page.request.post(`/api/guilds/${guild.id}/join`)).ok()).toBe(true);

  for (const p of [leader, member]) {
    await p.page.reload();
    await openChat(p.page);
    await panel(p.page)
      .getByRole("tab", { name: `Guild [${tag}]` })
      .click();
  }
  await send(leader.page, "guild meeting at the arena");
  await expect(lines(member.page).filter({ hasText: "guild meeting at the arena" })).toBeVisible();
  await panel(member.page).getByRole("tab", { name: "Global" }).click();
  await expect(lines(member.page).filter({ hasText: "guild meeting at the arena" })).toHaveCount(0);
  for (const p of [leader, member]) await p.context.close();
});

test("report and hide a player; an admin deletes a message from every open panel and mutes", async ({
  browser,
}) => {
  const rudeP = newPlayer("rude");
  const rude = await pilot(browser, rudeP);
  const reader = await pilot(browser, newPlayer("reader"));
  const mod = await pilot(browser, admin, false);
  await openChat(reader.page);
  await openChat(mod.page);
  await openChat(rude.page);

  await send(rude.page, "first rude line");
  const line = lines(reader.page).filter({ hasText: "first rude line" });
  await line.getByRole("button", { name: `Message actions for ${rudeP.username}` }).click();
  await line.getByRole("button", { name: "Report" }).click();
  await expect(toast(reader.page, "Message reported. A moderator will take a look.")).toBeVisible();

  await send(rude.page, "delete me please");
  const doomedOnReader = lines(reader.page).filter({ hasText: "delete me please" });
  await expect(doomedOnReader).toBeVisible();
  const doomed = lines(mod.page).filter({ hasText: "delete me please" });
  await doomed.getByRole("button", { name: `Message actions for ${rudeP.username}` }).click();
  await doomed.getByRole("button", { name: "Delete" }).click();
  await expect(toast(mod.page, "Message deleted")).toBeVisible();
  await expect(doomedOnReader).toHaveCount(0);
  await expect(lines(rude.page).filter({ hasText: "delete me please" })).toHaveCount(0);

  const again = lines(reader.page).filter({ hasText: "first rude line" });
  await again.getByRole("button", { name: `Message actions for ${rudeP.username}` }).click();
  await again.getByRole("button", { name: `Hide ${rudeP.username}` }).click();
  await expect(toast(reader.page, `${rudeP.username} is hidden from your chat`)).toBeVisible();
  await expect(lines(reader.page).filter({ hasText: "first rude line" })).toHaveCount(0);
  await send(rude.page, "can you hear me");
  await expect(lines(mod.page).filter({ hasText: "can you hear me" })).toBeVisible();
  await expect(lines(reader.page).filter({ hasText: "can you hear me" })).toHaveCount(0);

  const target = lines(mod.page).filter({ hasText: "can you hear me" });
  await target.getByRole("button", { name: `Message actions for ${rudeP.username}` }).click();
  await target.getByRole("button", { name: `Mute ${rudeP.username}` }).click();
  const dialog = mod.page.getByRole("dialog", { name: `Mute ${rudeP.username}` });
  await dialog.getByLabel("Reason").fill("spam");
  await dialog.getByRole("button", { name: "Mute" }).click();
  await expect(toast(mod.page, `${rudeP.username} is muted for 5 minutes`)).toBeVisible();
  await expect(panel(rude.page).getByText(/You are muted until/)).toBeVisible();
  await shot(rude.page, "chat-muted", { fullPage: false });

  await mod.page.goto("/admin?tab=moderation");
  await expect(mod.page.getByText("first rude line")).toBeVisible();
  await expect(mod.page.getByText("1 reports")).toBeVisible();
  await expect(mod.page.getByRole("button", { name: "Lift mute" })).toBeVisible();
  await shot(mod.page, "admin-moderation");

  for (const p of [rude, reader, mod]) await p.context.close();
});
