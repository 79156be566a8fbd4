// Money races (run them on PostgreSQL: DATABASE_URL=... gives each request its own connection): 30 players for
// the last 16 seats, joins racing Stop, ready-ups racing the deadline, End Now racing the reconciler of two
// apps on one database. Each ends with the same checks: nothing paid twice, nothing kept, the ledger and the
// economy audit clean.
import { messages } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, errorOf, type TestApp } from "../../../test/helpers";
import { rowsOf } from "../../platform/db/database";
import { type Pilot, pilot } from "../arena/testing";
import { coinsOf } from "../bots/testing";
import {
  type Arena,
  adminAction,
  createTournament,
  entrants,
  expectEconomyClean,
  join,
  ledgerOf,
  openArena,
  ready,
  tournamentRow,
} from "./testing";

let arena: Arena;
let second: TestApp;
beforeAll(async () => {
  arena = await openArena();
  // A second "server" on the same database with the same clock: its reconciler races the first's.
  second = await createTestApp({
    database: arena.t.database,
    clock: arena.clock,
    config: { reconcilerIntervalMs: 0 },
  });
});
afterAll(async () => {
  await second.close();
  await arena.t.close();
});

async function pilots(count: number): Promise<Pilot[]> {
  return Promise.all(Array.from({ length: count }, () => pilot(arena.t)));
}

describe("money races", () => {
  it("30 players joining a 16-seat tournament at once: 16 in, 14 refused, 16 fees in the pool", async () => {
    const cup = await createTournament(arena.admin, { name: "Rush Cup", maxPlayers: 16 });
    const crowd = await pilots(30);
    const answers = await Promise.all(crowd.map((p) => join(p, cup.id)));
    const joined = answers.filter((r) => r.statusCode === 200);
    expect(joined).toHaveLength(16);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(refused)).toMatchObject({ status: 409, message: "Tournament is full" });
    }
    const row = await tournamentRow(arena.t.db, cup.id);
    expect([row.currentPlayers, row.poolBalance]).toEqual([16, 16 * 150]);
    const coins = await Promise.all(crowd.map(coinsOf));
    expect(coins.filter((c) => c === 850)).toHaveLength(16);
    expect(coins.filter((c) => c === 1000)).toHaveLength(14);
    await adminAction(arena.admin, cup.id, "stop");
    expect((await Promise.all(crowd.map(coinsOf))).every((c) => c === 1000)).toBe(true);
    await expectEconomyClean(arena.t.db);
  });

  it("joins racing Stop: whoever got in is refunded, whoever came after is refused, no fee stays", async () => {
    const cup = await createTournament(arena.admin, { name: "Race Stop" });
    const crowd = await pilots(12);
    const [answers] = await Promise.all([
      Promise.all(crowd.map((p) => join(p, cup.id))),
      adminAction(arena.admin, cup.id, "stop"),
    ]);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(refused)).toMatchObject({ status: 409, message: messages.tournamentNotOpen });
    }
    expect((await Promise.all(crowd.map(coinsOf))).every((c) => c === 1000)).toBe(true);
    expect((await tournamentRow(arena.t.db, cup.id)).poolBalance).toBe(0);
    await expectEconomyClean(arena.t.db);
  });

  it("double clicks on Join racing Stop: one entry each at most, no deadlock, every fee back", async () => {
    for (let round = 0; round < 3; round++) {
      const cup = await createTournament(arena.admin, { name: `Double Click ${round}` });
      const crowd = await pilots(6);
      const answers = await Promise.all([
        ...crowd.flatMap((p) => [join(p, cup.id), join(p, cup.id)]),
        adminAction(arena.admin, cup.id, "stop"),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect((await Promise.all(crowd.map(coinsOf))).every((c) => c === 1000)).toBe(true);
      expect((await tournamentRow(arena.t.db, cup.id)).poolBalance).toBe(0);
    }
    await expectEconomyClean(arena.t.db);
  });

  it("ready-ups racing the deadline: the bracket holds exactly the players whose ready-up came first", async () => {
    const cup = await createTournament(arena.admin, { name: "Photo Finish", registrationMinutes: 1 });
    const crowd = await entrants(arena, cup.id, 10, { ready: false });
    arena.clock.advance(60_000);
    const [answers] = await Promise.all([
      Promise.all(crowd.map((p) => ready(p, cup.id))),
      arena.t.app.reconciler.runOnce(),
      second.app.reconciler.runOnce(),
    ]);
    const readied = crowd.filter((_, i) => answers[i]!.statusCode === 200);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(errorOf(refused)).toMatchObject({ status: 409, message: "Registration has ended" });
    }
    // The deadline passed either way; if the reconcilers ran first everyone is out (and refunded).
    await arena.t.app.reconciler.runOnce();
    const row = await tournamentRow(arena.t.db, cup.id);
    expect(["active", "cancelled"]).toContain(row.status);
    const entries = rowsOf<{ userId: string; isReady: boolean }>(
      await arena.t.db.execute(sql`select user_id as "userId", is_ready as "isReady"
        from tournament_participants where tournament_id = ${cup.id}::uuid`),
    );
    if (row.status === "active") {
      expect(entries.every((e) => e.isReady)).toBe(true);
      expect(entries.map((e) => e.userId).sort()).toEqual(readied.map((p) => p.id).sort());
    }
    for (const p of crowd) {
      const inBracket = row.status === "active" && entries.some((e) => e.userId === p.id);
      expect(await coinsOf(p)).toBe(inBracket ? 850 : 1000);
    }
    await adminAction(arena.admin, cup.id, "stop");
    await expectEconomyClean(arena.t.db);
  });

  it.each([
    ["single_elimination", 8],
    ["double_elimination", null],
    ["round_robin", 28],
    ["swiss", 12],
  ] as const)(
    "%s: End Now racing two runners in the middle of a round: completed once, each prize paid once",
    async (format, fought) => {
      const cup = await createTournament(arena.admin, { name: "Clash Cup", format, roundSeconds: 10 });
      const players = await entrants(arena, cup.id, 8);
      await adminAction(arena.admin, cup.id, "start");
      arena.clock.advance(10_000);
      const results = await Promise.all([
        adminAction(arena.admin, cup.id, "force-complete"),
        arena.t.app.reconciler.runOnce(),
        second.app.reconciler.runOnce(),
        arena.t.app.reconciler.runOnce(),
      ]);
      // End Now may find the tournament already moved on; it still finishes it, or it was finished already.
      const ended = results[0] as Awaited<ReturnType<typeof adminAction>>;
      expect([200, 409]).toContain(ended.statusCode);
      for (let i = 0; i < 5; i++) {
        arena.clock.advance(10_000);
        await Promise.all([arena.t.app.reconciler.runOnce(), second.app.reconciler.runOnce()]);
      }
      expect((await tournamentRow(arena.t.db, cup.id)).status).toBe("completed");
      const prizes = (await ledgerOf(arena.t.db, cup.id)).filter((r) => r.reason === "tournament_prize");
      expect(prizes).toEqual([
        { reason: "tournament_prize", account: "tournament_pool", rows: 3, total: -(720 + 240 + 120) },
        { reason: "tournament_prize", account: "wallet", rows: 3, total: 720 + 240 + 120 },
      ]);
      const battles = rowsOf<{ matches: number; battles: number }>(
        await arena.t.db.execute(sql`select
        (select count(*)::int from tournament_matches where tournament_id = ${cup.id}::uuid and battle_id is not null) as matches,
        (select count(*)::int from battles b where b.kind = 'tournament' and b.attacker_user_id in (
          select user_id from tournament_participants where tournament_id = ${cup.id}::uuid)) as battles`),
      )[0]!;
      // Each match fought exactly once (single elimination: 4 quarter-finals, 2 semi-finals, the final and the
      // bronze match; double elimination 14, or 15 with its bracket reset).
      expect(battles.battles).toBe(battles.matches);
      if (fought !== null) expect(battles.matches).toBe(fought);
      else expect([14, 15]).toContain(battles.matches);
      const coins = await Promise.all(players.map(coinsOf));
      expect(coins.sort((a, b) => b - a)).toEqual([1570, 1090, 970, 850, 850, 850, 850, 850]);
      await expectEconomyClean(arena.t.db);
    },
  );
});

