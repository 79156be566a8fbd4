// Push when away (issue 41's done-when): a pilot turns on 'Notifications when away' on the account page, is
// raided and sees their tournament match go live while the tab is open (the live alerts, and no push), closes
// the tab, loses a tournament match and a raid, and comes back to read both in the inbox; the local push
// service (the server's test fake, which decrypts and checks each request) received exactly one notification
// for them, stacking what came while they were away; the inbox keeps the longest names whole at a phone's
// width. Time is the clock server's (TEST_CLOCK=on), moved past the
// round and PUSH_DELAY_SECONDS; the moment the server saw the tab's socket open or close is read from it.
//
// Subscribing: through the account page's button, in a browser whose push service is stood in for. A real
// subscription names the browser vendor's push service, which cannot reach a fake on this machine, so the page's
// PushManager answers with a subscription to the fake (endpoint and keys it made); the permission prompt, the
// service worker's registration and the page's POST /api/push/subscriptions are the real ones. The clock server
// runs with PUSH_TEST_ENDPOINTS=on, which lets an endpoint be an http one on 127.0.0.1.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, test } from "@playwright/test";
import { startPushFake } from "../../packages/server/test/push-fake";
import { advanceClock, expectTestClock, HOUR, SECOND } from "./clock";
import {
  admin,
  checkPhoneScreen,
  enterAs,
  firstBotForm,
  listeningToMe,
  newPlayer,
  type Player,
  shot,
  TEST_SEED_HEADER,
  toast,
} from "./support";

/** The clock server's PUSH_DELAY_SECONDS (playwright.config.ts). */
const PUSH_DELAY = 60 * SECOND;
const ROUND_SECONDS = HOUR / 1000;
/** A bot that loses to a strong one whatever the seed: it hits for the minimum 5, the strong one for 15. */
const weakStats = { strength: 5, agility: 5, defense: 15, intelligence: 15 };
const strongStats = { strength: 15, agility: 15, defense: 5, intelligence: 5 };
/** The longest names the rules allow (30 for a bot or a pilot, 50 for a tournament): the inbox's worst case. */
const BOT = "Tincanofthesevenoutersunsmkiii";
const pilotPrefix = (word: string) => word.padEnd(21, "x");

