// The navigation bar (seed 000 §2, seed 001 §2, §6): the links in the spec's order with an Admin link for admins
// only, the Credits button with the balance, and Logout ('Logged out successfully' and home, or 'Failed to logout').
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPlayer, fail, findLocation, findToast, renderPage } from "../test-render";
import { NavBar } from "./NavBar";

const spec = [
  "Dashboard",
  "Summon",
  "Train",
  "Fight",
  "Shop",
  "Fusion",
  "Repair",
  "Bank",
  "Inventory",
  "Market",
  "Leaderboard",
  "Tournament",
  "Guilds",
  "Guild Wars",
];

function navAs(me: ReturnType<typeof aPlayer>, api: Parameters<typeof renderPage>[1]["api"] = {}) {
  return renderPage(<NavBar />, { path: "/dashboard", me, api });
}

describe("the navigation bar", () => {
  it("a player gets the spec's links in order, no Admin link, and the balance on Credits", async () => {
    navAs(aPlayer({ coins: 1000, isAdmin: false }));
    const nav = screen.getByRole("navigation", { name: "Main" });
    const labels = within(nav)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(labels.filter((label) => spec.includes(label ?? ""))).toEqual(spec);
    expect(within(nav).queryByRole("link", { name: "Admin" })).toBeNull();
    const credits = await screen.findByRole("button", { name: /credits/i });
    await waitFor(() => expect(credits.textContent).toContain("1,000"));
  });

  it("an admin also gets the Admin link, to /admin", async () => {
    navAs(aPlayer({ isAdmin: true }));
    const admin = await within(screen.getByRole("navigation", { name: "Main" })).findByRole("link", {
      name: "Admin",
    });
    expect(admin.getAttribute("href")).toBe("/admin");
  });

  it("Logout says 'Logged out successfully' and goes to /", async () => {
    const { user } = navAs(aPlayer(), { signOut: { ok: true } });
    await user.click(screen.getByRole("button", { name: "Logout" }));
    expect(await findToast("Logged out successfully")).toBeTruthy();
    expect(await findLocation()).toBe("/");
  });

  it("a failed logout says 'Failed to logout' and stays", async () => {
    const { user } = navAs(aPlayer(), { signOut: fail(500, "INTERNAL", "Something broke") });
    await user.click(screen.getByRole("button", { name: "Logout" }));
    expect(await findToast("Failed to logout")).toBeTruthy();
    expect(screen.queryByTestId("location")).toBeNull();
  });
});
