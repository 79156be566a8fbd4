// The one Drizzle schema: every table of both spec documents plus the server's own (sessions, ledger, battles).
// Names are snake_case as the spec writes them; integrity rules live here so the database enforces them.
import { EVENT_FORMAT_NAMES, type EventFormatName, type MatchSide } from "@bot-arena/game";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { BotId, UserId } from "../ids";

/** Upper bound for a single stat; generous so no rule of the game ever meets it, tight enough to catch garbage. */
const STAT_MAX = 100_000;

const id = () => uuid("id").primaryKey().defaultRandom();
/** Coins are 64-bit in the database and safe integers in the code (the drivers parse int8 to number). */
const coins = (name: string) => bigint(name, { mode: "number" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** SQL `col in ('a','b')` for a check constraint over a fixed list of string values. */
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

export const rarities = ["common", "uncommon", "rare", "epic", "legendary", "diamond"] as const;
export const botClasses = ["hero", "villain", "support"] as const;
export const ultimateTypes = ["damage", "special", "heal"] as const;
export const ledgerAccounts = ["wallet", "vault", "tournament_pool", "guild_bank", "war_pool"] as const;
export const tournamentStatuses = [
  "registration",
  "pending",
  "active",
  "completed",
  // Stopped by the admin, or too few ready players at the deadline: every fee refunded, no bracket played.
  "cancelled",
  "archived",
] as const;
export const matchStatuses = ["pending", "in_progress", "completed"] as const;
export const guildWarStatuses = ["registration", "battle", "completed"] as const;
/**
 * Who pays a war's prizes: "house", the arena creates the three rewards into the winners' banks (every war opened
 * since issue 26); "stakes", the eight 500-coin stakes in the war's pool (wars opened before, finishing so).
 */
export const guildWarFundings = ["house", "stakes"] as const;
export const guildRoles = ["leader", "officer", "member"] as const;
export const chatLineKinds = ["player", "system"] as const;
export const guildWarDuelStatuses = ["pending", "in_progress", "completed"] as const;
export const battleKinds = ["ai", "pvp", "tournament", "guild_war"] as const;
/** A cash-out is settled once: paid (with the provider's reference) or refunded to the vault (with a reason). */
export const cashoutStatuses = ["pending", "paid", "refunded"] as const;
/**
 * Where a pending cash-out is on its way (issue 38): `review` waits for an operator; `manual` is left to an
 * operator's 'Mark paid' (the record-only provider); `queued` is due to be sent by the payout runner; `sending`
 * has a send in flight (its deadline is the lease after which a silent send is looked up); `confirming` was
 * accepted by the provider and is polled; `held` waits for the project wallet to hold enough. `done` once settled.
 */
export const cashoutStages = ["review", "manual", "queued", "sending", "confirming", "held", "done"] as const;
export const sightingKinds = ["device", "address"] as const;

export type Rarity = (typeof rarities)[number];
export type BotClass = (typeof botClasses)[number];
export type LedgerAccount = (typeof ledgerAccounts)[number];

// ---------------------------------------------------------------- accounts

export const profiles = pgTable(
  "profiles",
  {
    id: id().$type<UserId>(),
    username: text("username").notNull(),
    /**
     * The username's confusable skeleton (`nameSkeleton`, Unicode TS #39), unique: no two players' names look
     * alike. Null only on a row stored before the rule whose skeleton another (older) row already holds: the
     * start-up fill (platform/seed/name-skeletons.ts) leaves it null and names it in a warning at every start.
     */
    usernameSkeleton: text("username_skeleton"),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    coins: coins("coins").notNull().default(0),
    vaultCoins: coins("vault_coins").notNull().default(0),
    vaultDepositsToday: integer("vault_deposits_today").notNull().default(0),
    lastVaultDepositDate: date("last_vault_deposit_date", { mode: "string" }),
    createdAt: createdAt(),
    /** Set by an operator: a frozen account cannot cash out, list, buy or donate (it can still play). */
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    frozenReason: text("frozen_reason"),
  },
  (t) => [
    uniqueIndex("profiles_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("profiles_username_lower_unique").on(sql`lower(${t.username})`),
    uniqueIndex("profiles_username_skeleton_unique").on(t.usernameSkeleton),
    check("profiles_coins_non_negative", sql`${t.coins} >= 0`),
    check("profiles_vault_coins_non_negative", sql`${t.vaultCoins} >= 0`),
    check("profiles_vault_deposits_today_non_negative", sql`${t.vaultDepositsToday} >= 0`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    /** sha256 of the cookie token, hex: a stolen database cannot be replayed as cookies. */
    tokenHash: text("token_hash").notNull().unique("sessions_token_hash_unique"),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("user_roles_user_role_unique").on(t.userId, t.role),
    check("user_roles_role_valid", oneOf("role", ["admin"])),
  ],
);

// ---------------------------------------------------------------- the economy

export const coinLedger = pgTable(
  "coin_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Exactly one owner, by account: a player (wallet, vault), a tournament (pool), a guild (bank) or a war (pool).
    userId: uuid("user_id")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "cascade" }),
    tournamentId: uuid("tournament_id").references(() => tournaments.id, { onDelete: "restrict" }),
    guildId: uuid("guild_id").references(() => guilds.id, { onDelete: "restrict" }),
    warId: uuid("war_id").references(() => guildWars.id, { onDelete: "restrict" }),
    account: text("account").$type<LedgerAccount>().notNull(),
    delta: coins("delta").notNull(),
    balanceAfter: coins("balance_after").notNull(),
    reason: text("reason").notNull(),
    refType: text("ref_type"),
    refId: text("ref_id"),
    /**
     * Both rows of one move between two accounts carry the same id (made by the process, ledger.ts), so a
     * transfer is followed from either side and the audit checks that each nets to zero; null on a row the
     * house creates or destroys.
     */
    transferId: uuid("transfer_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("coin_ledger_user_time_idx").on(t.userId, t.createdAt),
    // A player's coin history pages newest first by id: without it a page sorted every row the player ever had.
    index("coin_ledger_user_id_idx").on(t.userId, t.id),
    index("coin_ledger_tournament_idx").on(t.tournamentId).where(sql`${t.tournamentId} is not null`),
    index("coin_ledger_guild_time_idx").on(t.guildId, t.createdAt).where(sql`${t.guildId} is not null`),
    index("coin_ledger_war_idx").on(t.warId).where(sql`${t.warId} is not null`),
    // The coin history names each row's other side by its transfer id.
    index("coin_ledger_transfer_idx").on(t.transferId).where(sql`${t.transferId} is not null`),
    check("coin_ledger_account_valid", oneOf("account", ledgerAccounts)),
    check(
      "coin_ledger_one_owner",
      sql`case ${t.account}
        when 'tournament_pool' then ${t.tournamentId} is not null and num_nonnulls(${t.userId}, ${t.guildId}, ${t.warId}) = 0
        when 'guild_bank' then ${t.guildId} is not null and num_nonnulls(${t.userId}, ${t.tournamentId}, ${t.warId}) = 0
        when 'war_pool' then ${t.warId} is not null and num_nonnulls(${t.userId}, ${t.tournamentId}, ${t.guildId}) = 0
        else ${t.userId} is not null and num_nonnulls(${t.tournamentId}, ${t.guildId}, ${t.warId}) = 0 end`,
    ),
    check("coin_ledger_delta_non_zero", sql`${t.delta} <> 0`),
    check("coin_ledger_balance_after_non_negative", sql`${t.balanceAfter} >= 0`),
  ],
);

export const cashoutRequests = pgTable(
  "cashout_requests",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    gamertag: text("gamertag").notNull(),
    amount: coins("amount").notNull(),
    status: text("status").notNull().default("pending"),
    providerRef: text("provider_ref"),
    createdAt: createdAt(),
    /** When it was paid or refunded; null while pending. */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** The admin who settled it; null while pending or when the payout provider settled it itself. */
    settledBy: uuid("settled_by")
      .$type<UserId>()
      .references(() => profiles.id),
    refundReason: text("refund_reason"),
    stage: text("stage").$type<(typeof cashoutStages)[number]>().notNull().default("manual"),
    /** The risk assessment made with the request: 0..100 and the reasons in words (game/src/cashout.ts). */
    riskScore: integer("risk_score").notNull().default(0),
    riskReasons: jsonb("risk_reasons")
      .$type<{ code: string; points: number; text: string }[]>()
      .notNull()
      .default([]),
    /** The amount in millisatoshis at the rate of the day it was asked for (decimal text: it may pass 2^53). */
    amountMsats: text("amount_msats"),
    /** The Lightning invoice fetched for the gamertag: it can be paid only once, so a repeat cannot pay twice. */
    invoice: text("invoice"),
    /** Sends started: after the first, the payment is looked up by the request's id before any other send. */
    sendAttempts: integer("send_attempts").notNull().default(0),
    /** The operator who approved a reviewed request. */
    approvedBy: uuid("approved_by")
      .$type<UserId>()
      .references(() => profiles.id),
    /** The payout runner's deadline (platform/reconciler.ts): null when nothing is due. */
    nextDueAt: timestamp("next_due_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("cashout_requests_user_idx").on(t.userId, t.createdAt),
    index("cashout_requests_due_idx").on(t.nextDueAt).where(sql`${t.nextDueAt} is not null`),
    index("cashout_requests_gamertag_idx").on(sql`lower(${t.gamertag})`, t.createdAt),
    check("cashout_requests_stage_valid", oneOf("stage", cashoutStages)),
    check("cashout_requests_done_when_settled", sql`(${t.status} = 'pending') = (${t.stage} <> 'done')`),
    index("cashout_requests_queue_idx").on(t.status, t.createdAt),
    check("cashout_requests_amount_positive", sql`${t.amount} > 0`),
    check("cashout_requests_gamertag_length", sql`char_length(${t.gamertag}) between 1 and 35`),
    check("cashout_requests_status_valid", oneOf("status", cashoutStatuses)),
    check("cashout_requests_settled_when", sql`(${t.status} = 'pending') = (${t.settledAt} is null)`),
    check("cashout_requests_paid_reference", sql`${t.status} <> 'paid' or ${t.providerRef} is not null`),
    check("cashout_requests_refund_reason", sql`${t.status} <> 'refunded' or ${t.refundReason} is not null`),
  ],
);

/** A gamertag belongs to the first account paid to it: another account asking for it is held for review. */
export const cashoutGamertags = pgTable("cashout_gamertags", {
  /** lower(gamertag) */
  gamertag: text("gamertag").primaryKey(),
  userId: uuid("user_id")
    .$type<UserId>()
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  firstPaidAt: timestamp("first_paid_at", { withTimezone: true }).notNull(),
});

/**
 * Where an account signed up or signed in from: its device (the `ba_device` cookie) and its address, each as a
 * keyed hash (no address is kept in clear), with the first and last time. Two accounts seen on one device or
 * one address within the link window are linked accounts (features/bank/links.ts).
 */
export const accountSightings = pgTable(
  "account_sightings",
  {
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").$type<(typeof sightingKinds)[number]>().notNull(),
    value: text("value").notNull(),
    firstSeen: timestamp("first_seen", { withTimezone: true }).notNull(),
    lastSeen: timestamp("last_seen", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.value] }),
    index("account_sightings_value_idx").on(t.kind, t.value),
    check("account_sightings_kind_valid", oneOf("kind", sightingKinds)),
  ],
);

