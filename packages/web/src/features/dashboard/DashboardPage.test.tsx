// BOT COMMAND (seed 000 §2): a player with no bots is sent to /summon; with no active bot the first is shown
// (here a summoned bot still to be named, with the way to finish it), with the button that makes it active.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aBot, findLocation, renderPage } from "../../app/test-render";
import DashboardPage from "./DashboardPage";

describe("/dashboard", () => {
  it("a player with no bots goes to /summon", async () => {
    renderPage(<DashboardPage />, { path: "/dashboard", api: { listBots: { bots: [] } } });
    expect(await findLocation()).toBe("/summon");
  });

  it("with no active bot the first is shown, an unnamed one with 'Name it' and 'Make Active'", async () => {
    const unnamed = aBot({ isActive: false, setupStage: "name", name: "Unit 7" });
    const other = aBot({ isActive: false, name: "Second" });
    renderPage(<DashboardPage />, {
      path: "/dashboard",
      api: { listBots: { bots: [unnamed, other] }, recentBattles: { battles: [] } },
    });
    const detail = await screen.findByTestId("bot-detail");
    expect(within(detail).getByRole("heading", { name: "Unit 7" })).toBeTruthy();
    expect(within(detail).getByText("This bot still needs a name.")).toBeTruthy();
    expect(within(detail).getByRole("button", { name: "Name it" })).toBeTruthy();
    expect(screen.getAllByText("Unnamed").length).toBeGreaterThan(0);
    expect(within(detail).queryByText("Active bot")).toBeNull();
    expect(within(detail).getByRole("button", { name: "Make Active" })).toBeTruthy();
    expect(screen.getByTestId("roster-count").textContent).toBe("2 / 20");
  });

  it("a bot left for later is named and given its 10 points from Bot Command, with the summon's rules", async () => {
    const unnamed = aBot({
      isActive: false,
      setupStage: "name",
      name: "Aegis (Unnamed)",
      statPointsAllocated: false,
    });
    const named = { ...unnamed, name: "Late Bloomer", setupStage: "allocate" as const };
    const ready = { ...named, setupStage: null, statPointsAllocated: true, strength: named.strength + 10 };
    const api = renderPage(<DashboardPage />, {
      path: "/dashboard",
      api: {
        listBots: { bots: [unnamed] },
        recentBattles: { battles: [] },
        nameBot: named,
        allocateBot: ready,
      },
    }).api;
    const detail = await screen.findByTestId("bot-detail");
    fireEvent.click(within(detail).getByRole("button", { name: "Name it" }));
    const naming = await screen.findByRole("dialog", { name: "Name Your Bot" });
    fireEvent.change(within(naming).getByLabelText("Bot name"), { target: { value: "ab" } });
    expect(within(naming).getByRole("button", { name: "Continue" }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(within(naming).getByLabelText("Bot name"), { target: { value: "Late Bloomer" } });
    fireEvent.click(within(naming).getByRole("button", { name: "Continue" }));
    const allocating = await screen.findByRole("dialog", { name: "Allocate Stat Points" });
    expect(api.callsTo("nameBot")[0]!.body).toEqual({ name: "Late Bloomer" });
    expect(within(allocating).getByRole("button", { name: "Allocate 10 more points" })).toBeTruthy();
    for (let i = 0; i < 10; i++)
      fireEvent.click(within(allocating).getByRole("button", { name: "Increase Strength" }));
    fireEvent.click(within(allocating).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.callsTo("allocateBot")[0]!.body).toEqual({
      strength: 10,
      agility: 0,
      defense: 0,
      intelligence: 0,
    });
  });

  it("the naming opened from Bot Command can be closed, unlike the summon flow's", async () => {
    const unnamed = aBot({ isActive: false, setupStage: "name", name: "Aegis (Unnamed)" });
    renderPage(<DashboardPage />, {
      path: "/dashboard",
      api: { listBots: { bots: [unnamed] }, recentBattles: { battles: [] } },
    });
    fireEvent.click(within(await screen.findByTestId("bot-detail")).getByRole("button", { name: "Name it" }));
    const naming = await screen.findByRole("dialog", { name: "Name Your Bot" });
    fireEvent.click(within(naming).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("the bot's page leads to its customization: free the first time, re-customization after", async () => {
    const fresh = aBot({ name: "Fresh Paint" });
    const { unmount } = renderPage(<DashboardPage />, {
      path: "/dashboard",
      api: { listBots: { bots: [fresh] }, recentBattles: { battles: [] } },
    });
    const detail = await screen.findByTestId("bot-detail");
    expect(within(detail).getByRole("link", { name: "Customize" }).getAttribute("href")).toBe(
      `/customize-bots?bots=${fresh.id}`,
    );
    unmount();

    const done = aBot({ name: "Old Paint", isCustomized: true });
    const { user } = renderPage(<DashboardPage />, {
      path: "/dashboard",
      api: { listBots: { bots: [done] }, recentBattles: { battles: [] } },
    });
    await user.click(
      within(await screen.findByTestId("bot-detail")).getByRole("link", { name: "Customize" }),
    );
    expect(await findLocation()).toBe(`/customize-bots?bots=${done.id}&mode=re`);
  });
});
