// The season's ladder beside the Top 100 on /leaderboard: its countdown on the server's clock, the pilots by
// rating with the viewer marked, the viewer's place below the first 100, the prizes, the freeze, past seasons.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fail, findLocation, renderPage } from "../../app/test-render";
import LeaderboardPage from "../leaderboard/LeaderboardPage";
import { aSeason } from "./testing";

const open = (season: ReturnType<typeof aSeason> | ReturnType<typeof fail>) =>
  renderPage(<LeaderboardPage />, {
    path: "/leaderboard",
    api: { leaderboard: { entries: [], you: null }, pvpSeason: season },
  });

describe("the season ladder on /leaderboard", () => {
  it("sits beside the Top 100 with its end countdown and the pilots by rating, the viewer marked", async () => {
    const { user } = open(aSeason());
    const ladder = await screen.findByRole("table", { name: "Season 3 ladder" });
    expect(screen.getByRole("heading", { name: "Top 100" })).toBeTruthy();
    expect(screen.getByTestId("season-countdown").textContent).toBe("Ends in 3d 2h");
    const rows = within(ladder).getAllByTestId("season-row");
    expect(rows.map((row) => row.textContent)).toEqual(["1vex191214", "2kaiYou18409"]);
    expect(screen.queryByTestId("season-prizes")).toBeNull();
    // Its podium's places are told apart from the Top 100's.
    expect(within(ladder).getByLabelText("1st place in Season 3")).toBeTruthy();
    await user.click(within(ladder).getByRole("link", { name: "vex" }));
    expect(await findLocation()).toBe("/pilots/vex");
  });

  it("shows the viewer's place below the first 100, the prizes and the frozen podium", async () => {
    open(
      aSeason({
        frozen: true,
        // Half a second past the minute: the countdown rounds up whatever milliseconds the render takes.
        serverTime: "2030-02-12T11:55:00.500Z",
        prizes: { first: 1000, second: 500, third: 250 },
        you: { place: 140, username: "kai", rating: 1320, battles: 3, isYou: true },
      }),
    );
    const ladder = await screen.findByRole("table", { name: "Season 3 ladder" });
    expect(within(ladder).getByText("Your place")).toBeTruthy();
    expect(within(ladder).getAllByTestId("season-row").at(-1)?.textContent).toBe("#140kaiYou13203");
    expect(screen.getByTestId("season-countdown").textContent).toBe("Podium frozen · ends in 5m 00s");
    expect(screen.getByTestId("season-prizes").textContent).toBe("Prizes: 1,000 / 500 / 250 coins");
  });

  it("says how to get on an empty ladder, and links the past seasons", async () => {
    const { user } = open(
      aSeason({
        ladder: [],
        past: [
          { number: 2, endsAt: "2030-01-15T12:00:00.000Z", champion: "vex" },
          { number: 1, endsAt: "2029-12-18T12:00:00.000Z", champion: null },
        ],
      }),
    );
    expect(
      await screen.findByText("Nobody is on the ladder yet: 3 rated PvP battles put a pilot on it."),
    ).toBeTruthy();
    expect(screen.getByText("· no champion", { exact: false })).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Season 2" }));
    expect(await findLocation()).toBe("/seasons/2");
  });

  it("keeps the Top 100 when the season cannot be read", async () => {
    open(fail(500, "INTERNAL", "Something went wrong"));
    expect(await screen.findByText("Could not load the season", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Top 100" })).toBeTruthy();
  });
});