// ---------------------------------------------------------------- catalogue

export const equipment = pgTable(
  "equipment",
  {
    id: id(),
    name: text("name").notNull().unique("equipment_name_unique"),
    type: text("type").notNull().default("weapon"),
    rarity: text("rarity").$type<Rarity>().notNull(),
    price: coins("price").notNull(),
    strengthBonus: integer("strength_bonus").notNull().default(0),
    agilityBonus: integer("agility_bonus").notNull().default(0),
    defenseBonus: integer("defense_bonus").notNull().default(0),
    intelligenceBonus: integer("intelligence_bonus").notNull().default(0),
    ultimateAbilityName: text("ultimate_ability_name").notNull(),
    ultimateAbilityDescription: text("ultimate_ability_description").notNull(),
    ultimateAbilityType: text("ultimate_ability_type").$type<(typeof ultimateTypes)[number]>().notNull(),
    ultimateAbilityPower: doublePrecision("ultimate_ability_power").notNull(),
    ultimateTriggerChance: doublePrecision("ultimate_trigger_chance").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("equipment_price_idx").on(t.price),
    check("equipment_price_positive", sql`${t.price} > 0`),
    check("equipment_rarity_valid", oneOf("rarity", rarities)),
    check("equipment_ultimate_type_valid", oneOf("ultimate_ability_type", ultimateTypes)),
    check("equipment_ultimate_power_positive", sql`${t.ultimateAbilityPower} > 0`),
    check("equipment_trigger_chance_range", sql`${t.ultimateTriggerChance} between 0 and 1`),
  ],
);

