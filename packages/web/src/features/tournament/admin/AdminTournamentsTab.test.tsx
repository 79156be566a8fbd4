// The admin's Tournaments tab: the Format select sends the chosen format (single elimination unless chosen),
// the Swiss rounds field shows only for a Swiss and goes only with one; the list names each tournament's format
// and warns of one the event runner keeps failing on, with its last error.
import type { AdminTournament, CreateTournamentBody } from "@bot-arena/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPlayer, renderPage } from "../../../app/test-render";
import { aTournament } from "../fixtures";
import { AdminTournamentsTab } from "./AdminTournamentsTab";

function anAdminTournament(overrides: Partial<AdminTournament> = {}): AdminTournament {
  return {
    ...aTournament({ status: "pending" }),
    poolBalance: 0,
    actions: { start: true, stop: true, forceComplete: true, archive: false },
    attempts: 0,
    lastError: null,
    ...overrides,
  };
}

function showTab(tournaments: AdminTournament[] = []) {
  return renderPage(<AdminTournamentsTab />, {
    path: "/admin",
    me: aPlayer({ isAdmin: true }),
    api: {
      adminTournaments: { tournaments },
      createTournament: (request) => ({
        message: `Tournament '${(request.body as CreateTournamentBody).name}' created`,
        tournament: anAdminTournament(),
      }),
    },
  });
}

describe("the admin's Tournaments tab", () => {
  it("creates single elimination unless another format is chosen, and never sends Swiss rounds with it", async () => {
    const { user, api } = showTab();
    const format = await screen.findByLabelText("Format");
    expect((format as HTMLSelectElement).value).toBe("single_elimination");
    expect(screen.queryByLabelText("Swiss rounds")).toBeNull();
    await user.type(screen.getByLabelText("Tournament name"), "Plain Cup");
    await user.click(screen.getByRole("button", { name: "Create Tournament" }));
    await waitFor(() => expect(api.callsTo("createTournament")).toHaveLength(1));
    const body = api.callsTo("createTournament")[0]!.body as CreateTournamentBody;
    expect(body.format).toBe("single_elimination");
    expect(body).not.toHaveProperty("swissRounds");
  });

  it("a Swiss sends its rounds; switched to another format, the rounds field goes and so do the rounds", async () => {
    const { user, api } = showTab();
    await user.type(await screen.findByLabelText("Tournament name"), "Swiss Cup");
    await user.selectOptions(screen.getByLabelText("Format"), "Swiss");
    await user.type(screen.getByLabelText("Swiss rounds"), "3");
    await user.click(screen.getByRole("button", { name: "Create Tournament" }));
    await waitFor(() => expect(api.callsTo("createTournament")).toHaveLength(1));
    expect(api.callsTo("createTournament")[0]!.body).toMatchObject({
      name: "Swiss Cup",
      format: "swiss",
      swissRounds: 3,
    });

    // The form starts again empty; a Swiss with its rounds left blank lets the player count decide.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Tournament name").value).toBe(""));
    await user.type(screen.getByLabelText("Tournament name"), "Auto Swiss");
    await user.selectOptions(screen.getByLabelText("Format"), "Swiss");
    await user.click(screen.getByRole("button", { name: "Create Tournament" }));
    await waitFor(() => expect(api.callsTo("createTournament")).toHaveLength(2));
    expect(api.callsTo("createTournament")[1]!.body).toMatchObject({ format: "swiss" });
    expect(api.callsTo("createTournament")[1]!.body).not.toHaveProperty("swissRounds");

    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Tournament name").value).toBe(""));
    await user.type(screen.getByLabelText("Tournament name"), "Two Lives");
    await user.selectOptions(screen.getByLabelText("Format"), "Swiss");
    await user.type(screen.getByLabelText("Swiss rounds"), "4");
    await user.selectOptions(screen.getByLabelText("Format"), "Double elimination");
    expect(screen.queryByLabelText("Swiss rounds")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Create Tournament" }));
    await waitFor(() => expect(api.callsTo("createTournament")).toHaveLength(3));
    const body = api.callsTo("createTournament")[2]!.body as CreateTournamentBody;
    expect(body.format).toBe("double_elimination");
    expect(body).not.toHaveProperty("swissRounds");
  });

  it("offers the four formats, round robin with its limit", async () => {
    showTab();
    const options = within(await screen.findByLabelText("Format")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Single elimination",
      "Double elimination",
      "Round robin (up to 16 players)",
      "Swiss",
    ]);
  });

  it("names each tournament's format and warns of a stuck one with its last error", async () => {
    showTab([
      anAdminTournament({ id: "a", name: "Calm Cup", format: "double_elimination" }),
      anAdminTournament({
        id: "b",
        name: "Stuck Cup",
        status: "active",
        format: "swiss",
        totalRounds: 3,
        attempts: 3,
        lastError: "canceling statement due to lock timeout",
      }),
    ]);
    const rows = await screen.findAllByTestId("admin-tournament");
    const [calm, stuck] = rows as [HTMLElement, HTMLElement];
    expect(within(calm).getByText("Double elimination")).toBeTruthy();
    expect(within(calm).queryByTestId("stuck")).toBeNull();
    expect(within(stuck).getByText("Swiss · 3 rounds")).toBeTruthy();
    expect(within(stuck).getByTestId("stuck").textContent).toContain("Stuck — retrying (3 failed steps)");
    expect(within(stuck).getByTestId("stuck-error").textContent).toBe(
      "canceling statement due to lock timeout",
    );
  });
});
