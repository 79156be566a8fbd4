// /guild-wars in words: with no war running, the empty state keeps the spec's two lines and says what a war is,
// that it costs nothing and who pays; History names each prize as the arena's, and a war fought under the old
// stakes says so (what each of the three gained after its stake), so no stake coming back reads as a prize.
import type { GuildStanding, GuildWarSummary, WarParticipant } from "@bot-arena/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../app/test-render";
import GuildWarsPage from "./GuildWarsPage";
import { formatRestEnd } from "./next-fight";

const MUSTER = { readyGuilds: 0, restingGuilds: 0, guildsPerWar: 8, restHours: 20 } as const;

const guild = (placement: number, prizeAmount: number): WarParticipant => ({
  guildId: `g${placement}`,
  name: `Clan ${placement}`,
  tag: `C${placement}`,
  banner: null,
  totalPower: 1000 - placement,
  duelWins: 30 - placement,
  placement,
  prizeAmount,
  rank: placement,
});

const completed = (fields: Partial<GuildWarSummary>): GuildWarSummary => ({
  id: "war-1",
  name: "Guild War #1",
  status: "completed",
  registrationEndsAt: null,
  battleEndsAt: null,
  completedAt: "2030-01-01T20:00:00.000Z",
  createdAt: "2030-01-01T12:00:00.000Z",
  currentRound: 7,
  rounds: 7,
  nextDueAt: null,
  rewards: { first: 2000, second: 1000, third: 500 },
  prizePool: 3500,
  funding: "house",
  participants: [guild(1, 2000), guild(2, 1000), guild(3, 500), guild(4, 0)],
  attempts: 0,
  lastError: null,
  ...fields,
});

function show(history: GuildWarSummary[] = [], myGuildId: string | null = null) {
  return renderPage(<GuildWarsPage />, {
    path: "/guild-wars",
    api: {
      guildWars: {
        active: [],
        history,
        myGuildId,
        myGuild: null,
        muster: MUSTER,
        serverTime: "2030-01-02T12:00:00.000Z",
      },
    },
  });
}

describe("/guild-wars: no war running", () => {
  it("keeps the spec's lines and says a war costs nothing, when it starts and what the arena pays", async () => {
    show();
    const empty = await screen.findByTestId("no-active-wars");
    expect(within(empty).getByText("No active guild wars at the moment")).toBeTruthy();
    expect(
      within(empty).getByText(
        "Guilds need to reach 500 coins in their bank. When 8 guilds are ready, a war begins!",
      ),
    ).toBeTruthy();
    expect(within(empty).getByTestId("war-rules").textContent).toBe(
      "A guild war costs nothing: when 8 guilds have 500 coins or more in their banks, the strongest 8 are " +
        "enlisted and fight a round robin; the arena pays 1st, 2nd and 3rd (2,000 / 1,000 / 500 coins) into their banks.",
    );
    expect(screen.getByText(/Free to enter\./)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/stake/i);
  });
});

describe("/guild-wars: the next war", () => {
  const resting = {
    id: "g9",
    name: "Neon Owls",
    tag: "OWL",
    description: null,
    memberCount: 3,
    maxMembers: 20,
    bankBalance: 900,
    totalPower: 300,
    isEligibleForWar: false,
    sitsOutNextWar: false,
    currentWarId: null,
    // 3 h 05 m after the server's time.
    restsUntil: "2030-01-02T15:05:00.000Z",
    progress: { current: 500, needed: 500 as const, percent: 100 },
    perks: { seatLevel: 0, warDrillLevel: 0, banner: null },
  };

  it("says how many guilds are ready now, beside the spec's empty state", async () => {
    renderPage(<GuildWarsPage />, {
      path: "/guild-wars",
      api: {
        guildWars: {
          active: [],
          history: [],
          myGuildId: null,
          myGuild: null,
          muster: { readyGuilds: 5, restingGuilds: 8, guildsPerWar: 8, restHours: 20 },
          serverTime: "2030-01-02T12:00:00.000Z",
        },
      },
    });
    expect((await screen.findByTestId("war-muster")).textContent).toBe(
      "5 of 8 guilds ready for the next war · 8 resting after a war",
    );
    expect(screen.queryByTestId("next-fight")).toBeNull();
    expect(screen.getByText("No active guild wars at the moment")).toBeTruthy();
    expect(screen.getByText(/rest 20 hours before they are enlisted again/)).toBeTruthy();
  });

  it("tells a player in a resting guild when it can fight next, on the server's clock", async () => {
    renderPage(<GuildWarsPage />, {
      path: "/guild-wars",
      api: {
        guildWars: {
          active: [],
          history: [],
          myGuildId: "g9",
          myGuild: resting,
          muster: { readyGuilds: 0, restingGuilds: 8, guildsPerWar: 8, restHours: 20 },
          serverTime: "2030-01-02T12:00:00.000Z",
        },
      },
    });
    expect((await screen.findByTestId("next-fight")).textContent).toBe(
      `[OWL] Resting after its war: it can fight next in 3h 05m (${formatRestEnd("2030-01-02T15:05:00.000Z")}).`,
    );
  });
});

