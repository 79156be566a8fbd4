// The tournament header's two countdowns while the bracket plays (issue 41): the next round's start and the
// battle's end, each counted from the same clock; the last round shows only the battle's end.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../app/test-render";
import { aTournament } from "./fixtures";
import { TournamentHeader } from "./TournamentHeader";

const at = (iso: string) => new Date(iso).getTime();

describe("the tournament header", () => {
  it("shows the next round's start beside the battle's end", async () => {
    const tournament = aTournament({
      currentRound: 1,
      totalRounds: 3,
      nextRoundStartsAt: "2030-01-01T12:30:20.000Z",
      battleEndsAt: "2030-01-01T13:00:00.000Z",
    });
    renderPage(<TournamentHeader tournament={tournament} now={at("2030-01-01T12:30:00Z")} />, { path: "/" });
    expect((await screen.findByTestId("next-round")).textContent).toBe("Round 2 in 0m 20s");
    expect(screen.getByText("Next round")).toBeTruthy();
    expect(screen.getByTestId("countdown").textContent).toBe("0h 30m");
    expect(screen.getByText("Battle ends")).toBeTruthy();
  });

  it("in the last round only the battle's end counts down", async () => {
    const tournament = aTournament({
      currentRound: 3,
      totalRounds: 3,
      nextRoundStartsAt: null,
      battleEndsAt: "2030-01-01T12:30:45.000Z",
    });
    renderPage(<TournamentHeader tournament={tournament} now={at("2030-01-01T12:30:00Z")} />, { path: "/" });
    expect((await screen.findByTestId("countdown")).textContent).toBe("0h 1m");
    expect(screen.queryByTestId("next-round")).toBeNull();
  });
});
