// Guilds: the list with search and the player's own guild, one guild's page (members, recent contributions and
// the bank's whole history from the ledger), founding, joining, donating, leaving and the role actions.
import {
  GUILD_DONATION_MAX,
  GUILD_RECENT_CONTRIBUTIONS,
  GUILD_WAR_ELIGIBILITY_BANK,
  GUILDS_PER_WAR,
  messages,
} from "@bot-arena/game";
import { positiveCoinAmount } from "./bank";
import { z } from "./zod";

export const guildRole = z.enum(["leader", "officer", "member"]);
export type GuildRole = z.infer<typeof guildRole>;

export const warProgress = z.object({
  current: z.number().int(),
  needed: z.literal(GUILD_WAR_ELIGIBILITY_BANK),
  percent: z.number().int(),
});
export type WarProgress = z.infer<typeof warProgress>;

/** The banner a guild bought (perks): a colour by name with its hex, and an emblem, shown beside the tag. */
export const guildBanner = z.object({ color: z.string(), hex: z.string(), emblem: z.string() });
export type GuildBanner = z.infer<typeof guildBanner>;

/** A guild as its card shows it. */
export const guildSummary = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string(),
  description: z.string().nullable(),
  memberCount: z.number().int(),
  maxMembers: z.number().int(),
  bankBalance: z.number().int(),
  totalPower: z.number().int(),
  isEligibleForWar: z.boolean(),
  /** Its leader or an officer chose 'Sit out the next war': it is not enlisted, whatever its bank holds. */
  sitsOutNextWar: z.boolean(),
  /** The war the guild is fighting, while it runs. */
  currentWarId: z.string().nullable(),
  /** After a war the guild rests until then (GUILD_WAR_REST_HOURS): it is not enlisted before. */
  restsUntil: z.string().nullable(),
  progress: warProgress,
  /** Perks bought from the bank: seats levels (0..3), the war drill (0..2), and the banner beside the tag. */
  perks: z.object({
    seatLevel: z.number().int(),
    warDrillLevel: z.number().int(),
    banner: guildBanner.nullable(),
  }),
});
export type GuildSummary = z.infer<typeof guildSummary>;

/** The next war's muster as the pages tell it: how many guilds are enlisted now, how many rest after a war. */
export const warMuster = z.object({
  readyGuilds: z.number().int(),
  restingGuilds: z.number().int(),
  guildsPerWar: z.literal(GUILDS_PER_WAR),
  /** How long a guild rests after each war. */
  restHours: z.number().int(),
});
export type WarMuster = z.infer<typeof warMuster>;

export const myGuild = z.object({ guild: guildSummary, role: guildRole });
export type MyGuild = z.infer<typeof myGuild>;

export const guildListQuery = z.object({ search: z.string().max(100).optional() });

export const guildList = z.object({
  /** Live guilds by power, strongest first, filtered by the search on name or tag (ignoring case). */
  guilds: z.array(guildSummary),
  myGuild: myGuild.nullable(),
});
export type GuildList = z.infer<typeof guildList>;

export const guildMember = z.object({
  userId: z.string(),
  /** The first 8 characters of the player's id, as the spec's member list shows it. */
  shortId: z.string(),
  username: z.string(),
  role: guildRole,
  contributionTotal: z.number().int(),
  /** Total strength of the member's active bot (0 without one). */
  power: z.number().int(),
  joinedAt: z.string(),
});
export type GuildMember = z.infer<typeof guildMember>;

export const guildContribution = z.object({
  id: z.string(),
  username: z.string().nullable(),
  amount: z.number().int(),
  createdAt: z.string(),
});
export type GuildContribution = z.infer<typeof guildContribution>;

export const bankEntryKind = z.enum(["donation", "war_stake", "war_prize", "disband", "perk", "other"]);
export type BankEntryKind = z.infer<typeof bankEntryKind>;

/** One row of the guild bank's ledger: every coin in or out, with who (a donor) or what (a war) moved it. */
export const guildBankEntry = z.object({
  id: z.number().int(),
  kind: bankEntryKind,
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** The donor's name for a donation. */
  username: z.string().nullable(),
  /** The war for a stake or a prize. */
  warId: z.string().nullable(),
  warName: z.string().nullable(),
  createdAt: z.string(),
});
export type GuildBankEntry = z.infer<typeof guildBankEntry>;

export const GUILD_BANK_HISTORY_LIMIT = 100;

export const guildDetail = z.object({
  guild: guildSummary.extend({ disbandedAt: z.string().nullable(), createdAt: z.string() }),
  members: z.array(guildMember),
  /** The viewer's role here, or null when they are not a member. */
  myRole: guildRole.nullable(),
  /** Whether the viewer belongs to any guild (the Join button is only for players without one). */
  viewerInGuild: z.boolean(),
  /** The last 10 contributions, newest first. */
  recentContributions: z.array(guildContribution).max(GUILD_RECENT_CONTRIBUTIONS),
  /** The bank's history from its ledger rows, newest first. */
  bankHistory: z.array(guildBankEntry),
  currentWar: z.object({ id: z.string(), name: z.string(), status: z.string() }).nullable(),
  muster: warMuster,
  /** The server's clock, so the rest's countdown follows it rather than the device's. */
  serverTime: z.string(),
});
export type GuildDetail = z.infer<typeof guildDetail>;

export const guildIdParams = z.object({ id: z.string() });
export const guildMemberParams = z.object({ id: z.string(), userId: z.string() });

