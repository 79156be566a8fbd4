// Web Push when away, against a local push service that decrypts what it gets (test/push-fake.ts): alerts of one
// kind raised while a player has no live socket on any process go out once, stacked, after PUSH_DELAY_SECONDS on
// the runner's clock, and the other kinds that came meanwhile in the same notification; none while a socket is open (on either of two processes); a 404 or 410 removes the
// subscription, and so does signing out; a kind turned off sends nothing. Then the routes' refusals.
import type { AddressInfo } from "node:net";
import {
  alertText,
  authMessages,
  PUSH_SUBSCRIPTIONS_PER_PLAYER,
  playerAlertKinds,
  pushMessages,
} from "@bot-arena/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestDatabase,
  errorOf,
  type Player,
  signUp,
  type TestApp,
  type TestDatabase,
  testClock,
} from "../../../test/helpers";
import { connectLive } from "../../../test/live-client";
import { startPushFake } from "../../../test/push-fake";
import { loadConfig } from "../../platform/config";
import { pushPending, pushSubscriptions, pushVapidKeys } from "../../platform/db/schema";
import { raiseAlerts } from "../alerts/raise";

const adminEmail = "push_boss@arena.test";
const clock = testClock();
const pushConfig = { ...loadConfig({}).push, testEndpoints: true };
let shared: TestDatabase;
/** Two processes on one database; `a` runs the deadlines, `b` holds the sockets of the presence tests. */
let a: TestApp;
let b: TestApp;
let bUrl: string;
let fake: Awaited<ReturnType<typeof startPushFake>>;
let admin: Player;
beforeAll(async () => {
  shared = await createTestDatabase();
  const config = { adminEmails: [adminEmail], push: pushConfig };
  a = await createTestApp({ database: shared.database, clock, config });
  b = await createTestApp({ database: shared.database, clock, config });
  await b.app.listen({ port: 0, host: "127.0.0.1" });
  bUrl = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
  fake = await startPushFake();
  admin = await signUp(a.app, { username: "push_boss", email: adminEmail });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await shared.drop();
  await fake.close();
});

let browsers = 0;
async function subscribed(player: Player, app = a) {
  browsers += 1;
  const name = `browser-${browsers}`;
  const response = await app.app.inject({
    method: "POST",
    url: "/api/push/subscriptions",
    headers: { cookie: player.cookie },
    payload: fake.subscription(name),
  });
  expect(response.json()).toEqual({ subscribed: true });
  return name;
}

const raid = (player: Player, n: number) =>
  a.db.transaction((tx) =>
    raiseAlerts(tx, [
      {
        userId: player.id,
        kind: playerAlertKinds.pvpRaid,
        data: {
          battleId: `battle-${n}`,
          attackerName: "Crimson Reaper",
          botName: "Tin Can",
          held: false,
          coins: 10 * n,
          ratingDelta: -8,
          shieldUntil: null,
        },
      },
    ]),
  );

/** The runner's passes around the delay: the first step sets the deadline, the one after it sends. */
async function pastTheDelay() {
  await a.app.reconciler.runOnce();
  clock.advance(pushConfig.delaySeconds * 1000);
  await a.app.reconciler.runOnce();
}

const receivedBy = (name: string) => fake.received.filter((r) => r.name === name);

