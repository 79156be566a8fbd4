// Seed 000 §2: any unknown path shows a 404 page with 'Oops! Page not found' and a link 'Return to Home' to /.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../app/test-render";

describe("the not-found page", () => {
  it("an unknown path shows 'Oops! Page not found', and 'Return to Home' leads to /", async () => {
    const { user } = renderApp("/no/such/place", { me: null });
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
    // A visitor has no navigation bar to use.
    expect(screen.queryByRole("button", { name: "Toggle navigation" })).toBeNull();
    await user.click(screen.getByRole("link", { name: "Return to Home" }));
    await waitFor(() => expect(window.location.pathname).toBe("/"));
  });

  it("shows for an unknown path inside the signed-in area too, with the player's navigation bar", async () => {
    const { user } = renderApp("/dashboard/nowhere");
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
    const nav = await screen.findByRole("navigation", { name: "Main" });
    await user.click(within(nav).getByRole("link", { name: /Dashboard/ }));
    await waitFor(() => expect(window.location.pathname).toBe("/dashboard"));
  });
});
