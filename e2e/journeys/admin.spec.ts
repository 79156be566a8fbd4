// The admin panel (seed 001 /admin): who gets in, the Image Library, Music Management and Player Management
// tabs with every message a click can raise, the colour-coded log of this visit and the operations log, with
// screenshots at desktop and phone width. These journeys run on a server of their own (see the config).
import { expect, type Page, test } from "@playwright/test";
import { makePng, makeWav } from "./media";
import { admin, enterAs, newPlayer, shot, signUp, toast } from "./support";

const phone = { width: 390, height: 844 };

async function openAdmin(page: Page, tab?: string) {
  await enterAs(page, admin);
  await page.goto(tab ? `/admin?tab=${tab}` : "/admin");
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
}

/** The current page's screenshot (the project gives the width: desktop and phone each run every journey). */
async function shots(page: Page, name: string) {
  // From the top, so the sticky bar sits where a player sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, `admin-${name}`);
}

const sessionLog = (page: Page) => page.getByTestId("session-log");

test("a stranger goes to /auth and a player is told 'Unauthorized: Admin access required' and sent home", async ({
  page,
}) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth$/);
  await signUp(page);
  await page.goto("/admin");
  await expect(toast(page, "Unauthorized: Admin access required")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const refused = await page.request.get("/api/admin/image-library");
  expect(refused.status()).toBe(403);
});

test("the four tabs, the tournaments tab and the guild war rewards", async ({ page }) => {
  await openAdmin(page);
  for (const name of ["Tournaments", "Image Library", "Music Management", "Player Management"]) {
    await expect(page.getByRole("tab", { name })).toBeVisible();
  }
  await expect(page.getByRole("tab", { name: "Tournaments" })).toHaveAttribute("aria-selected", "true");
  await shots(page, "tournaments");

  // The guild war rewards: the house's defaults loaded, a bad number refused in the server's words, new ones
  // saved for the next war and read back after a reload.
  const rewards = page.getByRole("form", { name: "Guild war rewards" });
  const place = (label: string) => rewards.getByLabel(label, { exact: true });
  await expect(place("1st place")).toHaveValue("2000");
  await expect(place("2nd place")).toHaveValue("1000");
  await expect(place("3rd place")).toHaveValue("500");
  await place("3rd place").fill("-1");
  await rewards.getByRole("button", { name: "Save rewards" }).click();
  await expect(rewards.getByRole("alert")).toHaveText("Rewards must be whole numbers of coins, 0 or more");
  await expect(place("3rd place")).toHaveAttribute("aria-invalid", "true");
  await place("1st place").fill("3000");
  await place("2nd place").fill("1500");
  await place("3rd place").fill("750");
  await rewards.getByRole("button", { name: "Save rewards" }).click();
  await expect(toast(page, "The next guild war pays 3,000 / 1,500 / 750 coins")).toBeVisible();
  await expect(rewards.getByRole("alert")).toHaveCount(0);
  // The form below the sticky bar, where an admin scrolls to it.
  const showRewards = () =>
    page
      .getByTestId("guild-war-rewards")
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 320));
  await showRewards();
  await shot(page, "admin-guild-war-rewards", { fullPage: false });
  await page.setViewportSize(phone);
  await showRewards();
  await shot(page, "admin-guild-war-rewards-phone", { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(place("1st place")).toHaveValue("3000");
  await expect(place("3rd place")).toHaveValue("750");
  // Put back, so a later journey on this server starts from the defaults.
  const putBack = await page.request.put("/api/admin/guild-war-rewards", {
    data: { first: 2000, second: 1000, third: 500 },
  });
  expect(putBack.ok()).toBe(true);
});

