// What one push notification says for the alerts of a kind that came while the player was away: one alert its
// own words and page, more how many (and the inbox), one whose data is unreadable a plain line; several kinds in
// one notification a count in all and a line per kind.
import { awayNotificationText, playerAlertKinds, stackedAlertText } from "@bot-arena/contract";
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

describe("one notification for several kinds", () => {
  const raid = {
    attackerName: "Crimson Reaper",
    botName: "Tin Can",
    held: false,
    coins: 26,
    ratingDelta: -14,
    shieldUntil: null,
  };

  it("says how many in all, a line per kind in the order they came, to the inbox", () => {
    expect(
      awayNotificationText([
        { kind: playerAlertKinds.pvpRaid, count: 1, data: raid },
        { kind: playerAlertKinds.tournamentResult, count: 2, data: {} },
        { kind: playerAlertKinds.grantReceived, count: 1, data: { coins: 0 } },
      ]),
    ).toEqual({
      title: "4 new alerts",
      body: "Crimson Reaper raided Tin Can\n2 tournament results\nYou have a new alert",
      link: "/alerts",
      kind: "alerts",
      count: 4,
    });
  });

  it("one kind alone reads as that kind's notification, tagged with it", () => {
    expect(awayNotificationText([{ kind: playerAlertKinds.pvpRaid, count: 3, data: raid }])).toEqual({
      ...stackedAlertText(playerAlertKinds.pvpRaid, 3, raid),
      kind: playerAlertKinds.pvpRaid,
      count: 3,
    });
  });
});
