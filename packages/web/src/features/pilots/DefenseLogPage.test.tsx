// /defenses: each raid with its attacker, the bot, held or lost, coins and rating, Replay, and Revenge while it is
// open (the challenge names the raid); the shield with its end; an empty log says what will show there.
import { pvpMessages } from "@bot-arena/game";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type AnswerOf, fail, findLocation, findToast, renderPage } from "../../app/test-render";
import DefenseLogPage from "./DefenseLogPage";

type Defense = AnswerOf<"pvpDefenses">["defenses"][number];
const raid = (overrides: Partial<Defense> = {}): Defense => ({
  battleId: "b-1",
  createdAt: "2026-12-02T08:00:00.000Z",
  attackerName: "vex",
  attackerBotName: "Crusher",
  botName: "Bulwark",
  held: false,
  coinsDelta: -265,
  ratingDelta: -14,
  revengeBotId: "bot-vex",
  revengeUntil: "2026-12-03T08:00:00.000Z",
  avenged: false,
  ...overrides,
});

const open = (log: AnswerOf<"pvpDefenses">, extra = {}) =>
  renderPage(<DefenseLogPage />, { path: "/defenses", api: { pvpDefenses: log, ...extra } });

describe("/defenses", () => {
  it("shows each raid with what it moved, its replay and its revenge", async () => {
    const { user, api } = open(
      {
        defenses: [
          raid(),
          raid({
            battleId: "b-2",
            attackerName: "kai",
            held: true,
            coinsDelta: 40,
            ratingDelta: 6,
            revengeBotId: null,
            revengeUntil: null,
            avenged: true,
          }),
        ],
        shieldUntil: null,
      },
      { pvpBattle: fail(409, "CONFLICT", pvpMessages.revengeClosed) },
    );
    const rows = await screen.findAllByTestId("defense");
    expect(rows).toHaveLength(2);
    const [lost, held] = rows as [HTMLElement, HTMLElement];
    expect(lost.textContent).toContain("vex raided Bulwark: lost");
    expect(within(lost).getByText("−265 coins")).toBeTruthy();
    expect(within(lost).getByText("−14")).toBeTruthy();
    expect(within(held).getByText("+40 coins")).toBeTruthy();
    expect(within(held).getByText("Avenged")).toBeTruthy();
    expect(within(held).queryByRole("button", { name: "Revenge" })).toBeNull();
    expect(within(lost).getByRole("link", { name: "vex" }).getAttribute("href")).toBe("/pilots/vex");

    await user.click(within(lost).getByRole("button", { name: "Revenge" }));
    expect(await findToast(pvpMessages.revengeClosed)).toBeTruthy();
    expect(api.callsTo("pvpBattle").map((c) => c.body)).toEqual([
      { defenderId: "bot-vex", revengeOf: "b-1" },
    ]);

    await user.click(within(lost).getByRole("link", { name: "Replay" }));
    expect(await findLocation()).toBe("/battles/b-1");
  });

  it("shows the player's shield with its end, and an empty log", async () => {
    open({ defenses: [], shieldUntil: "2026-12-02T20:00:00.000Z" });
    expect((await screen.findByTestId("shield")).textContent).toMatch(
      /^Shielded until .+: nobody can raid you\. Attacking ends it\.$/,
    );
    expect(screen.getByText("No raids yet. When someone attacks your bots, it shows here.")).toBeTruthy();
  });
});
