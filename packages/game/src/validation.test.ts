import { describe, expect, it } from "vitest";
import { accepted, refusal, stats } from "./testing";
import { BotId, EquipmentId } from "./types";
import {
  bonusPointsRemaining,
  canLowerCreationStat,
  canRaiseCreationStat,
  creationPointsRemaining,
  depositAllowance,
  parseWholeNumber,
  validateBonusAllocation,
  validateBotCreation,
  validateBotName,
  validateCashOut,
  validateChatMessage,
  validateCreationStats,
  validateDeposit,
  validateGrantCoins,
  validateGrantEquipment,
  validateGuildContribution,
  validateGuildCreation,
  validateListing,
  validateRename,
  validateSummonName,
  validateTournamentCreation,
  validateWithdraw,
} from "./validation";

describe("bot creation", () => {
  const form = { name: "Sparky", model: "Striker X-1", colorScheme: "Cyber Blue", ...stats(10, 10, 10, 10) };

  it("accepts 40 points within 5..15 and trims the name", () => {
    const valid = accepted(validateBotCreation({ ...form, name: "  Sparky  " }));
    expect(valid.name).toBe("Sparky");
    expect(valid.model).toBe("Striker X-1");
    expect(valid.colorScheme.name).toBe("Cyber Blue");
    expect(valid.stats).toEqual(stats(10, 10, 10, 10));
  });

  it("an empty or blank name shows 'Please enter a bot name!'", () => {
    expect(refusal(validateBotCreation({ ...form, name: "   " }))).toBe("Please enter a bot name!");
    expect(refusal(validateBotName(""))).toBe("Please enter a bot name!");
  });

  it("a name over 30 characters is refused, 30 is fine", () => {
    expect(validateBotName("x".repeat(30)).ok).toBe(true);
    expect(refusal(validateBotName("x".repeat(31)))).toBe("Name must be at most 30 characters");
  });

  it("fewer or more than 40 points shows 'Please allocate all 40 stat points!'", () => {
    expect(refusal(validateCreationStats(stats(5, 5, 5, 5)))).toBe("Please allocate all 40 stat points!");
    expect(refusal(validateCreationStats(stats(15, 15, 15, 5)))).toBe("Please allocate all 40 stat points!");
  });

  it("stats are checked before the name, as the spec lists the errors", () => {
    expect(refusal(validateBotCreation({ ...form, name: "", strength: 5 }))).toBe(
      "Please allocate all 40 stat points!",
    );
  });

  it("each stat stays within 5 to 15 and must be whole", () => {
    const outOfRange = "Each stat must be a whole number from 5 to 15";
    expect(refusal(validateCreationStats(stats(4, 12, 12, 12)))).toBe(outOfRange);
    expect(refusal(validateCreationStats(stats(16, 14, 5, 5)))).toBe(outOfRange);
    expect(refusal(validateCreationStats(stats(10.5, 9.5, 10, 10)))).toBe(outOfRange);
    expect(validateCreationStats(stats(15, 15, 5, 5)).ok).toBe(true);
  });

  it("refuses an unknown model or colour scheme", () => {
    expect(refusal(validateBotCreation({ ...form, model: "Toaster" }))).toBe("Please choose a bot model");
    expect(refusal(validateBotCreation({ ...form, colorScheme: "Beige" }))).toBe(
      "Please choose a color scheme",
    );
  });

  it("the form starts at 5 each with 20 points left; raising stops at 15 or 0 left, lowering at 5", () => {
    const start = stats(5, 5, 5, 5);
    expect(creationPointsRemaining(start)).toBe(20);
    expect(canLowerCreationStat(start, "strength")).toBe(false);
    expect(canRaiseCreationStat(start, "strength")).toBe(true);
    expect(canRaiseCreationStat(stats(15, 5, 5, 5), "strength")).toBe(false);
    expect(canRaiseCreationStat(stats(15, 15, 5, 5), "defense")).toBe(false);
    expect(canLowerCreationStat(stats(6, 5, 5, 5), "strength")).toBe(true);
  });
});

describe("names", () => {
  it("rename: blank shows 'Please enter a valid name', over 30 is refused, the rest is trimmed", () => {
    expect(refusal(validateRename("  "))).toBe("Please enter a valid name");
    expect(refusal(validateRename("y".repeat(31)))).toBe("Name must be at most 30 characters");
    expect(accepted(validateRename("  Bolt "))).toBe("Bolt");
  });

  it("summon naming: 3 to 50 characters after trimming", () => {
    expect(validateSummonName("  ab  ").ok).toBe(false);
    expect(accepted(validateSummonName(" abc "))).toBe("abc");
    expect(validateSummonName("z".repeat(50)).ok).toBe(true);
    expect(refusal(validateSummonName("z".repeat(51)))).toBe("Name must be 3 to 50 characters");
  });
});

