// The create form's fields as the admin types them, and the request body they make: blank numbers leave the
// server's defaults, player mode sends the rewards as 0 (the pool pays there), a blank or 0 repeat means once,
// and a Swiss's rounds go only with a Swiss (blank: the player count decides). The two durations start untouched
// (null): the form shows the server's configured defaults there and sends nothing, so the server's apply.
import type { CreateTournamentBody, TournamentFormat } from "@bot-arena/contract";
import { TOURNAMENT_ADMIN_REWARDS, TOURNAMENT_MAX_PLAYERS, TOURNAMENT_MIN_PLAYERS } from "@bot-arena/game";

export type Form = {
  name: string;
  format: TournamentFormat;
  /** Swiss only; blank: ceil(log2 players). */
  swissRounds: string;
  entryFeeMode: "player" | "admin";
  first: string;
  second: string;
  third: string;
  spectatorEnabled: boolean;
  minPlayers: string;
  maxPlayers: string;
  /** null until typed in: the server's configured default (shown from GET /api/admin/tournaments). */
  registrationMinutes: string | null;
  roundSeconds: string | null;
  repeatEveryHours: string;
};

export const initialForm: Form = {
  name: "",
  format: "single_elimination",
  swissRounds: "",
  entryFeeMode: "admin",
  first: String(TOURNAMENT_ADMIN_REWARDS.first),
  second: String(TOURNAMENT_ADMIN_REWARDS.second),
  third: String(TOURNAMENT_ADMIN_REWARDS.third),
  spectatorEnabled: true,
  minPlayers: String(TOURNAMENT_MIN_PLAYERS),
  maxPlayers: String(TOURNAMENT_MAX_PLAYERS),
  registrationMinutes: null,
  roundSeconds: null,
  repeatEveryHours: "",
};

/** A number field's value, or undefined when blank (the server's default applies). */
const numberOf = (text: string | null): number | undefined =>
  text === null || text.trim() === "" ? undefined : Number(text);

export function bodyOf(form: Form): CreateTournamentBody {
  const repeat = numberOf(form.repeatEveryHours);
  const swissRounds = form.format === "swiss" ? numberOf(form.swissRounds) : undefined;
  return {
    name: form.name,
    format: form.format,
    ...(swissRounds === undefined ? {} : { swissRounds }),
    entryFeeMode: form.entryFeeMode,
    // The spec sends the rewards as 0 in player mode; the pool pays there.
    rewards:
      form.entryFeeMode === "admin"
        ? { first: form.first, second: form.second, third: form.third }
        : { first: 0, second: 0, third: 0 },
    spectatorEnabled: form.spectatorEnabled,
    minPlayers: numberOf(form.minPlayers),
    maxPlayers: numberOf(form.maxPlayers),
    registrationMinutes: numberOf(form.registrationMinutes),
    roundSeconds: numberOf(form.roundSeconds),
    repeatEveryHours: repeat === undefined || repeat === 0 ? null : repeat,
  };
}
