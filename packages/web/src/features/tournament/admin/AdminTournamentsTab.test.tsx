// The admin's Tournaments tab: the Format select sends the chosen format (single elimination unless chosen),
// the Swiss rounds field shows only for a Swiss and goes only with one; the list names each tournament's format
// and warns of one the event runner keeps failing on, with its last error. The durations start from the
// server's configuration, Stop and End Now ask before they act, and the list's money line says what is true
// once a tournament has ended (a refund, or the prizes paid), not what the empty pool would suggest.
import type { AdminTournament, CreateTournamentBody, TournamentDefaults } from "@bot-arena/contract";
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
    ended: null,
    prizesPaid: 0,
    ...overrides,
  };
}

function showTab(
  tournaments: AdminTournament[] = [],
  defaults: TournamentDefaults = { registrationMinutes: 10, roundSeconds: 45 },
) {
  const acted = (request: { params: Record<string, string> }) => ({
    message: "Done",
    tournament: anAdminTournament({ id: request.params.id! }),
  });
  return renderPage(<AdminTournamentsTab />, {
    path: "/admin",
    me: aPlayer({ isAdmin: true }),
    api: {
      adminTournaments: { tournaments, defaults },
      stopTournament: acted,
      forceCompleteTournament: acted,
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

  it("fills registration and round lengths from the server's configuration and leaves them to it", async () => {
    const { user, api } = showTab([], { registrationMinutes: 3, roundSeconds: 20 });
    const registration = await screen.findByLabelText<HTMLInputElement>("Registration (minutes)");
    await waitFor(() => expect(registration.value).toBe("3"));
    expect(screen.getByLabelText<HTMLInputElement>("Seconds per round").value).toBe("20");
    await user.type(screen.getByLabelText("Tournament name"), "Config Cup");
    await user.click(screen.getByRole("button", { name: "Create Tournament" }));
    await waitFor(() => expect(api.callsTo("createTournament")).toHaveLength(1));
    const body = api.callsTo("createTournament")[0]!.body as CreateTournamentBody;
    expect(body.registrationMinutes).toBeUndefined();
    expect(body.roundSeconds).toBeUndefined();

    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Tournament name").value).toBe(""));
    await user.type(screen.getByLabelText("Tournament name"), "Quick Cup");
    await user.clear(screen.getByLabelText("Seconds per round"));
    await user.type(screen.getByLabelText("Seconds per round"), "5");
    await user.click(screen.getByRole("button", { name: "Create Tournament" }));
    await waitFor(() => expect(api.callsTo("createTournament")).toHaveLength(2));
    expect(api.callsTo("createTournament")[1]!.body).toMatchObject({ roundSeconds: 5 });
    expect(api.callsTo("createTournament")[1]!.body).not.toHaveProperty("registrationMinutes");
  });

  it.each([
    ["Stop", "Stop this tournament?", "Stop tournament", "stopTournament"],
    ["End Now", "End this tournament now?", "End now", "forceCompleteTournament"],
  ] as const)(
    "%s asks first: Cancel sends nothing, confirming sends it once",
    async (label, title, confirm, route) => {
      const { user, api } = showTab([
        anAdminTournament({ id: "cup", name: "Neon Cup", entryFeeMode: "player", currentPlayers: 3 }),
      ]);
      const [row] = await screen.findAllByTestId("admin-tournament");
      await user.click(within(row!).getByRole("button", { name: label }));
      const dialog = await screen.findByRole("dialog", { name: title });
      expect(dialog.textContent).toContain("Neon Cup");
      expect(dialog.textContent).toContain("cannot be undone");
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(api.callsTo(route)).toHaveLength(0);

      await user.click(within(row!).getByRole("button", { name: label }));
      await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: confirm }));
      await waitFor(() => expect(api.callsTo(route)).toHaveLength(1));
      expect(api.callsTo(route)[0]!.params).toEqual({ id: "cup" });
    },
  );

  it("says a stop refunds each player's fee", async () => {
    const { user } = showTab([
      anAdminTournament({ id: "cup", name: "Neon Cup", entryFeeMode: "player", currentPlayers: 3 }),
    ]);
    await user.click(await screen.findByRole("button", { name: "Stop" }));
    expect((await screen.findByRole("dialog")).textContent).toContain(
      "each of its 3 players gets the entry fee back",
    );
  });

  it("tells the money as it is: a cancelled one-player event refunded, a finished one paid, a running one's pool", async () => {
    showTab([
      anAdminTournament({
        id: "lonely",
        status: "cancelled",
        entryFeeMode: "player",
        currentPlayers: 1,
        rewards: { first: 90, second: 0, third: 0 },
        ended: "cancelled",
      }),
      anAdminTournament({
        id: "paid",
        status: "archived",
        entryFeeMode: "player",
        currentPlayers: 8,
        poolBalance: 0,
        rewards: { first: 720, second: 240, third: 120 },
        ended: "completed",
        prizesPaid: 1050,
      }),
      anAdminTournament({
        id: "running",
        status: "active",
        entryFeeMode: "player",
        poolBalance: 600,
        rewards: { first: 360, second: 120, third: 60 },
      }),
      anAdminTournament({ id: "house", status: "pending", entryFeeMode: "admin" }),
    ]);
    const [lonely, paid, running, house] = (await screen.findAllByTestId("admin-tournament")).map(
      (row) => row.textContent ?? "",
    );
    expect(lonely).toContain("cancelled: entry fees refunded, no prizes");
    expect(lonely).not.toContain("prizes 90");
    expect(paid).toContain("paid 1,050 in prizes");
    expect(paid).not.toContain("pool 0");
    expect(running).toContain("pool 600 · prizes 360/120/60");
    expect(house).toContain("prizes 1,000/500/250");
    expect(house).not.toContain("pool");
  });
});