describe("bonus points after a summon", () => {
  it("exactly 10 points are accepted", () => {
    expect(accepted(validateBonusAllocation(stats(4, 3, 2, 1)))).toEqual(stats(4, 3, 2, 1));
  });

  it("too few shows 'Allocate N more points'", () => {
    expect(refusal(validateBonusAllocation(stats(0, 0, 0, 0)))).toBe("Allocate 10 more points");
    expect(refusal(validateBonusAllocation(stats(3, 3, 3, 0)))).toBe("Allocate 1 more points");
    expect(bonusPointsRemaining(stats(3, 3, 3, 0))).toBe(1);
  });

  it("too many, negatives and fractions are refused", () => {
    expect(refusal(validateBonusAllocation(stats(11, 0, 0, 0)))).toBe("Only 10 points to allocate");
    expect(refusal(validateBonusAllocation(stats(12, -2, 0, 0)))).toBe(
      "Points must be whole numbers of 0 or more",
    );
    expect(refusal(validateBonusAllocation(stats(9.5, 0.5, 0, 0)))).toBe(
      "Points must be whole numbers of 0 or more",
    );
  });
});

describe("whole numbers from form fields", () => {
  it("reads integers from numbers and digit strings only", () => {
    expect(parseWholeNumber(12)).toBe(12);
    expect(parseWholeNumber(" 40 ")).toBe(40);
    expect(parseWholeNumber("-3")).toBe(-3);
    for (const bad of [
      1.5,
      "1.5",
      "1e3",
      "",
      "abc",
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      undefined,
      {},
    ]) {
      expect(parseWholeNumber(bad)).toBeNull();
    }
  });
});

describe("marketplace listing", () => {
  const invalid = "Please select a bot and enter a valid price";

  it("needs a bot and a whole price above 0", () => {
    expect(accepted(validateListing({ botId: BotId("b"), price: "250" }))).toEqual({
      botId: "b",
      price: 250,
    });
    expect(refusal(validateListing({ botId: null, price: 250 }))).toBe(invalid);
    expect(refusal(validateListing({ botId: BotId("b"), price: 0 }))).toBe(invalid);
    expect(refusal(validateListing({ botId: BotId("b"), price: 9.99 }))).toBe(invalid);
    expect(refusal(validateListing({ botId: BotId("b"), price: -5 }))).toBe(invalid);
  });
});

describe("vault", () => {
  it("deposits need a whole amount above 0 ('Enter a valid amount')", () => {
    for (const bad of [0, -1, "abc", 2.5]) {
      expect(refusal(validateDeposit(bad, { coins: 1000, depositsToday: 0 }))).toBe("Enter a valid amount");
    }
  });

  it("deposits are capped at 500 minus today's deposits", () => {
    expect(depositAllowance(0)).toBe(500);
    expect(depositAllowance(350)).toBe(150);
    expect(depositAllowance(600)).toBe(0);
    expect(validateDeposit(150, { coins: 1000, depositsToday: 350 }).ok).toBe(true);
    expect(refusal(validateDeposit(151, { coins: 1000, depositsToday: 350 }))).toBe(
      "Daily deposit limit is 500 coins (150 left today)",
    );
  });

  it("deposits cannot exceed the wallet", () => {
    expect(refusal(validateDeposit(200, { coins: 100, depositsToday: 0 }))).toBe("Not enough coins!");
  });

  it("withdrawals are limited only by the vault balance", () => {
    expect(accepted(validateWithdraw(5000, { vaultCoins: 5000 }))).toBe(5000);
    expect(refusal(validateWithdraw(5001, { vaultCoins: 5000 }))).toBe("Insufficient vault balance");
    expect(refusal(validateWithdraw("", { vaultCoins: 5000 }))).toBe("Enter a valid amount");
  });

  it("cash-out needs a gamertag of 1 to 35 characters and an amount within the vault", () => {
    const vault = { vaultCoins: 300 };
    const badTag = "Please enter a valid gamertag (max 35 characters)";
    expect(refusal(validateCashOut({ gamertag: "  ", amount: 10 }, vault))).toBe(badTag);
    expect(refusal(validateCashOut({ gamertag: "g".repeat(36), amount: 10 }, vault))).toBe(badTag);
    expect(refusal(validateCashOut({ gamertag: "ace", amount: 0 }, vault))).toBe("Enter a valid amount");
    expect(refusal(validateCashOut({ gamertag: "ace", amount: 301 }, vault))).toBe(
      "Insufficient vault balance",
    );
    expect(accepted(validateCashOut({ gamertag: " ace ", amount: 300 }, vault))).toEqual({
      gamertag: "ace",
      amount: 300,
    });
  });
});

