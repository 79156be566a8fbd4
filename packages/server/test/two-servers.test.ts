// Several server processes on one PostgreSQL see each other's live events through LISTEN/NOTIFY. With
// DATABASE_URL this starts two real processes (`src/main.ts`); on PGlite, which one process owns, it runs two
// apps over one database in this process, so the same path is asserted either way.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { type LiveServerMessage, liveWatchChannel } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase, uniqueName } from "./helpers";
import { connectLive, subscribe } from "./live-client";
import { startServerProcess } from "./server-process";

const usePostgres = Boolean(process.env.DATABASE_URL);

type Server = { url: string; stop(): Promise<number | null> };

async function startInProcess(database: TestDatabase["database"]): Promise<Server & { t: TestApp }> {
  const t = await createTestApp({ database });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return {
    t,
    url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    stop: async () => {
      await t.close();
      return 0;
    },
  };
}

let shared: TestDatabase;
let servers: Server[] = [];

beforeAll(async () => {
  // On PostgreSQL the database starts empty: both processes migrate and seed it at once, under the lock.
  shared = await createTestDatabase({ empty: usePostgres });
  if (usePostgres) {
    // Started together on purpose: migrations and seeds must take turns under the start-up lock.
    const databaseUrl = shared.url!;
    servers = await Promise.all([startServerProcess({ databaseUrl }), startServerProcess({ databaseUrl })]);
  } else {
    servers = [await startInProcess(shared.database), await startInProcess(shared.database)];
  }
}, 180_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await shared.drop();
});

async function signUpOver(url: string) {
  const username = uniqueName();
  const response = await fetch(`${url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, email: `${username}@arena.test`, password: "secret1" }),
  });
  expect(response.status).toBe(201);
  return /ba_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")![0];
}

describe(`two servers on one database (${usePostgres ? "two processes, PostgreSQL" : "two apps, PGlite"})`, () => {
  it("both came up on a database neither had migrated, with one copy of the reference data", async () => {
    const [a, b] = servers as [Server, Server];
    for (const server of [a, b]) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const cookie = await signUpOver(b.url);
    const shop = (await (await fetch(`${a.url}/api/shop`, { headers: { cookie } })).json()) as {
      consumables: { name: string }[];
    };
    expect(shop.consumables.map((item) => item.name).sort()).toEqual(["Energy Cell", "Repair Kit"]);
  });

  it("an event published by one server reaches a WebSocket client of the other", async () => {
    const [a, b] = servers as [Server, Server];
    const cookie = await signUpOver(a.url);
    const me = await fetch(`${b.url}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200); // sessions live in the database, so any server knows the player

    const client = await connectLive(b.url, cookie);
    await subscribe(client, ["me"]);
    const signOut = await fetch(`${a.url}/api/auth/sign-out`, { method: "POST", headers: { cookie } });
    expect(signOut.status).toBe(200);

    const event = await client.nextEvent("signed-out", 10_000);
    expect(event).toMatchObject({ channel: "me", kind: "signed-out" });
    expect((await client.closed).code).toBe(4401);
  });

  it("counts a match's watchers on both servers: the watchers and the event's followers hear the sum", async () => {
    const [a, b] = servers as [Server, Server];
    const event = `tournament:${randomUUID()}`;
    const watch = liveWatchChannel(randomUUID(), event);
    const [ann, bob, cy] = [await signUpOver(a.url), await signUpOver(b.url), await signUpOver(a.url)];
    const watchers = [
      await connectLive(a.url, ann),
      await connectLive(b.url, bob),
      await connectLive(b.url, bob),
    ];
    const follower = await connectLive(a.url, cy);
    await subscribe(follower, [event]);
    // Bob watches in two tabs: one player, counted once.
    for (const client of watchers) await subscribe(client, [watch]);
    const counted =
      (channel: string, read: (data: Record<string, unknown>) => unknown, want: number) =>
      (m: LiveServerMessage): m is Extract<LiveServerMessage, { type: "event" }> =>
        m.type === "event" &&
        m.event.channel === channel &&
        m.event.kind === "watching" &&
        read(m.event.data ?? {}) === want;
    const battleId = watch.slice("watch:".length, watch.indexOf("@"));
    await follower.next(
      counted(event, (d) => (d.counts as Record<string, number>)?.[battleId], 2),
      10_000,
    );
    await watchers[0]!.next(
      counted(watch, (d) => d.count, 2),
      10_000,
    );
    await watchers[1]!.next(
      counted(watch, (d) => d.count, 2),
      10_000,
    );
    // Ann stops watching on one server; the other server's follower hears it.
    watchers[0]!.close();
    await watchers[2]!.next(
      counted(watch, (d) => d.count, 1),
      10_000,
    );
    for (const client of [...watchers, follower]) client.close();
  });

  it("stops gracefully: open sockets hear 'going away' and the process exits cleanly", async () => {
    const [a, b] = servers as [Server, Server];
    const cookie = await signUpOver(b.url);
    const client = await connectLive(a.url, cookie);
    await subscribe(client, ["music"]);
    const exitCode = await a.stop();
    servers = [b];
    expect(exitCode).toBe(0);
    expect(await client.closed).toEqual({ code: 1001, reason: "Server shutting down" });
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
  });

  it.runIf(usePostgres)(
    "a stop asked twice at once (the group's signal and a wrapper's) is one clean stop",
    async () => {
      const extra = await startServerProcess({ databaseUrl: shared.url! });
      const cookie = await signUpOver(extra.url);
      const client = await connectLive(extra.url, cookie);
      await subscribe(client, ["music"]);
      // What systemd's KillMode=control-group and a Ctrl-C do, with `npm start`'s wrapper passing it on as well.
      process.kill(-extra.child.pid!, "SIGTERM");
      process.kill(extra.child.pid!, "SIGTERM");
      expect(await extra.stop("SIGTERM")).toBe(0);
      expect(await client.closed).toEqual({ code: 1001, reason: "Server shutting down" });
      // (Two signals landing before the first is handled are one to the kernel, so "already stopping" is not
      // always logged; the stop the old code cut short with "second signal: exiting now" is what must never be.)
      expect(extra.output()).not.toContain("exiting now");
    },
  );
});
