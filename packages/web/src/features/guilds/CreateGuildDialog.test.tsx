// The 'Create Guild' dialog (issue 26): a blank name or tag says 'Name and tag are required' under the blank
// field, not as a toast that stayed on screen after the fields were fixed; the words go as soon as the input is
// right, and the guild is then created with what was typed.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { findToast, renderPage } from "../../app/test-render";
import { CreateGuildDialog } from "./CreateGuildDialog";

const REQUIRED = "Name and tag are required";

function open() {
  const created = vi.fn();
  const view = renderPage(<CreateGuildDialog open onOpenChange={() => {}} onCreated={created} />, {
    path: "/guilds",
    api: {
      createGuild: (request) => ({
        message: "Guild created successfully!",
        guild: {
          id: "00000000-0000-4000-8000-0000000000a1",
          name: (request.body as { name: string }).name,
          tag: (request.body as { tag: string }).tag,
          description: null,
          memberCount: 1,
          maxMembers: 20,
          bankBalance: 0,
          totalPower: 40,
          isEligibleForWar: false,
          sitsOutNextWar: false,
          currentWarId: null,
          restsUntil: null,
          perks: { seatLevel: 0, warDrillLevel: 0, banner: null },
          progress: { current: 0, needed: 500, percent: 0 },
          disbandedAt: null,
          createdAt: "2030-01-01T00:00:00.000Z",
        },
        newCoins: 900,
      }),
    },
  });
  return { ...view, created };
}

describe("the Create Guild dialog", () => {
  it("says what is missing under the blank fields, and lets it go as each is filled", async () => {
    const { user, api, created } = open();
    await user.click(await screen.findByRole("button", { name: "Create Guild (100 coins)" }));
    const name = screen.getByLabelText("Guild name");
    const tag = screen.getByLabelText("Tag");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(tag.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(0);

    await user.type(name, "Neon Owls");
    expect(name.getAttribute("aria-invalid")).toBeNull();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    await user.type(tag, "owl");
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(api.callsTo("createGuild")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Create Guild (100 coins)" }));
    await waitFor(() => expect(api.callsTo("createGuild")).toHaveLength(1));
    expect(api.callsTo("createGuild")[0]!.body).toEqual({ name: "Neon Owls", tag: "OWL", description: null });
    expect(await findToast("Guild created successfully!")).toBeTruthy();
    expect(created).toHaveBeenCalledWith("00000000-0000-4000-8000-0000000000a1");
  });

  it("says nothing before the player tries to create", async () => {
    open();
    await screen.findByRole("button", { name: "Create Guild (100 coins)" });
    expect(screen.queryByText(REQUIRED)).toBeNull();
  });
});
