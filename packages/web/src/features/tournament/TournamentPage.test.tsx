// /tournament shows each format the way its players expect: single elimination's bracket with lines from each
// match to the one it feeds; double elimination's winners' and losers' brackets and the grand final; a round
// robin's or Swiss's table (Buchholz only for Swiss, the viewer's row lit, the podium marked once over) over each
// round's pairings, a bye among them.
import type { TournamentDetail } from "@bot-arena/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { findLocation, renderPage } from "../../app/test-render";
import { aDetail, aMatch, aParticipant, aStanding } from "./fixtures";
import TournamentPage from "./TournamentPage";

function show(detail: TournamentDetail) {
  return renderPage(<TournamentPage />, {
    path: "/tournament",
    api: { currentTournament: { tournament: detail }, pastTournaments: { tournaments: [] } },
  });
}

const names = (rows: HTMLElement[]) =>
  rows.map((row) => within(row).getAllByText(/^pilot_\d+$/)[0]!.textContent);

describe("/tournament by format", () => {
  it("single elimination: the bracket joins each semi-final to the final; the bronze match stands apart", async () => {
    show(
      aDetail({
        tournament: { format: "single_elimination", totalRounds: 2, currentRound: 2 },
        players: 4,
        matches: [
          aMatch({ round: 1, a: 1, b: 4, winner: 1, title: "SEMI-FINALS" }),
          aMatch({ round: 1, a: 2, b: 3, winner: 3, title: "SEMI-FINALS" }),
          aMatch({ round: 2, a: 1, b: 3, title: "FINAL" }),
          aMatch({ round: 2, a: 4, b: 2, title: "3RD PLACE", thirdPlace: true, side: "bronze" }),
        ],
      }),
    );
    expect(await screen.findByTestId("tournament-format")).toHaveProperty(
      "textContent",
      "Single elimination",
    );
    const semis = screen.getByRole("region", { name: "SEMI-FINALS" });
    const final = screen.getByRole("region", { name: "FINAL" });
    const bronze = screen.getByRole("region", { name: "3RD PLACE" });
    expect(within(semis).getAllByTestId("match-card")).toHaveLength(2);
    // Two lines leave the semi-finals (one bends down, one up, meeting at the final's height); one enters it.
    expect(within(semis).getAllByTestId("line-out")).toHaveLength(2);
    expect(within(final).queryAllByTestId("line-out")).toHaveLength(0);
    expect(within(final).getAllByTestId("line-in")).toHaveLength(1);
    expect(within(bronze).queryAllByTestId("line-in")).toHaveLength(0);
  });

  it("double elimination: winners' bracket, losers' bracket below it, then the grand final and its reset", async () => {
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
    expect(await screen.findByTestId("tournament-format")).toHaveProperty(
      "textContent",
      "Double elimination",
    );
    const winners = screen.getByRole("region", { name: "WINNERS BRACKET" });
    const losers = screen.getByRole("region", { name: "LOSERS BRACKET" });
    const finals = screen.getByRole("region", { name: "GRAND FINAL" });
    expect(within(winners).getByRole("heading", { name: "WINNERS ROUND 2" })).toBeTruthy();
    expect(within(winners).getAllByTestId("match-card")).toHaveLength(3);
    expect(within(winners).getAllByTestId("line-out")).toHaveLength(2);
    // The losers' side: pilot_4 and pilot_3 (both beaten once), then pilot_3 against pilot_2, in a straight line.
    const losersCards = within(losers).getAllByTestId("match-card");
    expect(losersCards).toHaveLength(2);
    expect(within(losersCards[0]!).getByText("pilot_4")).toBeTruthy();
    expect(within(losers).getByRole("heading", { name: "LOSERS ROUND 2" })).toBeTruthy();
    expect(within(losers).getAllByTestId("line-out")).toHaveLength(1);
    // The losers' side sits below the winners' side.
    expect(winners.compareDocumentPosition(losers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(finals).getByRole("heading", { name: "GRAND FINAL" })).toBeTruthy();
    expect(within(finals).getByRole("heading", { name: "BRACKET RESET" })).toBeTruthy();
    expect(within(finals).getAllByTestId("match-card")).toHaveLength(2);
    expect(within(finals).getByTestId("live-overlay")).toBeTruthy();
  });

  it("double elimination before a first defeat: the losers' side and the grand final say what they are for", async () => {
    show(
      aDetail({
        tournament: { format: "double_elimination", totalRounds: 5, currentRound: 1 },
        players: 4,
        matches: [
          aMatch({ round: 1, a: 1, b: 4, side: "winners", title: "WINNERS ROUND 1" }),
          aMatch({ round: 1, a: 2, b: 3, side: "winners", title: "WINNERS ROUND 1" }),
        ],
      }),
    );
    const losers = await screen.findByRole("region", { name: "LOSERS BRACKET" });
    expect(within(losers).queryAllByTestId("match-card")).toHaveLength(0);
    expect(
      within(losers).getByText("A first defeat drops a player here; a second ends the run."),
    ).toBeTruthy();
  });

  it("Swiss: the table in place order with Buchholz, the viewer's row lit, the newest round first with its bye", async () => {
    show(
      aDetail({
        tournament: { format: "swiss", totalRounds: 3, currentRound: 2 },
        players: 5,
        me: 3,
        matches: [
          aMatch({ round: 1, a: 1, b: 4, winner: 1 }),
          aMatch({ round: 1, a: 2, b: 5, winner: 2 }),
          aMatch({ round: 1, a: 3, b: null }),
          aMatch({ round: 2, a: 1, b: 2 }),
          aMatch({ round: 2, a: 3, b: 4 }),
          aMatch({ round: 2, a: 5, b: null }),
        ],
        // Sent in any order: the table follows `place`.
        standings: [
          aStanding(4, 5, { losses: 1, buchholz: 1 }),
          aStanding(3, 3, { wins: 1, byes: 1, buchholz: 0 }),
          aStanding(1, 1, { wins: 1, buchholz: 2 }),
          aStanding(5, 4, { losses: 1, byes: 1, buchholz: 1 }),
          aStanding(2, 2, { wins: 1, buchholz: 1 }),
        ],
      }),
    );
    expect(await screen.findByTestId("tournament-format")).toHaveProperty("textContent", "Swiss · 3 rounds");
    const table = screen.getByRole("table", { name: "Standings" });
    expect(within(table).getByRole("columnheader", { name: "Buchholz" })).toBeTruthy();
    const rows = within(table).getAllByTestId("standing-row");
    expect(names(rows)).toEqual(["pilot_1", "pilot_2", "pilot_3", "pilot_5", "pilot_4"]);
    expect(within(rows[0]!).getByTestId("buchholz").textContent).toBe("2");
    expect(rows[2]!.getAttribute("aria-current")).toBe("true");
    expect(within(rows[2]!).getByText("You")).toBeTruthy();
    expect(rows.filter((row) => row.getAttribute("aria-current"))).toHaveLength(1);
    // Not over yet: nobody wears a medal.
    expect(within(table).queryByText("1st")).toBeNull();

    const rounds = screen.getAllByTestId("pairing-round");
    expect(rounds.map((r) => r.getAttribute("aria-label"))).toEqual(["ROUND 2", "ROUND 1"]);
    const bye = within(rounds[0]!)
      .getAllByTestId("match-card")
      .find((card) => within(card).queryByText("BYE"));
    expect(bye && within(bye).getByText("pilot_5")).toBeTruthy();
    expect(within(rounds[0]!).getByText("Live")).toBeTruthy();
    expect(within(rounds[1]!).getByText("Done")).toBeTruthy();
  });

  it("round robin, over: no Buchholz, the top three marked 1st, 2nd and 3rd, the podium above", async () => {
    const placed = [1, 2, 3, 4].map((n) =>
      aParticipant(n, { placement: n, prizeWon: [1000, 500, 250, 0][n - 1]! }),
    );
    show(
      aDetail({
        tournament: { format: "round_robin", status: "completed", totalRounds: 3, currentRound: 3 },
        players: 4,
        participants: placed,
        matches: [
          aMatch({ round: 1, a: 1, b: 4, winner: 1 }),
          aMatch({ round: 1, a: 2, b: 3, winner: 2 }),
          aMatch({ round: 2, a: 1, b: 3, winner: 1 }),
          aMatch({ round: 2, a: 4, b: 2, winner: 2 }),
          aMatch({ round: 3, a: 1, b: 2, winner: 1 }),
          aMatch({ round: 3, a: 3, b: 4, winner: 3 }),
        ],
        standings: [
          aStanding(1, 1, { wins: 3 }),
          aStanding(2, 2, { wins: 2, losses: 1 }),
          aStanding(3, 3, { wins: 1, losses: 2 }),
          aStanding(4, 4, { losses: 3 }),
        ],
      }),
    );
    expect(await screen.findByTestId("tournament-format")).toHaveProperty("textContent", "Round robin");
    expect(screen.getByTestId("podium")).toBeTruthy();
    // The table ranks everyone: no second ranking above it.
    expect(screen.queryAllByTestId("ranking-row")).toHaveLength(0);
    const table = screen.getByRole("table", { name: "Standings" });
    expect(within(table).queryByRole("columnheader", { name: "Buchholz" })).toBeNull();
    expect(within(table).queryAllByTestId("buchholz")).toHaveLength(0);
    const rows = within(table).getAllByTestId("standing-row");
    expect(rows.map((row) => (row as HTMLTableRowElement).cells[0]!.textContent)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4",
    ]);
    expect(screen.getAllByTestId("pairing-round")).toHaveLength(3);
  });
});

