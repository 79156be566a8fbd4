// BOT COMMAND (seed 000 §2): a player with no bots is sent to /summon; with no active bot the first is shown
// (here a summoned bot still to be named, with the way to finish it), with the button that makes it active.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aBot, findLocation, renderPage } from "../../app/test-render";
import DashboardPage from "./DashboardPage";

describe("/dashboard", () => {
  it("a player with no bots goes to /summon", async () => {
    renderPage(<DashboardPage />, { path: "/dashboard", api: { listBots: { bots: [] } } });
    expect(await findLocation()).toBe("/summon");
  });

  it("with no active bot the first is shown, an unnamed one with 'finish setup' and 'Make Active'", async () => {
    const unnamed = aBot({ isActive: false, setupStage: "name", name: "Unit 7" });
    const other = aBot({ isActive: false, name: "Second" });
    renderPage(<DashboardPage />, {
      path: "/dashboard",
      api: { listBots: { bots: [unnamed, other] }, recentBattles: { battles: [] } },
    });
    const detail = await screen.findByTestId("bot-detail");
    expect(within(detail).getByRole("heading", { name: "Unit 7" })).toBeTruthy();
    expect(within(detail).getByRole("link", { name: "finish setup" }).getAttribute("href")).toBe("/summon");
    expect(within(detail).queryByText("Active bot")).toBeNull();
    expect(within(detail).getByRole("button", { name: "Make Active" })).toBeTruthy();
    expect(screen.getByTestId("roster-count").textContent).toBe("2 / 20");
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
