// The kinds of a player's alerts: each is stored in the player's inbox and goes out as a live event on their own
// `me` channel that the app shows as a toast wherever the player is (their tournament match goes live, they win
// or lose a round, their guild is drafted for a war, a war their guild fought ends, a cash-out settles, an admin
// grants them something, a moderator mutes them, another pilot raids one of their bots, a PvP season they placed in
// closes). The shapes of their data are in live.ts; this file holds no
// zod, so the app shell can name the kinds without bringing zod into its download.
export const playerAlertKinds = {
  /** `TournamentMatchLiveAlert`: the player's match was fought and can be watched now. */
  tournamentMatchLive: "tournament-match-live",
  /** `TournamentResultAlert`: the player's match was decided (and, when it was the last, where they placed). */
  tournamentResult: "tournament-result",
  /** `WarDraftedAlert`: the player's guild was drafted into a war that opened. */
  warDrafted: "war-drafted",
  /** `WarEndedAlert`: a war the player's guild fought ended, with its placement and prize. */
  warEnded: "war-ended",
  /** `PvpRaidAlert`: another pilot attacked one of the player's bots (won or lost, what it cost or gained). */
  pvpRaid: "pvp-raid",
  /** `PvpSeasonRewardAlert`: a PvP season closed with the player in its rewarded places (badge, title, coins). */
  pvpSeasonReward: "pvp-season-reward",
  /** `CashoutSettledAlert`: a cash-out of the player's was paid, or refunded to their vault. */
  cashoutSettled: "cashout-settled",
  /** `GrantReceivedAlert`: an admin granted the player coins or an item. */
  grantReceived: "grant-received",
  /** `ModerationMutedAlert`: a moderator muted the player in chat. */
  moderationMuted: "moderation-muted",
} as const;

export type PlayerAlertKind = (typeof playerAlertKinds)[keyof typeof playerAlertKinds];

/** Not an alert: the player read some of theirs (`{ unreadCount }`), so their other tabs' bells follow. */
export const ALERTS_READ_KIND = "alerts-read";

const alertKindSet = new Set<string>(Object.values(playerAlertKinds));
export const isPlayerAlertKind = (kind: string): kind is PlayerAlertKind => alertKindSet.has(kind);

/**
 * How a decided match left the player: `won` (on to the next round), `lost` (still in: a loss in a round robin
 * or Swiss, a first loss in double elimination, a semi-final lost before the bronze match), `knocked_out` (out
 * of the event), `finished` (the event is over; `place` says where they ended).
 */
export const TOURNAMENT_OUTCOMES = ["won", "lost", "knocked_out", "finished"] as const;
export type TournamentOutcome = (typeof TOURNAMENT_OUTCOMES)[number];