test("image library: counts, the top-up switch, upload, generate and clear", async ({ page }) => {
  await openAdmin(page, "images");
  const counts = page.getByTestId("library-counts");
  await expect(counts).toBeVisible();
  // The server seeds ten images into every slot at start and keeps them topped up.
  await expect(page.getByTestId("slot-rare-villain")).toContainText("10");
  await expect(page.getByTestId("top-up-status")).toContainText("Automatic top-up is on");
  await shots(page, "library");

  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toast(page, "Please select a file first")).toBeVisible();

  await page.getByLabel("Rarity").selectOption("legendary");
  await page.getByLabel("Class").selectOption("support");
  const file = page.getByLabel(/Image file/);
  await file.setInputFiles({
    name: "hero.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toast(page, "Upload failed")).toBeVisible();
  await expect(toast(page, "Upload failed")).toContainText("never SVG");

  await file.setInputFiles({ name: "legend.png", mimeType: "image/png", buffer: makePng() });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(toast(page, "Image uploaded successfully!")).toBeVisible();
  await expect(page.getByTestId("slot-legendary-support")).toContainText("11");

  await page.getByRole("button", { name: "Generate 1 image" }).click();
  await expect(toast(page, "Generated 1 image successfully")).toBeVisible();
  await expect(page.getByTestId("slot-legendary-support")).toContainText("12");
  // This visit's log: each outcome in its colour (checked before any reload below starts a new visit).
  const log = sessionLog(page);
  await expect(log.locator("[data-result=error]").first()).toBeVisible();
  await expect(log.locator("[data-result=success]").first()).toBeVisible();

  // Clearing asks first, naming the count and that it cannot be undone.
  await page.getByRole("button", { name: "Clear library" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear the image library?" });
  await expect(dialog).toContainText(/This deletes all \d+ images in the library\. This cannot be undone\./);
  await shot(page, "admin-library-clear-confirm", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Clear library" }).click();
  await dialog.getByRole("button", { name: /Delete \d+ images/ }).click();
  await expect(toast(page, /Library cleared: \d+ images deleted/)).toBeVisible();

  // With the top-up off, an empty library stays empty and says so.
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(toast(page, "Automatic top-up is off")).toBeVisible();
  await expect(page.getByTestId("top-up-status")).toContainText("Automatic top-up is off");
  // A refill may have landed before the switch went off: clear that too.
  const left = await page.request.get("/api/admin/image-library");
  if ((await left.json()).total > 0) {
    await page.reload();
    await page.getByRole("button", { name: "Clear library" }).click();
    await dialog.getByRole("button", { name: /Delete \d+ images/ }).click();
    await expect(toast(page, /Library cleared/).last()).toBeVisible();
  }
  await expect(page.getByTestId("slot-common-hero")).toContainText(/^hero\s*Low\s*0 \/ 0$/);
  await page.getByRole("button", { name: "Clear library" }).click();
  await expect(toast(page, "Library is already empty")).toBeVisible();
  await expect(page.getByTestId("slot-common-hero").getByText("Low")).toBeVisible();
  await expect(log.locator("[data-result=warning]").first()).toContainText("Library is already empty");
  await shots(page, "library-empty");

  // Back on: the server refills every slot in the background.
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(toast(page, "Automatic top-up is on")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("slot-diamond-support")).toContainText("10 / 10", { timeout: 30_000 });
});

test("music: upload a real WAV, play it, disable, enable, move and delete it while a player's music player follows", async ({
  page,
  browser,
}) => {
  const listener = await (await browser.newContext()).newPage();
  await signUp(listener);
  await listener.getByRole("button", { name: "Open music player" }).click();
  await expect(listener.getByText("0 tracks")).toBeVisible();

  await openAdmin(page, "music");
  await expect(page.getByText("No tracks yet")).toBeVisible();
  await page.getByRole("button", { name: "Upload track" }).click();
  await expect(toast(page, "Please select a file first")).toBeVisible();

  const file = page.getByLabel(/Audio file/);
  await file.setInputFiles({
    name: "notes.mp3",
    mimeType: "audio/mpeg",
    buffer: Buffer.from("not a song at all\n".repeat(30)),
  });
  await page.getByRole("button", { name: "Upload track" }).click();
  await expect(toast(page, "Please upload an audio file")).toBeVisible();

  await file.setInputFiles({ name: "neon_chirp.wav", mimeType: "audio/wav", buffer: makeWav() });
  await page.getByRole("button", { name: "Upload track" }).click();
  // Each upload's toast names its file, which tells the second's from the first's. (Waiting the first out
  // does not work on a phone: the pointer rests where the Upload button was tapped, the toast rises under it,
  // and Sonner holds a hovered toast for as long as the pointer stays.)
  const uploaded = (name: string) => toast(page, "Track uploaded successfully!").filter({ hasText: name });
  await expect(uploaded("neon_chirp.wav")).toBeVisible();
  await file.setInputFiles({ name: "second-wave.wav", mimeType: "audio/wav", buffer: makeWav(0.3) });
  await page.getByRole("button", { name: "Upload track" }).click();
  await expect(uploaded("second-wave.wav")).toBeVisible();
  const rows = page.getByTestId("admin-track");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("neon chirp");
  // The player's music player hears of both tracks without a reload.
  await expect(listener.getByText("2 tracks")).toBeVisible();

  await page.getByRole("button", { name: "Play neon chirp" }).click();
  await expect(page.getByRole("button", { name: "Pause neon chirp" })).toBeVisible();
  await page.getByRole("button", { name: "Pause neon chirp" }).click();

  await rows.first().getByRole("button", { name: "Disable" }).click();
  await expect(toast(page, "Track disabled")).toBeVisible();
  await expect(rows.first()).toContainText("Disabled");
  await expect(listener.getByText("1 track", { exact: true })).toBeVisible();
  await rows.first().getByRole("button", { name: "Enable" }).click();
  await expect(toast(page, "Track enabled")).toBeVisible();
  await expect(listener.getByText("2 tracks")).toBeVisible();

  await page.getByRole("button", { name: "Move second wave up" }).click();
  await expect(toast(page, "Track moved")).toBeVisible();
  await expect(rows.first()).toContainText("second wave");
  await shots(page, "music");

  // A file the browser cannot load: 'Failed to play audio'.
  await page.route("**/media/music/**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.getByRole("button", { name: "Play second wave" }).click();
  await expect(toast(page, "Failed to play audio")).toBeVisible();
  await page.unroute("**/media/music/**");

  for (const title of ["second wave", "neon chirp"]) {
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this track?" });
    await expect(dialog).toContainText(title);
    await dialog.getByRole("button", { name: "Delete track" }).click();
    await expect(toast(page, "Track deleted").first()).toBeVisible();
  }
  await expect(rows).toHaveCount(0);
  await expect(listener.getByText("0 tracks")).toBeVisible();
  await listener.close();
});

test("player management: grants by e-mail with every message, the lookup, and the player's coin history", async ({
  page,
  browser,
}) => {
  const pilot = newPlayer("granted");
  const playerPage = await (await browser.newContext()).newPage();
  await signUp(playerPage, pilot);

  await openAdmin(page, "players");
  const coins = page.locator("form").filter({ has: page.getByRole("button", { name: "Grant coins" }) });
  await expect(coins.getByLabel("Amount")).toHaveValue("1000");
  await expect(coins.getByLabel("Amount")).toHaveAttribute("min", "1");
  await coins.getByRole("button", { name: "Grant coins" }).click();
  await expect(toast(page, "Please enter a player email")).toBeVisible();
  await coins.getByLabel("Player email").fill(pilot.email);
  await coins.getByLabel("Amount").fill("0");
  await coins.getByRole("button", { name: "Grant coins" }).click();
  await expect(toast(page, "Coin amount must be positive")).toBeVisible();
  await coins.getByLabel("Amount").fill("1000");
  await coins.getByRole("button", { name: "Grant coins" }).click();
  await expect(toast(page, "Please enter a reason for the grant")).toBeVisible();
  await coins.getByLabel("Reason").fill("Winner of the community art contest");
  await coins.getByRole("button", { name: "Grant coins" }).click();
  await expect(toast(page, `Granted 1000 coins to ${pilot.username}`)).toBeVisible();

  await coins.getByLabel("Player email").fill("nobody-here@arena.test");
  await coins.getByLabel("Reason").fill("Typo test");
  await coins.getByRole("button", { name: "Grant coins" }).click();
  await expect(toast(page, "No player with that email")).toBeVisible();

  const gear = page.locator("form").filter({ has: page.getByRole("button", { name: "Grant equipment" }) });
  await gear.getByLabel("Player email").fill(pilot.email);
  await gear.getByLabel("Reason").fill("Tournament runner-up");
  await gear.getByRole("button", { name: "Grant equipment" }).click();
  await expect(toast(page, "Please select equipment")).toBeVisible();
  const options = gear.getByLabel("Equipment").locator("option");
  await expect(options.nth(1)).toBeAttached();
  const prices = (await options.allTextContents())
    .slice(1)
    .map((text) => Number(text.split("·").at(-1)!.replace(/\D/g, "")));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await gear.getByLabel("Equipment").selectOption({ index: 1 });
  await gear.getByRole("button", { name: "Grant equipment" }).click();
  // The coins' 'Granted 1000 coins to ...' may still show: the item's own toast is the one without coins.
  await expect(toast(page, new RegExp(`Granted (?!\\d+ coins).+ to ${pilot.username}`))).toBeVisible();

  await page.getByLabel("Name or e-mail").fill(pilot.username);
  const found = page.getByTestId("player-result");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(pilot.email);
  await expect(found).toContainText("2,000");
  await expect(found).toContainText("Admin grant");
  await shots(page, "players");

  const log = sessionLog(page);
  await expect(log.locator("[data-result=error]")).toHaveCount(5);
  await expect(log.locator("[data-result=success]")).toHaveCount(2);
  const history = page.getByTestId("operations-log");
  await expect(history).toContainText("Grant coins");
  await page.getByLabel("Result").selectOption("error");
  await expect(history.locator("[data-result=success]")).toHaveCount(0);
  await expect(history).toContainText("No player with that email");

  // The player sees the grant, with its reason, in their coin history.
  await playerPage.goto("/bank");
  await expect(playerPage.getByLabel("Coin history")).toContainText("Admin grant");
  await expect(playerPage.getByLabel("Coin history")).toContainText("Winner of the community art contest");
  await shot(playerPage, "admin-grant-in-coin-history");
  await playerPage.close();
});

test("cash-outs: a player cashes out, an admin refunds it, and the player's vault and bank show it", async ({
  page,
  browser,
}) => {
  const playerPage = await (await browser.newContext()).newPage();
  const saver = newPlayer("cashing");
  await enterAs(playerPage, saver);
  expect((await playerPage.request.post("/api/bank/deposit", { data: { amount: 500 } })).ok()).toBe(true);
  await playerPage.goto("/bank");
  await playerPage.getByRole("button", { name: "Cash Out", exact: true }).click();
  const request = playerPage.getByRole("dialog", { name: "Cash Out" });
  await request.getByLabel("Gamertag").fill("refund_me");
  await request.getByLabel("Amount").fill("200");
  await request.getByRole("button", { name: "Request Cash Out" }).click();
  await expect(playerPage.getByTestId("vault-balance")).toHaveText("300");
  // Every journey signs up from 127.0.0.1: linked to other pilots, the request waits for a person.
  await expect(playerPage.getByTestId("cashout-outcome").first()).toHaveText(
    /^(A person checks it within 24-48 hours|Approved: being sent to your ZBD gamertag)$/,
  );

  await openAdmin(page, "cashouts");
  const row = page.getByTestId("admin-cashout").filter({ hasText: "refund_me" });
  await expect(row).toContainText(saver.username);
  await expect(row).toContainText("200");
  await shots(page, "cashouts");
  await row.getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Refund this cash-out" });
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(toast(page, "Enter a reason for the refund")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Gamertag not found on the payout network");
  // The player's toast lasts 4 s and the admin's checks below can take longer on a busy machine: watched from now.
  const heard = expect(
    toast(playerPage, "Your cash-out of 200 coins was refunded to your vault"),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(toast(page, `Refunded 200 coins to ${saver.username}'s vault`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByLabel("Status").selectOption("refunded");
  await expect(page.getByTestId("admin-cashout").filter({ hasText: "refund_me" })).toContainText(
    "Gamertag not found on the payout network",
  );

  // The player, still on /bank, hears of it live: a toast, the vault back to 500, the reason in the list.
  await heard;
  await expect(playerPage.getByTestId("vault-balance")).toHaveText("500");
  await expect(playerPage.getByTestId("cashout-outcome").first()).toContainText(
    "Refunded to your vault: Gamertag not found on the payout network",
  );
  await expect(playerPage.getByLabel("Coin history")).toContainText("Cash-out refund");
  await shot(playerPage, "admin-cashout-refunded-bank");
  await playerPage.setViewportSize(phone);
  await shot(playerPage, "admin-cashout-refunded-bank-phone");
  await playerPage.close();
});
