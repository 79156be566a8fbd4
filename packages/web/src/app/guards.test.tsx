// Route guards (seed 000 §6, seed 001 §6): a signed-out visit to a signed-in screen goes to /auth; /admin
// without the admin role says 'Unauthorized: Admin access required' and goes to /.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPlayer, findToast, renderApp } from "./test-render";

describe("route guards", () => {
  it.each(["/dashboard", "/tournament", "/guilds/00000000-0000-4000-8000-000000000000", "/admin"])(
    "a signed-out visit to %s goes to /auth",
    async (path) => {
      renderApp(path, { me: null });
      expect(await screen.findByRole("heading", { name: "Pilot Login" })).toBeTruthy();
      expect(window.location.pathname).toBe("/auth");
    },
  );

  it("a player who is not an admin is refused /admin with the spec's words and sent home", async () => {
    renderApp("/admin", { me: aPlayer({ isAdmin: false }) });
    expect(await findToast("Unauthorized: Admin access required")).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/"));
  });
});
