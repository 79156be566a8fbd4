// The war card on /guild-wars: a war the event runner keeps failing on says it is delayed and retrying, with the
// last error for an admin (the server gives players null there); a healthy war says nothing of the kind.
import type { GuildWarSummary } from "@bot-arena/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../app/test-render";
import GuildWarsPage from "./GuildWarsPage";
import { WarCard } from "./WarCard";

const MUSTER = { readyGuilds: 0, restingGuilds: 0, guildsPerWar: 8, restHours: 20 } as const;

const war = (fields: Partial<GuildWarSummary>): GuildWarSummary => ({
  id: "war-1",
  name: "Guild War #1",
  status: "battle",
  registrationEndsAt: null,
  battleEndsAt: "2030-01-01T13:00:00.000Z",
  completedAt: null,
  createdAt: "2030-01-01T12:00:00.000Z",
  currentRound: 2,
  rounds: 7,
  nextDueAt: "2030-01-01T12:40:00.000Z",
  rewards: { first: 2000, second: 1000, third: 500 },
  prizePool: 3500,
  funding: "house",
  participants: [],
  attempts: 0,
  lastError: null,
  ...fields,
});

function show(active: GuildWarSummary[], myGuildId: string | null = null) {
  renderPage(<GuildWarsPage />, {
    path: "/guild-wars",
    api: {
      guildWars: {
        active,
        history: [],
        myGuildId,
        myGuild: null,
        muster: MUSTER,
        serverTime: "2030-01-01T12:30:00.000Z",
      },
    },
  });
}

describe("/guild-wars: a delayed war", () => {
  it("says the arena is retrying, with the last error when the server gives it (admins)", async () => {
    show([
      war({ id: "a", name: "Calm War" }),
      war({ id: "b", name: "Stuck War", attempts: 1, lastError: "deadlock detected" }),
      // What a player gets: the attempts, never the error.
      war({ id: "c", name: "Quiet War", attempts: 5 }),
      war({ id: "d", name: "Long War", attempts: 6, lastError: "lock timeout" }),
    ]);
    const cards = await screen.findAllByTestId("war-card");
    const [calm, stuck, quiet, long] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(calm).queryByTestId("war-delayed")).toBeNull();
    expect(within(stuck).getByTestId("war-delayed").textContent).toContain(
      "Delayed — the arena is retrying (1 attempt)",
    );
    expect(within(stuck).getByTestId("war-error").textContent).toBe("deadlock detected");
    expect(within(quiet).getByTestId("war-delayed").textContent).toContain("(5 attempts)");
    expect(within(quiet).queryByTestId("war-error")).toBeNull();
    expect(within(long).getByTestId("war-error").textContent).toBe("lock timeout");
  });
});

describe("/guild-wars: the player's guild in a war", () => {
  const participant = (n: number) => ({
    guildId: `g${n}`,
    name: `Clan ${n}`,
    tag: `C${n}`,
    banner: null,
    totalPower: 900 - n,
    duelWins: 10 - n,
    placement: null,
    prizeAmount: 0,
    rank: n,
  });

  it("says the guild is drafted during registration, and where it stands once the battle runs", async () => {
    show(
      [
        war({
          id: "r",
          name: "Fresh War",
          status: "registration",
          participants: [participant(1), participant(2)],
        }),
        war({ id: "b", name: "Hot War", participants: [participant(1), participant(2)] }),
      ],
      "g2",
    );
    const [fresh, hot] = (await screen.findAllByTestId("war-card")) as [HTMLElement, HTMLElement];
    expect(within(fresh).getByTestId("war-mine").textContent).toBe(
      "Your guild [C2] is drafted: the battle starts when registration ends",
    );
    expect(within(hot).getByTestId("war-mine").textContent).toBe("Your guild [C2] is fighting, 2nd now");
  });
});

describe("/guild-wars: the card's countdowns (issue 41)", () => {
  it("counts to the end of the round being fought, and shows the battle's end apart", async () => {
    // The server's time is 12:30; round 2 ends at 12:30:20, the battle at 12:32:14.
    renderPage(
      <WarCard
        war={war({ nextDueAt: "2030-01-01T12:30:20.000Z", battleEndsAt: "2030-01-01T12:32:14.000Z" })}
        now={Date.parse("2030-01-01T12:30:00.000Z")}
      />,
      { path: "/guild-wars" },
    );
    expect((await screen.findByTestId("war-countdown")).textContent).toBe("Round 2 of 7 · ends in 0m 20s");
    expect(screen.getByTestId("war-battle-end").textContent).toBe("Battle ends in 2m 14s");
  });

  it("registration shows no battle end", async () => {
    renderPage(
      <WarCard
        war={war({
          status: "registration",
          currentRound: 0,
          registrationEndsAt: "2030-01-01T12:35:00.000Z",
          battleEndsAt: null,
          nextDueAt: "2030-01-01T12:35:00.000Z",
        })}
        now={Date.parse("2030-01-01T12:30:00.000Z")}
      />,
      { path: "/guild-wars" },
    );
    expect((await screen.findByTestId("war-countdown")).textContent).toBe("Battle begins in 5m 00s");
    expect(screen.queryByTestId("war-battle-end")).toBeNull();
  });
});
