// /train (seed 000 §2, §5): with no active bot 'No Active Bot' and the ways to /summon and /inventory; a point
// is refused without available points or without 5 energy, with the rulebook's words, and nothing is sent.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aBot, findLocation, findToast, renderPage } from "../../app/test-render";
import TrainPage from "./TrainPage";

const addPoint = (stat: string) =>
  within(screen.getByRole("region", { name: stat })).getByRole("button", { name: "Add Point (5 Energy)" });

describe("/train", () => {
  it("no active bot: 'No Active Bot' with 'Summon Bot' to /summon and 'Manage Bots' to /inventory", async () => {
    // A summoned bot not yet named is in the roster, but none is active.
    const unnamed = aBot({ isActive: false, setupStage: "name", name: "Unnamed" });
    const { user } = renderPage(<TrainPage />, { path: "/train", api: { listBots: { bots: [unnamed] } } });
    expect(await screen.findByRole("heading", { name: "No Active Bot" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Summon Bot" }).getAttribute("href")).toBe("/summon");
    expect(screen.getByRole("link", { name: "Manage Bots" }).getAttribute("href")).toBe("/inventory");
    await user.click(screen.getByRole("link", { name: "Manage Bots" }));
    expect(await findLocation()).toBe("/inventory");
  });

  it("no available points: 'No available points! Level up your bot to gain more points.'", async () => {
    const bot = aBot({ availablePoints: 0, energy: 100 });
    const { user, api } = renderPage(<TrainPage />, { path: "/train", api: { listBots: { bots: [bot] } } });
    await screen.findByRole("heading", { name: "Training Facility" });
    expect(screen.getByTestId("available-points").textContent).toBe("0");
    await user.click(addPoint("Agility"));
    expect(await findToast("No available points! Level up your bot to gain more points.")).toBeTruthy();
    expect(api.callsTo("trainBot")).toHaveLength(0);
  });

  it("under 5 energy: 'Not enough energy! Need 5 energy per stat point.'", async () => {
    const bot = aBot({ availablePoints: 3, energy: 4 });
    const { user, api } = renderPage(<TrainPage />, { path: "/train", api: { listBots: { bots: [bot] } } });
    await screen.findByRole("heading", { name: "Training Facility" });
    await user.click(addPoint("Strength"));
    expect(await findToast("Not enough energy! Need 5 energy per stat point.")).toBeTruthy();
    expect(api.callsTo("trainBot")).toHaveLength(0);
  });
});
