// A war's rounds keep their deadlines when a round's step runs late: every round ends at the war's start plus
// its share of the battle window, however late the steps before it ran.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type TestApp, testClock } from "../../../test/helpers";
import { guildWars } from "../../platform/db/schema";
import { guildWithCrew } from "../guilds/testing";
import { warTestApp } from "./testing";

const REGISTRATION_S = 60;
// Seven rounds of 100 s.
const BATTLE_S = 700;
const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await warTestApp(clock, { registrationSeconds: REGISTRATION_S, battleSeconds: BATTLE_S });
  for (let i = 0; i < 8; i++) await guildWithCrew(t, 2, 500);
  await t.app.reconciler.runOnce();
});
afterAll(() => t.close());

const theWar = async () => {
  const [war] = await t.db.select().from(guildWars);
  return war!;
};

it("a round's step that ran 30 s late moves no later round", async () => {
  const { id, registrationEndsAt } = await theWar();
  const start = registrationEndsAt!.getTime();
  const at = (ms: number) => new Date(start + ms);

  clock.advance(start - clock.now().getTime());
  await t.app.reconciler.runOnce();
  expect(await theWar()).toMatchObject({
    status: "battle",
    currentRound: 1,
    nextDueAt: at(100_000),
    battleEndsAt: at(700_000),
  });

  clock.advance(start + 130_000 - clock.now().getTime());
  await t.app.reconciler.runOnce();
  expect(await theWar()).toMatchObject({
    currentRound: 2,
    nextDueAt: at(200_000),
    battleEndsAt: at(700_000),
  });

  clock.advance(start + 700_000 - clock.now().getTime());
  for (let round = 2; round <= 7; round++) await t.app.reconciler.runOnce();
  const [done] = await t.db.select().from(guildWars).where(eq(guildWars.id, id));
  expect(done).toMatchObject({ status: "completed", nextDueAt: null });
});
