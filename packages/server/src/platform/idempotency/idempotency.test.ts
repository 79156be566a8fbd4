// Idempotency keys on one server: a repeat answers the stored answer and acts no more, a key is refused on
// another request, a bad header is refused, keys are per player and last 24 hours, a refusal is judged anew,
// and a request without a key costs no statement more. The PostgreSQL part: repeats at the same moment, and a
// commit whose acknowledgement is lost on the way back (a TCP proxy cuts the connection right after COMMIT).
import { idempotencyMessages, routes } from "@bot-arena/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy } from "../../../test/faults/tcp-proxy";
import {
  createTestApp,
  createTestDatabase,
  errorOf,
  type Player,
  signUp,
  type TestApp,
  testClock,
} from "../../../test/helpers";
import { raceIt, racesRunHere } from "../../../test/race";
import { rowsOf } from "../db/database";
import { openPostgres } from "../db/postgres";
import { AppError } from "../errors";
import type { UserId } from "../ids";
import { decodeEffect, encodeEffect, workFingerprint } from "./effect";
import { createIdempotentRequests } from "./requests";
import { sweepKeys } from "./store";

const DEPOSIT = "/api/bank/deposit";
const withKey = (
  player: Player,
  key: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  player.request({
    method: "POST",
    url,
    payload: body as object,
    headers: { "idempotency-key": key, ...headers },
  });

async function balances(player: Player) {
  const me = (await player.get("/api/me")).json<{ coins: number; vaultCoins: number }>();
  return { coins: me.coins, vaultCoins: me.vaultCoins };
}

async function depositRows(t: Pick<TestApp, "db">, player: Player): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from coin_ledger where user_id = ${player.id} and reason = 'vault_deposit'`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe("a state change sent with an Idempotency-Key", () => {
  it("acts once: the repeat gets the first answer byte for byte, marked as replayed", async () => {
    const player = await signUp(t.app);
    const first = await withKey(player, "deposit-1", DEPOSIT, { amount: 100 });
    const again = await withKey(player, "deposit-1", DEPOSIT, { amount: 100 });
    expect(first.statusCode).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(await balances(player)).toEqual({ coins: 900, vaultCoins: 100 });
    expect(await depositRows(t, player)).toBe(2); // one transfer: the wallet's row and the vault's
  });

  it("replays a created answer with its status (201)", async () => {
    const player = await signUp(t.app);
    const send = () => withKey(player, "chat-1", "/api/chat/messages", { message: "once only" });
    const [first, again] = [await send(), await send()];
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    const result = await t.db.execute(
      sql`select count(*)::int as n from chat_messages where user_id = ${player.id}`,
    );
    expect(rowsOf<{ n: number }>(result)[0]!.n).toBe(1);
  });

  it("refuses the key with another body or on another route (422), acting on neither", async () => {
    const player = await signUp(t.app);
    expect((await withKey(player, "k-422", DEPOSIT, { amount: 100 })).statusCode).toBe(200);
    expect(errorOf(await withKey(player, "k-422", DEPOSIT, { amount: 50 }))).toEqual({
      status: 422,
      code: "IDEMPOTENCY_KEY_REUSED",
      message: idempotencyMessages.otherBody,
    });
    expect(errorOf(await withKey(player, "k-422", "/api/bank/withdraw", { amount: 100 }))).toEqual({
      status: 422,
      code: "IDEMPOTENCY_KEY_REUSED",
      message: idempotencyMessages.otherRequest(`POST ${DEPOSIT}`),
    });
    expect(await balances(player)).toEqual({ coins: 900, vaultCoins: 100 });
  });

  it("refuses a malformed key (400) before acting", async () => {
    const player = await signUp(t.app);
    for (const key of ["", "x".repeat(65), "two words", "caf\u00e9"]) {
      const response = await player.request({
        method: "POST",
        url: DEPOSIT,
        payload: { amount: 100 },
        // A non-ASCII value travels as its UTF-8 bytes, as a browser would refuse to and curl would not.
        headers: { "idempotency-key": Buffer.from(key).toString("latin1") },
      });
      expect({ key, ...errorOf(response) }).toEqual({
        key,
        status: 400,
        code: "IDEMPOTENCY_KEY_INVALID",
        message: idempotencyMessages.invalidKey,
      });
    }
    expect((await withKey(player, "x".repeat(64), DEPOSIT, { amount: 100 })).statusCode).toBe(200);
    expect((await withKey(player, "!~{}", DEPOSIT, { amount: 100 })).statusCode).toBe(200);
    expect(await balances(player)).toEqual({ coins: 800, vaultCoins: 200 });
  });

  it("keeps keys per player: another player's same key acts for them", async () => {
    const [one, two] = [await signUp(t.app), await signUp(t.app)];
    const first = await withKey(one, "shared-key", DEPOSIT, { amount: 100 });
    const second = await withKey(two, "shared-key", DEPOSIT, { amount: 100 });
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect(first.statusCode).toBe(200);
    expect(await balances(two)).toEqual({ coins: 900, vaultCoins: 100 });
  });

  it("forgets a key after 24 hours: it then acts anew", async () => {
    const player = await signUp(t.app);
    await withKey(player, "day-key", DEPOSIT, { amount: 100 });
    clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await withKey(player, "day-key", DEPOSIT, { amount: 100 })).headers["idempotent-replayed"]).toBe(
      "true",
    );
    clock.advance(2);
    const anew = await withKey(player, "day-key", DEPOSIT, { amount: 100 });
    expect(anew.statusCode).toBe(200);
    expect(anew.headers["idempotent-replayed"]).toBeUndefined();
    expect(await balances(player)).toEqual({ coins: 800, vaultCoins: 200 });
    // And the new use is what a repeat now replays.
    expect((await withKey(player, "day-key", DEPOSIT, { amount: 100 })).body).toBe(anew.body);
  });

  it("does not keep a refusal that rolled back: the same request is judged anew", async () => {
    const player = await signUp(t.app);
    const refused = await withKey(player, "early", "/api/bank/withdraw", { amount: 100 });
    expect(errorOf(refused)).toMatchObject({ status: 409, code: "NOT_ENOUGH_COINS" });
    await withKey(player, "fill-vault", DEPOSIT, { amount: 100 });
    const later = await withKey(player, "early", "/api/bank/withdraw", { amount: 100 });
    expect(later.statusCode).toBe(200);
    expect(await balances(player)).toEqual({ coins: 1000, vaultCoins: 0 });
  });

  it("answers a key whose action committed without its answer: in progress while young, done when abandoned", async () => {
    const player = await signUp(t.app);
    const claim = (key: string, ageMs: number) =>
      t.db.execute(sql`
        insert into idempotency_keys (player_id, key, request, body_hash, created_at)
        values (${player.id}, ${key}, ${`POST ${DEPOSIT}`},
          encode(sha256(convert_to('{"amount":100}', 'UTF8')), 'hex'),
          ${new Date(clock.now().getTime() - ageMs).toISOString()}::timestamptz)`);
    await claim("running", 0);
    await claim("abandoned", 10 * 60_000);
    expect(errorOf(await withKey(player, "running", DEPOSIT, { amount: 100 }))).toEqual({
      status: 409,
      code: "IDEMPOTENCY_IN_PROGRESS",
      message: idempotencyMessages.inProgress,
    });
    expect(errorOf(await withKey(player, "abandoned", DEPOSIT, { amount: 100 }))).toEqual({
      status: 409,
      code: "ALREADY_DONE",
      message: idempotencyMessages.alreadyDone,
    });
    expect(await balances(player)).toEqual({ coins: 1000, vaultCoins: 0 });
  });

  it("answers a key whose process died after the commit from the action's stored effect (issue 43)", async () => {
    const player = await signUp(t.app);
    const first = await withKey(player, "crashed-deposit", DEPOSIT, { amount: 100 });
    expect(first.statusCode).toBe(200);
    const sent = await withKey(player, "crashed-chat", "/api/chat/messages", { message: "said once" });
    expect(sent.statusCode).toBe(201);
    // What a kill -9 between the commit and the answer's UPDATE leaves: the claim with its effect, no answer;
    // the chat line's claim is past the 5 minutes after which a repeat heard ALREADY_DONE.
    await t.db.execute(sql`
      update idempotency_keys set status = null, response = null,
        created_at = case when key = 'crashed-chat' then created_at - interval '10 minutes' else created_at end
      where player_id = ${player.id}`);
    const again = await withKey(player, "crashed-deposit", DEPOSIT, { amount: 100 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const chatAgain = await withKey(player, "crashed-chat", "/api/chat/messages", { message: "said once" });
    expect(chatAgain.statusCode).toBe(201);
    expect(chatAgain.json()).toEqual(sent.json());
    // Acted once each, and the answer is stored now: the next repeat is the plain replay.
    expect(await balances(player)).toEqual({ coins: 900, vaultCoins: 100 });
    expect(await depositRows(t, player)).toBe(2);
    const lines = await t.db.execute(
      sql`select count(*)::int as n from chat_messages where user_id = ${player.id}`,
    );
    expect(rowsOf<{ n: number }>(lines)[0]!.n).toBe(1);
    const stored = await t.db.execute(
      sql`select key, status from idempotency_keys where player_id = ${player.id} order by key`,
    );
    expect(rowsOf(stored)).toEqual([
      { key: "crashed-chat", status: 201 },
      { key: "crashed-deposit", status: 200 },
    ]);
    expect((await withKey(player, "crashed-deposit", DEPOSIT, { amount: 100 })).body).toBe(again.body);
  });

  it("answers 409 as before when the stored effect is another transaction's (another path, another version)", async () => {
    const player = await signUp(t.app);
    expect((await withKey(player, "other-work", DEPOSIT, { amount: 100 })).statusCode).toBe(200);
    const [row] = rowsOf<{ effect: Uint8Array }>(
      await t.db.execute(sql`select effect from idempotency_keys where player_id = ${player.id}`),
    );
    // The deposit's own value, said to be another work's: only the fingerprint tells them apart.
    const { value } = decodeEffect(row!.effect)!;
    const otherWork = encodeEffect(
      workFingerprint(async () => "another transaction"),
      value,
    );
    await t.db.execute(sql`
      update idempotency_keys set status = null, response = null, effect = ${otherWork},
        created_at = created_at - interval '10 minutes'
      where player_id = ${player.id}`);
    expect(errorOf(await withKey(player, "other-work", DEPOSIT, { amount: 100 }))).toEqual({
      status: 409,
      code: "ALREADY_DONE",
      message: idempotencyMessages.alreadyDone,
    });
    expect(await balances(player)).toEqual({ coins: 900, vaultCoins: 100 });
  });

  it("sends no statement about keys for a request without one", async () => {
    const player = await signUp(t.app);
    const texts: string[] = [];
    const target =
      t.database.driver === "postgres"
        ? (pg.Client.prototype as unknown as Record<string, (...args: unknown[]) => unknown>)
        : (t.database as unknown as { client: Record<string, (...args: unknown[]) => unknown> }).client;
    const original = target.query!;
    target.query = function seen(this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      texts.push(typeof first === "string" ? first : (first?.text ?? ""));
      return original.apply(this, args);
    };
    try {
      expect((await player.post(DEPOSIT, { amount: 100 })).statusCode).toBe(200);
    } finally {
      target.query = original;
    }
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text) => text.includes("idempotency_keys"))).toEqual([]);
  });
});

describe("a keyed handler that fails after its claim committed", () => {
  /** The route's side of a request (platform/route.ts), with a handler of the test's own. */
  async function runKeyed(playerId: UserId, key: string, handle: () => Promise<unknown>) {
    const requests = createIdempotentRequests({ db: t.db, clock, log: t.app.log });
    const reply = {
      statusCode: 200,
      code(status: number) {
        this.statusCode = status;
        return this;
      },
      header: () => reply,
      type: () => reply,
    };
    const request = { method: "POST", url: "/api/test/thing", body: { n: 1 } };
    try {
      const text = await requests.run(request as never, reply as never, playerId, key, handle);
      return { status: reply.statusCode, body: JSON.parse(text) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: error.status, body: { error: { code: error.code, message: error.message } } };
    }
  }
  const commitSomething = (player: Player) =>
    t.db.transaction((tx) => tx.execute(sql`update profiles set coins = coins - 1 where id = ${player.id}`));

  it("keeps a refusal it answered then as the answer", async () => {
    const player = await signUp(t.app);
    const refuse = async () => {
      await commitSomething(player);
      throw new AppError(404, "NOT_FOUND", "Gone after all");
    };
    const first = await runKeyed(player.id, "refused-late", refuse);
    expect(first).toEqual({ status: 404, body: { error: { code: "NOT_FOUND", message: "Gone after all" } } });
    expect(await runKeyed(player.id, "refused-late", refuse)).toEqual(first);
    expect((await balances(player)).coins).toBe(999);
  });

  it("answers a repeat after a 5xx with ALREADY_DONE, acting no more", async () => {
    const player = await signUp(t.app);
    const crash = async () => {
      await commitSomething(player);
      throw new Error("the payout provider fell over");
    };
    await expect(runKeyed(player.id, "crashed", crash)).rejects.toThrow("fell over");
    expect(await runKeyed(player.id, "crashed", crash)).toEqual({
      status: 409,
      body: { error: { code: "ALREADY_DONE", message: idempotencyMessages.alreadyDone } },
    });
    expect((await balances(player)).coins).toBe(999);
  });

  it("replays the claim's transaction only: a handler's second transaction is not run again (409 as before)", async () => {
    const player = await signUp(t.app);
    const spend = () =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update profiles set coins = coins - 1 where id = ${player.id}`);
        return { spent: 1 };
      });
    let answers = 0;
    const twoSteps = async () => {
      const first = await spend();
      const second = await spend();
      return { answer: ++answers, ...first, ...second };
    };
    const oneStep = async () => ({ answer: ++answers, ...(await spend()) });
    expect(await runKeyed(player.id, "two-steps", twoSteps)).toEqual({
      status: 200,
      body: { answer: 1, spent: 1 },
    });
    expect(await runKeyed(player.id, "one-step", oneStep)).toEqual({
      status: 200,
      body: { answer: 2, spent: 1 },
    });
    // Both answers lost as by a crash after the commits, and old enough not to be waited for.
    await t.db.execute(sql`
      update idempotency_keys set status = null, response = null, created_at = created_at - interval '10 minutes'
      where player_id = ${player.id}`);
    expect(await runKeyed(player.id, "two-steps", twoSteps)).toEqual({
      status: 409,
      body: { error: { code: "ALREADY_DONE", message: idempotencyMessages.alreadyDone } },
    });
    // The one-step handler is answered from its effect: the answer is made anew, the spending is not.
    expect(await runKeyed(player.id, "one-step", oneStep)).toEqual({
      status: 200,
      body: { answer: 3, spent: 1 },
    });
    expect((await balances(player)).coins).toBe(997);
  });

  it("stores the answer of a handler that ran no transaction, and replays it", async () => {
    const player = await signUp(t.app);
    let runs = 0;
    const read = async () => ({ runs: ++runs });
    expect(await runKeyed(player.id, "no-transaction", read)).toEqual({ status: 200, body: { runs: 1 } });
    expect(await runKeyed(player.id, "no-transaction", read)).toEqual({ status: 200, body: { runs: 1 } });
    expect(runs).toBe(1);
  });
});

