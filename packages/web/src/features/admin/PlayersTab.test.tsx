// Player Management's two grant forms each aim at their own player: typing an e-mail into one leaves the other
// as it was, each grant goes to the e-mail of its own form, and "Use this e-mail" from the lookup fills both.
import type { GrantCoinsBody, GrantEquipmentBody, PlayerLookupEntry } from "@bot-arena/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPlayer, renderPage } from "../../app/test-render";
import { OpsLogProvider } from "./opsLog";
import { PlayersTab } from "./PlayersTab";

const visor = {
  id: "eq-visor",
  name: "Neon Visor",
  type: "helmet",
  rarity: "common" as const,
  price: 200,
  strengthBonus: 0,
  agilityBonus: 1,
  defenseBonus: 2,
  intelligenceBonus: 0,
  ultimateAbilityName: "Glare",
  ultimateAbilityDescription: "Blinds the foe",
  ultimateAbilityType: "special" as const,
  ultimateAbilityPower: 1.2,
  ultimateTriggerChance: 0.1,
  weaponKind: "shield",
};

const found: PlayerLookupEntry = {
  id: "p-nova",
  username: "Nova",
  email: "nova@arena.test",
  isAdmin: false,
  coins: 1200,
  vaultCoins: 0,
  createdAt: "2030-01-01T12:00:00.000Z",
  bots: [],
  recentCoins: [],
  pvp: {
    rating: 1688,
    provisional: true,
    record: { wins: 7, losses: 1 },
    pairs: [
      { opponent: "alt_one", wins: 4, losses: 0 },
      { opponent: "alt_two", wins: 3, losses: 1 },
    ],
    boostFlag:
      "New account (2 days old, provisional rating): 7 of its 7 PvP wins came from 2 pilots (alt_one, alt_two)",
  },
};

function show() {
  const view = renderPage(
    <OpsLogProvider>
      <PlayersTab />
    </OpsLogProvider>,
    {
      path: "/admin",
      me: aPlayer({ isAdmin: true }),
      api: {
        shop: { consumables: [], equipment: [visor] },
        adminPlayers: { players: [found] },
        grantCoins: (request) => ({
          message: `Granted 1000 coins to ${(request.body as GrantCoinsBody).email}`,
          userId: "u1",
          username: "someone",
          newCoinBalance: 2000,
          operationId: 1,
        }),
        grantEquipment: (request) => ({
          message: `Granted Neon Visor to ${(request.body as GrantEquipmentBody).email}`,
          userId: "u2",
          username: "someone",
          inventoryId: "inv-1",
          equipmentName: "Neon Visor",
          operationId: 2,
        }),
      },
    },
  );
  const form = (name: string) => screen.getByRole("form", { name });
  const email = (name: string) => within(form(name)).getByLabelText<HTMLInputElement>("Player email");
  return { ...view, form, email };
}

describe("the admin's grant forms", () => {
  it("each form keeps its own e-mail and grants to it", async () => {
    const { user, api, form, email } = show();
    await screen.findByRole("form", { name: "Grant coins" });
    await user.type(email("Grant coins"), "coins@arena.test");
    expect(email("Grant equipment").value).toBe("");
    await user.type(email("Grant equipment"), "gear@arena.test");
    expect(email("Grant coins").value).toBe("coins@arena.test");

    await user.type(within(form("Grant coins")).getByLabelText("Reason"), "Contest winner");
    await user.click(within(form("Grant coins")).getByRole("button", { name: "Grant coins" }));
    await waitFor(() => expect(api.callsTo("grantCoins")).toHaveLength(1));
    expect(api.callsTo("grantCoins")[0]!.body).toMatchObject({ email: "coins@arena.test", amount: 1000 });
    // Kept for the next grant of the batch.
    expect((within(form("Grant coins")).getByLabelText("Reason") as HTMLInputElement).value).toBe(
      "Contest winner",
    );

    await within(form("Grant equipment")).findByRole("option", { name: /Neon Visor/ });
    await user.selectOptions(within(form("Grant equipment")).getByLabelText("Equipment"), "eq-visor");
    await user.type(within(form("Grant equipment")).getByLabelText("Reason"), "Runner-up");
    await user.click(within(form("Grant equipment")).getByRole("button", { name: "Grant equipment" }));
    await waitFor(() => expect(api.callsTo("grantEquipment")).toHaveLength(1));
    expect(api.callsTo("grantEquipment")[0]!.body).toMatchObject({
      email: "gear@arena.test",
      equipmentId: "eq-visor",
    });
    expect((within(form("Grant equipment")).getByLabelText("Reason") as HTMLInputElement).value).toBe(
      "Runner-up",
    );
  });

  it("'Use this e-mail' from the lookup fills both forms", async () => {
    const { user, email } = show();
    await user.type(await screen.findByLabelText("Name or e-mail"), "nova");
    await user.click(await screen.findByRole("button", { name: "Use this e-mail" }));
    expect(email("Grant coins").value).toBe("nova@arena.test");
    expect(email("Grant equipment").value).toBe("nova@arena.test");
  });

  it("shows the pilot's PvP: rating with '?', record, the boost flag's reason and the pairs", async () => {
    const { user } = show();
    await user.type(await screen.findByLabelText("Name or e-mail"), "nova");
    const pvp = await screen.findByRole("region", { name: "Nova's PvP" });
    expect(within(pvp).getByText("PvP 1688? · 7W/1L")).toBeTruthy();
    expect(within(pvp).getByText("Boost flag")).toBeTruthy();
    expect(within(pvp).getByTestId("boost-flag").textContent).toBe(found.pvp.boostFlag);
    const pairs = within(pvp).getByRole("list", { name: "Nova's PvP pairs" });
    expect([...pairs.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "alt_one 4W/0L",
      "alt_two 3W/1L",
    ]);
  });
});
