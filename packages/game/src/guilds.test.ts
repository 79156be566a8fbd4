import { describe, expect, it } from "vitest";
import {
  canStartWar,
  checkCreateGuild,
  checkGuildMember,
  checkJoinGuild,
  filterGuilds,
  guildPower,
  isWarEligible,
  rankWarGuilds,
  selectWarGuilds,
  warEligibilityProgress,
  warPrizePool,
} from "./guilds";
import { GuildId } from "./types";

const guild = (id: string, totalPower: number, bankBalance = 500) => ({
  id: GuildId(id),
  totalPower,
  bankBalance,
});

describe("guilds", () => {
  it("founding costs 100 coins and is for players without a guild", () => {
    expect(checkCreateGuild({ inGuild: false, coins: 100 }).ok).toBe(true);
    expect(checkCreateGuild({ inGuild: false, coins: 99 })).toEqual({
      ok: false,
      message: "Not enough coins!",
    });
    expect(checkCreateGuild({ inGuild: true, coins: 1000 }).ok).toBe(false);
  });

  it("joining needs no guild yet and room in the chosen one", () => {
    expect(checkJoinGuild({ inGuild: false, memberCount: 19, maxMembers: 20 }).ok).toBe(true);
    expect(checkJoinGuild({ inGuild: false, memberCount: 20, maxMembers: 20 }).ok).toBe(false);
    expect(checkJoinGuild({ inGuild: true, memberCount: 1, maxMembers: 20 }).ok).toBe(false);
  });

  it("only members donate and leave", () => {
    expect(checkGuildMember(false).ok).toBe(false);
    expect(checkGuildMember(true).ok).toBe(true);
  });

  it("power is the sum of the members' bot strength", () => {
    expect(guildPower([120, 80, 45])).toBe(245);
    expect(guildPower([])).toBe(0);
  });

  it("search matches name or tag, ignoring case", () => {
    const list = [
      { name: "Iron Fist", tag: "IRN" },
      { name: "Neon Owls", tag: "OWL" },
    ];
    expect(filterGuilds(list, "iron").map((g) => g.tag)).toEqual(["IRN"]);
    expect(filterGuilds(list, "owl").map((g) => g.tag)).toEqual(["OWL"]);
    expect(filterGuilds(list, "  ")).toHaveLength(2);
  });
});

describe("guild wars", () => {
  it("a guild is war-eligible from 500 coins in its bank", () => {
    expect(isWarEligible(499)).toBe(false);
    expect(isWarEligible(500)).toBe(true);
    expect(warEligibilityProgress(250)).toEqual({ current: 250, needed: 500, percent: 50 });
    expect(warEligibilityProgress(900).percent).toBe(100);
  });

  it("a war starts with 8 eligible guilds", () => {
    expect(canStartWar(7)).toBe(false);
    expect(canStartWar(8)).toBe(true);
    const seven = Array.from({ length: 7 }, (_, i) => guild(`g${i}`, i));
    expect(selectWarGuilds([...seven, guild("poor", 999, 10)])).toBeNull();
  });

  it("the 8 most powerful eligible guilds fight", () => {
    const list = Array.from({ length: 10 }, (_, i) => guild(`g${i}`, i * 10));
    const chosen = selectWarGuilds(list);
    expect(chosen?.map((g) => g.id)).toEqual(["g9", "g8", "g7", "g6", "g5", "g4", "g3", "g2"]);
  });

  it("placements go by power, ties by id, and the top three win 2000/1000/500", () => {
    const placed = rankWarGuilds([
      { guildId: GuildId("b"), totalPower: 300 },
      { guildId: GuildId("a"), totalPower: 300 },
      { guildId: GuildId("c"), totalPower: 900 },
      { guildId: GuildId("d"), totalPower: 10 },
    ]);
    expect(placed.map((p) => [p.guildId, p.placement, p.prizeAmount])).toEqual([
      ["c", 1, 2000],
      ["a", 2, 1000],
      ["b", 3, 500],
      ["d", 4, 0],
    ]);
    expect(warPrizePool()).toBe(3500);
  });
});