describe("the sweep", () => {
  // Other tests' keys may be expired too (the clock moved a day): they are older than a day by a moment only.
  it("deletes keys past 24 hours, oldest first and at most a batch, and leaves younger ones", async () => {
    const player = await signUp(t.app);
    const now = clock.now().getTime();
    const day = 24 * 60 * 60 * 1000;
    for (const [key, age] of [
      ["old-1", 3 * day],
      ["old-2", 2 * day],
      ["old-3", 1.5 * day],
      ["young", day - 1000],
    ] as const) {
      await t.db.execute(sql`
        insert into idempotency_keys (player_id, key, request, body_hash, status, response, created_at)
        values (${player.id}, ${key}, 'POST /x', 'h', 200, '{}', ${new Date(now - age).toISOString()}::timestamptz)`);
    }
    const keys = async () =>
      rowsOf<{ key: string }>(
        await t.db.execute(sql`select key from idempotency_keys where player_id = ${player.id} order by key`),
      ).map((row) => row.key);
    const cutoff = new Date(now - day);
    expect(await sweepKeys(t.db, cutoff, 2)).toBe(2);
    expect(await keys()).toEqual(["old-3", "young"]);
    expect(await sweepKeys(t.db, cutoff, 1000)).toBeGreaterThanOrEqual(1);
    expect(await keys()).toEqual(["young"]);
  });
});

