// The landing's counters: 'Active PvP' counts only the player-against-player battles of the last hour, not the AI
// or tournament ones the server's `battlesLastHour` also holds.
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderPage } from "../../app/test-render";
import { LiveCounters } from "./LiveCounters";

it("shows the PvP battles of the last hour under 'Active PvP', and tournaments and wars beside them", async () => {
  renderPage(<LiveCounters />, {
    path: "/",
    me: null,
    api: {
      stats: () => ({
        battlesLastHour: 1_240,
        pvpBattlesLastHour: 37,
        openTournaments: 2,
        activeGuildWars: 1,
        players: 9,
      }),
    },
  });
  const counters = await screen.findByRole("list", { name: "Live arena activity" });
  const counter = (label: string) => within(counters).getByText(label).closest("li")!;
  expect(await within(counter("Active PvP")).findByText("37")).toBeTruthy();
  expect(within(counter("Tournaments")).getByText("2")).toBeTruthy();
  expect(within(counter("Guild Wars")).getByText("1")).toBeTruthy();
});