describe("away", () => {
  it("three raids make one stacked notification, sent once the delay has passed, signed with the server's key", async () => {
    const player = await signUp(a.app);
    const name = await subscribed(player);
    await raid(player, 1);
    await a.app.reconciler.runOnce();
    await raid(player, 2);
    await raid(player, 3);
    clock.advance(pushConfig.delaySeconds * 1000 - 1);
    await a.app.reconciler.runOnce();
    expect(receivedBy(name)).toEqual([]);

    clock.advance(1);
    await a.app.reconciler.runOnce();
    const { publicKey } = (await player.get("/api/push/key")).json();
    expect(receivedBy(name)).toEqual([
      {
        name,
        payload: {
          title: "You were attacked 3 times",
          body: "Open your alerts to read them.",
          link: "/alerts",
          kind: playerAlertKinds.pvpRaid,
          count: 3,
        },
        vapidKey: publicKey,
        ttl: "86400",
      },
    ]);
    // Sent once: nothing is left to send.
    await pastTheDelay();
    expect(receivedBy(name)).toHaveLength(1);
    expect(fake.failures).toEqual([]);
  });

  it("one alert says what it said and leads to its page (an admin's grant, through its route)", async () => {
    const player = await signUp(a.app);
    const name = await subscribed(player);
    await admin.post("/api/admin/grants/coins", { email: player.email, amount: 150, reason: "Push test" });
    await pastTheDelay();
    const said = alertText(playerAlertKinds.grantReceived, { coins: 150, itemName: null });
    expect(receivedBy(name).map((r) => r.payload)).toEqual([
      {
        title: said?.title,
        body: said?.description,
        link: "/bank",
        kind: playerAlertKinds.grantReceived,
        count: 1,
      },
    ]);
  });

  it("alerts of several kinds that come before the delay ends go out as one notification, a line per kind", async () => {
    const player = await signUp(a.app);
    const name = await subscribed(player);
    await raid(player, 1);
    await a.app.reconciler.runOnce();
    await admin.post("/api/admin/grants/coins", { email: player.email, amount: 70, reason: "Push test" });
    await raid(player, 2);
    await pastTheDelay();
    expect(receivedBy(name).map((r) => r.payload)).toEqual([
      {
        title: "3 new alerts",
        body: "You were attacked 2 times\nYou received 70 coins",
        link: "/alerts",
        kind: "alerts",
        count: 3,
      },
    ]);
    expect(await a.db.select().from(pushPending).where(eq(pushPending.userId, player.id))).toEqual([]);
    await pastTheDelay();
    expect(receivedBy(name)).toHaveLength(1);
  });

  it("every one of the player's browsers gets it", async () => {
    const player = await signUp(a.app);
    const names = [await subscribed(player), await subscribed(player)];
    await raid(player, 1);
    await pastTheDelay();
    expect(names.map((n) => receivedBy(n).length)).toEqual([1, 1]);
  });
});

describe("not away", () => {
  it("sends nothing while a socket of the player's is open on another process", async () => {
    const player = await signUp(a.app);
    const name = await subscribed(player);
    const socket = await connectLive(bUrl, player.cookie);
    await b.app.presence.settled();
    await raid(player, 1);
    await raid(player, 2);
    await pastTheDelay();
    expect(receivedBy(name)).toEqual([]);
    expect(await a.db.select().from(pushPending).where(eq(pushPending.userId, player.id))).toEqual([]);
    socket.close();
  });

  it("sends nothing when a socket opened after the alerts came and before the delay ended", async () => {
    const player = await signUp(a.app);
    const name = await subscribed(player);
    await raid(player, 1);
    await a.app.reconciler.runOnce();
    const socket = await connectLive(bUrl, player.cookie);
    await b.app.presence.settled();
    clock.advance(pushConfig.delaySeconds * 1000);
    await a.app.reconciler.runOnce();
    expect(receivedBy(name)).toEqual([]);
    expect(await a.db.select().from(pushPending).where(eq(pushPending.userId, player.id))).toEqual([]);
    socket.close();
  });
});

