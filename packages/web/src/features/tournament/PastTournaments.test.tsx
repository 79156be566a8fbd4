// Past tournaments keep how they ended once archived: a cancelled one still says 'Tournament cancelled', a
// completed one names its champion.
import type { PastTournament } from "@bot-arena/contract";
import { messages } from "@bot-arena/game";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderPage } from "../../app/test-render";
import { PastTournaments } from "./PastTournaments";

const past = (fields: Partial<PastTournament>): PastTournament => ({
  id: "t1",
  name: "Cup",
  status: "archived",
  entryFeeMode: "admin",
  players: 4,
  createdAt: "2026-12-01T20:00:00.000Z",
  completedAt: "2026-12-01T21:00:00.000Z",
  champion: null,
  ended: "completed",
  ...fields,
});

it("marks an archived cancelled tournament 'cancelled' and shows an archived completed one's champion", async () => {
  renderPage(<PastTournaments />, {
    path: "/tournament",
    api: {
      pastTournaments: {
        tournaments: [
          past({ id: "t1", name: "Lonely Cup", ended: "cancelled", completedAt: null }),
          past({
            id: "t2",
            name: "Paid Cup",
            champion: { username: "nova", botName: "Volt", prizeWon: 360 },
          }),
        ],
      },
    },
  });
  const rows = await screen.findAllByTestId("past-tournament");
  expect(within(rows[0]!).getByText("Lonely Cup")).toBeTruthy();
  expect(within(rows[0]!).getByText(messages.tournamentCancelled)).toBeTruthy();
  expect(within(rows[1]!).getByText("nova · Volt")).toBeTruthy();
  expect(within(rows[1]!).queryByText(messages.tournamentCancelled)).toBeNull();
});