describe("one unfinished tournament per bot", () => {
  it("one bot joining two tournaments at once gets into exactly one and pays once", async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([
        createTournament(arena.admin, { name: `Left ${round}` }),
        createTournament(arena.admin, { name: `Right ${round}` }),
      ]);
      const p = await pilot(arena.t);
      const answers = await Promise.all([join(p, a.id), join(p, b.id)]);
      expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
      expect(errorOf(answers.find((x) => x.statusCode === 409)!).message).toBe(
        messages.botInAnotherTournament,
      );
      expect(await coinsOf(p)).toBe(850);
      await Promise.all([adminAction(arena.admin, a.id, "stop"), adminAction(arena.admin, b.id, "stop")]);
    }
    await expectEconomyClean(arena.t.db);
  });
});

describe("admin actions sent six times at once act once", () => {
  const six = (id: string, action: "stop" | "force-complete" | "archive") =>
    Promise.all(Array.from({ length: 6 }, () => adminAction(arena.admin, id, action)));
  const codes = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

  it.each(["single_elimination", "double_elimination", "round_robin", "swiss"] as const)(
    "%s: Stop refunds once, End Now pays once, Archive archives once",
    async (format) => {
      const stopped = await createTournament(arena.admin, { name: "Stop Six", format });
      const stoppedCrew = await entrants(arena, stopped.id, 4);
      await adminAction(arena.admin, stopped.id, "start");
      expect(codes(await six(stopped.id, "stop"))).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await Promise.all(stoppedCrew.map(coinsOf))).toEqual([1000, 1000, 1000, 1000]);
      const refunds = (await ledgerOf(arena.t.db, stopped.id)).find(
        (r) => r.reason === "tournament_refund" && r.account === "wallet",
      );
      expect(refunds).toMatchObject({ rows: 4, total: 600 });

      const ended = await createTournament(arena.admin, { name: "End Six", format });
      const endedCrew = await entrants(arena, ended.id, 4);
      await adminAction(arena.admin, ended.id, "start");
      expect(codes(await six(ended.id, "force-complete"))).toEqual([200, 409, 409, 409, 409, 409]);
      // 600 in the pool: 360, 120 and 60 paid once each, 60 to the house.
      expect((await Promise.all(endedCrew.map(coinsOf))).sort((a, b) => b - a)).toEqual([
        1210, 970, 910, 850,
      ]);

      const answers = await six(ended.id, "archive");
      expect(answers.every((a) => a.statusCode < 500)).toBe(true);
      expect((await tournamentRow(arena.t.db, ended.id)).status).toBe("archived");
      const archived = rowsOf<{ n: number }>(
        await arena.t.db.execute(sql`select count(*)::int as n from admin_operations
        where action = 'tournament_archive' and target_id = ${ended.id} and detail->>'from' = 'completed'`),
      );
      expect(archived[0]!.n).toBe(1);
      await expectEconomyClean(arena.t.db);
    },
  );
});
