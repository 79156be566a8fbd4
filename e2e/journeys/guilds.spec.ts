// Guild journeys: found a guild (and be refused without a name), donate, choose to sit out the next war (the
// page says what a war is and that it costs nothing), be found by search and joined by a second player (who sees
// the choice but may not change it), promote them, see them leave, and leave last (the dialog says the guild and
// its bank go). Screenshots at desktop and phone width.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createFirstBot, enterAs, grantCoins, newPlayer, type Player, shot, toast } from "./support";

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

async function pilotPage(browser: Browser, prefix: string): Promise<{ page: Page; player: Player }> {
  const context = await browser.newContext({ viewport: desktop });
  const page = await context.newPage();
  const player = newPlayer(prefix);
  await enterAs(page, player);
  await createFirstBot(page.request, `${prefix} Unit`);
  return { page, player };
}

test("found, donate, get joined and promote, then leave until the guild is disbanded", async ({
  browser,
}) => {
  const { page: leader } = await pilotPage(browser, "founder");
  const tag = `G${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const name = `Neon Owls ${tag}`;

  await leader.goto("/guilds");
  await expect(leader.getByRole("heading", { name: "Guilds" })).toBeVisible();
  await leader.getByRole("button", { name: "Create Guild (100 coins)" }).click();
  const dialog = leader.getByRole("dialog", { name: "Create Guild" });
  await dialog.getByRole("button", { name: "Create Guild (100 coins)" }).click();
  // Said under the blank fields, and gone once they are filled (the component test checks each step).
  await expect(dialog.getByText("Name and tag are required")).toHaveCount(2);
  await dialog.getByLabel("Guild name").fill(name);
  await dialog.getByLabel("Tag").fill(tag);
  await expect(dialog.getByText(`Shown as [${tag}]`)).toBeVisible();
  await expect(dialog.getByText("Name and tag are required")).toHaveCount(0);
  await dialog.getByLabel("Description (optional)").fill("We fly at night.");
  await shot(leader, "guilds-create-dialog", { fullPage: false });
  await dialog.getByRole("button", { name: "Create Guild (100 coins)" }).click();
  await expect(toast(leader, "Guild created successfully!")).toBeVisible();
  await expect(leader).toHaveURL(/\/guilds\/[0-9a-f-]{36}$/);
  await expect(leader.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(leader.getByText("Building")).toBeVisible();
  // The founding fee left the wallet.
  expect(((await (await leader.request.get("/api/me")).json()) as { coins: number }).coins).toBe(900);

  await leader.getByRole("tab", { name: "Bank" }).click();
  await leader.getByLabel("Donate to the guild bank").fill("0");
  await leader.getByRole("button", { name: "Contribute" }).click();
  await expect(toast(leader, "Please enter a valid amount")).toBeVisible();
  await leader.getByLabel("Donate to the guild bank").fill("250");
  await leader.getByRole("button", { name: "Contribute" }).click();
  await expect(toast(leader, "Contributed 250 coins!")).toBeVisible();
  await expect(leader.getByTestId("contribution").first()).toContainText("+250");
  await expect(leader.getByTestId("bank-entry").first()).toContainText("Donation");
  await expect(leader.getByText("250 / 500 coins")).toBeVisible();
  await snap(leader, "guild-page-bank");

  // The next war: what it is, in one sentence, and the leader's choice to sit it out, answered by the server.
  const war = leader.getByTestId("war-enlistment");
  await expect(war.getByTestId("war-rules")).toContainText("A guild war costs nothing");
  await expect(war.getByTestId("war-standing")).toContainText(
    `At 500 coins in the bank, [${tag}] is enlisted`,
  );
  const sitOut = war.getByRole("switch", { name: "Sit out the next war" });
  await expect(sitOut).toHaveAttribute("aria-checked", "false");
  await sitOut.click();
  await expect(toast(leader, "Your guild will sit out the next war")).toBeVisible();
  await expect(sitOut).toHaveAttribute("aria-checked", "true");
  await expect(war.getByTestId("war-standing")).toHaveText(
    `[${tag}] will sit out the next war: it is not enlisted, whatever its bank holds.`,
  );
  await expect(leader.getByText("Sitting Out", { exact: true })).toBeVisible();
  // What the server holds, not only what the page shows.
  await leader.reload();
  await expect(leader.getByRole("switch", { name: "Sit out the next war" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await snap(leader, "guild-page-sit-out");
  await leader.setViewportSize(phone);
  await snap(leader, "guild-page-sit-out-phone");
  await leader.setViewportSize(desktop);

  // A second player finds the guild by its tag in lower case and joins from the list.
  const { page: recruit, player: recruitPlayer } = await pilotPage(browser, "recruit");
  await recruit.goto("/guilds");
  await recruit.getByRole("searchbox", { name: "Search guilds by name or tag" }).fill(tag.toLowerCase());
  const card = recruit.getByTestId("guild-card").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`[${tag}]`);
  await expect(card).toContainText("1/20");
  await snap(recruit, "guilds-search");
  await card.getByRole("button", { name: "Join" }).click();
  await expect(toast(recruit, "Joined guild successfully!")).toBeVisible();
  await expect(recruit.getByRole("button", { name: "Leave Guild" })).toBeVisible();
  // A plain member sees the guild's choice, locked, and why.
  const locked = recruit.getByRole("switch", { name: "Sit out the next war" });
  await expect(locked).toBeDisabled();
  await expect(locked).toHaveAttribute("aria-checked", "true");
  await expect(recruit.getByText("Only the leader or an officer can change this.")).toBeVisible();
  await recruit.goto("/guilds");
  await expect(recruit.getByTestId("my-guild")).toContainText(name);
  await expect(recruit.getByRole("button", { name: "Create Guild (100 coins)" })).toHaveCount(0);
  await recruit.setViewportSize(phone);
  await snap(recruit, "guilds-list-phone");

  // The leader sees the new member live and promotes them.
  await leader.getByRole("tab", { name: "Members" }).click();
  const row = leader.getByTestId("guild-member").filter({ hasText: recruitPlayer.username });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `Promote ${recruitPlayer.username}` }).click();
  await expect(toast(leader, `${recruitPlayer.username} is now an officer`)).toBeVisible();
  await expect(row).toContainText("officer");
  const projectSize = leader.viewportSize() ?? desktop;
  await snap(leader, "guild-page-members");
  await leader.setViewportSize(phone);
  await snap(leader, "guild-page-members-phone");
  await leader.setViewportSize(projectSize);

  // The officer leaves: back to /guilds.
  await recruit.goto(leader.url());
  await recruit.getByRole("button", { name: "Leave Guild" }).click();
  await expect(recruit.getByTestId("leave-warning")).toContainText("Your contributions stay");
  await recruit.getByRole("dialog").getByRole("button", { name: "Leave Guild" }).click();
  await expect(toast(recruit, "Left guild successfully")).toBeVisible();
  await expect(recruit).toHaveURL(/\/guilds$/);

  // The last member is told the guild is disbanded and its bank lost.
  await leader.reload();
  await leader.getByRole("button", { name: "Leave Guild" }).click();
  const warning = leader.getByTestId("leave-warning");
  await expect(warning).toContainText("You are the last member");
  await expect(warning).toContainText("its bank of 250 coins is lost to the house");
  await shot(leader, "guild-leave-last-member", { fullPage: false });
  await leader.getByRole("button", { name: "Leave and Disband" }).click();
  await expect(toast(leader, "Left guild successfully")).toBeVisible();
  await expect(leader).toHaveURL(/\/guilds$/);
  await leader.getByRole("searchbox", { name: "Search guilds by name or tag" }).fill(tag);
  await expect(leader.getByText("No guilds match your search.")).toBeVisible();
});

// An unknown guild ('Guild not found', with a Retry): features/guilds/GuildPage.test.tsx (packages/web).
// Issue 41: the bank buys perks. The leader raises a banner; the coins leave the bank through the ledger (its
// history says so) and the banner flies beside the tag on the page and on the guild's card.
test("the leader buys a banner from the guild bank: it flies beside the tag, and the bank pays for it", async ({
  browser,
}) => {
  const { page: leader, player } = await pilotPage(browser, "bannerman");
  const tag = `B${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const created = await leader.request.post("/api/guilds", { data: { name: `Lime Bolts ${tag}`, tag } });
  expect(created.ok()).toBe(true);
  const { guild } = (await created.json()) as { guild: { id: string } };
  await grantCoins(browser, player, 200);
  const donated = await leader.request.post(`/api/guilds/${guild.id}/contribute`, { data: { amount: 1000 } });
  expect(donated.ok()).toBe(true);

  await leader.goto(`/guilds/${guild.id}`);
  await leader.getByRole("tab", { name: "Perks" }).click();
  const banner = leader.getByRole("region", { name: "Banner" });
  await expect(banner.getByText("No banner yet.")).toBeVisible();
  await banner.getByLabel("Colour").selectOption("Lime");
  await banner.getByLabel("Emblem").selectOption("bolt");
  await snap(leader, "guild-perks");
  await banner.getByRole("button", { name: "Raise banner · 1,000" }).click();
  const confirm = leader.getByRole("dialog", { name: "Buy this perk?" });
  await expect(confirm).toContainText("Banner: Lime bolt for 1,000 coins from the guild bank.");
  await confirm.getByRole("button", { name: "Buy" }).click();
  await expect(toast(leader, "Bought: guild banner")).toBeVisible();
  await expect(banner.getByText("Flying Lime with a bolt.")).toBeVisible();
  await expect(leader.getByRole("img", { name: "Lime bolt banner" }).first()).toBeVisible();
  // The seats and the drill cost more than the bank now holds.
  await expect(leader.getByText("The bank holds 0 of 2,000")).toBeVisible();

  await leader.getByRole("tab", { name: "Bank" }).click();
  await expect(leader.getByTestId("bank-entry").first()).toContainText("Guild perk bought");
  await expect(leader.getByTestId("bank-entry").first()).toContainText("−1,000");
  const detail = (await (await leader.request.get(`/api/guilds/${guild.id}`)).json()) as {
    guild: { bankBalance: number };
    bankHistory: { kind: string; delta: number }[];
  };
  expect(detail.guild.bankBalance).toBe(0);
  expect(detail.bankHistory[0]).toMatchObject({ kind: "perk", delta: -1000 });

  await leader.goto("/guilds");
  await leader.getByLabel("Search guilds by name or tag").fill(tag);
  const card = leader.getByTestId("guild-card").filter({ hasText: tag });
  await expect(card.getByRole("img", { name: "Lime bolt banner" })).toBeVisible();

  const phoneContext = await browser.newContext({
    viewport: phone,
    storageState: await leader.context().storageState(),
  });
  const onPhone = await phoneContext.newPage();
  await onPhone.goto(`/guilds/${guild.id}`);
  await onPhone.getByRole("tab", { name: "Perks" }).click();
  await expect(onPhone.getByRole("region", { name: "Banner" })).toBeVisible();
  await snap(onPhone, "guild-perks-phone");
  await phoneContext.close();
});

test("a guild page without a session sends the player to sign in", async ({ page }) => {
  await page.goto("/guilds/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/auth/);
});
