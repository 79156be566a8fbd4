// What one push notification says for the alerts of a kind that came while the player was away: one alert its
// own words and page, more how many (and the inbox), one whose data is unreadable a plain line.
import { playerAlertKinds, stackedAlertText } from "@bot-arena/contract";
import { describe, expect, it } from "vitest";

describe("a stacked notification's words", () => {
  it("one alert says what it said and leads to its page", () => {
    expect(stackedAlertText(playerAlertKinds.grantReceived, 1, { coins: 150, itemName: null })).toEqual({
      title: "You received 150 coins",
      body: expect.any(String),
      link: "/bank",
    });
  });

  it.each([
    [playerAlertKinds.pvpRaid, 3, "You were attacked 3 times"],
    [playerAlertKinds.tournamentResult, 2, "2 tournament results"],
    [playerAlertKinds.warDrafted, 4, "Your guild was drafted 4 times"],
  ])("%s x%i: '%s', to the inbox", (kind, count, title) => {
    expect(stackedAlertText(kind, count, {})).toEqual({
      title,
      body: "Open your alerts to read them.",
      link: "/alerts",
    });
  });

  it("one alert whose data is unreadable says only that there is one", () => {
    expect(stackedAlertText(playerAlertKinds.pvpRaid, 1, { battleId: 7 })).toEqual({
      title: "You have a new alert",
      body: "Open your alerts to read them.",
      link: "/alerts",
    });
  });
});