describe("/guild-wars: the rewards it quotes", () => {
  it("are the newest war's (the admin's choice when it opened), not the defaults", async () => {
    show([
      completed({
        id: "new",
        name: "Guild War #2",
        createdAt: "2030-01-02T00:00:00.000Z",
        rewards: { first: 3000, second: 1500, third: 750 },
        prizePool: 5250,
      }),
      completed({ id: "old", name: "Guild War #1" }),
    ]);
    expect((await screen.findByTestId("war-rules")).textContent).toContain("(3,000 / 1,500 / 750 coins)");
    expect(screen.getByText(/5,250 coins from the arena/)).toBeTruthy();
  });
});

describe("/guild-wars: History", () => {
  it("names each prize the arena's; an old stakes war says its entry was a 500-coin stake and what each gained", async () => {
    const { user } = show([
      completed({ id: "new", name: "Guild War #2" }),
      completed({ id: "old", name: "Guild War #1", funding: "stakes" }),
    ]);
    await user.click(await screen.findByRole("tab", { name: "History (2)" }));
    const [house, stakes] = (await screen.findAllByTestId("war-history")) as [HTMLElement, HTMLElement];

    const housePrizes = within(house)
      .getAllByTestId("war-prize")
      .map((prize) => prize.textContent);
    expect(housePrizes).toEqual([
      "+2,000 coinsprize from the arena",
      "+1,000 coinsprize from the arena",
      "+500 coinsprize from the arena",
    ]);
    expect(within(house).queryByTestId("old-rule")).toBeNull();

    expect(within(stakes).getByTestId("old-rule").textContent).toContain(
      "each guild paid a 500-coin stake from its bank to enter",
    );
    const stakePrizes = within(stakes)
      .getAllByTestId("war-prize")
      .map((prize) => prize.textContent);
    expect(stakePrizes).toEqual([
      "+2,000 coinsnet +1,500 after its stake",
      "+1,000 coinsnet +500 after its stake",
      "+500 coinsits stake back, net 0",
    ]);
  });
});

describe("/guild-wars: the viewer's own guild", () => {
  it("says in History where the player's guild placed, even off the podium", async () => {
    const { user } = show([completed({})], "g4");
    await user.click(await screen.findByRole("tab", { name: /History/ }));
    const card = await screen.findByTestId("war-history");
    expect(within(card).getByTestId("war-mine").textContent).toBe("Your guild [C4] placed 4th");
  });

  it("names the prize when the player's guild won one, and marks it among all guilds", async () => {
    const { user } = show([completed({})], "g2");
    await user.click(await screen.findByRole("tab", { name: /History/ }));
    const card = await screen.findByTestId("war-history");
    expect(within(card).getByTestId("war-mine").textContent).toBe("Your guild [C2] placed 2nd, +1,000 coins");
    await user.click(within(card).getByRole("button", { name: /All guilds and duels/ }));
    const mine = screen.getAllByTestId("war-guild").filter((row) => row.getAttribute("aria-current"));
    expect(mine.map((row) => row.textContent)).toEqual([expect.stringContaining("[C2] Clan 2You")]);
  });

  it("says nothing of the kind to a player whose guild was not in it", async () => {
    const { user } = show([completed({})], "someone-else");
    await user.click(await screen.findByRole("tab", { name: /History/ }));
    expect(within(await screen.findByTestId("war-history")).queryByTestId("war-mine")).toBeNull();
  });
});

describe("/guild-wars Guild Leaderboard", () => {
  const standing = (rank: number, fields: Partial<GuildStanding> = {}): GuildStanding => ({
    rank,
    guildId: `g${rank}`,
    name: `Clan ${rank}`,
    tag: `C${rank}`,
    banner: null,
    totalPower: 1000 - rank,
    memberCount: 5,
    warsFought: 3,
    firstPlaces: rank === 1 ? 2 : 0,
    podiums: rank <= 3 ? 3 : 0,
    prizesWon: rank === 1 ? 4500 : 0,
    ...fields,
  });

  it("ranks the guilds by power with their war record, marks the player's own and flies banners", async () => {
    const banner = { color: "Lime", hex: "#39ff14", emblem: "bolt" };
    const { user } = renderPage(<GuildWarsPage />, {
      path: "/guild-wars",
      api: {
        guildWars: {
          active: [],
          history: [],
          myGuildId: "g2",
          myGuild: null,
          muster: MUSTER,
          serverTime: "2030-01-02T12:00:00.000Z",
        },
        guildLeaderboard: { guilds: [standing(1, { banner }), standing(2), standing(3)] },
      },
    });
    await user.click(await screen.findByRole("tab", { name: "Guild Leaderboard" }));
    const rows = await screen.findAllByTestId("guild-standing");
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
    // Rank, guild, power, members, wars, 1st, top 3, prizes.
    expect(cells).toEqual([
      ["#1", "[C1]Clan 1", "999", "5", "3", "2", "3", "4,500"],
      ["#2", "[C2]Clan 2", "998", "5", "3", "0", "3", "0"],
      ["#3", "[C3]Clan 3", "997", "5", "3", "0", "3", "0"],
    ]);
    expect(rows[1]!.getAttribute("aria-current")).toBe("true");
    expect(within(rows[0]!).getByRole("img", { name: "Lime bolt banner" })).toBeTruthy();
    expect(within(rows[0]!).getByRole("link").getAttribute("href")).toBe("/guilds/g1");
  });
});