describe("the OpenAPI document", () => {
  it("offers the Idempotency-Key header on every player's state change, and nowhere else", async () => {
    const document = (await t.app.inject("/api/openapi.json")).json();
    expect(document.components.parameters.IdempotencyKey).toMatchObject({
      name: "Idempotency-Key",
      in: "header",
    });
    for (const spec of Object.values(routes)) {
      const path = spec.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const operation = document.paths[path][spec.method.toLowerCase()];
      const offered = operation.parameters.some(
        (p: { $ref?: string }) => p.$ref === "#/components/parameters/IdempotencyKey",
      );
      expect({ route: `${spec.method} ${spec.path}`, offered }).toEqual({
        route: `${spec.method} ${spec.path}`,
        offered: spec.method !== "GET" && spec.auth !== "none",
      });
    }
  });
});

raceIt("acts once for ten copies sent at the same moment, all answered alike", async () => {
  const player = await signUp(t.app);
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => withKey(player, "burst", DEPOSIT, { amount: 100 })),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
  expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  expect(answers.filter((a) => a.headers["idempotent-replayed"] === undefined)).toHaveLength(1);
  expect(await balances(player)).toEqual({ coins: 900, vaultCoins: 100 });
  expect(await depositRows(t, player)).toBe(2);
});

