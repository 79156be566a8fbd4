// Sign-out everywhere at once (issue 43 item 4), on two real server processes sharing one PostgreSQL and a
// Redis bus of the test's own. In each trial the other process has just answered the session (so a process
// that remembers sessions remembers it), the sign-out answers, and then both are asked a read and the other a
// deposit at once. With Redis stopped, 0 of them are accepted over 100 trials; with the bus up (before the
// outage and after it) 0 deposits are accepted over 100 trials each: a read may be answered from memory in the
// milliseconds the bus takes to reach the other process (docs/game-rules.md), so reads are not counted there.
// A socket on the other process of a session signed out while Redis was down is closed when the bus returns.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase, uniqueName } from "./helpers";
import { connectLive } from "./live-client";
import { type OwnRedis, startOwnRedis } from "./redis-server";
import { type ServerProcess, startServerProcess } from "./server-process";

const TRIALS = 100;
const PASSWORD = "secret1";
const adminEmail = "sign_out_admin@arena.test";

let redis: OwnRedis;
let shared: TestDatabase;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  redis = await startOwnRedis();
  shared = await createTestDatabase();
  const env = {
    LIVE_BUS_URL: redis.url,
    ADMIN_EMAILS: adminEmail,
    // Fast hashing and no rate in the way: the trials sign in 300 times and send 1,200 requests in a minute.
    PASSWORD_HASH_COST: "10",
    RATE_LIMIT_AUTH_MAX: "1000000",
    RATE_LIMIT_PLAYER_MAX: "1000000",
    RECONCILER_INTERVAL_MS: "0",
    ECONOMY_AUDIT_MINUTES: "0",
  };
  servers = await Promise.all([
    startServerProcess({ databaseUrl: shared.url!, env }),
    startServerProcess({ databaseUrl: shared.url!, env }),
  ]);
}, 180_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await shared?.drop();
  await redis?.stop();
});

async function post(url: string, path: string, body: unknown, cookie?: string) {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

const cookieOf = (response: Response) =>
  /ba_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")![0];

async function signUp(url: string, email = `${uniqueName("out")}@arena.test`) {
  const username = uniqueName("out");
  const response = await post(url, "/api/auth/sign-up", { username, email, password: PASSWORD });
  expect(response.status).toBe(201);
  return { email, cookie: cookieOf(response) };
}

async function signIn(url: string, email: string) {
  const response = await post(url, "/api/auth/sign-in", { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return cookieOf(response);
}

const me = (url: string, cookie: string) => fetch(`${url}/api/me`, { headers: { cookie } });

/** Whether each process hears the bus now, as its metrics say (bot_arena_live_bus_up). */
async function busHeard(admin: string): Promise<boolean[]> {
  return Promise.all(
    servers.map(async (server) => {
      const text = await (
        await fetch(`${server.url}/api/admin/metrics`, { headers: { cookie: admin } })
      ).text();
      return /bot_arena_live_bus_up\{bus="redis"\} 1/.test(text);
    }),
  );
}

/**
 * `TRIALS` sign-outs, each answered by one process while the other has just answered the session: the statuses
 * other than 401 given afterwards to the signed-out cookie's deposits, and to its reads.
 */
async function trials(email: string): Promise<{ deposits: number[]; reads: number[] }> {
  const accepted = { deposits: [] as number[], reads: [] as number[] };
  for (let i = 0; i < TRIALS; i++) {
    const [ending, other] = i % 2 === 0 ? [servers[0]!, servers[1]!] : [servers[1]!, servers[0]!];
    const cookie = await signIn(other.url, email);
    expect((await me(other.url, cookie)).status).toBe(200);
    expect((await post(ending.url, "/api/auth/sign-out", {}, cookie)).status).toBe(200);
    const [deposit, ...reads] = await Promise.all([
      post(other.url, "/api/bank/deposit", { amount: 1 }, cookie),
      me(other.url, cookie),
      me(ending.url, cookie),
    ]);
    if (deposit!.status !== 401) accepted.deposits.push(deposit!.status);
    accepted.reads.push(...reads.map((response) => response.status).filter((status) => status !== 401));
  }
  return accepted;
}

describe("a signed-out cookie on two processes (PostgreSQL, Redis bus)", () => {
  let admin: string;
  let player: { email: string; cookie: string };

  it("is refused by the other process from the moment the sign-out answers, bus up", async () => {
    admin = (await signUp(servers[0]!.url, adminEmail)).cookie;
    player = await signUp(servers[0]!.url);
    expect(await busHeard(admin)).toEqual([true, true]);
    expect((await trials(player.email)).deposits).toEqual([]);
  });

  it("is refused the same with Redis stopped; a socket of a session ended meanwhile closes once it is back", async () => {
    // A socket on the second process, of a session the first ends while Redis is down.
    const watched = await signIn(servers[1]!.url, player.email);
    const socket = await connectLive(servers[1]!.url, watched);
    await redis.kill();
    await vi.waitFor(async () => expect(await busHeard(admin)).toEqual([false, false]), {
      timeout: 20_000,
      interval: 50,
    });
    expect(await trials(player.email)).toEqual({ deposits: [], reads: [] });
    expect((await post(servers[0]!.url, "/api/auth/sign-out", {}, watched)).status).toBe(200);
    // The sign-out was never heard on the bus: the socket stays until the bus is back.
    await redis.start();
    await vi.waitFor(async () => expect(await busHeard(admin)).toEqual([true, true]), {
      timeout: 20_000,
      interval: 50,
    });
    expect((await socket.closed).code).toBe(4401);
    // Nothing a process remembered before the outage is trusted after it.
    expect((await trials(player.email)).deposits).toEqual([]);
  });
});
