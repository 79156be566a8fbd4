// One key, two server processes on one database (with DATABASE_URL two real processes, `src/main.ts`; on
// PGlite, which one process owns, two apps in this process): the same deposit sent to both at once, or to
// one and then the other, or cut off from its client before the answer, pays once and answers alike.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, type TestDatabase, uniqueName } from "../../../test/helpers";
import { startServerProcess } from "../../../test/server-process";
import { rowsOf } from "../db/database";

const usePostgres = Boolean(process.env.DATABASE_URL);
const DEPOSIT = "/api/bank/deposit";

type Server = { url: string; stop(): Promise<unknown> };

async function startInProcess(database: TestDatabase["database"]): Promise<Server> {
  const t = await createTestApp({ database });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, stop: () => t.close() };
}

let shared: TestDatabase;
let a: Server;
let b: Server;

beforeAll(async () => {
  shared = await createTestDatabase();
  const [first, second] = usePostgres
    ? await Promise.all([
        startServerProcess({ databaseUrl: shared.url! }),
        startServerProcess({ databaseUrl: shared.url! }),
      ])
    : [await startInProcess(shared.database), await startInProcess(shared.database)];
  [a, b] = [first!, second!];
}, 180_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await shared?.drop();
});

type Signed = { cookie: string; id: string };

async function signUpOn(server: Server): Promise<Signed> {
  const username = uniqueName();
  const response = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, email: `${username}@arena.test`, password: "secret1" }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { cookie: /ba_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")![0], id };
}

async function deposit(server: Server, player: Signed, key: string, amount = 100) {
  const response = await fetch(`${server.url}${DEPOSIT}`, {
    method: "POST",
    headers: { cookie: player.cookie, "content-type": "application/json", "idempotency-key": key },
    body: JSON.stringify({ amount }),
  });
  return {
    status: response.status,
    body: await response.text(),
    replayed: response.headers.get("idempotent-replayed"),
  };
}

async function balances(player: Signed) {
  const response = await fetch(`${a.url}/api/me`, { headers: { cookie: player.cookie } });
  const me = (await response.json()) as { coins: number; vaultCoins: number };
  return { coins: me.coins, vaultCoins: me.vaultCoins };
}

async function ledgerRows(player: Signed): Promise<number> {
  const result = await shared.database.db.execute(
    sql`select count(*)::int as n from coin_ledger where user_id = ${player.id} and reason = 'vault_deposit'`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

async function answeredKeys(player: Signed): Promise<number> {
  const result = await shared.database.db.execute(
    sql`select count(*)::int as n from idempotency_keys where player_id = ${player.id} and status is not null`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

describe(`one key over two servers (${usePostgres ? "two processes, PostgreSQL" : "two apps, PGlite"})`, () => {
  it("pays once for the same deposit sent to both at the same moment, and both answer alike", async () => {
    const player = await signUpOn(a);
    const keys = ["both-1", "both-2", "both-3", "both-4"];
    const answers = await Promise.all(
      keys.flatMap((key) => [deposit(a, player, key), deposit(b, player, key)]),
    );
    for (const [i, key] of keys.entries()) {
      const [viaA, viaB] = [answers[2 * i]!, answers[2 * i + 1]!];
      expect({ key, status: viaA.status }).toEqual({ key, status: 200 });
      expect(viaB.status).toBe(200);
      expect(viaB.body).toBe(viaA.body);
      // Exactly one of the two acted; the other replayed its answer.
      expect([viaA.replayed, viaB.replayed].sort()).toEqual([null, "true"].sort());
    }
    expect(await balances(player)).toEqual({ coins: 600, vaultCoins: 400 });
    expect(await ledgerRows(player)).toBe(2 * keys.length);
  });

  it("pays once for the deposit sent to one and then again to the other, and refuses another body there", async () => {
    const player = await signUpOn(b);
    const first = await deposit(a, player, "then-b");
    const again = await deposit(b, player, "then-b");
    expect(first.status).toBe(200);
    expect(again).toEqual({ ...first, replayed: "true" });
    expect((await deposit(b, player, "then-b", 50)).status).toBe(422);
    expect(await balances(player)).toEqual({ coins: 900, vaultCoins: 100 });
  });

  it("pays once when the client's connection is cut before the answer and it retries on the other", async () => {
    const player = await signUpOn(a);
    const target = new URL(`${a.url}${DEPOSIT}`);
    const body = JSON.stringify({ amount: 100 });
    await new Promise<void>((resolve) => {
      const request = http.request(target, {
        method: "POST",
        headers: {
          cookie: player.cookie,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "idempotency-key": "cut-off",
        },
      });
      request.on("error", () => resolve());
      // Gone as soon as the request is out: whatever the server answers, nobody reads it.
      request.end(body, () => {
        request.destroy();
        resolve();
      });
    });
    // The server goes on without its client: the deposit commits and its answer is kept.
    await expect.poll(() => answeredKeys(player), { timeout: 10_000 }).toBe(1);
    const retry = await deposit(b, player, "cut-off");
    expect(retry.status).toBe(200);
    expect(retry.replayed).toBe("true");
    expect(JSON.parse(retry.body)).toMatchObject({ newCoins: 900, newVaultCoins: 100 });
    expect(await deposit(a, player, "cut-off")).toEqual(retry);
    expect(await balances(player)).toEqual({ coins: 900, vaultCoins: 100 });
    expect(await ledgerRows(player)).toBe(2);
  });
});
