// /leaderboard, a list page: the board it loaded stays when a refresh fails (the server answers 500 to the read
// and to both retries), under the note that it could not refresh.
import type { LeaderboardEntry } from "@bot-arena/contract";
import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../../app/queryKeys";
import { answerOnceThenFail, fail, renderPage } from "../../app/test-render";
import { aSeason } from "../seasons/testing";
import LeaderboardPage from "./LeaderboardPage";

const entry = (rank: number, name: string): LeaderboardEntry => ({
  rank,
  botId: `bot-${rank}`,
  name,
  level: 5,
  wins: 40 - rank,
  xp: 900,
  rarity: "rare",
  imageUrl: null,
  colorPrimary: "#00f0ff",
  colorSecondary: "#0066ff",
  ownerName: `pilot_${rank}`,
  ownerTitle: null,
  isYou: false,
});

describe("/leaderboard", () => {
  it("keeps the board it loaded when a refresh fails, with the note, and no error screen", async () => {
    const board = { entries: [entry(1, "Iron Comet"), entry(2, "Volt Viper")], you: null };
    const { queryClient, api } = renderPage(<LeaderboardPage />, {
      path: "/leaderboard",
      api: {
        leaderboard: answerOnceThenFail(board, fail(500, "INTERNAL", "Something went wrong")),
        // No season table: the board's is the page's one table.
        pvpSeason: aSeason({ ladder: [] }),
      },
    });
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Iron Comet")).toBeTruthy();

    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard }));
    // The first read, then the refresh and its two retries.
    expect(api.callsTo("leaderboard")).toHaveLength(4);
    expect((await screen.findByRole("status")).textContent).toBe("Could not refresh, retrying");
    expect(within(screen.getByRole("table")).getByText("Volt Viper")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Failed to load leaderboard" })).toBeNull();
  });

  it("names an owner's latest season title beside its name, as a badge", async () => {
    renderPage(<LeaderboardPage />, {
      path: "/leaderboard",
      api: {
        leaderboard: {
          entries: [{ ...entry(1, "Iron Comet"), ownerTitle: "Season 2 Champion" }, entry(2, "Volt Viper")],
          you: null,
        },
        pvpSeason: aSeason({ ladder: [] }),
      },
    });
    const table = await screen.findByRole("table");
    expect(
      within(table)
        .getAllByTestId("season-title")
        .map((title) => title.textContent),
    ).toEqual(["Season 2 Champion"]);
    // Beside the owner's name, in the row of the owner's bot.
    const row = within(table).getByText("Season 2 Champion").closest("tr")!;
    expect(within(row).getByText("Iron Comet")).toBeTruthy();
    expect(within(row).getByText("pilot_1")).toBeTruthy();
  });
});
