// The live bus on Redis (LIVE_BUS_URL), with a Redis server of the test's own, between two server processes on
// one database (two apps; on PostgreSQL each with a database handle of its own, so its own pool and its own
// Redis connections, as two processes have): a chat line posted on one reaches a socket on the other; a money
// action sends PostgreSQL no NOTIFY, where the database's own bus sends one for the same action; and Redis killed
// and started again is survived: requests are answered while it is down, every socket on both processes resyncs,
// and events flow again. On PostgreSQL, a third process whose Redis link is cut (a partition, Redis itself up)
// commits events the others never hear: once its link is back, its own sockets and the others' resync.
import type { AddressInfo } from "node:net";
import { type ChatMessage, LIVE_RESYNC_KIND, type LiveServerMessage } from "@bot-arena/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTcpProxy } from "../../../test/faults/tcp-proxy";
import {
  countStatements,
  createTestApp,
  createTestDatabase,
  hearBus,
  signUp,
  type TestApp,
  type TestDatabase,
} from "../../../test/helpers";
import { connectLive, type LiveClient, subscribe } from "../../../test/live-client";
import { type OwnRedis, startOwnRedis } from "../../../test/redis-server";
import { aiBattle, findOpponent, outcomeOf, pilot } from "../../features/arena/testing";
import type { Database } from "../db/database";
import { openPostgres } from "../db/postgres";
import { LIVE_NOTIFY_CHANNEL } from "./notify";
import { type LiveEnvelope, publish } from "./publish";

let redis: OwnRedis;
let shared: TestDatabase;
/** Server B's own handle on PostgreSQL; on PGlite (one process owns it) B shares A's. */
let secondHandle: Database | null = null;
let a: TestApp;
let b: TestApp;
const urls: Record<"a" | "b", string> = { a: "", b: "" };

async function listening(t: TestApp) {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  redis = await startOwnRedis();
  shared = await createTestDatabase({ liveBusUrl: redis.url });
  if (shared.url) {
    secondHandle = await openPostgres(shared.url, {
      poolSize: 10,
      log: { warn() {} },
      liveBusUrl: redis.url,
    });
  }
  a = await createTestApp({ database: shared.database });
  b = await createTestApp({ database: secondHandle ?? shared.database });
  urls.a = await listening(a);
  urls.b = await listening(b);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondHandle?.close();
  await shared?.drop();
  await redis?.stop();
});

const chatLine = (text: string) => (m: LiveServerMessage) =>
  m.type === "event" &&
  m.event.channel === "chat" &&
  (m.event.data?.message as ChatMessage | undefined)?.message === text;

const isEvent =
  (match: (m: LiveServerMessage) => boolean) =>
  (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: "event" }> =>
    match(m);

