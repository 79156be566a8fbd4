// /pilots/<name>: the rating with '?' while provisional, its deviation, the season rank, title and badges, the
// record and the recent battles with their replays; an unknown name says so.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type AnswerOf, fail, findLocation, renderPage } from "../../app/test-render";
import PilotProfilePage from "./PilotProfilePage";

const profile = (overrides: Partial<AnswerOf<"pilotProfile">> = {}): AnswerOf<"pilotProfile"> => ({
  username: "vex",
  rating: 1741,
  deviation: 397,
  provisional: true,
  seasonRank: null,
  title: null,
  badges: [],
  record: { wins: 1, losses: 0 },
  shieldUntil: null,
  recentBattles: [
    {
      battleId: "b-9",
      createdAt: "2026-12-02T08:00:00.000Z",
      role: "attacker",
      won: true,
      opponentName: "kai",
      botName: "Crusher",
      opponentBotName: "Bulwark",
      ratingDelta: 241,
      coinsMoved: 100,
    },
  ],
  ...overrides,
});

const open = (answer: AnswerOf<"pilotProfile"> | ReturnType<typeof fail>) =>
  renderPage(<PilotProfilePage />, {
    path: "/pilots/:username",
    at: "/pilots/vex",
    api: { pilotProfile: answer },
  });

describe("/pilots/:username", () => {
  it("shows a provisional rating with '?', the deviation, the record and the battles with replays", async () => {
    const { user, api } = open(profile());
    expect((await screen.findByTestId("pilot-rating")).textContent).toBe("1741?");
    expect(screen.getByText("±397")).toBeTruthy();
    expect(screen.getByTestId("pilot-record").textContent).toBe("1W/0L");
    expect(api.callsTo("pilotProfile")[0]?.params).toEqual({ username: "vex" });
    const [battle] = screen.getAllByTestId("pilot-battle") as [HTMLElement];
    expect(battle.textContent).toContain("Attacked kai");
    expect(within(battle).getByText("+241")).toBeTruthy();
    expect(within(battle).getByText("+100 coins")).toBeTruthy();
    await user.click(within(battle).getByRole("link", { name: "Replay" }));
    expect(await findLocation()).toBe("/battles/b-9");
  });

  it("drops the '?' once the rating is settled, and shows a shield", async () => {
    open(
      profile({
        provisional: false,
        deviation: 60,
        shieldUntil: "2026-12-02T20:00:00.000Z",
        recentBattles: [],
      }),
    );
    expect((await screen.findByTestId("pilot-rating")).textContent).toBe("1741");
    expect(screen.getByText(/^Shielded until /)).toBeTruthy();
    expect(screen.getByText("No PvP battles yet.")).toBeTruthy();
  });

  it("shows the latest season title under the name and every season badge, each linking its season", async () => {
    const { user } = open(
      profile({
        seasonRank: 4,
        title: "Season 2 Champion",
        badges: [
          { season: 2, place: 1, badge: "Champion" },
          { season: 1, place: 7, badge: "Top 10" },
        ],
      }),
    );
    expect((await screen.findByTestId("season-title")).textContent).toBe("Season 2 Champion");
    expect(screen.getByText("#4")).toBeTruthy();
    expect(screen.getAllByTestId("pilot-badge").map((badge) => badge.textContent)).toEqual([
      "Season 2 · Champion",
      "Season 1 · Top 10",
    ]);
    await user.click(screen.getByRole("link", { name: "Season 1 · Top 10" }));
    expect(await findLocation()).toBe("/seasons/1");
  });

  it("says so for an unknown pilot", async () => {
    open(fail(404, "NOT_FOUND", "No pilot by that name"));
    expect(await screen.findByText("Pilot not found")).toBeTruthy();
  });
});