if (racesRunHere) {
  describe("a COMMIT whose acknowledgement is lost (PostgreSQL)", () => {
    it("without a key answers 503 for a deposit that happened; with one, answers it and a retry pays nothing", async () => {
      const target = await createTestDatabase();
      const direct = new URL(target.url!);
      const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(direct);
      viaProxy.port = String(proxy.port);
      const database = await openPostgres(viaProxy.toString(), { poolSize: 4, log: { warn() {} } });
      const cut = await createTestApp({ database });
      try {
        const player = await signUp(cut.app);
        // The attack report's case: the database committed, the answer to COMMIT never came back.
        proxy.loseAnswerAfter(/vault_deposit/, /\bcommit\b/i);
        expect(errorOf(await player.post(DEPOSIT, { amount: 100 })).status).toBe(503);
        expect(await balances(player)).toEqual({ coins: 900, vaultCoins: 100 });

        proxy.loseAnswerAfter(/insert into idempotency_keys/, /\bcommit\b/i);
        const first = await withKey(player, "lost-ack", DEPOSIT, { amount: 100 });
        expect(proxy.lost()).toBe(2);
        // The request waited for the broken connection's backend to end and read the key's row: committed.
        expect(first.statusCode).toBe(200);
        const retry = await withKey(player, "lost-ack", DEPOSIT, { amount: 100 });
        expect(retry.body).toBe(first.body);
        expect(retry.headers["idempotent-replayed"]).toBe("true");
        expect(await balances(player)).toEqual({ coins: 800, vaultCoins: 200 });
        expect(await depositRows(cut, player)).toBe(4);
      } finally {
        await cut.close();
        await database.close();
        await proxy.close();
        await target.drop();
      }
    });
  });
}