describe("the live bus on Redis", () => {
  it("carries a chat line posted on one process to a socket on the other", async () => {
    expect([a.database.bus.kind, b.database.bus.kind]).toEqual(["redis", "redis"]);
    const writer = await signUp(a.app);
    const reader = await signUp(b.app);
    const live = await connectLive(urls.b, reader.cookie);
    try {
      await subscribe(live, ["chat"]);
      const sentBefore = a.database.bus.stats().sends;
      const posted = await writer.post("/api/chat/messages", { message: "over the bus" });
      expect(posted.statusCode).toBe(201);
      const arrived = await live.next(isEvent(chatLine("over the bus")), 10_000);
      expect(arrived.event.data?.message).toEqual(posted.json<ChatMessage>());
      // It left process A on Redis.
      expect(a.database.bus.stats().sends).toBeGreaterThan(sentBefore);
    } finally {
      live.close();
    }
  });

  it("sends PostgreSQL no NOTIFY for a deposit and an AI battle, where the database's own bus sends them", async () => {
    /** The statements the apps sent while a pilot deposited and fought, until all of it was announced. */
    async function moneyActions(t: TestApp) {
      const player = await pilot(t);
      const heard: LiveEnvelope[] = [];
      const stop = await hearBus(t.database, (envelope) => heard.push(envelope));
      try {
        const { texts } = await countStatements(t, async () => {
          expect((await player.post("/api/bank/deposit", { amount: 100 })).statusCode).toBe(200);
          await findOpponent(player);
          await outcomeOf(await aiBattle(player));
          // A process announces in order: once this marker is heard, so is everything the actions published.
          const marker = `settled-${player.id}`;
          await publish(t.database.db, { channel: "music", kind: marker });
          await vi.waitFor(() => expect(heard.map((e) => e.kind)).toContain(marker), {
            timeout: 10_000,
            interval: 20,
          });
        });
        expect(heard.some((e) => e.userId === player.id && e.kind === "balance")).toBe(true);
        return texts.filter((text) => /notify/i.test(text));
      } finally {
        await stop();
      }
    }
    /** What a plain LISTEN on the database hears of `work`, up to a marker NOTIFY sent after it (PostgreSQL). */
    async function listenedTo(url: string | null, work: () => Promise<string[]>) {
      if (!url) return { notifies: await work(), heard: null };
      const listener = new pg.Client({ connectionString: url });
      await listener.connect();
      const heard: string[] = [];
      listener.on("notification", (message) => heard.push(message.payload ?? ""));
      try {
        await listener.query(`LISTEN ${LIVE_NOTIFY_CHANNEL}`);
        const notifies = await work();
        // Notifications arrive in commit order: once the marker is heard, every earlier one has been.
        await listener.query(`select pg_notify('${LIVE_NOTIFY_CHANNEL}', 'marker')`);
        await vi.waitFor(() => expect(heard).toContain("marker"), { timeout: 10_000, interval: 20 });
        return { notifies, heard: heard.filter((payload) => payload !== "marker") };
      } finally {
        await listener.end();
      }
    }

    const onRedis = await listenedTo(shared.url, () => moneyActions(a));
    expect(onRedis.notifies).toEqual([]);
    if (onRedis.heard) expect(onRedis.heard).toEqual([]);

    // The same actions on a database whose bus is its own: the checks above would have seen its NOTIFYs.
    const ownDatabase = await createTestDatabase({ liveBusUrl: null });
    const own = await createTestApp({ database: ownDatabase.database });
    try {
      expect(own.database.bus.kind).toBe(own.database.driver);
      const onDatabase = await listenedTo(ownDatabase.url, () => moneyActions(own));
      expect(onDatabase.notifies.length).toBeGreaterThan(0);
      if (onDatabase.heard) {
        expect(onDatabase.heard.some((payload) => JSON.parse(payload).kind === "balance")).toBe(true);
      }
    } finally {
      await own.close();
      await ownDatabase.drop();
    }
  });

  it("survives Redis killed and started again: requests go on, every socket on both processes resyncs, events flow again", async () => {
    const ann = await signUp(a.app);
    const bob = await signUp(b.app);
    const channels = ["me", "chat"];
    const sockets: LiveClient[] = [];
    try {
      for (const [url, player] of [
        [urls.a, ann],
        [urls.a, bob],
        [urls.b, ann],
        [urls.b, bob],
      ] as const) {
        const client = await connectLive(url, player.cookie);
        await subscribe(client, channels);
        sockets.push(client);
      }

      await redis.kill();
      await vi.waitFor(
        () => expect([a.database.redis!.up(), b.database.redis!.up()]).toEqual([false, false]),
        {
          timeout: 10_000,
          interval: 20,
        },
      );
      // Redis is down: a money action still commits and answers (its announcement is lost), and the per-player
      // rate, counted in Redis until now, is counted in the database meanwhile.
      expect((await ann.post("/api/bank/deposit", { amount: 10 })).statusCode).toBe(200);
      expect((await bob.get("/api/me")).json()).toMatchObject({ id: bob.id });
      for (const client of sockets) expect(client.messages.some(isResync("me"))).toBe(false);

      await redis.start();
      for (const client of sockets) {
        for (const channel of channels) await client.next(isEvent(isResync(channel)), 15_000);
      }
      await vi.waitFor(() => expect([a.database.redis!.up(), b.database.redis!.up()]).toEqual([true, true]), {
        timeout: 10_000,
        interval: 20,
      });
      expect((await ann.post("/api/chat/messages", { message: "after the restart" })).statusCode).toBe(201);
      for (const client of sockets) await client.next(isEvent(chatLine("after the restart")), 10_000);
    } finally {
      for (const client of sockets) client.close();
    }
  }, 60_000);

  it.skipIf(!process.env.DATABASE_URL)(
    "after a process is cut from Redis, the others resync for the events it committed meanwhile, and so does it",
    async () => {
      const redisPort = Number(new URL(redis.url).port);
      const proxy = await startTcpProxy({ host: "127.0.0.1", port: redisPort });
      const cutHandle = await openPostgres(shared.url!, {
        poolSize: 4,
        log: { warn() {} },
        liveBusUrl: `redis://127.0.0.1:${proxy.port}`,
      });
      const c = await createTestApp({ database: cutHandle });
      const sockets: LiveClient[] = [];
      try {
        const urlC = await listening(c);
        const ann = await signUp(c.app);
        const bob = await signUp(b.app);
        const onCut = await connectLive(urlC, ann.cookie);
        await subscribe(onCut, ["me"]);
        const onOther = await connectLive(urls.b, bob.cookie);
        await subscribe(onOther, ["me", "chat"]);
        sockets.push(onCut, onOther);

        proxy.cut();
        const cutAt = performance.now();
        await vi.waitFor(() => expect(cutHandle.bus.stats().up).toBe(false), {
          timeout: 10_000,
          interval: 20,
        });
        // Committed on the cut process: its balance event cannot reach Redis.
        expect((await ann.post("/api/bank/deposit", { amount: 10 })).statusCode).toBe(200);
        await vi.waitFor(() => expect(cutHandle.bus.stats().lost).toBeGreaterThan(0), {
          timeout: 10_000,
          interval: 20,
        });
        // Only a resync after the restore counts: one before it (a heartbeat late on a loaded machine, or the
        // previous test's notice arriving late) says nothing about the notice this process owes.
        const beforeRestore = onOther.messages.length;
        // The cut lasts 10 s in all (issue 42): long enough for the client's reconnect backoff to grow and for
        // a socket left stale to show. The length is the fault itself, not a wait for some state.
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, CUT_MS - (performance.now() - cutAt))),
        );

        proxy.restore();
        await onCut.next(isEvent(isResync("me")), 15_000);
        for (const channel of ["me", "chat"]) {
          await onOther.next(isEvent(isResync(channel)), 15_000, beforeRestore);
        }
      } finally {
        for (const client of sockets) client.close();
        await c.close();
        await cutHandle.close();
        await proxy.close();
      }
    },
    60_000,
  );
});

const CUT_MS = 10_000;

const isResync = (channel: string) => (m: LiveServerMessage) =>
  m.type === "event" && m.event.channel === channel && m.event.kind === LIVE_RESYNC_KIND;
