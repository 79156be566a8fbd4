// The coin history's names for ledger reasons (issue 26): on a phone 'Tourna…' and 'House …' made an entry fee,
// its refund and a prize look alike, and an admin-mode prize read 'House reward tournament'.
import { describe, expect, it } from "vitest";
import { entryTitle, namedReasons, REASON_LABEL_MAX, reasonLabel } from "./ledgerReasons";

describe("coin history labels", () => {
  it("tell a tournament's entry, refund and prizes apart in plain words", () => {
    expect(
      ["tournament_entry", "tournament_refund", "tournament_prize", "house_reward_tournament"].map(
        reasonLabel,
      ),
    ).toEqual(["Tournament entry", "Entry refund", "Tournament prize", "Arena prize"]);
  });

  it("are short enough for a phone's row and never two alike", () => {
    const named = namedReasons.map(reasonLabel);
    expect(named.filter((label) => label.length > REASON_LABEL_MAX)).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  it("name a PvP season's podium prize", () => {
    expect(reasonLabel("house_reward_pvp_season")).toBe("Season prize");
  });

  it("read any other coins the arena creates as its reward, and an unknown reason as its words", () => {
    expect(reasonLabel("house_reward_season")).toBe("Arena reward");
    expect(reasonLabel("lucky_draw")).toBe("Lucky draw");
  });
});

describe("coin history titles", () => {
  const player = (name: string) => ({ kind: "player" as const, name });
  it("name the other player in the player's own words, and the bot a sale was for", () => {
    expect(
      [
        { reason: "pvp_win", counterparty: player("Nova") },
        { reason: "pvp_loss", counterparty: player("Nova") },
        { reason: "marketplace_sale", counterparty: player("Nova"), botName: "Rust Bucket" },
        { reason: "marketplace_purchase", counterparty: player("Nova"), botName: "Rust Bucket" },
        { reason: "marketplace_sale", counterparty: player("Nova") },
      ].map(entryTitle),
    ).toEqual([
      "PvP victory over Nova",
      "PvP defeat by Nova",
      "Sold Rust Bucket to Nova",
      "Bought Rust Bucket from Nova",
      "Sold a bot to Nova",
    ]);
  });

  it("add a tournament, guild or war after the reason; the house, the own vault and the unknown add nothing", () => {
    expect(
      [
        { reason: "tournament_entry", counterparty: { kind: "tournament" as const, name: "Neon Cup" } },
        { reason: "guild_donation", counterparty: { kind: "guild" as const, name: "Iron Wolves" } },
        { reason: "war_prize", counterparty: { kind: "war" as const, name: "Guild War #3" } },
        { reason: "summon", counterparty: { kind: "house" as const } },
        { reason: "vault_deposit", counterparty: { kind: "own" as const, account: "vault" as const } },
        { reason: "pvp_win", counterparty: null },
      ].map(entryTitle),
    ).toEqual([
      "Tournament entry · Neon Cup",
      "Guild donation · Iron Wolves",
      "War prize · Guild War #3",
      "Summon",
      "Vault deposit",
      "PvP victory",
    ]);
  });
});
