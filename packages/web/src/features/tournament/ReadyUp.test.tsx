// The ready-up view tells the truth about who starts: below the minimum it counts the joins still needed; once
// enough have joined it counts who still has to ready up and says the start refunds the unready (with the
// countdown to it); the Prize Pool tile is the ready players' pool, 'up to' the joined players' one.
import type { TournamentDetail } from "@bot-arena/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../app/test-render";
import { aDetail, aParticipant } from "./fixtures";
import TournamentPage from "./TournamentPage";

function show(detail: TournamentDetail) {
  return renderPage(<TournamentPage />, {
    path: "/tournament",
    api: { currentTournament: { tournament: detail }, pastTournaments: { tournaments: [] } },
  });
}

/** A player-mode tournament in registration: `joined` players, the first `ready` of them ready. */
function registering(joined: number, ready: number, minPlayers = 4) {
  return aDetail({
    tournament: {
      status: "pending",
      isReadyPhase: true,
      bracketGenerated: false,
      entryFeeMode: "player",
      entryFee: 150,
      minPlayers,
      readyCount: ready,
      prizePool: 150 * joined,
      readyPrizePool: 150 * ready,
      // The detail's server time is 12:30:00: registration ends in 4m 10s.
      registrationEndsAt: "2030-01-01T12:34:10.000Z",
    },
    players: joined,
    matches: [],
    participants: Array.from({ length: joined }, (_, i) => aParticipant(i + 1, { isReady: i < ready })),
  });
}

const tile = (label: string) => screen.getAllByTestId("tile").find((t) => within(t).queryByText(label))!;

describe("the ready-up view", () => {
  it("below the minimum: how many more must join, and nothing about refunds yet", async () => {
    show(registering(2, 2));
    expect((await screen.findByTestId("ready-message")).textContent).toBe(
      "Waiting for 2 more player(s) to join",
    );
    expect(screen.queryByTestId("ready-deadline")).toBeNull();
  });

  it("enough joined, some unready: who still has to ready up, and that the start refunds them", async () => {
    show(registering(7, 6));
    expect((await screen.findByTestId("ready-message")).textContent).toBe(
      "Waiting for 1 more player(s) to ready up",
    );
    expect(screen.getByTestId("ready-deadline").textContent).toMatch(
      /^Unready players are refunded at the start, in 4m \d\ds\.$/,
    );
  });

  it("the Prize Pool tile is the ready players' pool, 'up to' the joined players' while some are unready", async () => {
    show(registering(7, 6));
    const pool = await screen.findByText("Prize Pool").then(() => tile("Prize Pool"));
    expect(within(pool).getByText("900")).toBeTruthy();
    expect(within(pool).getByTestId("tile-note").textContent).toBe("up to 1,050");
  });

  it("everyone ready: the spec's line, and the pool without 'up to'", async () => {
    show(registering(4, 4));
    expect((await screen.findByTestId("ready-message")).textContent).toBe(
      "All players ready! Tournament starting soon...",
    );
    expect(within(tile("Prize Pool")).queryByTestId("tile-note")).toBeNull();
    expect(within(tile("Prize Pool")).getByText("600")).toBeTruthy();
  });
});