describe("removing subscriptions", () => {
  it.each([404, 410])("a %i from the push service removes that subscription only", async (status) => {
    const player = await signUp(a.app);
    const dropped = await subscribed(player);
    const kept = await subscribed(player);
    fake.answer(dropped, status);
    await raid(player, 1);
    await pastTheDelay();
    expect(receivedBy(kept)).toHaveLength(1);
    const left = await a.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, player.id));
    expect(left.map((r) => r.endpoint.split("/").pop())).toEqual([kept]);
  });

  it("signing out removes the session's subscriptions, not the player's other sessions'", async () => {
    const player = await signUp(a.app);
    const signedOut = await subscribed(player);
    const other = await a.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      payload: { email: player.email, password: player.password },
    });
    const otherCookie = other.cookies.find((c) => c.name === "ba_session");
    const stays = await subscribed({ ...player, cookie: `ba_session=${otherCookie?.value}` });
    expect((await player.post("/api/auth/sign-out")).statusCode).toBe(200);
    await raid(player, 1);
    await pastTheDelay();
    expect(receivedBy(signedOut)).toEqual([]);
    expect(receivedBy(stays)).toHaveLength(1);
  });

  it("unsubscribing removes the player's own; another player's endpoint is a missing one", async () => {
    const owner = await signUp(a.app);
    const stranger = await signUp(a.app);
    await subscribed(owner);
    const [row] = await a.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.id));
    const endpoint = row!.endpoint;
    expect(errorOf(await stranger.post("/api/push/subscriptions/remove", { endpoint }))).toMatchObject({
      status: 404,
      message: pushMessages.notFound,
    });
    expect((await owner.post("/api/push/subscriptions/remove", { endpoint })).json()).toEqual({
      subscribed: false,
    });
    expect(await a.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id))).toEqual(
      [],
    );
  });

  it(`keeps a player's newest ${PUSH_SUBSCRIPTIONS_PER_PLAYER} browsers`, async () => {
    const player = await signUp(a.app);
    const names: string[] = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_PLAYER; i++) names.push(await subscribed(player));
    const left = await a.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, player.id));
    expect(left.map((r) => r.endpoint.split("/").pop()).sort()).toEqual(names.slice(1).sort());
  });

  it("an endpoint another player held moves to the player subscribing now", async () => {
    const first = await signUp(a.app);
    const second = await signUp(a.app);
    const body = fake.subscription(`shared-${browsers}`);
    await first.post("/api/push/subscriptions", body);
    await second.post("/api/push/subscriptions", body);
    const rows = await a.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint));
    expect(rows).toEqual([{ userId: second.id }]);
  });
});

describe("preferences", () => {
  it("every kind is on at first; a kind turned off sends nothing, the others still go", async () => {
    const player = await signUp(a.app);
    const name = await subscribed(player);
    const all = (await player.get("/api/push/preferences")).json();
    expect(Object.values(all.kinds)).toEqual(Object.values(playerAlertKinds).map(() => true));
    const set = await player.request({
      method: "PUT",
      url: "/api/push/preferences",
      payload: { kinds: { [playerAlertKinds.pvpRaid]: false } },
    });
    expect(set.json().kinds).toEqual({ ...all.kinds, [playerAlertKinds.pvpRaid]: false });
    expect((await player.get("/api/push/preferences")).json()).toEqual(set.json());

    await raid(player, 1);
    await admin.post("/api/admin/grants/coins", { email: player.email, amount: 5, reason: "Push test" });
    await pastTheDelay();
    expect(receivedBy(name).map((r) => r.payload.kind)).toEqual([playerAlertKinds.grantReceived]);

    // On again: raids go out again.
    await player.request({
      method: "PUT",
      url: "/api/push/preferences",
      payload: { kinds: { [playerAlertKinds.pvpRaid]: true } },
    });
    await raid(player, 2);
    await pastTheDelay();
    expect(receivedBy(name).map((r) => r.payload.kind)).toEqual([
      playerAlertKinds.grantReceived,
      playerAlertKinds.pvpRaid,
    ]);
  });

  it("a kind turned off after its alerts were queued is left out of the notification", async () => {
    const player = await signUp(a.app);
    const name = await subscribed(player);
    await raid(player, 1);
    await admin.post("/api/admin/grants/coins", { email: player.email, amount: 9, reason: "Push test" });
    await player.request({
      method: "PUT",
      url: "/api/push/preferences",
      payload: { kinds: { [playerAlertKinds.pvpRaid]: false } },
    });
    await pastTheDelay();
    expect(receivedBy(name).map((r) => [r.payload.kind, r.payload.title])).toEqual([
      [playerAlertKinds.grantReceived, "You received 9 coins"],
    ]);
  });

  it("refuses a kind that is not one and changes nothing", async () => {
    const player = await signUp(a.app);
    const refused = await player.request({
      method: "PUT",
      url: "/api/push/preferences",
      payload: { kinds: { "not-a-kind": false, [playerAlertKinds.pvpRaid]: false } },
    });
    expect(errorOf(refused)).toMatchObject({ status: 400, message: pushMessages.unknownKind });
    expect((await player.get("/api/push/preferences")).json().kinds[playerAlertKinds.pvpRaid]).toBe(true);
  });
});

