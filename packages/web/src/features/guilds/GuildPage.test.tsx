// /guilds/{id}: a guild the server does not know says so ('Guild not found', the server's words) and offers
// to try again.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fail, renderPage } from "../../app/test-render";
import GuildPage from "./GuildPage";

describe("/guilds/:id", () => {
  it("an unknown guild: 'Guild not found' with a Retry", async () => {
    const { user, api } = renderPage(<GuildPage />, {
      path: "/guilds/:id",
      at: "/guilds/00000000-0000-4000-8000-000000000000",
      api: { guild: fail(404, "NOT_FOUND", "Guild not found") },
    });
    expect(await screen.findByRole("heading", { name: "Guild not found" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(api.callsTo("guild")).toHaveLength(2));
    expect(
      api.callsTo("guild").every((call) => call.params.id === "00000000-0000-4000-8000-000000000000"),
    ).toBe(true);
    expect(await screen.findByRole("heading", { name: "Guild not found" })).toBeTruthy();
  });
});
