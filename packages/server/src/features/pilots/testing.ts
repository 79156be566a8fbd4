// Test helpers in the ladder's language: a pilot's stored rating set outright, the profile and the defense log
// read through their routes, and a raid fought to the end.
import type { DefenseLog, PilotProfile, PvpOpponentList } from "@bot-arena/contract";
import { expect } from "vitest";
import { type Player, signUp, type TestApp } from "../../../test/helpers";
import { pilotRatings, pvpResults } from "../../platform/db/schema";
import { CHAMPION, outcomeOf, type Pilot, pvpBattle, SCRAP_HEAP, setBot } from "../arena/testing";
import { createBot } from "../bots/testing";

export async function setRating(t: TestApp, player: Player, rating: number, deviation = 60): Promise<void> {
  const row = { userId: player.id, rating, deviation, volatility: 0.06, lastRatedAt: null };
  await t.db
    .insert(pilotRatings)
    .values(row)
    .onConflictDoUpdate({ target: pilotRatings.userId, set: { rating, deviation } });
}

export async function profileOf(viewer: Player, username: string): Promise<PilotProfile> {
  const response = await viewer.get(`/api/pilots/${encodeURIComponent(username)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PilotProfile>();
}

export async function defensesOf(player: Player): Promise<DefenseLog> {
  const response = await player.get("/api/pvp/defenses");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DefenseLog>();
}

export async function opponentListOf(player: Player): Promise<PvpOpponentList> {
  const response = await player.get("/api/arena/pvp/opponents");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PvpOpponentList>();
}

/** A raid the attacker wins (a champion on a plain bot) or loses (a scrap heap on a champion). */
export async function raid(t: TestApp, attacker: Pilot, defender: Pilot, attackerWins = true) {
  await setBot(t.db, attacker.bot.id, attackerWins ? CHAMPION : SCRAP_HEAP);
  await setBot(t.db, defender.bot.id, attackerWins ? SCRAP_HEAP : CHAMPION);
  return outcomeOf(await pvpBattle(attacker, defender.bot.id));
}

export const resultRows = (t: TestApp) => t.db.select().from(pvpResults);

/** Two pilots signed up on one device (43 base64url characters): linked accounts, each with a first bot. */
export async function linkedPilots(t: TestApp, device: string): Promise<[Pilot, Pilot]> {
  const withBot = async () => {
    const player = await signUp(t.app, { device });
    return Object.assign(player, { bot: await createBot(player, { name: "Twin" }) });
  };
  return [await withBot(), await withBot()];
}