describe("the VAPID key", () => {
  it("is made once and every process answers the same one", async () => {
    const player = await signUp(a.app);
    const fromA = (await player.get("/api/push/key")).json();
    const fromB = (
      await b.app.inject({ method: "GET", url: "/api/push/key", headers: { cookie: player.cookie } })
    ).json();
    expect(fromB).toEqual(fromA);
    expect(await a.db.select({ publicKey: pushVapidKeys.publicKey }).from(pushVapidKeys)).toEqual([
      { publicKey: fromA.publicKey },
    ]);
  });

  it("is the configured one when VAPID keys are set", async () => {
    const vapid = {
      publicKey: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      privateKey: "TVe_nJlciDOn130gFyFYP8UiGxxWd3QdH6C5axXpSgM",
    };
    const own = await createTestApp({
      database: shared.database,
      clock,
      config: { push: { ...pushConfig, vapid } },
    });
    const player = await signUp(own.app);
    expect((await player.get("/api/push/key")).json()).toEqual({ publicKey: vapid.publicKey });
    await own.app.close();
  });
});

describe("refusals", () => {
  it.each([
    ["GET", "/api/push/key"],
    ["POST", "/api/push/subscriptions"],
    ["POST", "/api/push/subscriptions/remove"],
    ["GET", "/api/push/preferences"],
    ["PUT", "/api/push/preferences"],
  ] as const)("%s %s without a session answers 401", async (method, url) => {
    const response = await a.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
    expect(errorOf(response)).toMatchObject({ status: 401, message: authMessages.notAuthenticated });
  });

  const good = () => fake.subscription(`hostile-${browsers++}`);
  it.each([
    [
      "an endpoint that is not a URL",
      () => ({ ...good(), endpoint: "not a url" }),
      pushMessages.endpointNotUrl,
    ],
    [
      "a 2,000-character endpoint",
      () => ({ ...good(), endpoint: `https://push.example/${"a".repeat(2000)}` }),
      pushMessages.endpointNotUrl,
    ],
    [
      "a p256dh key of the wrong length",
      () => ({ ...good(), keys: { ...good().keys, p256dh: "AAAA" } }),
      pushMessages.keysInvalid,
    ],
    [
      "an auth secret that is not base64url",
      () => ({ ...good(), keys: { ...good().keys, auth: "!!!!" } }),
      pushMessages.keysInvalid,
    ],
    ["no keys", () => ({ endpoint: good().endpoint }), pushMessages.keysInvalid],
  ])("refuses %s and keeps nothing", async (_, body, message) => {
    const player = await signUp(a.app);
    expect(errorOf(await player.post("/api/push/subscriptions", body()))).toMatchObject({
      status: 400,
      message,
    });
    expect(
      await a.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, player.id)),
    ).toEqual([]);
  });

  describe("without PUSH_TEST_ENDPOINTS", () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ database: shared.database, clock });
    });
    afterAll(() => strict.app.close());
    const keys = () => fake.subscription(`strict-${browsers++}`).keys;

    it.each([
      ["http://push.example.com/send/1", pushMessages.endpointNotHttps],
      ["https://127.0.0.1/send/1", pushMessages.endpointPrivate],
      ["https://10.1.2.3/send/1", pushMessages.endpointPrivate],
      ["https://172.20.0.1/send/1", pushMessages.endpointPrivate],
      ["https://192.168.1.1/send/1", pushMessages.endpointPrivate],
      ["https://169.254.169.254/latest", pushMessages.endpointPrivate],
      ["https://[::1]/send/1", pushMessages.endpointPrivate],
      ["https://[::ffff:127.0.0.1]/send/1", pushMessages.endpointPrivate],
      ["https://[fd00::1]/send/1", pushMessages.endpointPrivate],
      ["https://localhost/send/1", pushMessages.endpointPrivate],
      ["https://push.internal/send/1", pushMessages.endpointPrivate],
      ["https://intranet/send/1", pushMessages.endpointPrivate],
    ])("refuses %s", async (endpoint, message) => {
      const player = await signUp(strict.app);
      expect(errorOf(await player.post("/api/push/subscriptions", { endpoint, keys: keys() }))).toMatchObject(
        {
          status: 400,
          message,
        },
      );
      expect(
        await a.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, player.id)),
      ).toEqual([]);
    });

    it("keeps a public push service's endpoint", async () => {
      const player = await signUp(strict.app);
      const endpoint = "https://fcm.googleapis.com/fcm/send/abc:def";
      expect((await player.post("/api/push/subscriptions", { endpoint, keys: keys() })).json()).toEqual({
        subscribed: true,
      });
    });
  });
});
