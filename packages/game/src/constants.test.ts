import { describe, expect, it } from "vitest";
import * as c from "./constants";

describe("constants pin the specs' numbers", () => {
  it("roster holds at most 20 bots, names up to 30 characters", () => {
    expect(c.MAX_BOTS).toBe(20);
    expect(c.BOT_NAME_MAX).toBe(30);
  });

  it("recycle refunds 250, rename costs 5, refresh costs 250", () => {
    expect(c.RECYCLE_REFUND).toBe(250);
    expect(c.RENAME_COST).toBe(5);
    expect(c.REFRESH_COST).toBe(250);
  });

  it("creation places 40 points with each stat from 5 to 15", () => {
    expect(c.CREATION_TOTAL_POINTS).toBe(40);
    expect(c.CREATION_STAT_MIN).toBe(5);
    expect(c.CREATION_STAT_MAX).toBe(15);
    expect(c.CREATION_SUCCESS_SCREEN_MS).toBe(2000);
  });

  it("new accounts get 1000 coins and passwords need 6 characters", () => {
    expect(c.STARTING_COINS).toBe(1000);
    expect(c.PASSWORD_MIN_LENGTH).toBe(6);
  });

  it("no balance may pass 10^12 coins (the house rule), which a JavaScript number holds exactly", () => {
    expect(c.MAX_BALANCE).toBe(10 ** 12);
    expect(Number.isSafeInteger(c.MAX_BALANCE * 2)).toBe(true);
  });

  it("summons cost 500 for one and 5000 for ten", () => {
    expect(c.SUMMON_SINGLE_PRICE).toBe(500);
    expect(c.SUMMON_TEN_PRICE).toBe(5000);
    expect(c.SUMMON_TEN_MAX_OWNED).toBe(10);
  });

  it("single summon rates are common 50, uncommon 35, rare 15", () => {
    expect(c.SINGLE_SUMMON_RATES).toEqual([
      ["common", 50],
      ["uncommon", 35],
      ["rare", 15],
    ]);
  });

  it("ten summon rates are common 45, uncommon 30, rare 15, legendary 10 with a legendary guarantee", () => {
    expect(c.TEN_SUMMON_RATES).toEqual([
      ["common", 45],
      ["uncommon", 30],
      ["rare", 15],
      ["legendary", 10],
    ]);
    expect(c.TEN_SUMMON_GUARANTEE).toBe("legendary");
  });

  it("summon naming takes 3 to 50 characters, 10 bonus points, a 2.5 s reveal", () => {
    expect(c.SUMMON_NAME_MIN).toBe(3);
    expect(c.SUMMON_NAME_MAX).toBe(50);
    expect(c.SUMMON_BONUS_POINTS).toBe(10);
    expect(c.SUMMON_REVEAL_MS).toBe(2500);
  });

  it("summoned base stats are common 8, uncommon 10, rare 12, legendary 15, diamond 18 plus 0..2", () => {
    expect(c.RARITY_BASE_STAT).toEqual({ common: 8, uncommon: 10, rare: 12, legendary: 15, diamond: 18 });
    expect(c.SUMMON_STAT_SPREAD).toBe(2);
  });

  it("energy regenerates 1 per minute up to 100; training costs 5 per point; 5 points per level", () => {
    expect(c.ENERGY_REGEN_PER_MINUTE).toBe(1);
    expect(c.ENERGY_REGEN_INTERVAL_MS).toBe(60_000);
    expect(c.MAX_ENERGY).toBe(100);
    expect(c.TRAINING_ENERGY_PER_POINT).toBe(5);
    expect(c.POINTS_PER_LEVEL).toBe(5);
    expect(c.XP_PER_LEVEL).toBe(100);
  });

  it("AI battles cost 15 energy, PvP 20, at most 50 rounds", () => {
    expect(c.AI_BATTLE_ENERGY).toBe(15);
    expect(c.PVP_BATTLE_ENERGY).toBe(20);
    expect(c.BATTLE_MAX_ROUNDS).toBe(50);
  });

  it("HP is 100 + 2 × defense and damage is at least 5 from 1.5 × strength + 0.5 × agility", () => {
    expect(c.BASE_HP).toBe(100);
    expect(c.HP_PER_DEFENSE).toBe(2);
    expect(c.MIN_DAMAGE).toBe(5);
    expect(c.STRENGTH_DAMAGE_FACTOR).toBe(1.5);
    expect(c.AGILITY_DAMAGE_FACTOR).toBe(0.5);
    expect(c.DEFAULT_HEAL_POWER).toBe(0.2);
  });

  it("AI opponents sit within one level (at least 1) with stats 8 + 2 × level + 0..4", () => {
    expect(c.AI_LEVEL_SPREAD).toBe(1);
    expect(c.AI_MIN_LEVEL).toBe(1);
    expect(c.AI_BASE_STAT).toBe(8);
    expect(c.AI_STAT_PER_LEVEL).toBe(2);
    expect(c.AI_STAT_SPREAD).toBe(4);
  });

  it("a win pays 50 + 10 × opponent level XP and a loss 10", () => {
    expect(c.XP_WIN_BASE).toBe(50);
    expect(c.XP_WIN_PER_OPPONENT_LEVEL).toBe(10);
    expect(c.XP_LOSS).toBe(10);
  });

  it("durability drops 2 on a win and 5 on a loss; repair costs 5 per missing percent", () => {
    expect(c.DURABILITY_LOSS_WIN).toBe(2);
    expect(c.DURABILITY_LOSS_LOSS).toBe(5);
    expect(c.MAX_DURABILITY).toBe(100);
    expect(c.REPAIR_COST_PER_PERCENT).toBe(5);
  });

  it("PvP lists 10 opponents; wallets under 100 are safe; the stake is 10%", () => {
    expect(c.PVP_OPPONENT_LIST_SIZE).toBe(10);
    expect(c.PVP_SAFE_WALLET).toBe(100);
    expect(c.PVP_STAKE_PERCENT).toBe(10);
  });

  it("leaderboard shows 100 and the podium 3", () => {
    expect(c.LEADERBOARD_SIZE).toBe(100);
    expect(c.PODIUM_SIZE).toBe(3);
  });

  it("vault deposits are limited to 500 a day; gamertags to 35; cash-out takes 24-48 hours", () => {
    expect(c.VAULT_DAILY_DEPOSIT_LIMIT).toBe(500);
    expect(c.CASHOUT_GAMERTAG_MAX).toBe(35);
    expect(c.CASHOUT_PROCESSING_HOURS).toEqual([24, 48]);
  });

  it("fusion climbs common, uncommon, rare, legendary, diamond with factor 0.8 (1 for diamond)", () => {
    expect(c.RARITY_LADDER).toEqual(["common", "uncommon", "rare", "legendary", "diamond"]);
    expect(c.UNFUSABLE_RARITIES).toEqual(["rare", "diamond"]);
    expect(c.FUSION_STAT_FACTOR).toBe(0.8);
    expect(c.FUSION_DIAMOND_STAT_FACTOR).toBe(1);
    expect(c.FUSION_LEGENDARY_MIN_LEVEL).toBe(25);
    expect(c.IMAGE_LIBRARY_PICK_LIMIT).toBe(100);
  });

  it("consumables are the Energy Cell at 100 and the Repair Kit at 150", () => {
    expect(c.ENERGY_CELL_PRICE).toBe(100);
    expect(c.REPAIR_KIT_PRICE).toBe(150);
    expect(c.MIN_LISTING_PRICE).toBe(1);
  });

  it("tournaments cost 150, split 60/20/10/10, admin rewards default 1000/500/250, spectators on", () => {
    expect(c.TOURNAMENT_ENTRY_FEE).toBe(150);
    expect(c.TOURNAMENT_SPLIT_PERCENT).toEqual({ first: 60, second: 20, third: 10, house: 10 });
    expect(c.TOURNAMENT_ADMIN_REWARDS).toEqual({ first: 1000, second: 500, third: 250 });
    expect(c.SPECTATOR_MODE_DEFAULT).toBe(true);
    expect(c.COUNTDOWN_REFRESH_MS).toBe(1000);
  });

  it("guilds cost 100, names 30, tags 5, war at 500 with 8 guilds, hint 1000, 10 recent gifts", () => {
    expect(c.GUILD_CREATION_COST).toBe(100);
    expect(c.GUILD_NAME_MAX).toBe(30);
    expect(c.GUILD_TAG_MAX).toBe(5);
    expect(c.GUILD_WAR_ELIGIBILITY_BANK).toBe(500);
    expect(c.GUILDS_PER_WAR).toBe(8);
    expect(c.GUILD_DONATION_HINT_MAX).toBe(1000);
    expect(c.GUILD_RECENT_CONTRIBUTIONS).toBe(10);
  });

  it("re-customization costs 5 for a name and 5 for colours", () => {
    expect(c.RECUSTOMIZE_RENAME_COST).toBe(5);
    expect(c.RECUSTOMIZE_COLOR_COST).toBe(5);
  });

  it("chat keeps 50 messages of at most 200 characters", () => {
    expect(c.CHAT_MESSAGE_MAX).toBe(200);
    expect(c.CHAT_HISTORY_SIZE).toBe(50);
  });

  it("admin grants default to 1000, a library slot under 10 is low, one image per click", () => {
    expect(c.ADMIN_GRANT_COINS_DEFAULT).toBe(1000);
    expect(c.ADMIN_GRANT_COINS_MIN).toBe(1);
    expect(c.IMAGE_LIBRARY_LOW_THRESHOLD).toBe(10);
    expect(c.IMAGES_PER_GENERATION).toBe(1);
    expect(c.IMAGE_LIBRARY_RARITIES).toEqual(["common", "uncommon", "rare", "legendary", "diamond"]);
  });

  it("music volume defaults to 70 within 0 to 100 in steps of 1", () => {
    expect([c.MUSIC_VOLUME_DEFAULT, c.MUSIC_VOLUME_MIN, c.MUSIC_VOLUME_MAX, c.MUSIC_VOLUME_STEP]).toEqual([
      70, 0, 100, 1,
    ]);
  });

  it("the five models carry their type and bonus stat", () => {
    expect(c.BOT_MODELS.map((m) => [m.name, m.type, m.bonusStat])).toEqual([
      ["Striker X-1", "Offensive", "strength"],
      ["Defender Z-9", "Tank", "defense"],
      ["Phantom V-7", "Speed", "agility"],
      ["Nova S-4", "Tactical", "intelligence"],
      ["Eclipse R-2", "Balanced", "all"],
    ]);
    for (const model of c.BOT_MODELS) expect(model.description.length).toBeGreaterThan(0);
  });

  it("creation offers the eight spec colour schemes, each with two hex colours", () => {
    expect(c.CREATION_COLOR_SCHEMES.map((s) => s.name)).toEqual([
      "Cyber Blue",
      "Neon Pink",
      "Toxic Green",
      "Solar Orange",
      "Void Purple",
      "Crimson Red",
      "Arctic White",
      "Shadow Black",
    ]);
    for (const s of c.CREATION_COLOR_SCHEMES) {
      expect(s.primary).toMatch(/^#[0-9a-f]{6}$/);
      expect(s.secondary).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("customization offers the eight spec colour schemes, each with two hex colours", () => {
    expect(c.CUSTOMIZATION_COLOR_SCHEMES.map((s) => s.name)).toEqual([
      "Blue Steel",
      "Crimson",
      "Emerald",
      "Violet",
      "Gold",
      "Pink",
      "Cyan",
      "Orange",
    ]);
    for (const s of c.CUSTOMIZATION_COLOR_SCHEMES) {
      expect(s.primary).toMatch(/^#[0-9a-f]{6}$/);
      expect(s.secondary).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("rarities include epic as a badge, each with its own badge colour", () => {
    expect(c.RARITIES).toEqual(["common", "uncommon", "rare", "epic", "legendary", "diamond"]);
    const colours = c.RARITIES.map((r) => c.RARITY_BADGE_COLORS[r]);
    expect(new Set(colours).size).toBe(6);
  });

  it("classes are hero, villain and support, with hero as the default", () => {
    expect(c.BOT_CLASSES).toEqual(["hero", "villain", "support"]);
    expect(c.DEFAULT_BOT_CLASS).toBe("hero");
  });
});
