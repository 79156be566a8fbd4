// /fight (seed 000 §2, §5, §6, §8): without an active bot the arena asks for one; PvP needs a stake on both
// sides, so a pilot under 100 wallet coins is told why above the opponent list and cannot challenge.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type AnswerOf, aBot, findLocation, findToast, renderPage } from "../../app/test-render";
import FightPage from "./FightPage";

const longest = {
  id: "00000000-0000-4000-8000-000000000030",
  name: "W".repeat(30),
  ownerName: "M".repeat(30),
  level: 100,
  wins: 9999,
  losses: 9999,
  rarity: "legendary",
  imageUrl: null,
  colorPrimary: "#00f0ff",
  colorSecondary: "#ff2bd6",
};

function arena(pvp: AnswerOf<"pvpOpponents">, bots = [aBot()]) {
  return renderPage(<FightPage />, {
    path: "/fight",
    api: {
      listBots: { bots },
      currentAiOpponent: { opponent: null },
      recentBattles: { battles: [] },
      pvpOpponents: pvp,
    },
  });
}

describe("/fight", () => {
  it("asks for an active bot first: 'No active bot found. Please create or activate a bot first.'", async () => {
    const { user } = arena({ opponents: [], cannotChallenge: null, shieldUntil: null }, [
      aBot({ isActive: false }),
    ]);
    expect(
      await screen.findByText("No active bot found. Please create or activate a bot first."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create a Bot" }).getAttribute("href")).toBe("/create-bot");
    await user.click(screen.getByRole("link", { name: "Activate a Bot" }));
    expect(await findLocation()).toBe("/dashboard");
  });

  it("under 100 wallet coins: 'You need at least 100 coins in your wallet for PvP' above the list, challenge off", async () => {
    const { user } = arena({
      opponents: [longest],
      cannotChallenge: "You need at least 100 coins in your wallet for PvP",
      shieldUntil: null,
    });
    await user.click(await screen.findByRole("tab", { name: "PvP Battle" }));
    const notice = await screen.findByText("You need at least 100 coins in your wallet for PvP");
    expect(notice.getAttribute("role")).toBe("status");
    const list = screen.getByRole("radiogroup", { name: "Opponents" });
    // Above the list: the notice comes first in the document.
    expect(notice.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByRole("radio", {
        name: `${"W".repeat(30)} - Lv.100 (9999W/9999L), pilot ${"M".repeat(30)}`,
      }),
    ).toBeTruthy();
    const challenge = screen.getByRole("button", { name: /^Challenge/ }) as HTMLButtonElement;
    expect(challenge.disabled).toBe(true);
    expect(screen.getByText(/Pilots under 100 coins are safe from PvP\./)).toBeTruthy();
  });

  it("no opponents: 'No players available'; a challenge without a pick says 'Select an opponent first!'", async () => {
    const { user, api } = arena({ opponents: [], cannotChallenge: null, shieldUntil: null });
    await user.click(await screen.findByRole("tab", { name: "PvP Battle" }));
    expect(await screen.findByText("No players available")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Challenge an opponent (20 Energy)" }));
    expect(await findToast("Select an opponent first!")).toBeTruthy();
    expect(api.callsTo("pvpBattle")).toHaveLength(0);
  });

  it("a shielded pilot is told that attacking ends the shield, and asked before the challenge goes", async () => {
    const { user, api } = arena({
      opponents: [longest],
      cannotChallenge: null,
      shieldUntil: "2026-12-02T20:00:00.000Z",
    });
    await user.click(await screen.findByRole("tab", { name: "PvP Battle" }));
    expect((await screen.findByTestId("own-shield")).textContent).toMatch(
      /^You are shielded until .+\. Attacking ends your shield\.$/,
    );
    await user.click(screen.getByRole("radio", { name: new RegExp(`^${"W".repeat(30)}`) }));
    await user.click(screen.getByRole("button", { name: `Challenge ${"W".repeat(30)} (20 Energy)` }));
    const dialog = await screen.findByRole("dialog", { name: "Attack while shielded?" });
    expect(dialog.textContent).toContain("Attacking ends your shield: you are shielded until");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(api.callsTo("pvpBattle")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: `Challenge ${"W".repeat(30)} (20 Energy)` }));
    await user.click(await screen.findByRole("button", { name: "Attack and end my shield" }));
    await expect
      .poll(() => api.callsTo("pvpBattle").map((c) => c.body))
      .toEqual([{ defenderId: longest.id }]);
  });
});