describe("guilds", () => {
  it("name and tag are required ('Name and tag are required')", () => {
    expect(refusal(validateGuildCreation({ name: " ", tag: "ABC" }))).toBe("Name and tag are required");
    expect(refusal(validateGuildCreation({ name: "Iron Fist", tag: "" }))).toBe("Name and tag are required");
  });

  it("name max 30, tag max 5, description optional", () => {
    expect(refusal(validateGuildCreation({ name: "n".repeat(31), tag: "A" }))).toBe(
      "Guild name must be at most 30 characters",
    );
    expect(refusal(validateGuildCreation({ name: "Iron", tag: "TOOLONG" }))).toBe(
      "Guild tag must be at most 5 characters",
    );
    expect(accepted(validateGuildCreation({ name: " Iron ", tag: " IRN ", description: "  " }))).toEqual({
      name: "Iron",
      tag: "IRN",
      description: null,
    });
  });

  it("contributions are whole amounts of 1..1000 ('Please enter a valid amount' below, a limit above)", () => {
    expect(refusal(validateGuildContribution("0"))).toBe("Please enter a valid amount");
    expect(refusal(validateGuildContribution(12.5))).toBe("Please enter a valid amount");
    expect(accepted(validateGuildContribution(1))).toBe(1);
    expect(accepted(validateGuildContribution("1000"))).toBe(1000);
    expect(refusal(validateGuildContribution(1001))).toBe("You can contribute at most 1000 coins at a time");
    expect(refusal(validateGuildContribution(50, { coins: 10 }))).toBe("Not enough coins!");
  });
});

describe("chat", () => {
  it("an empty or whitespace-only message is not sent", () => {
    expect(validateChatMessage(" \n\t ").ok).toBe(false);
  });

  it("messages are trimmed and limited to 200 characters", () => {
    expect(accepted(validateChatMessage("  gg  "))).toBe("gg");
    expect(validateChatMessage("m".repeat(200)).ok).toBe(true);
    expect(refusal(validateChatMessage("m".repeat(201)))).toBe("Message must be at most 200 characters");
  });
});

describe("admin", () => {
  it("a tournament needs a name ('Tournament name is required')", () => {
    expect(refusal(validateTournamentCreation({ name: "  ", entryFeeMode: "admin" }))).toBe(
      "Tournament name is required",
    );
  });

  it("admin tournaments default to rewards 1000/500/250; player mode sends 0", () => {
    expect(accepted(validateTournamentCreation({ name: "Cup", entryFeeMode: "admin" })).rewards).toEqual({
      first: 1000,
      second: 500,
      third: 250,
    });
    expect(
      accepted(validateTournamentCreation({ name: "Cup", entryFeeMode: "player", rewards: { first: 9 } }))
        .rewards,
    ).toEqual({ first: 0, second: 0, third: 0 });
    expect(
      refusal(validateTournamentCreation({ name: "Cup", entryFeeMode: "admin", rewards: { first: -1 } })),
    ).toBe("The 1st place reward must be a whole number of coins from 0 to 1,000,000,000,000");
  });

  it("granting coins needs an email and a positive amount", () => {
    expect(refusal(validateGrantCoins({ email: "", amount: 1000 }))).toBe("Please enter a player email");
    expect(refusal(validateGrantCoins({ email: "a@b.c", amount: 0 }))).toBe("Coin amount must be positive");
    expect(accepted(validateGrantCoins({ email: " a@b.c ", amount: "1000" }))).toEqual({
      email: "a@b.c",
      amount: 1000,
    });
  });

  it("granting equipment needs an email and an item", () => {
    expect(refusal(validateGrantEquipment({ email: "", equipmentId: EquipmentId("e") }))).toBe(
      "Please enter a player email",
    );
    expect(refusal(validateGrantEquipment({ email: "a@b.c", equipmentId: null }))).toBe(
      "Please select equipment",
    );
  });
});
