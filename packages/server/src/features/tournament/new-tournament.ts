// The row of a new tournament, from the admin's form or copied from the previous one of a repeating series:
// pending with the ready-up open, its registration deadline due for the reconciler, the next copy scheduled.
import { type EventFormatName, stepTo } from "@bot-arena/game";
import type { tournaments } from "../../platform/db/schema";

export type TournamentSettings = {
  name: string;
  format: EventFormatName;
  swissRounds: number | null;
  entryFeeMode: "player" | "admin";
  rewards: { first: number; second: number; third: number };
  minPlayers: number;
  maxPlayers: number;
  spectatorEnabled: boolean;
  registrationMinutes: number;
  roundSeconds: number;
  repeatEveryHours: number | null;
};

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

export function newTournamentRow(settings: TournamentSettings, now: Date): typeof tournaments.$inferInsert {
  const { rewards } = settings;
  const registrationEndsAt = later(now, settings.registrationMinutes * 60_000);
  return {
    name: settings.name,
    format: settings.format,
    swissRounds: settings.swissRounds,
    status: stepTo("tournament", "openRegistration"),
    isReadyPhase: true,
    minPlayers: settings.minPlayers,
    maxPlayers: settings.maxPlayers,
    entryFeeMode: settings.entryFeeMode,
    firstPlaceReward: rewards.first,
    secondPlaceReward: rewards.second,
    thirdPlaceReward: rewards.third,
    spectatorEnabled: settings.spectatorEnabled,
    registrationMinutes: settings.registrationMinutes,
    roundSeconds: settings.roundSeconds,
    registrationEndsAt,
    nextDueAt: registrationEndsAt,
    repeatEveryHours: settings.repeatEveryHours,
    repeatDueAt: settings.repeatEveryHours ? later(now, settings.repeatEveryHours * 3_600_000) : null,
    createdAt: now,
  };
}
