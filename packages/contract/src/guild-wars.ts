// Guild wars: the active wars and the history, and one war's standings with every duel (each a stored battle
// that opens in the COMBAT ZONE). The server plays them on its own; players only watch.
import { MAX_BALANCE } from "@bot-arena/game";
import { guildBanner, guildSummary, warMuster } from "./guilds";
import { z } from "./zod";

export const guildWarStatus = z.enum(["registration", "battle", "completed"]);
export type GuildWarStatus = z.infer<typeof guildWarStatus>;

export const warParticipant = z.object({
  guildId: z.string(),
  name: z.string(),
  tag: z.string(),
  /** The banner beside its tag (a guild perk), or null. */
  banner: guildBanner.nullable(),
  totalPower: z.number().int(),
  duelWins: z.number().int(),
  /** Set when the war completes. */
  placement: z.number().int().nullable(),
  prizeAmount: z.number().int(),
  /** Where the guild stands now: by power during registration, by duel wins then power afterwards. */
  rank: z.number().int(),
});
export type WarParticipant = z.infer<typeof warParticipant>;

/** A guild on the guild leaderboard: by power, with what it has done in wars. */
export const guildStanding = z.object({
  rank: z.number().int(),
  guildId: z.string(),
  name: z.string(),
  tag: z.string(),
  banner: guildBanner.nullable(),
  totalPower: z.number().int(),
  memberCount: z.number().int(),
  warsFought: z.number().int(),
  firstPlaces: z.number().int(),
  /** Wars in which it placed 1st, 2nd or 3rd. */
  podiums: z.number().int(),
  /** Every war prize it won, in coins. */
  prizesWon: z.number().int(),
});
export type GuildStanding = z.infer<typeof guildStanding>;

export const guildLeaderboard = z.object({ guilds: z.array(guildStanding) });
export type GuildLeaderboard = z.infer<typeof guildLeaderboard>;

export const GUILD_LEADERBOARD_SIZE = 50;

export const guildWarSummary = z.object({
  id: z.string(),
  name: z.string(),
  status: guildWarStatus,
  registrationEndsAt: z.string().nullable(),
  battleEndsAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The round being fought (0 during registration) out of `rounds`. */
  currentRound: z.number().int(),
  rounds: z.number().int(),
  /** When the next round ends (battle) or registration ends; null once completed. */
  nextDueAt: z.string().nullable(),
  rewards: z.object({ first: z.number().int(), second: z.number().int(), third: z.number().int() }),
  /** The spec's prize pool: the sum of the three rewards. */
  prizePool: z.number().int(),
  /**
   * Who pays the prizes: "house", the arena's rewards into the winners' banks, nothing taken from any guild (every
   * war opened since issue 26); "stakes", the eight 500-coin stakes of a war opened before (it finishes so).
   */
  funding: z.enum(["house", "stakes"]),
  /** The guilds in standing order (see `rank`). */
  participants: z.array(warParticipant),
  /**
   * The event runner's failed steps in a row on this war (0: none): above 0 the war is delayed and retrying.
   * `lastError` is the last failure's message, given to admins only (null for everyone else).
   */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type GuildWarSummary = z.infer<typeof guildWarSummary>;

export const guildWarList = z.object({
  active: z.array(guildWarSummary),
  /** Completed wars, newest first. */
  history: z.array(guildWarSummary),
  /** The viewer's own guild, if any: the page marks it in the standings. */
  myGuildId: z.string().nullable(),
  /** The viewer's own guild as its card shows it, for when it can fight next. */
  myGuild: guildSummary.nullable(),
  muster: warMuster,
  /** The server's clock, so the countdowns follow it rather than the device's. */
  serverTime: z.string(),
});
export type GuildWarList = z.infer<typeof guildWarList>;

export const duelBot = z.object({
  name: z.string(),
  ownerName: z.string().nullable(),
  level: z.number().int(),
  power: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type DuelBot = z.infer<typeof duelBot>;

export const guildWarDuel = z.object({
  id: z.string(),
  round: z.number().int(),
  pairing: z.number().int(),
  slot: z.number().int(),
  status: z.enum(["pending", "in_progress", "completed"]),
  homeGuildId: z.string(),
  awayGuildId: z.string(),
  homeBot: duelBot.nullable(),
  awayBot: duelBot.nullable(),
  /** The stored battle, once the duel is fought; null for a forfeit. */
  battleId: z.string().nullable(),
  /** Revealed when the round ends; null before, and for a slot neither guild could fill. */
  winnerGuildId: z.string().nullable(),
  outcome: z.enum(["pending", "live", "battle", "forfeit", "void"]),
});
export type GuildWarDuel = z.infer<typeof guildWarDuel>;

export const guildWarDetail = guildWarSummary.extend({ duels: z.array(guildWarDuel) });
export type GuildWarDetail = z.infer<typeof guildWarDetail>;

export const guildWarIdParams = z.object({ id: z.string() });

// Up to the coin maximum, as a tournament's (a war's prize is paid with the rest sent to the house when a bank
// is near the maximum, so any reward up to it can be paid). The refusal names the field in `fields`.
const rewardCoins = z
  .number({ error: "Rewards must be whole numbers of coins, 0 or more" })
  .int("Rewards must be whole numbers of coins, 0 or more")
  .min(0, "Rewards must be whole numbers of coins, 0 or more")
  .max(MAX_BALANCE, `A reward may be at most ${MAX_BALANCE.toLocaleString("en-US")} coins`);

/** The admin's rewards for the next wars: 1st, 2nd, 3rd (defaults 2000/1000/500). */
export const guildWarRewardsBody = z.object({ first: rewardCoins, second: rewardCoins, third: rewardCoins });
export type GuildWarRewardsBody = z.infer<typeof guildWarRewardsBody>;

export const guildWarRewardsResponse = z.object({
  message: z.string(),
  rewards: guildWarRewardsBody,
});
export type GuildWarRewardsResponse = z.infer<typeof guildWarRewardsResponse>;

export const guildWarRoutes = {
  guildWars: {
    method: "GET",
    path: "/api/guild-wars",
    summary: "Active guild wars and the completed ones, newest first",
    auth: "player",
    response: guildWarList,
  },
  guildLeaderboard: {
    method: "GET",
    path: "/api/guild-wars/leaderboard",
    summary:
      "The 50 strongest live guilds by power, with their wars fought, first places, podiums and prizes",
    auth: "player",
    response: guildLeaderboard,
  },
  guildWar: {
    method: "GET",
    path: "/api/guild-wars/:id",
    summary: "One war: standings and every duel with its battle",
    auth: "player",
    params: guildWarIdParams,
    response: guildWarDetail,
  },
  guildWarRewards: {
    method: "GET",
    path: "/api/admin/guild-war-rewards",
    summary: "The three place rewards the next guild war will pay (the house's coins)",
    auth: "admin",
    response: guildWarRewardsResponse,
  },
  setGuildWarRewards: {
    method: "PUT",
    path: "/api/admin/guild-war-rewards",
    summary: "Set the three place rewards of the wars that open from now on (wars already open keep theirs)",
    auth: "admin",
    body: guildWarRewardsBody,
    response: guildWarRewardsResponse,
  },
} as const;
