// The live channel (/api/live): what a client may send and what the server pushes.

import { EVENT_FORMAT_NAMES } from "@bot-arena/game";
import { TOURNAMENT_OUTCOMES } from "./player-alerts";
import { z } from "./zod";

/**
 * `watch:<battle id>@<event channel>`: the socket watches that battle of a tournament (`tournament:<id>`) or a
 * guild war (`guild-wars`). Each player subscribed anywhere counts once; the count comes back as a `watching`
 * event on this channel ({ battleId, count }) and, for everyone following the event, on the event's channel
 * ({ counts: { [battleId]: count } }, only the counts that changed, at most about once a second).
 */
const WATCH_CHANNEL = /^watch:[0-9a-f-]{36}@(tournament:[0-9a-f-]{36}|guild-wars)$/;

export const liveWatchChannel = (battleId: string, eventChannel: string) =>
  `watch:${battleId}@${eventChannel}` as const;

/** The event kind that carries watcher counts (see WATCH_CHANNEL); it asks no page to refetch anything. */
export const WATCHING_KIND = "watching";

/** A `watching` event's data: one battle's count on its watch channel, the changed counts on the event's. */
export type WatchingEventData = { battleId: string; count: number } | { counts: Record<string, number> };

/** Channels a client may subscribe to. `me` is always the signed-in player's own. */
export const liveChannel = z.union([
  z.literal("me"),
  z.literal("music"),
  z.literal("chat"),
  // A closed chat panel's badge: who wrote since the last digest (chatLiveKinds.unread).
  z.literal("chat-unread"),
  z.literal("marketplace"),
  z.literal("guild-wars"),
  z.literal("guilds"),
  // A tournament was created or changed status (the /tournament page follows the newest one).
  z.literal("tournaments"),
  z.string().regex(/^tournament:[0-9a-f-]{36}$/),
  // Watching a live match in the COMBAT ZONE (liveWatchChannel): the subscription is what is counted.
  z.string().regex(WATCH_CHANNEL),
  z.string().regex(/^guild:[0-9a-f-]{36}$/),
  // A guild's members-only chat (guildChatChannel): the server lets only its members subscribe.
  z.string().regex(/^guild-chat:[0-9a-f-]{36}$/),
]);
export type LiveChannel = z.infer<typeof liveChannel>;

export const liveClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), channels: z.array(liveChannel).max(20) }),
  z.object({ type: z.literal("unsubscribe"), channels: z.array(liveChannel).max(20) }),
  z.object({ type: z.literal("ping") }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/**
 * The kind that tells a channel's listeners to refetch everything, since events may have been missed: the web
 * client makes one for each channel whenever its socket opens, and the server sends one on each channel a socket
 * follows when the process's live bus connection came back after a drop.
 */
export const LIVE_RESYNC_KIND = "resync";

/** The kind of the `me` event that ends one session (a sign-out) or all of a player's: its sockets close next. */
export const SIGNED_OUT_KIND = "signed-out";

/** Events are small hints: the client refetches the queries they name. */
export const liveEvent = z.object({
  channel: z.string(),
  /** e.g. "balance", "bots", "tracks", "listings" */
  kind: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
  /** server time the event was published, ms since epoch, for delay measurement */
  at: z.number(),
});
export type LiveEvent = z.infer<typeof liveEvent>;

export type LiveServerMessage =
  | { type: "event"; event: LiveEvent }
  | { type: "subscribed"; channels: string[] }
  | { type: "pong" }
  | { type: "error"; message: string };

// A player's alerts on their own `me` channel (kinds in player-alerts.ts): the app shell toasts them, the inbox
// (alerts.ts) keeps them.
const alertCoins = z.number().int().nonnegative();

export const tournamentMatchLiveAlert = z.object({
  tournamentId: z.string(),
  tournamentName: z.string(),
  round: z.number().int().positive(),
  /** The stored battle the player's match opens in the COMBAT ZONE (the toast's Watch). */
  battleId: z.string(),
});
export type TournamentMatchLiveAlert = z.infer<typeof tournamentMatchLiveAlert>;

export const tournamentResultAlert = z.object({
  tournamentId: z.string(),
  tournamentName: z.string(),
  round: z.number().int().positive(),
  outcome: z.enum(TOURNAMENT_OUTCOMES),
  /** The final place once `outcome` is `finished`, else null. */
  place: z.number().int().positive().nullable(),
  /** Coins won with that place (0 before the end or off the podium). */
  prize: alertCoins,
  /**
   * The match's title as the bracket shows it ('SEMI-FINALS', 'LOSERS ROUND 1', 'ROUND 3') and the event's
   * format, so the words fit it: a round robin's or a Swiss's win advances nobody. Absent in alerts kept from
   * before they were sent: those say 'round N'.
   */
  roundTitle: z.string().optional(),
  format: z.enum(EVENT_FORMAT_NAMES).optional(),
});
export type TournamentResultAlert = z.infer<typeof tournamentResultAlert>;

const warAlertGuild = {
  warId: z.string(),
  warName: z.string(),
  guildId: z.string(),
  guildTag: z.string(),
  guildName: z.string(),
};

export const warDraftedAlert = z.object(warAlertGuild);
export type WarDraftedAlert = z.infer<typeof warDraftedAlert>;

export const warEndedAlert = z.object({
  ...warAlertGuild,
  /** null for a guild disbanded before the end (it is not placed). */
  placement: z.number().int().positive().nullable(),
  /** The house's reward paid into the guild's bank (0 off the podium). */
  prize: alertCoins,
});
export type WarEndedAlert = z.infer<typeof warEndedAlert>;

export const pvpRaidAlert = z.object({
  battleId: z.string(),
  attackerName: z.string(),
  botName: z.string(),
  /** The defender held (its bot won). */
  held: z.boolean(),
  /** Coins the defender gained (held) or lost. */
  coins: alertCoins,
  /** The defender's rating change, whole points (0 when the battle was not rated). */
  ratingDelta: z.number().int(),
  /** A shield the raid raised, ms since epoch, or null. */
  shieldUntil: z.number().nullable(),
});
export type PvpRaidAlert = z.infer<typeof pvpRaidAlert>;

export const pvpSeasonRewardAlert = z.object({
  season: z.number().int().positive(),
  place: z.number().int().positive(),
  /** The badge the place earned ("Champion", "Top 10"). */
  badge: z.string(),
  /** The podium's title ("Champion", "Runner-up", "Third place"); null past third. */
  title: z.string().nullable(),
  /** The admin's prize the house paid for the place (0 when none was set). */
  coins: alertCoins,
});
export type PvpSeasonRewardAlert = z.infer<typeof pvpSeasonRewardAlert>;

export const cashoutSettledAlert = z.object({
  cashoutId: z.string(),
  status: z.enum(["paid", "refunded"]),
  amount: alertCoins,
  /** Why it was refunded (the operator's or the provider's words); null when paid. */
  reason: z.string().nullable(),
});
export type CashoutSettledAlert = z.infer<typeof cashoutSettledAlert>;

/** Coins (`coins` > 0, `itemName` null) or one item (`itemName`, `coins` 0). */
export const grantReceivedAlert = z.object({ coins: alertCoins, itemName: z.string().nullable() });
export type GrantReceivedAlert = z.infer<typeof grantReceivedAlert>;

export const moderationMutedAlert = z.object({
  minutes: z.number().int().positive(),
  mutedUntil: z.string(),
  reason: z.string(),
});
export type ModerationMutedAlert = z.infer<typeof moderationMutedAlert>;