export const shopItems = pgTable(
  "shop_items",
  {
    id: id(),
    name: text("name").notNull().unique("shop_items_name_unique"),
    description: text("description").notNull(),
    price: coins("price").notNull(),
    type: text("type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("shop_items_price_positive", sql`${t.price} > 0`)],
);

export const botImageLibrary = pgTable(
  "bot_image_library",
  {
    id: id(),
    rarity: text("rarity").$type<Rarity>().notNull(),
    botClass: text("bot_class").$type<BotClass>().notNull().default("hero"),
    model: text("model"),
    colorPrimary: text("color_primary"),
    colorSecondary: text("color_secondary"),
    /** A media URL named by a hash (platform/media/keys.ts): one row per picture, whatever the race. */
    imageUrl: text("image_url").notNull(),
    isClaimed: boolean("is_claimed").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("bot_image_library_slot_idx").on(t.rarity, t.botClass, t.isClaimed),
    uniqueIndex("bot_image_library_image_url_key").on(t.imageUrl),
    check("bot_image_library_rarity_valid", oneOf("rarity", rarities)),
    check("bot_image_library_class_valid", oneOf("bot_class", botClasses)),
  ],
);

export const musicTracks = pgTable(
  "music_tracks",
  {
    id: id(),
    title: text("title").notNull(),
    artist: text("artist"),
    /** Named by the file's content hash: one track per recording. */
    fileUrl: text("file_url").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("music_tracks_order_idx").on(t.sortOrder),
    uniqueIndex("music_tracks_file_url_key").on(t.fileUrl),
  ],
);

// ---------------------------------------------------------------- bots

export const bots = pgTable(
  "bots",
  {
    id: id().$type<BotId>(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    model: text("model").notNull(),
    class: text("class").$type<BotClass>().notNull().default("hero"),
    rarity: text("rarity").$type<Rarity>().notNull().default("common"),
    level: integer("level").notNull().default(1),
    xp: integer("xp").notNull().default(0),
    energy: integer("energy").notNull().default(100),
    maxEnergy: integer("max_energy").notNull().default(100),
    lastEnergyUpdate: timestamp("last_energy_update", { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean("is_active").notNull().default(false),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    strength: integer("strength").notNull(),
    agility: integer("agility").notNull(),
    defense: integer("defense").notNull(),
    intelligence: integer("intelligence").notNull(),
    availablePoints: integer("available_points").notNull().default(0),
    /** Whether the post-summon bonus points have been placed (created bots are born allocated). */
    statPointsAllocated: boolean("stat_points_allocated").notNull().default(false),
    durability: integer("durability").notNull().default(100),
    maxDurability: integer("max_durability").notNull().default(100),
    colorPrimary: text("color_primary").notNull(),
    colorSecondary: text("color_secondary").notNull(),
    imageUrl: text("image_url"),
    imageGenerationAttempts: integer("image_generation_attempts").notNull().default(0),
    equippedWeaponId: uuid("equipped_weapon_id").references(() => equipment.id, { onDelete: "set null" }),
    /** The first (free) customization; set, every later one is paid (5 a rename, 5 a colour change). */
    customizedAt: timestamp("customized_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("bots_user_idx").on(t.userId, t.createdAt.desc()),
    uniqueIndex("bots_one_active_per_user").on(t.userId).where(sql`${t.isActive}`),
    index("bots_leaderboard_idx").on(t.wins.desc(), t.xp.desc()),
    // The PvP list reads two short runs off it, going up and going down from (level, viewer id).
    index("bots_level_id_idx").on(t.level, t.id),
    check("bots_class_valid", oneOf("class", botClasses)),
    check("bots_rarity_valid", oneOf("rarity", rarities)),
    check("bots_name_length", sql`char_length(${t.name}) between 1 and 50`),
    check("bots_level_range", sql`${t.level} between 1 and ${sql.raw(String(STAT_MAX))}`),
    check("bots_xp_non_negative", sql`${t.xp} >= 0`),
    check("bots_record_non_negative", sql`${t.wins} >= 0 and ${t.losses} >= 0`),
    check(
      "bots_stats_range",
      sql.raw(
        ["strength", "agility", "defense", "intelligence"]
          .map((s) => `${s} between 0 and ${STAT_MAX}`)
          .join(" and "),
      ),
    ),
    check("bots_available_points_non_negative", sql`${t.availablePoints} >= 0`),
    check("bots_energy_range", sql`${t.maxEnergy} > 0 and ${t.energy} between 0 and ${t.maxEnergy}`),
    check(
      "bots_durability_range",
      sql`${t.maxDurability} > 0 and ${t.durability} between 0 and ${t.maxDurability}`,
    ),
    check("bots_image_generation_attempts_non_negative", sql`${t.imageGenerationAttempts} >= 0`),
  ],
);

export const inventory = pgTable(
  "inventory",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    equipmentId: uuid("equipment_id")
      .notNull()
      .references(() => equipment.id, { onDelete: "restrict" }),
    isEquipped: boolean("is_equipped").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("inventory_user_idx").on(t.userId),
    uniqueIndex("inventory_one_equipped_per_user").on(t.userId).where(sql`${t.isEquipped}`),
  ],
);

export const summonRolls = pgTable(
  "summon_rolls",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    botId: uuid("bot_id")
      .$type<BotId>()
      .references(() => bots.id, { onDelete: "set null" }),
    mode: text("mode").notNull(),
    rarity: text("rarity").$type<Rarity>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("summon_rolls_user_idx").on(t.userId, t.createdAt),
    check("summon_rolls_mode_valid", oneOf("mode", ["single", "ten"])),
    check("summon_rolls_rarity_valid", oneOf("rarity", rarities)),
  ],
);

// ---------------------------------------------------------------- battles

export const battles = pgTable(
  "battles",
  {
    id: id(),
    kind: text("kind").$type<(typeof battleKinds)[number]>().notNull(),
    /** The RNG seed: with the two snapshots it replays the battle exactly. */
    seed: bigint("seed", { mode: "number" }).notNull(),
    attackerSnapshot: jsonb("attacker_snapshot").notNull(),
    defenderSnapshot: jsonb("defender_snapshot").notNull(),
    winner: text("winner").$type<"attacker" | "defender">().notNull(),
    log: jsonb("log").notNull(),
    attackerUserId: uuid("attacker_user_id")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    defenderUserId: uuid("defender_user_id")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    attackerBotId: uuid("attacker_bot_id")
      .$type<BotId>()
      .references(() => bots.id, { onDelete: "set null" }),
    defenderBotId: uuid("defender_bot_id")
      .$type<BotId>()
      .references(() => bots.id, { onDelete: "set null" }),
    xpGained: integer("xp_gained").notNull().default(0),
    coinsMoved: coins("coins_moved").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("battles_time_idx").on(t.createdAt),
    index("battles_attacker_bot_time_idx").on(t.attackerBotId, t.createdAt),
    index("battles_defender_bot_time_idx").on(t.defenderBotId, t.createdAt),
    // A player's battles, counted for the cash-out gate and read for coins won from linked accounts.
    index("battles_attacker_user_idx").on(t.attackerUserId),
    index("battles_defender_user_idx").on(t.defenderUserId),
    check("battles_kind_valid", oneOf("kind", battleKinds)),
    check("battles_winner_valid", oneOf("winner", ["attacker", "defender"])),
    check("battles_xp_non_negative", sql`${t.xpGained} >= 0`),
    check("battles_coins_moved_non_negative", sql`${t.coinsMoved} >= 0`),
  ],
);

// ---------------------------------------------------------------- PvP ladder (issue 40)

/**
 * A pilot's PvP rating (the player's, not a bot's): Glicko-2's triple as it stood after the last rated battle,
 * the PvP record, and the shield. A row is written with the pilot's first PvP battle; a pilot without one is at
 * the rulebook's start (1500 / 500 / 0.09). Written only under the profile's lock.
 */
export const pilotRatings = pgTable(
  "pilot_ratings",
  {
    userId: uuid("user_id")
      .$type<UserId>()
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    rating: doublePrecision("rating").notNull(),
    deviation: doublePrecision("deviation").notNull(),
    volatility: doublePrecision("volatility").notNull(),
    lastRatedAt: timestamp("last_rated_at", { withTimezone: true }),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    /** Attacks are refused until then; the pilot's own attack ends it. */
    shieldUntil: timestamp("shield_until", { withTimezone: true }),
    /** Rated battles in the running season (the ladder's entry and tie-break); zeroed by the season's close. */
    seasonBattles: integer("season_battles").notNull().default(0),
  },
  (t) => [
    index("pilot_ratings_rating_idx").on(t.rating),
    check("pilot_ratings_record_non_negative", sql`${t.wins} >= 0 and ${t.losses} >= 0`),
    check("pilot_ratings_season_battles_non_negative", sql`${t.seasonBattles} >= 0`),
  ],
);

/**
 * What one PvP battle did to the two pilots: their ratings before and after (equal when it was not rated) and
 * whether it was a revenge. The defense log, the daily defense cap, the shield's losses and the once-a-day pair
 * rule read it.
 */
export const pvpResults = pgTable(
  "pvp_results",
  {
    battleId: uuid("battle_id")
      .primaryKey()
      .references(() => battles.id, { onDelete: "cascade" }),
    attackerUserId: uuid("attacker_user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    defenderUserId: uuid("defender_user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    defenderWon: boolean("defender_won").notNull(),
    rated: boolean("rated").notNull(),
    attackerRatingBefore: doublePrecision("attacker_rating_before").notNull(),
    attackerRatingAfter: doublePrecision("attacker_rating_after").notNull(),
    defenderRatingBefore: doublePrecision("defender_rating_before").notNull(),
    defenderRatingAfter: doublePrecision("defender_rating_after").notNull(),
    /** The raid this battle avenged (its defender attacking its attacker back); each raid once. */
    revengeOf: uuid("revenge_of").references((): AnyPgColumn => pvpResults.battleId, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("pvp_results_defender_time_idx").on(t.defenderUserId, t.createdAt),
    index("pvp_results_attacker_time_idx").on(t.attackerUserId, t.createdAt),
    uniqueIndex("pvp_results_revenge_once").on(t.revengeOf),
  ],
);

/** The AI opponent a player found and has not fought yet: one per player, replaced by the next search. */
export const aiOpponents = pgTable("ai_opponents", {
  userId: uuid("user_id")
    .$type<UserId>()
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  botId: uuid("bot_id")
    .$type<BotId>()
    .notNull()
    .references(() => bots.id, { onDelete: "cascade" }),
  seed: bigint("seed", { mode: "number" }).notNull(),
  opponent: jsonb("opponent").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- marketplace

export const marketplaceListings = pgTable(
  "marketplace_listings",
  {
    id: id(),
    botId: uuid("bot_id")
      .$type<BotId>()
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" })
      .unique("marketplace_listings_bot_unique"),
    sellerId: uuid("seller_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    price: coins("price").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("marketplace_listings_time_idx").on(t.createdAt.desc()),
    index("marketplace_listings_seller_idx").on(t.sellerId),
    check("marketplace_listings_price_positive", sql`${t.price} > 0`),
  ],
);

export const marketplaceSales = pgTable(
  "marketplace_sales",
  {
    id: id(),
    botId: uuid("bot_id")
      .$type<BotId>()
      .references(() => bots.id, { onDelete: "set null" }),
    sellerId: uuid("seller_id")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    buyerId: uuid("buyer_id")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    rarity: text("rarity").$type<Rarity>().notNull(),
    level: integer("level").notNull(),
    price: coins("price").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("marketplace_sales_time_idx").on(t.createdAt),
    index("marketplace_sales_rarity_level_idx").on(t.rarity, t.level),
    index("marketplace_sales_seller_idx").on(t.sellerId),
    check("marketplace_sales_price_positive", sql`${t.price} > 0`),
  ],
);

// ---------------------------------------------------------------- the event runner

/**
 * What the event runner keeps in a row it advances: how many steps in a row have failed and the last failure's
 * message (shown to admins), so a retry's wait lives in the row's own deadline and survives restarts.
 */
const runnerColumns = () => ({
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
});

/**
 * A request to open guild wars: written by the database itself (a trigger on guilds) in the transaction that made
 * a guild eligible, so it commits or rolls back with that change; the runner claims and deletes it.
 */
export const warMusterRequests = pgTable(
  "war_muster_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Due at once, by any clock (a test's manual clock may stand before the database's); a failed muster
    // moves it to its retry time.
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().default(sql`'-infinity'`),
    ...runnerColumns(),
  },
  (t) => [index("war_muster_requests_due_idx").on(t.dueAt)],
);

// ---------------------------------------------------------------- tournaments

export const tournaments = pgTable(
  "tournaments",
  {
    id: id(),
    name: text("name").notNull(),
    status: text("status").$type<(typeof tournamentStatuses)[number]>().notNull().default("pending"),
    isReadyPhase: boolean("is_ready_phase").notNull().default(true),
    bracketGenerated: boolean("bracket_generated").notNull().default(false),
    currentRound: integer("current_round").notNull().default(0),
    currentPlayers: integer("current_players").notNull().default(0),
    minPlayers: integer("min_players").notNull(),
    maxPlayers: integer("max_players").notNull(),
    entryFeeMode: text("entry_fee_mode").$type<"player" | "admin">().notNull().default("admin"),
    /** The pool's ledger account: entry fees in, prizes and the house's share out. */
    poolBalance: coins("pool_balance").notNull().default(0),
    firstPlaceReward: coins("first_place_reward").notNull().default(0),
    secondPlaceReward: coins("second_place_reward").notNull().default(0),
    thirdPlaceReward: coins("third_place_reward").notNull().default(0),
    registrationEndsAt: timestamp("registration_ends_at", { withTimezone: true }),
    /** When its start step ran: every round's deadline counts from it (the events' one deadline rule). */
    startedAt: timestamp("started_at", { withTimezone: true }),
    battleEndsAt: timestamp("battle_ends_at", { withTimezone: true }),
    spectatorEnabled: boolean("spectator_enabled").notNull().default(true),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The reconciler's deadline: registration end, then each round's end; null once nothing is due. */
    nextDueAt: timestamp("next_due_at", { withTimezone: true }),
    registrationMinutes: integer("registration_minutes").notNull().default(10),
    /** How long each round's matches stay live (in_progress) before their winners advance. */
    roundSeconds: integer("round_seconds").notNull().default(45),
    /** A repeating tournament opens a copy of itself every this many hours (null: it does not repeat). */
    repeatEveryHours: integer("repeat_every_hours"),
    /** When the next copy opens; the reconciler's second deadline on this table. */
    repeatDueAt: timestamp("repeat_due_at", { withTimezone: true }),
    /** How it is played (packages/game formats); the spec's bracket is single_elimination. */
    format: text("format").$type<EventFormatName>().notNull().default("single_elimination"),
    /** Swiss only: the rounds the admin asked for; null: ceil(log2 players). */
    swissRounds: integer("swiss_rounds"),
    /**
     * The rounds the event takes, set when it starts (packages/game plannedRounds): exact but for double
     * elimination, where it counts the bracket reset that may not be needed. 0 before the start.
     */
    plannedRounds: integer("planned_rounds").notNull().default(0),
    ...runnerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("tournaments_status_time_idx").on(t.status, t.createdAt.desc()),
    // The past tournaments list, in its own order: without it every finished tournament was read and sorted.
    // Plain DESC (nulls first) on both, as the query orders: the planner walks only an index that matches it.
    // Not partial: the list's statuses arrive as parameters, which a planner cannot match to a predicate.
    index("tournaments_past_idx").on(sql`coalesce(${t.completedAt}, ${t.createdAt}) desc`, sql`${t.id} desc`),
    index("tournaments_next_due_idx").on(t.nextDueAt).where(sql`${t.nextDueAt} is not null`),
    index("tournaments_repeat_due_idx").on(t.repeatDueAt).where(sql`${t.repeatDueAt} is not null`),
    check("tournaments_round_seconds_range", sql`${t.roundSeconds} between 1 and 3600`),
    check("tournaments_registration_minutes_range", sql`${t.registrationMinutes} between 1 and 10080`),
    check(
      "tournaments_repeat_hours_range",
      sql`${t.repeatEveryHours} is null or ${t.repeatEveryHours} between 1 and 168`,
    ),
    check("tournaments_format_valid", oneOf("format", EVENT_FORMAT_NAMES)),
    check("tournaments_swiss_rounds_positive", sql`${t.swissRounds} is null or ${t.swissRounds} >= 1`),
    check("tournaments_status_valid", oneOf("status", tournamentStatuses)),
    check("tournaments_entry_fee_mode_valid", oneOf("entry_fee_mode", ["player", "admin"])),
    check("tournaments_player_bounds", sql`${t.minPlayers} >= 2 and ${t.maxPlayers} >= ${t.minPlayers}`),
    check("tournaments_pool_balance_non_negative", sql`${t.poolBalance} >= 0`),
    check("tournaments_current_players_range", sql`${t.currentPlayers} between 0 and ${t.maxPlayers}`),
    check(
      "tournaments_rewards_non_negative",
      sql`${t.firstPlaceReward} >= 0 and ${t.secondPlaceReward} >= 0 and ${t.thirdPlaceReward} >= 0`,
    ),
  ],
);

export const tournamentParticipants = pgTable(
  "tournament_participants",
  {
    id: id(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // The bots feature refuses to recycle, list or fuse a bot entered in an unfinished tournament; once the
    // tournament is over the bot may go, and the entry keeps its snapshot (name, image, stats) for history.
    botId: uuid("bot_id")
      .$type<BotId>()
      .references(() => bots.id, { onDelete: "set null" }),
    isReady: boolean("is_ready").notNull().default(false),
    totalStrength: integer("total_strength").notNull().default(0),
    prizeWon: coins("prize_won").notNull().default(0),
    /** 1 for the strongest when the bracket is made; null before. */
    seed: integer("seed"),
    /** The bot as it entered the bracket (a battle FighterSnapshot); every match of it fights this. */
    snapshot: jsonb("snapshot"),
    /** Final place once the tournament is completed (1 champion, 2 runner-up, 3 the bronze match winner...). */
    placement: integer("placement"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("tournament_participants_tournament_user_unique").on(t.tournamentId, t.userId),
    index("tournament_participants_bot_idx").on(t.botId),
    index("tournament_participants_strength_idx").on(t.tournamentId, t.totalStrength.desc()),
    check("tournament_participants_prize_non_negative", sql`${t.prizeWon} >= 0`),
  ],
);

export const tournamentMatches = pgTable(
  "tournament_matches",
  {
    id: id(),
    tournamentId: uuid("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    matchNumber: integer("match_number").notNull(),
    participant1Id: uuid("participant1_id").references(() => tournamentParticipants.id, {
      onDelete: "set null",
    }),
    participant2Id: uuid("participant2_id").references(() => tournamentParticipants.id, {
      onDelete: "set null",
    }),
    winnerId: uuid("winner_id").references(() => tournamentParticipants.id, { onDelete: "set null" }),
    battleId: uuid("battle_id").references(() => battles.id, { onDelete: "set null" }),
    status: text("status").$type<(typeof matchStatuses)[number]>().notNull().default("pending"),
    /** The bronze match: the semi-final losers, played beside the final. */
    thirdPlace: boolean("third_place").notNull().default(false),
    /**
     * The format's key for the match (generic formats: the results are stored by it and replayed); null in
     * single elimination, whose full bracket is stored from the start.
     */
    key: text("key"),
    /** main, bronze, winners, losers, grand_final or bracket_reset (packages/game MatchSide). */
    side: text("side").$type<MatchSide>().notNull().default("main"),
    /** Whose bot strikes first: balanced over the event by the format, never always the higher seed. */
    firstStrikeId: uuid("first_strike_id"),
    /** When the match went live (its battle was fought and stored). */
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** The winner's HP when the battle ended, stored with the battle (shown once the match is completed). */
    winnerHp: integer("winner_hp"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("tournament_matches_slot_unique").on(t.tournamentId, t.round, t.matchNumber),
    unique("tournament_matches_key_unique").on(t.tournamentId, t.key),
    index("tournament_matches_battle_idx").on(t.battleId),
    check("tournament_matches_status_valid", oneOf("status", matchStatuses)),
    check("tournament_matches_round_positive", sql`${t.round} >= 1 and ${t.matchNumber} >= 1`),
  ],
);

// ---------------------------------------------------------------- guilds

export const guilds = pgTable(
  "guilds",
  {
    id: id(),
    name: text("name").notNull(),
    /** The name's confusable skeleton, unique among live guilds; null as for `profiles.username_skeleton`. */
    nameSkeleton: text("name_skeleton"),
    tag: text("tag").notNull(),
    /** The tag's confusable skeleton, unique among live guilds, the same way. */
    tagSkeleton: text("tag_skeleton"),
    description: text("description"),
    ownerId: uuid("owner_id")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    memberCount: integer("member_count").notNull().default(0),
    maxMembers: integer("max_members").notNull().default(20),
    bankBalance: coins("bank_balance").notNull().default(0),
    totalPower: integer("total_power").notNull().default(0),
    isEligibleForWar: boolean("is_eligible_for_war").notNull().default(false),
    /** Its leader or an officer chose 'Sit out the next war': not eligible (the trigger), until they enlist it again. */
    sitsOutNextWar: boolean("sits_out_next_war").notNull().default(false),
    /**
     * After a war the guild rests until then: not eligible (the trigger) while it is set. The muster clears it once
     * it has passed (the war's completion left a muster request due at that moment), which makes the guild eligible.
     */
    restsUntil: timestamp("rests_until", { withTimezone: true }),
    /** Guild perks bought from the bank (issue 41): seats levels (max_members follows), the war drill, a banner. */
    seatLevel: integer("seat_level").notNull().default(0),
    warDrillLevel: integer("war_drill_level").notNull().default(0),
    bannerColor: text("banner_color"),
    bannerEmblem: text("banner_emblem"),
    /** The war the guild fights until it completes; a conditional update claims it, so no guild joins two. */
    currentWarId: uuid("current_war_id").references((): AnyPgColumn => guildWars.id, {
      onDelete: "set null",
    }),
    /** Guilds are never deleted (their bank's ledger rows point at them); a disbanded one is only marked. */
    disbandedAt: timestamp("disbanded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("guilds_name_lower_unique").on(sql`lower(${t.name})`).where(sql`${t.disbandedAt} is null`),
    uniqueIndex("guilds_name_skeleton_unique").on(t.nameSkeleton).where(sql`${t.disbandedAt} is null`),
    uniqueIndex("guilds_tag_skeleton_unique").on(t.tagSkeleton).where(sql`${t.disbandedAt} is null`),
    uniqueIndex("guilds_tag_lower_unique").on(sql`lower(${t.tag})`).where(sql`${t.disbandedAt} is null`),
    index("guilds_power_idx").on(t.totalPower.desc()),
    index("guilds_war_eligible_idx").on(t.id).where(sql`${t.isEligibleForWar}`),
    check("guilds_name_length", sql`char_length(${t.name}) between 1 and 30`),
    check("guilds_tag_length", sql`char_length(${t.tag}) between 1 and 5`),
    check("guilds_member_count_range", sql`${t.memberCount} between 0 and ${t.maxMembers}`),
    check("guilds_bank_non_negative", sql`${t.bankBalance} >= 0`),
    check("guilds_power_non_negative", sql`${t.totalPower} >= 0`),
    check("guilds_seat_level_range", sql`${t.seatLevel} between 0 and 3`),
    check("guilds_war_drill_level_range", sql`${t.warDrillLevel} between 0 and 2`),
    check("guilds_banner_whole", sql`(${t.bannerColor} is null) = (${t.bannerEmblem} is null)`),
  ],
);

export const guildMembers = pgTable(
  "guild_members",
  {
    id: id(),
    guildId: uuid("guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" })
      .unique("guild_members_one_guild_per_user"),
    role: text("role").$type<(typeof guildRoles)[number]>().notNull().default("member"),
    contributionTotal: coins("contribution_total").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("guild_members_guild_idx").on(t.guildId),
    check("guild_members_role_valid", oneOf("role", guildRoles)),
    check("guild_members_contribution_non_negative", sql`${t.contributionTotal} >= 0`),
  ],
);

export const guildContributions = pgTable(
  "guild_contributions",
  {
    id: id(),
    guildId: uuid("guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    amount: coins("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("guild_contributions_guild_time_idx").on(t.guildId, t.createdAt.desc()),
    check("guild_contributions_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const guildWars = pgTable(
  "guild_wars",
  {
    id: id(),
    name: text("name").notNull(),
    status: text("status").$type<(typeof guildWarStatuses)[number]>().notNull().default("registration"),
    registrationEndsAt: timestamp("registration_ends_at", { withTimezone: true }),
    battleEndsAt: timestamp("battle_ends_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    firstPlaceReward: coins("first_place_reward").notNull().default(0),
    secondPlaceReward: coins("second_place_reward").notNull().default(0),
    thirdPlaceReward: coins("third_place_reward").notNull().default(0),
    /** Who pays the prizes; existing wars were given "stakes" by migration 0013, new ones are "house". */
    funding: text("funding").$type<(typeof guildWarFundings)[number]>().notNull().default("house"),
    /** The war's ledger account: a "stakes" war's eight stakes in, prizes and the house's share out; 0 otherwise. */
    poolBalance: coins("pool_balance").notNull().default(0),
    /** The round robin's round being fought (0 during registration). */
    currentRound: integer("current_round").notNull().default(0),
    /** The reconciler's deadline: registration's end, then each round's end; null once completed. */
    nextDueAt: timestamp("next_due_at", { withTimezone: true }),
    ...runnerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index("guild_wars_next_due_idx").on(t.nextDueAt).where(sql`${t.nextDueAt} is not null`),
    check("guild_wars_pool_balance_non_negative", sql`${t.poolBalance} >= 0`),
    index("guild_wars_status_time_idx").on(t.status, t.createdAt.desc()),
    check("guild_wars_status_valid", oneOf("status", guildWarStatuses)),
    check("guild_wars_funding_valid", oneOf("funding", guildWarFundings)),
    check(
      "guild_wars_rewards_non_negative",
      sql`${t.firstPlaceReward} >= 0 and ${t.secondPlaceReward} >= 0 and ${t.thirdPlaceReward} >= 0`,
    ),
  ],
);

export const guildWarParticipants = pgTable(
  "guild_war_participants",
  {
    id: id(),
    warId: uuid("war_id")
      .notNull()
      .references(() => guildWars.id, { onDelete: "cascade" }),
    guildId: uuid("guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    totalPower: integer("total_power").notNull().default(0),
    placement: integer("placement"),
    prizeAmount: coins("prize_amount").notNull().default(0),
    /** Duels won so far, counted when each round ends. */
    duelWins: integer("duel_wins").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique("guild_war_participants_war_guild_unique").on(t.warId, t.guildId),
    index("guild_war_participants_power_idx").on(t.warId, t.totalPower.desc()),
    check("guild_war_participants_placement_positive", sql`${t.placement} is null or ${t.placement} >= 1`),
    check("guild_war_participants_prize_non_negative", sql`${t.prizeAmount} >= 0`),
  ],
);

/** One duel of a war: slot 1..5 of a pairing, the two guilds' bots snapshotted when the battle phase began. */
export const guildWarDuels = pgTable(
  "guild_war_duels",
  {
    id: id(),
    warId: uuid("war_id")
      .notNull()
      .references(() => guildWars.id, { onDelete: "cascade" }),
    round: integer("round").notNull(),
    pairing: integer("pairing").notNull(),
    slot: integer("slot").notNull(),
    homeGuildId: uuid("home_guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "restrict" }),
    awayGuildId: uuid("away_guild_id")
      .notNull()
      .references(() => guilds.id, { onDelete: "restrict" }),
    /** FighterSnapshot of each side's bot, or null where the guild had no bot for the slot (a forfeit). */
    homeBot: jsonb("home_bot"),
    awayBot: jsonb("away_bot"),
    /** Which side strikes first; null when no battle is fought. */
    attacker: text("attacker").$type<"home" | "away">(),
    battleId: uuid("battle_id").references(() => battles.id, { onDelete: "set null" }),
    /** Null while pending or in progress, and for a slot neither guild could fill. */
    winnerGuildId: uuid("winner_guild_id").references(() => guilds.id, { onDelete: "restrict" }),
    status: text("status").$type<(typeof guildWarDuelStatuses)[number]>().notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("guild_war_duels_slot_unique").on(t.warId, t.round, t.pairing, t.slot),
    index("guild_war_duels_home_idx").on(t.warId, t.homeGuildId),
    index("guild_war_duels_away_idx").on(t.warId, t.awayGuildId),
    check("guild_war_duels_status_valid", oneOf("status", guildWarDuelStatuses)),
    check("guild_war_duels_attacker_valid", sql`${t.attacker} is null or ${t.attacker} in ('home', 'away')`),
    check(
      "guild_war_duels_slot_range",
      sql`${t.round} >= 1 and ${t.pairing} >= 1 and ${t.slot} between 1 and 5`,
    ),
    check("guild_war_duels_two_guilds", sql`${t.homeGuildId} <> ${t.awayGuildId}`),
  ],
);

// ---------------------------------------------------------------- chat

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    username: text("username").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    /** Deleted by a moderator: kept for the reports and the log, never shown again. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: uuid("deleted_by")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    /** The guild whose members-only chat holds the line; null in the global chat. */
    guildId: uuid("guild_id").references(() => guilds.id, { onDelete: "cascade" }),
    /** A player's line, or a system line (a war's news in a guild's chat): no author, nothing to report. */
    kind: text("kind").$type<(typeof chatLineKinds)[number]>().notNull().default("player"),
    /** A war's one line in a guild's chat (a system line), rewritten as the war moves on; null otherwise. */
    warId: uuid("war_id").references((): AnyPgColumn => guildWars.id, { onDelete: "set null" }),
  },
  (t) => [
    // One line per war in each guild's chat: the engine rewrites it rather than adding lines.
    uniqueIndex("chat_messages_war_line_unique").on(t.guildId, t.warId).where(sql`${t.warId} is not null`),
    // Each channel's latest 50 (the global chat is `guild_id is null`).
    index("chat_messages_channel_time_idx").on(t.guildId, t.createdAt),
    // The pace check counts a player's messages in the last 10 s and reads their previous one.
    index("chat_messages_user_time_idx").on(t.userId, t.createdAt),
    check("chat_messages_length", sql`char_length(${t.message}) between 1 and 200`),
    check("chat_messages_kind_valid", oneOf("kind", chatLineKinds)),
    check(
      "chat_messages_system_in_guild",
      sql`${t.kind} = 'player' or (${t.userId} is null and ${t.guildId} is not null)`,
    ),
  ],
);

export const chatReports = pgTable(
  "chat_reports",
  {
    id: id(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("chat_reports_once_per_reporter").on(t.messageId, t.reporterId),
    index("chat_reports_time_idx").on(t.createdAt),
    check("chat_reports_reason_length", sql`char_length(${t.reason}) <= 200`),
  ],
);

/** A player hid another player's messages from their own chat. */
export const chatHiddenPlayers = pgTable(
  "chat_hidden_players",
  {
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    hiddenUserId: uuid("hidden_user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("chat_hidden_players_pair").on(t.userId, t.hiddenUserId),
    check("chat_hidden_players_not_self", sql`${t.userId} <> ${t.hiddenUserId}`),
  ],
);

/** An admin's mute: the player cannot send until muted_until (or until lifted). */
export const chatMutes = pgTable(
  "chat_mutes",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    mutedBy: uuid("muted_by")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    mutedUntil: timestamp("muted_until", { withTimezone: true }).notNull(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_mutes_user_idx").on(t.userId, t.mutedUntil),
    check("chat_mutes_reason_length", sql`char_length(${t.reason}) between 1 and 200`),
  ],
);

// ---------------------------------------------------------------- alerts

/**
 * A player's alert inbox: one row per alert they were sent (kinds in the contract's player-alerts.ts; no check
 * on the kind, so a new kind needs no migration). Kept 30 days and at most the newest 200 per player, pruned as
 * new ones arrive (features/alerts/raise.ts).
 */
export const alerts = pgTable(
  "alerts",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    link: text("link"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("alerts_user_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("alerts_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    check("alerts_kind_length", sql`char_length(${t.kind}) between 1 and 64`),
  ],
);

// ---------------------------------------------------------------- admin

export const adminOperationResults = ["success", "error", "warning"] as const;
export type AdminOperationResult = (typeof adminOperationResults)[number];

/**
 * The operations log: every admin action, who did it, to what and how it ended. Append-only: the server has no
 * update or delete path, and a trigger (migration admin_operations_append_only) refuses both in the database.
 */
export const adminOperations = pgTable(
  "admin_operations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Null for the server's own entries (the economy audit), which no admin made.
    adminId: uuid("admin_id")
      .$type<UserId>()
      .references(() => profiles.id),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    result: text("result").$type<AdminOperationResult>().notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_operations_time_idx").on(t.createdAt),
    index("admin_operations_admin_time_idx").on(t.adminId, t.createdAt),
    check("admin_operations_result_valid", oneOf("result", adminOperationResults)),
    check("admin_operations_action_length", sql`char_length(${t.action}) between 1 and 64`),
  ],
);

/** Switches an admin can flip at run time (e.g. the image library's automatic top-up), one row per key. */
export const adminSettings = pgTable("admin_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: uuid("updated_by")
    .$type<UserId>()
    .references(() => profiles.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- idempotency keys

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * One row per `Idempotency-Key` a player sent with a state change (platform/idempotency/): inserted inside the
 * transaction that does the action, so an action never commits without its key, then given the answer. No
 * foreign key to profiles: its check would take a share lock on the player's row, which every money
 * transaction locks FOR UPDATE; rows are swept after 24 h instead.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    playerId: uuid("player_id").$type<UserId>().notNull(),
    key: text("key").notNull(),
    /** The method and the path as requested (`POST /api/bots/<id>/name`): the key is refused on another. */
    request: text("request").notNull(),
    /** sha256 of the request's JSON body, hex: the same key with another body is refused. */
    bodyHash: text("body_hash").notNull(),
    /** The answer's status and its JSON text, byte for byte; null while the request that claimed it runs. */
    status: integer("status"),
    response: text("response"),
    /**
     * What the claiming transaction returned (its effect), serialized, written inside that transaction: a
     * repeat whose answer was never stored (the process died after the commit) answers from it (claim.ts).
     * Null for an effect that cannot be serialized, or on a claim written before this column.
     */
    effect: bytea("effect"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pk", columns: [t.playerId, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
    check("idempotency_keys_key_length", sql`char_length(${t.key}) between 1 and 64`),
  ],
);

// ---------------------------------------------------------------- media

/**
 * Media in the database (platform/media/database-backend.ts): the bytes of one `/media/<key>` URL. The key's
 * name is a hash of the bytes (or of what they were drawn from), so a row never changes: written once (a second
 * writer's insert does nothing), removed only when nothing names it. The bytes are stored uncompressed
 * (`SET STORAGE EXTERNAL` in the migration), so a part of a track is read without reading what comes before it.
 */
export const mediaObjects = pgTable(
  "media_objects",
  {
    key: text("key").primaryKey(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("media_objects_key_valid", sql`${t.key} ~ '^[a-z0-9][a-z0-9-]*/[a-zA-Z0-9_-]+[.][a-z0-9]{1,8}$'`),
  ],
);

// ---------------------------------------------------------------- processes

/**
 * One row per running process on this database, refreshed every few seconds (platform/setup-agreement.ts):
 * the media store and the live bus it uses. Processes that disagree are not ready: an upload one of them keeps
 * in its bucket is a 404 from another keeping media in the database, and events on one bus never reach a
 * process listening on another.
 */
export const processSetups = pgTable("process_setups", {
  id: text("id").primaryKey(),
  /** `database`, or `s3 <bucket> at <endpoint>`. */
  media: text("media").notNull(),
  /** `postgres` (NOTIFY on this database), or `redis <host:port/db>`. */
  bus: text("bus").notNull(),
  /** Where it listens, for the reason a process gives: `host:port (pid 1234)`. */
  place: text("place").notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------- PvP seasons (issue 40 item 2)

/**
 * PvP seasons, one row each: the window (rated until `frozen_at`, over at `ends_at`), and `closed_at` once the
 * close froze the standings, paid the rewards and reset the ratings. `next_due_at` is the close's deadline for the
 * event runner (the season's end while open, null once closed). The prizes are the coins the admin set for the
 * podium of this season's close (0: a badge and title only).
 */
export const pvpSeasons = pgTable(
  "pvp_seasons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").notNull().unique(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    frozenAt: timestamp("frozen_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    nextDueAt: timestamp("next_due_at", { withTimezone: true }),
    prizeFirst: coins("prize_first").notNull().default(0),
    prizeSecond: coins("prize_second").notNull().default(0),
    prizeThird: coins("prize_third").notNull().default(0),
    ...runnerColumns(),
  },
  (t) => [
    index("pvp_seasons_due_idx").on(t.nextDueAt).where(sql`${t.nextDueAt} is not null`),
    // One season runs at a time.
    uniqueIndex("pvp_seasons_one_open").on(sql`(true)`).where(sql`${t.closedAt} is null`),
    check("pvp_seasons_window", sql`${t.startsAt} <= ${t.frozenAt} and ${t.frozenAt} <= ${t.endsAt}`),
    check(
      "pvp_seasons_prizes_non_negative",
      sql`${t.prizeFirst} >= 0 and ${t.prizeSecond} >= 0 and ${t.prizeThird} >= 0`,
    ),
  ],
);

/**
 * A closed season's standings, written once by its close and never changed: every pilot on the ladder with its
 * place, rating and battles, the top 10's badge, the podium's title and the coins it was paid. The name is kept
 * as it was, so a past season reads the same forever.
 */
export const pvpSeasonStandings = pgTable(
  "pvp_season_standings",
  {
    seasonNumber: integer("season_number")
      .notNull()
      .references(() => pvpSeasons.number),
    place: integer("place").notNull(),
    userId: uuid("user_id")
      .$type<UserId>()
      .references(() => profiles.id, { onDelete: "set null" }),
    username: text("username").notNull(),
    rating: doublePrecision("rating").notNull(),
    battles: integer("battles").notNull(),
    badge: text("badge"),
    title: text("title"),
    coins: coins("coins").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seasonNumber, t.place] }),
    uniqueIndex("pvp_season_standings_pilot").on(t.seasonNumber, t.userId),
    index("pvp_season_standings_badges").on(t.userId, t.seasonNumber).where(sql`${t.badge} is not null`),
    check("pvp_season_standings_place_positive", sql`${t.place} >= 1`),
  ],
);

// ---------------------------------------------------------------- web push (features/push)

/** A browser's push subscription: one per endpoint, owned by the session that made it (sign-out removes it). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique("push_subscriptions_endpoint_unique"),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("push_subscriptions_user_idx").on(t.userId),
    check("push_subscriptions_endpoint_length", sql`char_length(${t.endpoint}) between 1 and 1024`),
  ],
);

/** The alert kinds a player turned off for push (absent: on). */
export const pushMutedKinds = pgTable(
  "push_muted_kinds",
  {
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("push_muted_kinds_kind_length", sql`char_length(${t.kind}) between 1 and 64`),
  ],
);

/**
 * Alerts of one kind waiting to go out as one stacked notification. Written by raiseAlerts due at once; the
 * runner's first claim sets the deadline (PUSH_DELAY_SECONDS on the runner's clock), the second sends.
 */
export const pushPending = pgTable(
  "push_pending",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    count: integer("count").notNull(),
    /** The newest alert's data: a notification of one alert says what it said. */
    lastData: jsonb("last_data").$type<Record<string, unknown>>().notNull(),
    scheduled: boolean("scheduled").notNull().default(false),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().default(sql`'-infinity'`),
    ...runnerColumns(),
  },
  (t) => [
    unique("push_pending_user_kind_unique").on(t.userId, t.kind),
    index("push_pending_due_idx").on(t.dueAt),
    check("push_pending_count_positive", sql`${t.count} > 0`),
  ],
);

/**
 * Which player has a live socket on which process, until `expires_at` (each process renews its rows with its
 * socket keep-alive; a process that died stops counting when its rows expire).
 */
export const livePresence = pgTable(
  "live_presence",
  {
    node: text("node").notNull(),
    userId: uuid("user_id")
      .$type<UserId>()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.node, t.userId] }), index("live_presence_user_idx").on(t.userId)],
);

/** The VAPID key pair made once when none is configured, so every process and restart signs with the same. */
export const pushVapidKeys = pgTable(
  "push_vapid_keys",
  {
    id: integer("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: createdAt(),
  },
  () => [check("push_vapid_keys_one_row", sql`id = 1`)],
);
