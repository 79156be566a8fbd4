// /customize-bots (seed 001 §2, §5, §9): 'No Bots Selected' without bot ids; the first customization is free
// (no cost box, Skip offered); a re-customization shows the cost box, Free until something changes, then 5
// coins a rename and 5 a colour change; short of coins, 'Insufficient coins' says what the coins are for.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aBot, aPlayer, findLocation, renderPage } from "../../app/test-render";
import CustomizeBotsPage from "./CustomizeBotsPage";

const gold = { colorPrimary: "#ffd700", colorSecondary: "#b8860b" };

function customizePage(bots: ReturnType<typeof aBot>[], options: { re?: boolean; coins?: number } = {}) {
  const query = `bots=${bots.map((b) => b.id).join(",")}${options.re ? "&mode=re" : ""}`;
  return renderPage(<CustomizeBotsPage />, {
    path: "/customize-bots",
    at: `/customize-bots?${query}`,
    me: aPlayer({ coins: options.coins ?? 1000 }),
    api: { listBots: { bots } },
  });
}

describe("/customize-bots", () => {
  it("without bot ids: 'No Bots Selected' with the ways to Inventory and Dashboard", async () => {
    const { user } = renderPage(<CustomizeBotsPage />, {
      path: "/customize-bots",
      api: { listBots: { bots: [aBot()] } },
    });
    expect(await screen.findByRole("heading", { name: "No Bots Selected" })).toBeTruthy();
    expect(screen.getByText("Open Inventory to choose bots to customize.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard");
    await user.click(screen.getByRole("link", { name: "Inventory" }));
    expect(await findLocation()).toBe("/inventory");
  });

  it("the first customization: name counted to 30, no cost box, Skip and Confirm", async () => {
    const bot = aBot({ name: "Alpha 1", isCustomized: false });
    const { user } = customizePage([bot]);
    expect((await screen.findByTestId("customize-progress")).textContent).toBe("0 / 1 customized");
    await user.click(screen.getByRole("button", { name: "Customize Alpha 1" }));
    const dialog = screen.getByRole("dialog", { name: "Customize Alpha 1" });
    expect(within(dialog).getByText("0/30")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Bot name"), "Volt Runner");
    expect(within(dialog).getByText("11/30")).toBeTruthy();
    await user.click(within(dialog).getByText("Crimson"));
    expect(within(dialog).queryByTestId("cost-box")).toBeNull();
    for (const stat of ["Strength", "Agility", "Defense", "Intelligence"]) {
      expect(within(dialog).getByText(stat)).toBeTruthy();
    }
    expect(within(dialog).getByRole("button", { name: "Skip" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Confirm" })).toBeTruthy();
  });

  it("re-customizing: the cost box is Free until something changes, then 5 coins, then 10; no Skip", async () => {
    const bot = aBot({ name: "Old Sparky", isCustomized: true, ...gold });
    const { user } = customizePage([bot], { re: true });
    await user.click(await screen.findByRole("button", { name: "Customize Old Sparky" }));
    const dialog = screen.getByRole("dialog", { name: "Re-customize Old Sparky" });
    const box = within(dialog).getByTestId("cost-box");
    const line = (label: string) => within(box).getByText(label).parentElement?.textContent;
    expect(line("Rename")).toBe("Rename5 coins");
    expect(line("Colors")).toBe("Colors5 coins");
    expect(line("Total")).toBe("TotalFree");
    expect(line("Balance")).toBe("Balance1,000");
    expect(within(dialog).queryByRole("button", { name: "Skip" })).toBeNull();

    await user.type(within(dialog).getByLabelText("Bot name"), "New Sparky");
    expect(line("Total")).toBe("Total5 coins");
    await user.click(within(dialog).getByText("Violet"));
    expect(line("Total")).toBe("Total10 coins");
    // Back to the bot's own colours: only the rename is paid.
    await user.click(within(dialog).getByText("Gold"));
    expect(line("Total")).toBe("Total5 coins");
    expect((within(dialog).getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("short of coins: 'Insufficient coins' with what the coins are for, and Save Changes is off", async () => {
    const bot = aBot({ name: "Penny Bot", isCustomized: true, ...gold });
    const { user, api } = customizePage([bot], { re: true, coins: 5 });
    await user.click(await screen.findByRole("button", { name: "Customize Penny Bot" }));
    const dialog = screen.getByRole("dialog", { name: "Re-customize Penny Bot" });
    await user.type(within(dialog).getByLabelText("Bot name"), "Dime Bot");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await user.click(within(dialog).getByText("Cyan"));
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Insufficient coins You need 10 coins for: rename, color change",
    );
    const save = within(dialog).getByRole("button", { name: "Save Changes" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(save);
    expect(api.callsTo("customizeBot")).toHaveLength(0);
  });
});