/** Loose on purpose: the rulebook's validation answers with the spec's texts ('Name and tag are required'). */
export const createGuildBody = z.object({
  name: z.string({ error: messages.guildNameAndTagRequired }).max(200).default(""),
  tag: z.string({ error: messages.guildNameAndTagRequired }).max(200).default(""),
  description: z.string().max(2000).nullish(),
});
export type CreateGuildBody = z.input<typeof createGuildBody>;

export const createGuildResponse = z.object({
  message: z.string(),
  guild: guildSummary,
  newCoins: z.number().int(),
});
export type CreateGuildResponse = z.infer<typeof createGuildResponse>;

export const contributeBody = z.object({
  amount: positiveCoinAmount(messages.enterValidContribution).max(GUILD_DONATION_MAX, {
    error: messages.contributionTooLarge,
  }),
});
export type ContributeBody = z.infer<typeof contributeBody>;

export const contributeResponse = z.object({
  message: z.string(),
  newCoins: z.number().int(),
  bankBalance: z.number().int(),
  contributionTotal: z.number().int(),
});
export type ContributeResponse = z.infer<typeof contributeResponse>;

export const leaveResponse = z.object({
  message: z.string(),
  /** The player was the last member: the guild is disbanded and its bank went to the house. */
  disbanded: z.boolean(),
  /** Who leads now, when the leader left and the seat passed on. */
  newLeaderId: z.string().nullable(),
});
export type LeaveResponse = z.infer<typeof leaveResponse>;

export const guildMessage = z.object({ message: z.string() });

export const sitOutBody = z.object({
  sitOut: z.boolean({ error: "Send sitOut: true to sit out the next war, false to be enlisted again" }),
});
const perkLevel = z
  .number({ error: "Send the level you mean to buy (1 for the first)" })
  .int()
  .min(1)
  .max(10);
/** Loose strings on purpose: an unknown colour or emblem gets the rulebook's words, not a schema's. */
export const buyPerkBody = z.discriminatedUnion(
  "perk",
  [
    z.object({ perk: z.literal("seats"), level: perkLevel }),
    z.object({ perk: z.literal("war_drill"), level: perkLevel }),
    z.object({ perk: z.literal("banner"), color: z.string().max(40), emblem: z.string().max(40) }),
  ],
  { error: "Send perk: seats, war_drill or banner" },
);
export type BuyPerkBody = z.infer<typeof buyPerkBody>;
export const buyPerkResponse = z.object({
  message: z.string(),
  /** The price destroyed from the bank. */
  price: z.number().int(),
  guild: guildSummary,
});
export type BuyPerkResponse = z.infer<typeof buyPerkResponse>;

export const sitOutResponse = z.object({ message: z.string(), sitsOutNextWar: z.boolean() });
export type SitOutResponse = z.infer<typeof sitOutResponse>;
export type GuildMessage = z.infer<typeof guildMessage>;

const memberAction = (path: string, summary: string) =>
  ({
    method: "POST",
    path,
    summary,
    auth: "player",
    params: guildMemberParams,
    response: guildMessage,
  }) as const;

export const guildRoutes = {
  guilds: {
    method: "GET",
    path: "/api/guilds",
    summary: "Live guilds by power (search by name or tag, ignoring case) and the player's own guild",
    auth: "player",
    query: guildListQuery,
    response: guildList,
  },
  createGuild: {
    method: "POST",
    path: "/api/guilds",
    summary: "Found a guild for 100 coins (name <= 30, tag <= 5, description <= 200); the founder leads it",
    auth: "player",
    body: createGuildBody,
    response: createGuildResponse,
  },
  guild: {
    method: "GET",
    path: "/api/guilds/:id",
    summary: "One guild: members, the last 10 contributions and the bank's whole history",
    auth: "player",
    params: guildIdParams,
    response: guildDetail,
  },
  joinGuild: {
    method: "POST",
    path: "/api/guilds/:id/join",
    summary: "Join a guild with a free seat (one guild per player)",
    auth: "player",
    params: guildIdParams,
    response: guildMessage,
  },
  contributeToGuild: {
    method: "POST",
    path: "/api/guilds/:id/contribute",
    summary: "Donate 1..1000 wallet coins to the guild bank (members only, final)",
    auth: "player",
    params: guildIdParams,
    body: contributeBody,
    response: contributeResponse,
  },
  leaveGuild: {
    method: "POST",
    path: "/api/guilds/:id/leave",
    summary: "Leave the guild; a leader hands over, the last member disbands it (its bank goes to the house)",
    auth: "player",
    params: guildIdParams,
    response: leaveResponse,
  },
  sitOutNextWar: {
    method: "POST",
    path: "/api/guilds/:id/sit-out",
    summary: "The leader or an officer chooses whether the guild sits out the next war (a war costs nothing)",
    auth: "player",
    params: guildIdParams,
    body: sitOutBody,
    response: sitOutResponse,
  },
  buyGuildPerk: {
    method: "POST",
    path: "/api/guilds/:id/perks",
    summary:
      "The leader or an officer buys a perk from the guild bank (seats, war drill, banner); the price is destroyed",
    auth: "player",
    params: guildIdParams,
    body: buyPerkBody,
    response: buyPerkResponse,
  },
  promoteGuildMember: memberAction(
    "/api/guilds/:id/members/:userId/promote",
    "The leader makes a member an officer",
  ),
  demoteGuildMember: memberAction(
    "/api/guilds/:id/members/:userId/demote",
    "The leader makes an officer a member",
  ),
  removeGuildMember: memberAction(
    "/api/guilds/:id/members/:userId/remove",
    "The leader or an officer removes a member below their rank",
  ),
} as const;