describe("/tournament: the player's own line while it runs", () => {
  const line = () => screen.findByTestId("my-tournament");

  it("their match is live: Watch opens its battle", async () => {
    const live = aMatch({ round: 1, a: 1, b: 2, title: "SEMI-FINALS", battleId: "battle-live" });
    const { user } = show(
      aDetail({
        tournament: { format: "single_elimination" },
        players: 4,
        me: 2,
        matches: [live, aMatch({ round: 1, a: 3, b: 4, title: "SEMI-FINALS" })],
      }),
    );
    const mine = await line();
    expect(mine.dataset.state).toBe("live");
    expect(mine.textContent).toContain("Your match is live");
    expect(mine.textContent).toContain(`SEMI-FINALS · Match ${live.matchNumber}`);
    await user.click(within(mine).getByRole("link", { name: "Watch" }));
    expect(await findLocation()).toBe(`/battles/${live.battleId}`);
  });

  it("knocked out: says so, and in which match", async () => {
    const lost = aMatch({ round: 1, a: 1, b: 4, winner: 1, title: "QUARTER-FINALS" });
    show(
      aDetail({
        tournament: { format: "single_elimination", currentRound: 2 },
        players: 4,
        me: 4,
        matches: [lost, aMatch({ round: 2, a: 1, b: 2, title: "SEMI-FINALS" })],
      }),
    );
    const mine = await line();
    expect(mine.dataset.state).toBe("out");
    expect(mine.textContent).toContain("You were knocked out");
    expect(mine.textContent).toContain(`QUARTER-FINALS · Match ${lost.matchNumber}`);
  });

  it("a round robin's loss leaves the player in, waiting for the next round", async () => {
    show(
      aDetail({
        tournament: { format: "round_robin", currentRound: 1 },
        players: 3,
        me: 2,
        matches: [aMatch({ round: 1, a: 1, b: 2, winner: 1 }), aMatch({ round: 1, a: 3, b: null })],
      }),
    );
    const mine = await line();
    expect(mine.dataset.state).toBe("in");
    expect(mine.textContent).toContain("You are still in");
  });

  it("says nothing to a player who is not in it", async () => {
    show(
      aDetail({
        tournament: { format: "single_elimination" },
        players: 2,
        matches: [aMatch({ round: 1, a: 1, b: 2 })],
      }),
    );
    await screen.findAllByTestId("match-card");
    expect(screen.queryByTestId("my-tournament")).toBeNull();
  });
});
