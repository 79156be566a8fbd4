// Match cards that read well: a decided match tells the winner's HP left, a live one how many watch it (the counts
// the tournament's live channel carries), and a bracket of any elimination format joins its rounds by lines.
import type { TournamentDetail } from "@bot-arena/contract";
import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../app/test-render";
import { recordWatching } from "../battles/watching";
import { aDetail, aMatch } from "./fixtures";
import TournamentPage from "./TournamentPage";

function show(detail: TournamentDetail) {
  return renderPage(<TournamentPage />, {
    path: "/tournament",
    api: { currentTournament: { tournament: detail }, pastTournaments: { tournaments: [] } },
  });
}

describe("match cards", () => {
  it("a decided match shows the winner's HP left; a live one how many are watching", async () => {
    const semi = aMatch({ round: 1, a: 1, b: 4, winner: 1, title: "SEMI-FINALS", winnerHp: 37 });
    const live = aMatch({
      round: 1,
      a: 2,
      b: 3,
      title: "SEMI-FINALS",
      battleId: "battle-live",
      canWatch: true,
    });
    const { queryClient } = show(
      aDetail({
        tournament: { format: "single_elimination", totalRounds: 2, currentRound: 1 },
        players: 4,
        matches: [
          semi,
          live,
          aMatch({ round: 2, a: 1, b: 1, title: "FINAL", status: "pending", winnerId: null }),
        ],
      }),
    );
    const cards = await screen.findAllByTestId("match-card");
    const decided = cards.find((c) => c.getAttribute("data-status") === "completed")!;
    expect(within(decided).getByTestId("winner-hp").textContent).toBe("37 HP left");
    const fighting = cards.find((c) => c.getAttribute("data-status") === "in_progress")!;
    expect(within(fighting).queryByTestId("winner-hp")).toBeNull();
    // Nobody watches yet: nothing said.
    expect(within(fighting).queryByTestId("watching")).toBeNull();

    act(() => {
      recordWatching(queryClient, {
        channel: "tournament:tournament-1",
        kind: "watching",
        data: { counts: { "battle-live": 3 } },
        at: 0,
      });
    });
    expect((await within(fighting).findByTestId("watching")).textContent).toBe("3 watching");
    expect(within(decided).queryByTestId("watching")).toBeNull();
  });

  it("double elimination joins its rounds by lines too, the grand final to its reset", async () => {
    show(
      aDetail({
        tournament: { format: "double_elimination", totalRounds: 5, currentRound: 5 },
        players: 4,
        matches: [
          aMatch({ round: 1, a: 1, b: 4, winner: 1, side: "winners", title: "WINNERS ROUND 1" }),
          aMatch({ round: 1, a: 2, b: 3, winner: 2, side: "winners", title: "WINNERS ROUND 1" }),
          aMatch({ round: 2, a: 1, b: 2, winner: 1, side: "winners", title: "WINNERS ROUND 2" }),
          aMatch({ round: 2, a: 4, b: 3, winner: 3, side: "losers", title: "LOSERS ROUND 1" }),
          aMatch({ round: 3, a: 3, b: 2, winner: 3, side: "losers", title: "LOSERS ROUND 2" }),
          aMatch({ round: 4, a: 1, b: 3, winner: 3, side: "grand_final", title: "GRAND FINAL" }),
          aMatch({ round: 5, a: 1, b: 3, side: "bracket_reset", title: "BRACKET RESET" }),
        ],
      }),
    );
    for (const side of ["WINNERS BRACKET", "LOSERS BRACKET", "GRAND FINAL"]) {
      const region = await screen.findByRole("region", { name: side });
      expect(within(region).getAllByTestId("line-out").length).toBeGreaterThan(0);
      expect(within(region).getAllByTestId("line-in").length).toBeGreaterThan(0);
    }
  });
});