/** Whether the server holds a live socket of the player's on any process (GET /api/test/presence). */
async function live(request: APIRequestContext, username: string): Promise<boolean> {
  const answer = await request.get(`/api/test/presence?username=${encodeURIComponent(username)}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { live: boolean }).live;
}

/** A pilot with a strong first bot, signed in through the API in a context of their own. */
async function rival(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const player = newPlayer(pilotPrefix(prefix));
  await enterAs(page, player);
  const created = await page.request.post("/api/bots", {
    data: { ...firstBotForm, ...strongStats, name: `${prefix} bot` },
  });
  expect(created.status()).toBe(201);
  return { request: page.request, player, close: () => context.close() };
}

/** The rival raids the pilot's bot on a fixed seed and wins. */
async function raid(raider: Awaited<ReturnType<typeof rival>>, botId: string) {
  const answer = await raider.request.post("/api/arena/pvp/battle", {
    data: { defenderId: botId },
    headers: { [TEST_SEED_HEADER]: "7" },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  expect(((await answer.json()) as { won: boolean }).won).toBe(true);
}

test("a pilot away from the tab is pushed one notification for a lost raid and a lost match, none while it was open", async ({
  browser,
}) => {
  test.slow();
  const fake = await startPushFake();
  const device = `journey-${randomBytes(4).toString("hex")}`;
  const subscription = fake.subscription(device);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await enterAs(adminPage, admin);
  await expectTestClock(adminPage.request);

  const context = await browser.newContext();
  await context.grantPermissions(["notifications"]);
  await context.addInitScript((json) => {
    let held: PushSubscription | null = null;
    const made = { ...json, toJSON: () => json, unsubscribe: async () => true };
    PushManager.prototype.subscribe = async () => {
      held = made as unknown as PushSubscription;
      return held;
    };
    PushManager.prototype.getSubscription = async () => held;
  }, subscription);
  const page = await context.newPage();
  const pilot: Player = newPlayer(pilotPrefix("away"));
  await enterAs(page, pilot);
  const made = await page.request.post("/api/bots", {
    data: { ...firstBotForm, ...weakStats, name: BOT },
  });
  expect(made.status()).toBe(201);
  const botId = ((await made.json()) as { id: string }).id;

  const listening = listeningToMe(page);
  await page.goto("/account");
  await page.getByRole("button", { name: "Turn On on This Device" }).click();
  await expect(page.getByRole("button", { name: "Turn Off on This Device" })).toBeVisible();
  // From the top: a full-page picture taken scrolled down draws the sticky bar across the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "push-away-on");
  await listening;
  await expect.poll(() => live(page.request, pilot.username)).toBe(true);

  // While the tab is open: a raid and the match going live are told on the page, and never pushed.
  const rivals = await Promise.all(["vex", "rook", "nova"].map((p) => rival(browser, p)));
  const [firstRaider, , secondRaider] = rivals as [(typeof rivals)[0], unknown, (typeof rivals)[0]];
  await raid(firstRaider, botId);
  await expect(toast(page, `${firstRaider.player.username} raided ${BOT}`)).toBeVisible();

  const name = `Grand Neon Invitational of the Outer Rim Cups ${randomBytes(2).toString("hex")}`;
  const created = await adminPage.request.post("/api/admin/tournaments", {
    data: { name, format: "single_elimination", registrationMinutes: 60, roundSeconds: ROUND_SECONDS },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = ((await created.json()) as { tournament: { id: string } }).tournament;
  for (const entrant of [page.request, ...rivals.map((r) => r.request)]) {
    expect((await entrant.post(`/api/tournaments/${id}/join`, { data: {} })).ok()).toBe(true);
    expect((await entrant.post(`/api/tournaments/${id}/ready`)).ok()).toBe(true);
  }
  const started = await adminPage.request.post(`/api/admin/tournaments/${id}/start`);
  expect(started.ok(), await started.text()).toBe(true);
  await expect(toast(page, `Your match in ${name} is live`)).toBeVisible();
  // The first move schedules whatever was queued, the second passes its delay: anything queued would be sent.
  await advanceClock(adminPage.request, SECOND);
  await advanceClock(adminPage.request, PUSH_DELAY);
  expect(fake.received).toEqual([]);

  // Away: the tab closes, and the server has seen its socket go before anything happens.
  await page.close();
  await expect.poll(() => live(adminPage.request, pilot.username)).toBe(false);
  // The semi-finals end (a weak bot against a strong one: lost, on to the bronze match), then another raid.
  await advanceClock(adminPage.request, HOUR);
  await raid(secondRaider, botId);
  await advanceClock(adminPage.request, SECOND);
  expect(fake.received).toEqual([]);
  await advanceClock(adminPage.request, PUSH_DELAY);
  await expect.poll(() => fake.received.length).toBe(1);
  const [notification] = fake.received;
  expect(notification?.name).toBe(device);
  const payload = notification?.payload as { title: string; body: string; link: string; count: number };
  expect(payload).toMatchObject({ title: "3 new alerts", link: "/alerts", count: 3 });
  expect(payload.body.split("\n").sort()).toEqual(
    [
      `You lost Semi-Finals of ${name}`,
      `Your match in ${name} is live`,
      `${secondRaider.player.username} raided ${BOT}`,
    ].sort(),
  );
  expect(fake.failures).toEqual([]);

  // Back: both are in the inbox.
  const back = await context.newPage();
  await back.goto("/alerts");
  const rows = back.getByTestId("alert-row");
  await expect(rows.filter({ hasText: `You lost Semi-Finals of ${name}` })).toHaveCount(1);
  await expect(rows.filter({ hasText: `${secondRaider.player.username} raided ${BOT}` })).toHaveCount(1);
  await shot(back, "push-away-inbox");
  // At a phone's width the whole names stay (the phone sweep's checks: nothing cut, tap targets, axe).
  await back.setViewportSize({ width: 390, height: 844 });
  await checkPhoneScreen(back, "push-away-inbox-phone");
  expect(fake.received).toHaveLength(1);

  // The rest of the tournament, so the clock server's next journey finds none running.
  for (let step = 0; step < 3; step++) {
    const detail = (await (await adminPage.request.get(`/api/tournaments/${id}`)).json()) as {
      tournament: { status: string };
    };
    if (detail.tournament.status === "completed") break;
    await advanceClock(adminPage.request, HOUR);
  }
  expect((await adminPage.request.post(`/api/admin/tournaments/${id}/archive`)).ok()).toBe(true);
  for (const r of rivals) await r.close();
  await context.close();
  await adminContext.close();
  await fake.close();
});
