// /inventory (seed 000 §2): with no equipment, 'No Equipment Yet' and 'Go to Shop' to /shop.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { findLocation, renderPage } from "../../app/test-render";
import InventoryPage from "./InventoryPage";

describe("/inventory", () => {
  it("an empty inventory says 'No Equipment Yet' and 'Go to Shop' leads to /shop", async () => {
    const { user } = renderPage(<InventoryPage />, {
      path: "/inventory",
      api: { inventory: { items: [] }, listBots: { bots: [] } },
    });
    expect(await screen.findByRole("heading", { name: "No Equipment Yet" })).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Go to Shop" }));
    expect(await findLocation()).toBe("/shop");
  });
});
