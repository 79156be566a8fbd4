// /seasons/<number>: a closed season's frozen standings with badges, titles and prizes, the viewer's place, and
// a season that never closed said so.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fail, renderPage } from "../../app/test-render";
import PastSeasonPage from "./PastSeasonPage";
import { aPastSeason } from "./testing";

const open = (answer: ReturnType<typeof aPastSeason> | ReturnType<typeof fail>) =>
  renderPage(<PastSeasonPage />, {
    path: "/seasons/:number",
    at: "/seasons/2",
    api: { pvpPastSeason: answer },
  });

describe("/seasons/:number", () => {
  it("shows the final standings with the badges, the prize paid and the viewer's own place", async () => {
    const { api } = open(aPastSeason());
    const table = await screen.findByRole("table", { name: "Season 2 final standings" });
    expect(api.callsTo("pvpPastSeason")[0]?.params).toEqual({ number: "2" });
    expect(screen.getByRole("heading", { name: "Season 2" })).toBeTruthy();
    const [champion, fourth, mine] = within(table).getAllByTestId("season-row") as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(champion).getByText("Champion")).toBeTruthy();
    expect(within(champion).getByText("+500 coins")).toBeTruthy();
    expect(within(fourth).getByText("Top 10")).toBeTruthy();
    expect(mine.textContent).toBe("#140kaiYou13203");
    expect(within(table).getByText("Your place")).toBeTruthy();
  });

  it("says so when nobody finished on the ladder", async () => {
    open(aPastSeason({ standings: [], you: null }));
    expect(await screen.findByText("Nobody finished this season on the ladder.")).toBeTruthy();
  });

  it("says a season that has not closed is not found, in the server's words", async () => {
    open(fail(404, "NOT_FOUND", "No such season: it has not ended yet, or never was"));
    expect(await screen.findByText("Season not found")).toBeTruthy();
    expect(screen.getByText("No such season: it has not ended yet, or never was")).toBeTruthy();
  });
});
