import { describe, expect, it } from "vitest";
import {
  allowedRoleActions,
  canStartWar,
  checkCreateGuild,
  checkGuildMember,
  checkJoinGuild,
  checkRoleAction,
  checkSitOutChoice,
  filterGuilds,
  guildPower,
  isWarEligible,
  leaveOutcome,
  selectWarGuilds,
  successorOf,
  warEligibilityProgress,
} from "./guilds";
import type { Result } from "./types";
import { GuildId, UserId } from "./types";

const refusal = (result: Result<unknown>) => (result.ok ? null : result.message);

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
      code: "NOT_ENOUGH_COINS",
      message: "Not enough coins!",
    });
    expect(checkCreateGuild({ inGuild: true, coins: 1000 }).ok).toBe(false);
  });

  it("founding and joining refuse a player who is already in a guild", () => {
    expect(checkCreateGuild({ inGuild: true, coins: 1000 })).toEqual({
      ok: false,
      code: "CONFLICT",
      message: "You are already in a guild",
    });
    expect(checkJoinGuild({ inGuild: false, memberCount: 20, maxMembers: 20 })).toEqual({
      ok: false,
      code: "LIMIT_REACHED",
      message: "Guild is full",
    });
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
    expect(isWarEligible(5000, true)).toBe(false);
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

  it("guilds already at war are not chosen again, and power ties go to the lower id", () => {
    const list = [
      ...Array.from({ length: 7 }, (_, i) => guild(`g${i}`, 100)),
      { ...guild("busy", 900, 2000), atWar: true },
      guild("b", 50),
      guild("a", 50),
    ];
    const chosen = selectWarGuilds(list);
    expect(chosen?.map((g) => g.id)).toEqual(["g0", "g1", "g2", "g3", "g4", "g5", "g6", "a"]);
  });
});

const member = (
  id: string,
  role: "leader" | "officer" | "member",
  contributionTotal: number,
  joinedAt = 0,
) => ({
  userId: UserId(id),
  role,
  contributionTotal,
  joinedAt,
});

describe("sitting out the next war", () => {
  it("the leader or an officer may choose it; a member is refused", () => {
    expect(checkSitOutChoice("leader")).toEqual({ ok: true, value: null });
    expect(checkSitOutChoice("officer")).toEqual({ ok: true, value: null });
    expect(checkSitOutChoice("member")).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
      message: "Only the leader or an officer can choose to sit out",
    });
  });
});

describe("roles", () => {
  const leader = { userId: UserId("lead"), role: "leader" as const };
  const officer = { userId: UserId("off"), role: "officer" as const };
  const officer2 = { userId: UserId("off2"), role: "officer" as const };
  const plain = { userId: UserId("mem"), role: "member" as const };
  const plain2 = { userId: UserId("mem2"), role: "member" as const };

  it("the leader promotes members and demotes officers; nobody else does", () => {
    expect(checkRoleAction({ action: "promote", actor: leader, target: plain })).toEqual({
      ok: true,
      value: "officer",
    });
    expect(checkRoleAction({ action: "demote", actor: leader, target: officer })).toEqual({
      ok: true,
      value: "member",
    });
    expect(refusal(checkRoleAction({ action: "promote", actor: officer, target: plain }))).toBe(
      "Only the guild leader can promote members",
    );
    expect(refusal(checkRoleAction({ action: "demote", actor: officer, target: officer2 }))).toBe(
      "Only the guild leader can demote officers",
    );
    expect(refusal(checkRoleAction({ action: "promote", actor: leader, target: officer }))).toBe(
      "That member is already an officer",
    );
    expect(refusal(checkRoleAction({ action: "demote", actor: leader, target: plain }))).toBe(
      "Only officers can be demoted",
    );
  });

  it("leader and officers remove members below them; an officer cannot remove the leader or an officer", () => {
    expect(checkRoleAction({ action: "remove", actor: leader, target: officer }).ok).toBe(true);
    expect(checkRoleAction({ action: "remove", actor: officer, target: plain }).ok).toBe(true);
    for (const target of [leader, officer2]) {
      expect(refusal(checkRoleAction({ action: "remove", actor: officer, target }))).toBe(
        "You can only remove members below your rank",
      );
    }
    expect(refusal(checkRoleAction({ action: "remove", actor: plain, target: plain2 }))).toBe(
      "You can only remove members below your rank",
    );
    expect(refusal(checkRoleAction({ action: "remove", actor: leader, target: leader }))).toBe(
      "You cannot do that to yourself",
    );
  });

  it("the screen offers exactly the allowed actions", () => {
    expect(allowedRoleActions(leader, plain)).toEqual(["promote", "remove"]);
    expect(allowedRoleActions(leader, officer)).toEqual(["demote", "remove"]);
    expect(allowedRoleActions(officer, plain)).toEqual(["remove"]);
    expect(allowedRoleActions(officer, leader)).toEqual([]);
    expect(allowedRoleActions(plain, plain2)).toEqual([]);
  });
});

describe("leaving", () => {
  it("a leaving leader hands over to the officer with the most contribution", () => {
    const staying = [member("m1", "member", 900), member("o1", "officer", 100), member("o2", "officer", 300)];
    expect(successorOf(staying)).toBe("o2");
    expect(leaveOutcome({ leaverRole: "leader", staying })).toEqual({ disband: false, newLeader: "o2" });
  });

  it("without officers, to the member with the most contribution; a tie goes to the earlier joiner", () => {
    expect(successorOf([member("m1", "member", 10), member("m2", "member", 40)])).toBe("m2");
    expect(successorOf([member("late", "member", 40, 2000), member("early", "member", 40, 1000)])).toBe(
      "early",
    );
  });

  it("a member leaving changes no roles; the last member leaving disbands the guild", () => {
    expect(leaveOutcome({ leaverRole: "member", staying: [member("l", "leader", 0)] })).toEqual({
      disband: false,
      newLeader: null,
    });
    expect(leaveOutcome({ leaverRole: "leader", staying: [] })).toEqual({ disband: true });
    expect(successorOf([])).toBeNull();
  });
});
