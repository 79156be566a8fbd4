// Two officers buying perks at the same moment through two server processes (`src/main.ts`) on one PostgreSQL
// database, with the bank holding enough for one: exactly one purchase lands, the other is refused with its
// reason, the bank never goes below zero, and the ledger holds exactly one `guild_perk` row per purchase.
import { Coins } from "@bot-arena/game";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { createTestDatabase, type TestDatabase, uniqueName } from "../../../test/helpers";
import { raceIt, racesRunHere } from "../../../test/race";
import { type ServerProcess, startServerProcess } from "../../../test/server-process";
import { coinLedger, guilds } from "../../platform/db/schema";
import { moveCoins } from "../../platform/ledger";
import { verifyLedger } from "../../platform/ledger-verify";

let shared: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  if (!racesRunHere) return;
  shared = await createTestDatabase();
  [a, b] = await Promise.all([
    startServerProcess({ databaseUrl: shared.url! }),
    startServerProcess({ databaseUrl: shared.url! }),
  ]);
}, 180_000);
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await shared?.drop();
});

type Signed = { cookie: string; id: string };
const send = async (server: ServerProcess, player: Signed | null, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(player ? { cookie: player.cookie } : {}), "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

async function signUpOn(server: ServerProcess): Promise<Signed> {
  const username = uniqueName("officer");
  const response = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, email: `${username}@arena.test`, password: "secret1" }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { cookie: /ba_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")![0], id };
}

/** The bank set to exactly `amount` (a test grant, as donations would have). */
async function setBank(guildId: string, amount: number) {
  await shared.database.db.transaction(async (tx) => {
    const [row] = await tx.select({ bank: guilds.bankBalance }).from(guilds).where(eq(guilds.id, guildId));
    const delta = amount - row!.bank;
    if (delta > 0)
      await moveCoins(tx, { account: "guild_bank", guildId, credit: Coins(delta), reason: "test_grant" });
    if (delta < 0)
      await moveCoins(tx, { account: "guild_bank", guildId, debit: Coins(-delta), reason: "test_grant" });
  });
}

const perkRows = async (guildId: string) =>
  (
    await shared.database.db
      .select({ delta: coinLedger.delta })
      .from(coinLedger)
      .where(and(eq(coinLedger.guildId, guildId), eq(coinLedger.reason, "guild_perk")))
  ).map((r) => Number(r.delta));

describe("two officers, one bank", () => {
  let guildId: string;
  let officers: [Signed, Signed];

  beforeAll(async () => {
    if (!racesRunHere) return;
    const leader = await signUpOn(a);
    const founded = await send(a, leader, "/api/guilds", {
      name: uniqueName("Perk Clan").slice(0, 30),
      tag: "PRK",
    });
    expect(founded.status).toBe(201);
    guildId = (founded.body.guild as { id: string }).id;
    officers = [await signUpOn(a), await signUpOn(b)];
    for (const officer of officers) {
      expect((await send(b, officer, `/api/guilds/${guildId}/join`, {})).status).toBe(200);
      expect((await send(a, leader, `/api/guilds/${guildId}/members/${officer.id}/promote`, {})).status).toBe(
        200,
      );
    }
  }, 60_000);

  raceIt(
    "two different perks with the bank for one: exactly one is bought",
    async () => {
      // 2,000: the first seats level (2,000) or the banner (1,000) and then too little for the seats.
      await setBank(guildId, 2_000);
      const [seats, banner] = await Promise.all([
        send(a, officers[0], `/api/guilds/${guildId}/perks`, { perk: "seats", level: 1 }),
        send(b, officers[1], `/api/guilds/${guildId}/perks`, {
          perk: "banner",
          color: "Lime",
          emblem: "bolt",
        }),
      ]);
      expect([seats.status, banner.status].sort()).toEqual([200, 409]);
      const [row] = await shared.database.db.select().from(guilds).where(eq(guilds.id, guildId));
      if (seats.status === 200) {
        expect(row).toMatchObject({ bankBalance: 0, seatLevel: 1, maxMembers: 25, bannerColor: null });
        expect((banner.body.error as { message: string }).message).toBe(
          "The guild bank needs 1,000 coins for that",
        );
        expect(await perkRows(guildId)).toEqual([-2000]);
      } else {
        expect(row).toMatchObject({ bankBalance: 1000, seatLevel: 0, maxMembers: 20, bannerColor: "Lime" });
        expect((seats.body.error as { message: string }).message).toBe(
          "The guild bank needs 2,000 coins for that",
        );
        expect(await perkRows(guildId)).toEqual([-1000]);
      }
    },
    60_000,
  );

  raceIt(
    "the same level bought by both at once: one pays, the other is told it was bought",
    async () => {
      const [before] = await shared.database.db.select().from(guilds).where(eq(guilds.id, guildId));
      const level = before!.warDrillLevel + 1;
      // Enough for both levels of the drill (5,000 + 10,000): only the level check stops a second purchase.
      await setBank(guildId, 15_000);
      const answers = await Promise.all([
        send(a, officers[0], `/api/guilds/${guildId}/perks`, { perk: "war_drill", level }),
        send(b, officers[1], `/api/guilds/${guildId}/perks`, { perk: "war_drill", level }),
      ]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      const refused = answers.find((x) => x.status === 409)!;
      expect((refused.body.error as { message: string }).message).toBe(
        "Your guild is at level 1 of this perk now: the level you chose was bought",
      );
      const [row] = await shared.database.db.select().from(guilds).where(eq(guilds.id, guildId));
      expect(row).toMatchObject({ warDrillLevel: 1, bankBalance: 10_000 });
      expect((await perkRows(guildId)).filter((d) => d === -5000)).toHaveLength(1);
    },
    60_000,
  );

  raceIt("the ledger proves every balance", async () => {
    expect((await verifyLedger(shared.database.db)).mismatches).toEqual([]);
  });
});
