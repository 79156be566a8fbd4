// Test helpers in the seasons' language: a pilot's season standing set outright, the season pages read through
// their routes, and the clock moved to a moment of the running season with the runner's pass after it.
import type { CurrentSeason, PastSeason } from "@bot-arena/contract";
import { expect } from "vitest";
import type { Player, TestApp } from "../../../test/helpers";
import { pilotRatings } from "../../platform/db/schema";

/** The pilot's stored rating and season battles, as a season of play would have left them. */
export async function setSeasonPilot(
  t: TestApp,
  player: Player,
  fields: { rating: number; battles: number; deviation?: number; lastRatedAt?: Date },
): Promise<void> {
  const row = {
    rating: fields.rating,
    deviation: fields.deviation ?? 60,
    volatility: 0.06,
    lastRatedAt: fields.lastRatedAt ?? new Date("2030-01-15T12:00:00Z"),
    seasonBattles: fields.battles,
  };
  await t.db
    .insert(pilotRatings)
    .values({ userId: player.id, ...row })
    .onConflictDoUpdate({ target: pilotRatings.userId, set: row });
}

export async function seasonOf(player: Player): Promise<CurrentSeason> {
  const response = await player.get("/api/pvp/season");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CurrentSeason>();
}

export async function pastSeasonOf(player: Player, number: number): Promise<PastSeason> {
  const response = await player.get(`/api/pvp/seasons/${number}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PastSeason>();
}

export const setPrizes = (player: Player, payload: unknown) =>
  player.request({ method: "PUT", url: "/api/admin/pvp/season/prizes", payload: payload as object });
