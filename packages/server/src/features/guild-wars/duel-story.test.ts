// What a war duel's battle means on the COMBAT ZONE's end screen: its round and guilds, the side of the viewer's
// guild, and the pairing's score ("Your guild: 2 of 3 duels won"), counting while the round runs only what is
// already known (this duel and the forfeits, "so far") and every duel once the round is over.
import type { BattleReplay, GuildWarDetail, GuildWarDuel, GuildWarList } from "@bot-arena/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Player, signUp, type TestApp, testClock } from "../../../test/helpers";
import { guildWithCrew } from "../guilds/testing";
import { warTestApp } from "./testing";

const REGISTRATION_S = 60;
const BATTLE_S = 70;
const clock = testClock();
let t: TestApp;
let spectator: Player;
type Crew = Awaited<ReturnType<typeof guildWithCrew>>;
const crews: Crew[] = [];

beforeAll(async () => {
  t = await warTestApp(clock, { registrationSeconds: REGISTRATION_S, battleSeconds: BATTLE_S });
  spectator = await signUp(t.app);
  // Crews of 2 and 3: a guild short of bots forfeits the slots it cannot fill.
  for (let i = 0; i < 8; i++) crews.push(await guildWithCrew(t, 2 + (i % 2), 500));
  await t.app.reconciler.runOnce();
  clock.advance(REGISTRATION_S * 1000);
  await t.app.reconciler.runOnce();
});
afterAll(() => t.close());

const replay = async (viewer: Player, battleId: string) =>
  (await viewer.get(`/api/battles/${battleId}`)).json<BattleReplay>();
const warDetail = async () => {
  const { active } = (await spectator.get("/api/guild-wars")).json<GuildWarList>();
  return (await spectator.get(`/api/guild-wars/${active[0]!.id}`)).json<GuildWarDetail>();
};

/** A fought duel of round 1 whose pairing also has another fought duel and a forfeit, and the pairing's duels. */
async function aPairing(): Promise<{ duel: GuildWarDuel; pairing: GuildWarDuel[]; detail: GuildWarDetail }> {
  const detail = await warDetail();
  const round1 = detail.duels.filter((d) => d.round === 1);
  for (const duel of round1.filter((d) => d.outcome === "live")) {
    const pairing = round1.filter((d) => d.pairing === duel.pairing && d.outcome !== "void");
    const fought = pairing.filter((d) => d.outcome === "live").length;
    if (fought >= 2 && pairing.some((d) => d.outcome === "forfeit")) return { duel, pairing, detail };
  }
  throw new Error("no pairing with two fought duels and a forfeit");
}

const leaderOf = (guildId: string) => crews.find((c) => c.guild.id === guildId)!.leader;
const tagOf = (detail: GuildWarDetail, guildId: string) =>
  detail.participants.find((p) => p.guildId === guildId)!.tag;

describe("a duel's end screen", () => {
  it("while its round runs: this duel and the forfeits are counted, 'so far'", async () => {
    const { duel, pairing, detail } = await aPairing();
    const seen = await replay(leaderOf(duel.homeGuildId), duel.battleId!);
    const homeWon = seen[seen.winner].name === duel.homeBot!.name;
    const forfeitsWon = (guildId: string) =>
      pairing.filter((d) => d.outcome === "forfeit" && d.winnerGuildId === guildId).length;
    const known = 1 + pairing.filter((d) => d.outcome === "forfeit").length;
    const homeWins = forfeitsWon(duel.homeGuildId) + (homeWon ? 1 : 0);
    const awayWins = forfeitsWon(duel.awayGuildId) + (homeWon ? 0 : 1);
    const soFar = known < pairing.length ? " so far" : "";
    const [home, away] = [tagOf(detail, duel.homeGuildId), tagOf(detail, duel.awayGuildId)];
    expect(seen.context).toEqual({
      title: `ROUND 1 · [${home}] vs [${away}]`,
      viewerSide: homeWon ? seen.winner : seen.winner === "attacker" ? "defender" : "attacker",
      meaning: `Your guild: ${homeWins} of ${known} duels won${soFar}`,
      live: true,
      eventChannel: "guild-wars",
    });
    expect((await replay(leaderOf(duel.awayGuildId), duel.battleId!)).context?.meaning).toBe(
      `Your guild: ${awayWins} of ${known} duels won${soFar}`,
    );
    expect((await replay(spectator, duel.battleId!)).context).toMatchObject({
      viewerSide: null,
      meaning: `[${home}] ${homeWins} - ${awayWins} [${away}]${soFar}`,
    });
  });

  it("once the round is over: every duel of the pairing is counted", async () => {
    const { duel, detail: before } = await aPairing();
    // To the end of round 1 only.
    clock.advance(Date.parse(before.nextDueAt!) - clock.now().getTime());
    await t.app.reconciler.runOnce();
    const detail = await warDetail();
    const pairing = detail.duels.filter(
      (d) => d.round === 1 && d.pairing === duel.pairing && d.outcome !== "void",
    );
    const won = pairing.filter((d) => d.winnerGuildId === duel.homeGuildId).length;
    const seen = await replay(leaderOf(duel.homeGuildId), duel.battleId!);
    expect(seen.context).toMatchObject({
      live: false,
      meaning: `Your guild: ${won} of ${pairing.length} duels won`,
    });
  });
});
