// Real money leaving, under fire (issue 38): two server processes on one PostgreSQL pay cash-outs to the fake ZBD
// server over HTTP. A farm of 20 accounts made on one device and one address cannot move one sign-up coin to
// ZBD, neither directly nor gathered into one account through the marketplace, and the operators' queue names
// the link for each. Then 50 players who meet the rules cash out while both processes are killed with SIGKILL
// at random moments and ZBD now and then accepts a payment and never answers: the fake's ledger holds each
// request exactly once, with the right millisatoshis, and every request ends paid. Needs PostgreSQL.
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/platform/db/database";
import { auditEconomy } from "../../src/platform/economy-audit";
import { verifyLedger } from "../../src/platform/ledger-verify";
import { createTestDatabase, type TestDatabase, uniqueName } from "../helpers";
import { type ServerProcess, startServerProcess } from "../server-process";
import { startZbdFake, type ZbdFake } from "../zbd-fake";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MSATS_PER_COIN = 1000n;
const ADMIN_EMAIL = "payout-ops@arena.test";

type Client = { cookie: string; device: string; address: string; username: string; id: string };

if (process.env.DATABASE_URL) {
  describe("cash-outs on two processes with the fake ZBD", () => {
    let shared: TestDatabase;
    let fake: ZbdFake;
    const servers: (ServerProcess | null)[] = [null, null];
    let env: Record<string, string> = {};
    const db = () => shared.database.db;

    const start = (i: number) =>
      startServerProcess({ databaseUrl: shared.url!, env }).then((server) => {
        servers[i] = server;
        return server;
      });
    async function restartAll(extra: Record<string, string> = {}) {
      await Promise.all(servers.map((server) => server?.stop("SIGKILL")));
      env = { ...env, ...extra };
      await Promise.all([start(0), start(1)]);
    }
    /** A live server's address, the n-th if both are up. */
    async function url(n: number): Promise<string> {
      for (;;) {
        const up = servers.filter((server): server is ServerProcess => server !== null);
        if (up.length > 0) return up[n % up.length]!.url;
        await sleep(50);
      }
    }

    /** One HTTP call as a browser of `client` makes it: its device cookie, its address behind the proxy. */
    async function call(n: number, path: string, client: Partial<Client>, body?: unknown, key?: string) {
      const base = await url(n);
      return fetch(`${base}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          "content-type": "application/json",
          cookie: [client.cookie, client.device ? `ba_device=${client.device}` : ""]
            .filter(Boolean)
            .join("; "),
          ...(client.address ? { "x-forwarded-for": client.address } : {}),
          ...(key ? { "idempotency-key": key } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    }

    async function signUp(
      n: number,
      where: { device: string; address: string },
      email?: string,
    ): Promise<Client> {
      const username = uniqueName("payee");
      const response = await call(n, "/api/auth/sign-up", where, {
        username,
        email: email ?? `${username}@arena.test`,
        password: "secret1",
      });
      expect(response.status).toBe(201);
      const cookie = /ba_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")![0];
      const me = (await response.json()) as { id: string };
      return { ...where, cookie, username, id: me.id };
    }
    const deposit = async (n: number, client: Client, amount: number) =>
      expect((await call(n, "/api/bank/deposit", client, { amount })).status).toBe(200);

    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number }>(await db().execute(query))[0]?.n ?? 0);

    beforeAll(async () => {
      fake = await startZbdFake({ hangMs: 3_000 });
      shared = await createTestDatabase({ empty: true });
      env = {
        CASHOUT_PROVIDER: "zbd",
        ZBD_API_KEY: fake.apiKey,
        ZBD_API_URL: fake.url,
        ZBD_TIMEOUT_MS: "1000",
        CASHOUT_MSATS_PER_COIN: String(MSATS_PER_COIN),
        RECONCILER_INTERVAL_MS: "200",
        TRUST_PROXY: "127.0.0.1",
        PASSWORD_HASH_COST: "12",
        PASSWORD_HASH_STRANGER_SHARE: "100",
        RATE_LIMIT_AUTH_MAX: "100000",
        RATE_LIMIT_PLAYER_MAX: "100000",
        ECONOMY_AUDIT_MINUTES: "0",
        ADMIN_EMAILS: ADMIN_EMAIL,
      };
      // Started together: migrations and seeds take turns under the start-up lock.
      await Promise.all([start(0), start(1)]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server?.stop("SIGKILL")));
      await shared.drop();
      await fake.close();
    });

    it("20 accounts from one device and one address cannot move one coin to ZBD, and the queue names the link", async () => {
      const farm = { device: randomBytes(32).toString("base64url"), address: "127.77.0.1" };
      const accounts: Client[] = [];
      for (let i = 0; i < 20; i++) {
        const account = await signUp(i, farm);
        fake.addGamertag(`farm_${i}`);
        accounts.push(account);
      }
      for (const [i, account] of accounts.entries()) await deposit(i, account, 500);
      // The house rules as shipped: 7 days and 20 battles before any cash-out.
      for (const [i, account] of accounts.entries()) {
        const refused = await call(i, "/api/bank/cashout", account, { gamertag: `farm_${i}`, amount: 500 });
        expect(refused.status).toBe(403);
        expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
          /^Cash-outs open after 7 days and 20 battles: 7 days and 20 battles to go$/,
        );
      }
      // With the gate open (an operator's choice), the link still holds every request for a person.
      await restartAll({ CASHOUT_MIN_ACCOUNT_DAYS: "0", CASHOUT_MIN_BATTLES: "0" });
      const [main, ...alts] = accounts;
      const asked: string[] = [];
      for (const [i, account] of alts.entries()) {
        const answer = await call(i, "/api/bank/cashout", account, {
          gamertag: `farm_${i + 1}`,
          amount: 200,
        });
        expect(answer.status).toBe(200);
        const { request } = (await answer.json()) as { request: { id: string; phase: string } };
        expect(request.phase).toBe("under_review");
        asked.push(request.id);
      }
      // ...and gathering: each alt buys one of the main account's bots for 100 coins.
      const bots = rowsOf<{ id: string }>(
        await db().execute(sql`
          insert into bots (user_id, name, model, class, rarity, strength, agility, defense, intelligence,
            stat_points_allocated, color_primary, color_secondary)
          select ${main!.id}, 'Bait ' || n, 'Striker X-1', 'hero', 'common', 10, 10, 10, 10, true, '#00d4ff', '#0066ff'
          from generate_series(1, ${alts.length}) n returning id`),
      );
      for (const [i, alt] of alts.entries()) {
        const [listing] = rowsOf<{ id: string }>(
          await db().execute(sql`
            insert into marketplace_listings (bot_id, seller_id, price) values (${bots[i]!.id}, ${main!.id}, 100)
            returning id`),
        );
        expect((await call(i, `/api/marketplace/listings/${listing!.id}/buy`, alt, {})).status).toBe(200);
      }
      const gathered = await call(0, "/api/bank/cashout", main!, { gamertag: "farm_0", amount: 500 });
      const mainRequest = ((await gathered.json()) as { request: { id: string; phase: string } }).request;
      expect(mainRequest.phase).toBe("under_review");
      asked.push(mainRequest.id);
      // Both processes run the payout runner: give them a few passes, then look.
      await sleep(1_500);
      expect(fake.payments()).toEqual([]);
      expect(await count(sql`select count(*)::int as n from cashout_requests where stage <> 'review'`)).toBe(
        0,
      );

      const admin = await signUp(
        0,
        { device: randomBytes(32).toString("base64url"), address: "127.78.0.1" },
        ADMIN_EMAIL,
      );
      const queue = (await (await call(1, "/api/admin/cashouts", admin)).json()) as {
        cashouts: {
          id: string;
          username: string;
          risk: { reasons: string[] };
          linked: { device: boolean; address: boolean }[];
        }[];
      };
      for (const id of asked) {
        const entry = queue.cashouts.find((cashout) => cashout.id === id)!;
        expect(entry.risk.reasons[0]).toMatch(/^Shares a device with 19 other accounts: /);
        expect(entry.linked.length).toBe(19);
        expect(entry.linked.every((link) => link.device && link.address)).toBe(true);
      }
      const mainEntry = queue.cashouts.find((cashout) => cashout.id === mainRequest.id)!;
      expect(mainEntry.risk.reasons).toContain(
        `${(alts.length * 100).toLocaleString("en-US")} coins came from linked accounts (${alts
          .map((alt) => alt.username)
          .sort()
          .slice(0, 3)
          .join(", ")} and ${alts.length - 3} more)`,
      );
    }, 240_000);

    it("50 payouts while both processes are killed at random: each paid exactly once", async () => {
      await restartAll({ CASHOUT_MIN_ACCOUNT_DAYS: "0", CASHOUT_MIN_BATTLES: "0" });
      const players: Client[] = [];
      for (let i = 0; i < 50; i++) {
        const player = await signUp(i, {
          device: randomBytes(32).toString("base64url"),
          address: `127.90.${Math.floor(i / 200)}.${(i % 200) + 1}`,
        });
        fake.addGamertag(`payee_${i}`);
        await deposit(i, player, 500);
        players.push(player);
      }
      const amountOf = (i: number) => 100 + (i % 5) * 50;

      // Each player asks once, with one idempotency key, and tries again (same key) until a process answers.
      let answered = 0;
      async function ask(i: number) {
        const key = randomUUID();
        for (;;) {
          try {
            const response = await call(
              i,
              "/api/bank/cashout",
              players[i]!,
              { gamertag: `payee_${i}`, amount: amountOf(i) },
              key,
            );
            if (response.status === 200) break;
            // The first try committed and its process died before storing the answer: the request exists.
            if (
              response.status === 409 &&
              (await count(
                sql`select count(*)::int as n from cashout_requests where user_id = ${players[i]!.id}`,
              )) === 1
            )
              break;
            if (response.status !== 503 && response.status !== 409) {
              throw new Error(`cash-out answered ${response.status}: ${await response.text()}`);
            }
          } catch (error) {
            if (error instanceof Error && error.message.startsWith("cash-out answered")) throw error;
          }
          await sleep(100);
        }
        answered += 1;
      }
      const asking = (async () => {
        for (let i = 0; i < players.length; i += 5) {
          await Promise.all([0, 1, 2, 3, 4].map((k) => (i + k < players.length ? ask(i + k) : null)));
        }
      })();

      // The chaos: at random moments both processes are killed (SIGKILL) and started again; now and then ZBD
      // takes a payment and its answer never comes.
      let kills = 0;
      let done = false;
      void asking.finally(() => {
        done = true;
      });
      while (kills < 6 || !done) {
        // A round starts once the processes have made progress (one more request answered, or all of them), so
        // however slowly a loaded machine restarts them, the kills cannot outpace the requests.
        const before = answered;
        const waitUntil = Date.now() + 120_000;
        while (!done && answered === before) {
          if (Date.now() > waitUntil) throw new Error(`no request answered in 2 minutes (${answered} of 50)`);
          await sleep(25);
        }
        // Some rounds outlast the client's 1 s time-out, so a live process meets the lost answer too.
        fake.failNext("pay", "accept-then-timeout");
        await sleep(Math.floor(Math.random() * 1500));
        const victims = servers.splice(0, 2, null, null);
        await Promise.all(victims.map((server) => server?.stop("SIGKILL")));
        kills += 1;
        await Promise.all([start(0), start(1)]);
      }
      await asking;
      expect(answered).toBe(50);
      expect(kills).toBeGreaterThanOrEqual(5);

      // The runners finish what the kills left: every request ends paid.
      const deadline = Date.now() + 90_000;
      while (
        (await count(
          sql`select count(*)::int as n from cashout_requests where status = 'pending' and stage <> 'review'`,
        )) > 0
      ) {
        if (Date.now() > deadline) throw new Error("requests still pending");
        await sleep(200);
      }
      const requests = rowsOf<{
        id: string;
        userId: string;
        amount: number;
        status: string;
        providerRef: string | null;
      }>(
        await db().execute(sql`
          select id, user_id as "userId", amount, status, provider_ref as "providerRef" from cashout_requests
          where gamertag like 'payee_%'`),
      );
      expect(requests).toHaveLength(50);
      expect(new Set(requests.map((request) => request.userId)).size).toBe(50);
      const payments = fake.payments().filter((payment) => payment.gamertag.startsWith("payee_"));
      for (const request of requests) {
        expect(request.status).toBe("paid");
        const made = payments.filter((payment) => payment.internalId === request.id);
        expect(made).toHaveLength(1);
        expect(made[0]).toMatchObject({
          status: "completed",
          amountMsats: BigInt(request.amount) * MSATS_PER_COIN,
        });
        expect(request.providerRef).toBe(made[0]!.id);
      }
      expect(payments).toHaveLength(50);
      expect((await verifyLedger(db())).mismatches).toEqual([]);
      expect((await auditEconomy(db())).problems).toEqual([]);
    }, 300_000);

    it("the fake failing (5xx, answers lost after paying, a wallet too low) loses no request and pays none twice", async () => {
      const players: Client[] = [];
      for (let i = 0; i < 12; i++) {
        const player = await signUp(i, {
          device: randomBytes(32).toString("base64url"),
          address: `127.91.0.${i + 1}`,
        });
        fake.addGamertag(`storm_${i}`);
        await deposit(i, player, 500);
        players.push(player);
      }
      const topUp = fake.balance();
      fake.failNext("pay", "5xx", 3);
      fake.failNext("pay", "accept-then-timeout", 3);
      fake.failNext("charge", "5xx", 2);
      fake.failNext("list", "5xx", 2);
      for (const [i, player] of players.entries()) {
        // The wallet runs dry halfway: the rest are held, never refunded.
        if (i === 6) fake.setBalance(0n);
        const answer = await call(i, "/api/bank/cashout", player, { gamertag: `storm_${i}`, amount: 250 });
        expect(answer.status).toBe(200);
      }
      const held = () =>
        count(
          sql`select count(*)::int as n from cashout_requests where gamertag like 'storm_%' and stage = 'held'`,
        );
      const deadline = Date.now() + 60_000;
      while ((await held()) === 0) {
        if (Date.now() > deadline) throw new Error("nothing was held");
        await sleep(100);
      }
      expect(
        await count(
          sql`select count(*)::int as n from cashout_requests where gamertag like 'storm_%' and status = 'refunded'`,
        ),
      ).toBe(0);
      fake.setBalance(topUp);
      // Held requests look at the wallet again a minute later: that minute is moved along in their rows (also
      // for one held after this point, by a retry still under way).
      while (
        (await count(
          sql`select count(*)::int as n from cashout_requests where gamertag like 'storm_%' and status = 'pending'`,
        )) > 0
      ) {
        if (Date.now() > deadline + 60_000) throw new Error("requests still pending");
        await db().execute(sql`update cashout_requests set next_due_at = now() where stage = 'held'`);
        await sleep(200);
      }
      const requests = rowsOf<{ id: string; status: string; attempts: number }>(
        await db().execute(
          sql`select id, status, send_attempts as attempts from cashout_requests where gamertag like 'storm_%'`,
        ),
      );
      expect(requests).toHaveLength(12);
      for (const request of requests) {
        expect(request.status).toBe("paid");
        expect(fake.payments().filter((payment) => payment.internalId === request.id)).toHaveLength(1);
      }
      // The failures were met: some requests needed more than one attempt.
      expect(requests.some((request) => request.attempts > 1)).toBe(true);
      expect((await verifyLedger(db())).mismatches).toEqual([]);
    }, 240_000);

    it("a player who meets the rules is paid as soon as they ask, not at the runner's next pass", async () => {
      // The runner's own pass comes every 10 minutes here: only the request's nudge can pay it now.
      await restartAll({ RECONCILER_INTERVAL_MS: "600000" });
      await sleep(500);
      const player = await signUp(0, {
        device: randomBytes(32).toString("base64url"),
        address: "127.92.0.1",
      });
      fake.addGamertag("prompt_payee");
      await deposit(1, player, 300);
      const asked = Date.now();
      const answer = await call(1, "/api/bank/cashout", player, { gamertag: "prompt_payee", amount: 300 });
      const { request } = (await answer.json()) as { request: { id: string } };
      const paid = () =>
        count(
          sql`select count(*)::int as n from cashout_requests where id = ${request.id} and status = 'paid'`,
        );
      while ((await paid()) === 0) {
        if (Date.now() - asked > 30_000) throw new Error("not paid");
        await sleep(20);
      }
      expect(fake.paidTo("prompt_payee")).toBe(300n * MSATS_PER_COIN);
      // For the notes: how long from asking to ZBD's ledger on this machine.
      if (process.env.PAYOUT_TIMING) console.info(`paid ${Date.now() - asked} ms after asking`);
    }, 240_000);
  });
}
