// The admin's 'Guild War Rewards': the fields start from what the server holds (GET), Save sends the three
// numbers (PUT) and shows the server's message; a number the server refuses shows its refusal under the form
// and beside the field, and nothing else is claimed.
import type { GuildWarRewardsBody } from "@bot-arena/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPlayer, fail, findToast, renderPage } from "../../app/test-render";
import { GuildWarRewardsForm } from "./GuildWarRewardsForm";
import { OpsLogProvider } from "./opsLog";

const refusal = "Rewards must be whole numbers of coins, 0 or more";

function show() {
  let held: GuildWarRewardsBody = { first: 2500, second: 1200, third: 600 };
  const view = renderPage(
    <OpsLogProvider>
      <GuildWarRewardsForm />
    </OpsLogProvider>,
    {
      path: "/admin",
      me: aPlayer({ isAdmin: true }),
      api: {
        guildWarRewards: () => ({ message: "", rewards: held }),
        setGuildWarRewards: (request) => {
          const body = request.body as Record<keyof GuildWarRewardsBody, number | null>;
          const bad = (Object.keys(body) as (keyof GuildWarRewardsBody)[]).find(
            (key) =>
              typeof body[key] !== "number" || !Number.isInteger(body[key]) || (body[key] as number) < 0,
          );
          if (bad) return fail(400, "VALIDATION_FAILED", refusal, { [bad]: refusal });
          held = body as GuildWarRewardsBody;
          return { message: "The next guild war pays 3,000 / 1,500 / 750 coins", rewards: held };
        },
      },
    },
  );
  const form = () => screen.getByRole("form", { name: "Guild war rewards" });
  const field = (label: string) => within(form()).getByLabelText<HTMLInputElement>(label);
  return { ...view, form, field };
}

describe("the admin's guild war rewards", () => {
  it("loads the server's values, sends the three typed and shows the server's message", async () => {
    const { user, api, field } = show();
    await screen.findByRole("form", { name: "Guild war rewards" });
    expect([field("1st place").value, field("2nd place").value, field("3rd place").value]).toEqual([
      "2500",
      "1200",
      "600",
    ]);
    for (const [label, value] of [
      ["1st place", "3000"],
      ["2nd place", "1500"],
      ["3rd place", "750"],
    ] as const) {
      await user.clear(field(label));
      await user.type(field(label), value);
    }
    await user.click(screen.getByRole("button", { name: "Save rewards" }));
    await waitFor(() => expect(api.callsTo("setGuildWarRewards")).toHaveLength(1));
    expect(api.callsTo("setGuildWarRewards")[0]!.method).toBe("PUT");
    expect(api.callsTo("setGuildWarRewards")[0]!.body).toEqual({ first: 3000, second: 1500, third: 750 });
    expect(await findToast("The next guild war pays 3,000 / 1,500 / 750 coins")).toBeTruthy();
    // The form starts again from what the server now holds.
    await waitFor(() => expect(field("1st place").value).toBe("3000"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a refused number: the server's refusal under the form and beside its field", async () => {
    const { user, api, field, form } = show();
    await screen.findByRole("form", { name: "Guild war rewards" });
    await user.clear(field("2nd place"));
    await user.type(field("2nd place"), "-5");
    await user.click(screen.getByRole("button", { name: "Save rewards" }));
    await waitFor(() => expect(api.callsTo("setGuildWarRewards")).toHaveLength(1));
    expect(api.callsTo("setGuildWarRewards")[0]!.body).toEqual({ first: 2500, second: -5, third: 600 });
    expect((await within(form()).findByRole("alert")).textContent).toBe(refusal);
    expect(field("2nd place").getAttribute("aria-invalid")).toBe("true");
    expect(field("1st place").getAttribute("aria-invalid")).toBeNull();
    expect(await findToast(refusal)).toBeTruthy();
  });
});
