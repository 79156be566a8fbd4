// /guilds/{id}: a guild the server does not know says so ('Guild not found', the server's words) and offers
// to try again; the 'Next Guild War' panel says what a war is and that it costs nothing, and its 'Sit out the
// next war' switch sends the choice for a leader (showing the server's answer) and is shown, but locked, to a
// plain member; the bank history names a war prize with its war; a guild already shown stays when a refresh
// fails.
import type { GuildBankEntry, GuildDetail, GuildRole } from "@bot-arena/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../../app/queryKeys";
import { answerOnceThenFail, aPlayer, fail, findToast, rateLimited, renderPage } from "../../app/test-render";
import { formatRestEnd } from "../guild-wars/next-fight";
import GuildPage from "./GuildPage";

const GUILD_ID = "00000000-0000-4000-8000-0000000000g1".replace("g", "a");
const me = aPlayer();
const SERVER_TIME = "2030-01-01T12:00:00.000Z";

function aGuild(
  fields: {
    myRole?: GuildRole | null;
    bank?: number;
    sitsOut?: boolean;
    bankHistory?: GuildBankEntry[];
    disbanded?: boolean;
    restsUntil?: string;
    perks?: GuildDetail["guild"]["perks"];
  } = {},
): GuildDetail {
  const bank = fields.bank ?? 620;
  const myRole = fields.myRole === undefined ? "leader" : fields.myRole;
  return {
    guild: {
      id: GUILD_ID,
      name: "Neon Owls",
      tag: "OWL",
      description: null,
      memberCount: 1,
      maxMembers: 20,
      bankBalance: bank,
      totalPower: 120,
      isEligibleForWar: bank >= 500 && !fields.sitsOut && !fields.restsUntil,
      sitsOutNextWar: fields.sitsOut ?? false,
      currentWarId: null,
      restsUntil: fields.restsUntil ?? null,
      perks: fields.perks ?? { seatLevel: 0, warDrillLevel: 0, banner: null },
      progress: {
        current: Math.min(bank, 500),
        needed: 500,
        percent: Math.floor((Math.min(bank, 500) * 100) / 500),
      },
      disbandedAt: fields.disbanded ? "2030-01-02T00:00:00.000Z" : null,
      createdAt: "2030-01-01T00:00:00.000Z",
    },
    members: myRole
      ? [
          {
            userId: me.id,
            shortId: me.id.slice(0, 8),
            username: me.username,
            role: myRole,
            contributionTotal: bank,
            power: 120,
            joinedAt: "2030-01-01T00:00:00.000Z",
          },
        ]
      : [],
    myRole,
    viewerInGuild: myRole !== null,
    recentContributions: [],
    bankHistory: fields.bankHistory ?? [],
    currentWar: null,
    muster: { readyGuilds: 3, restingGuilds: fields.restsUntil ? 8 : 0, guildsPerWar: 8, restHours: 20 },
    serverTime: SERVER_TIME,
  };
}

function show(detail: GuildDetail, api: Parameters<typeof renderPage>[1]["api"] = {}) {
  return renderPage(<GuildPage />, {
    path: "/guilds/:id",
    at: `/guilds/${GUILD_ID}`,
    me,
    api: { guild: detail, ...api },
  });
}

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

  it("keeps the guild it loaded when a refresh is refused, under the note", async () => {
    const { queryClient } = show(aGuild(), { guild: answerOnceThenFail(aGuild(), rateLimited(60)) });
    expect(await screen.findByRole("heading", { name: "Neon Owls" })).toBeTruthy();

    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.guilds.one(GUILD_ID) }));
    expect((await screen.findByRole("status")).textContent).toBe("Could not refresh, retrying");
    expect(screen.getByRole("heading", { name: "Neon Owls" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Members" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Guild not found" })).toBeNull();
  });
});

describe("/guilds/:id: the next guild war", () => {
  it("says in one sentence what a war is: free, when it starts, what the arena pays", async () => {
    show(aGuild());
    const rules = await screen.findByTestId("war-rules");
    expect(rules.textContent).toBe(
      "A guild war costs nothing: when 8 guilds have 500 coins or more in their banks, the strongest 8 are " +
        "enlisted and fight a round robin; the arena pays 1st, 2nd and 3rd (2,000 / 1,000 / 500 coins) into their banks.",
    );
    expect(screen.getByTestId("war-standing").textContent).toBe(
      "Enlisted: [OWL] fights in the next war. The next war starts as soon as 8 guilds are enlisted.",
    );
    // Nothing on the page speaks of a stake.
    expect(document.body.textContent).not.toMatch(/stake/i);
  });

  it("a guild ready now says so, with how many guilds are ready", async () => {
    show(aGuild());
    expect((await screen.findByTestId("next-fight")).textContent).toBe(
      "Ready now: it fights in the next war.",
    );
    expect(screen.getByTestId("war-muster").textContent).toBe("3 of 8 guilds ready for the next war");
  });

  it("a guild resting after its war: counted down to the rest's end on the server's clock, not the device's", async () => {
    // 19 h 59 m 30 s after the server's time; the device's clock is years away from it.
    show(aGuild({ restsUntil: "2030-01-02T07:59:30.000Z" }));
    expect((await screen.findByTestId("next-fight")).textContent).toBe(
      `Resting after its war: it can fight next in 19h 59m (${formatRestEnd("2030-01-02T07:59:30.000Z")}).`,
    );
    expect(screen.getByTestId("war-muster").textContent).toBe(
      "3 of 8 guilds ready for the next war · 8 resting after a war",
    );
    expect(screen.getByText("Resting")).toBeTruthy();
    expect(screen.getByTestId("war-standing").textContent).toBe(
      "[OWL] fought its last war and rests before it is enlisted again, so no guild fights war after war.",
    );
  });

  it("a guild short of 500 says how many coins it needs to fight", async () => {
    show(aGuild({ bank: 120 }));
    expect((await screen.findByTestId("next-fight")).textContent).toBe(
      "It can fight once its bank holds 500 coins (380 more).",
    );
  });

  it("a leader's switch sends sitOut: true, toasts the server's answer and then shows the guild sitting out", async () => {
    // The server's state: the choice, which the page's refetch after the answer reads back.
    let sitsOut = false;
    const { user, api } = show(aGuild({ myRole: "leader" }), {
      guild: () => aGuild({ myRole: "leader", sitsOut }),
      sitOutNextWar: (request) => {
        sitsOut = (request.body as { sitOut: boolean }).sitOut;
        return { message: "Your guild will sit out the next war", sitsOutNextWar: sitsOut };
      },
    });
    const toggle = await screen.findByRole("switch", { name: "Sit out the next war" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect((toggle as HTMLButtonElement).disabled).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect(api.callsTo("sitOutNextWar")).toHaveLength(1));
    const sent = api.callsTo("sitOutNextWar")[0]!;
    expect(sent.params.id).toBe(GUILD_ID);
    expect(sent.body).toEqual({ sitOut: true });
    expect(await findToast("Your guild will sit out the next war")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Sit out the next war" }).getAttribute("aria-checked")).toBe(
        "true",
      ),
    );
    expect(screen.getByTestId("war-standing").textContent).toBe(
      "[OWL] will sit out the next war: it is not enlisted, whatever its bank holds.",
    );
    expect(screen.getByText("Sitting Out")).toBeTruthy();
    expect(screen.queryByText("Ready")).toBeNull();
  });

  it("a guild sitting out: an officer switches it off with sitOut: false", async () => {
    const { user, api } = show(aGuild({ myRole: "officer", sitsOut: true }), {
      sitOutNextWar: { message: "Your guild is enlisted for the next war", sitsOutNextWar: false },
    });
    expect((await screen.findByTestId("war-standing")).textContent).toContain("will sit out the next war");
    expect(screen.getByText("Sitting Out")).toBeTruthy();
    await user.click(screen.getByRole("switch", { name: "Sit out the next war" }));
    await waitFor(() => expect(api.callsTo("sitOutNextWar")[0]?.body).toEqual({ sitOut: false }));
    expect(await findToast("Your guild is enlisted for the next war")).toBeTruthy();
  });

  it("a plain member sees the switch, locked, with why; a visitor sees no switch", async () => {
    const { unmount } = show(aGuild({ myRole: "member", sitsOut: true }));
    const toggle = await screen.findByRole("switch", { name: "Sit out the next war" });
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    const why = document.getElementById(toggle.getAttribute("aria-describedby") ?? "");
    expect(why?.textContent).toBe("Only the leader or an officer can change this.");
    unmount();

    show(aGuild({ myRole: null }));
    expect(await screen.findByTestId("war-rules")).toBeTruthy();
    expect(screen.queryByRole("switch")).toBeNull();
  });

  it("a guild below 500 shows its bar and what reaching 500 means", async () => {
    show(aGuild({ bank: 250 }));
    expect((await screen.findByTestId("war-standing")).textContent).toBe(
      "At 500 coins in the bank, [OWL] is enlisted for the next war. The next war starts as soon as 8 guilds are enlisted.",
    );
    expect(screen.getByText("250 / 500 coins")).toBeTruthy();
  });
});

describe("/guilds/:id: the bank history", () => {
  it("names a war prize with its war, and an old war's stake as the old rule", async () => {
    const entry = (fields: Partial<GuildBankEntry>): GuildBankEntry => ({
      id: 1,
      kind: "donation",
      delta: 100,
      balanceAfter: 100,
      username: null,
      warId: null,
      warName: null,
      createdAt: "2030-01-01T00:00:00.000Z",
      ...fields,
    });
    const { user } = show(
      aGuild({
        bankHistory: [
          entry({
            id: 3,
            kind: "war_prize",
            delta: 1000,
            balanceAfter: 2120,
            warId: "w3",
            warName: "Guild War #3",
          }),
          entry({
            id: 2,
            kind: "war_stake",
            delta: -500,
            balanceAfter: 1120,
            warId: "w1",
            warName: "Guild War #1",
          }),
          entry({ id: 1, kind: "donation", delta: 620, balanceAfter: 620, username: "ada" }),
        ],
      }),
    );
    await user.click(await screen.findByRole("tab", { name: "Bank" }));
    const labels = (await screen.findAllByTestId("bank-entry-label")).map((label) => label.textContent);
    expect(labels).toEqual([
      "War prize · Guild War #3",
      "War stake (old rule) · Guild War #1",
      "Donation · by ada",
    ]);
  });
});

describe("/guilds/:id: leaving and the end", () => {
  it("a disbanded guild shows no war status: it says Disbanded, and no 'Next Guild War' panel", async () => {
    show(aGuild({ myRole: null, bank: 0, disbanded: true }));
    expect(await screen.findByRole("heading", { name: "Neon Owls" })).toBeTruthy();
    expect(screen.queryByText("Building")).toBeNull();
    expect(screen.queryByTestId("war-standing")).toBeNull();
    expect(screen.getAllByText("Disbanded").length).toBeGreaterThan(0);
  });

  it("Leave Guild is a quiet outline, not the page's loudest button, and still asks before leaving", async () => {
    const { user, api } = show(aGuild({ myRole: "member" }), {
      leaveGuild: { message: "Left guild successfully", disbanded: false, newLeaderId: null },
    });
    const leave = await screen.findByRole("button", { name: "Leave Guild" });
    expect(leave.className).toContain("border-danger");
    expect(leave.className).not.toContain("from-danger");
    await user.click(leave);
    expect(await screen.findByTestId("leave-warning")).toBeTruthy();
    expect(api.callsTo("leaveGuild")).toHaveLength(0);
  });
});

describe("/guilds/:id Perks", () => {
  const bought = (message: string) => ({ message, price: 2000, guild: aGuild().guild });

  it("the leader buys the next seats level after a confirmation, naming the level shown", async () => {
    const { user, api } = show(aGuild({ bank: 2500 }), { buyGuildPerk: bought("Bought: more member seats") });
    await user.click(await screen.findByRole("tab", { name: "Perks" }));
    const seats = screen.getByRole("region", { name: "Member seats" });
    expect(within(seats).getByText("Level 0 of 3: 20 seats")).toBeTruthy();
    expect(within(seats).getByText("Next: +5 seats (25 in all).")).toBeTruthy();
    await user.click(within(seats).getByRole("button", { name: "Buy level 1 · 2,000" }));
    const confirm = await screen.findByRole("dialog", { name: "Buy this perk?" });
    expect(api.callsTo("buyGuildPerk")).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Buy" }));
    expect(await findToast("Bought: more member seats")).toBeTruthy();
    expect(api.callsTo("buyGuildPerk").map((call) => call.body)).toEqual([{ perk: "seats", level: 1 }]);
  });

  it("a perk the bank cannot pay for is shown with what the bank holds, and cannot be bought", async () => {
    const { user } = show(aGuild({ bank: 2500 }));
    await user.click(await screen.findByRole("tab", { name: "Perks" }));
    const drill = screen.getByRole("region", { name: "War drill" });
    expect(within(drill).getByRole("button", { name: "Buy level 1 · 5,000" }).hasAttribute("disabled")).toBe(
      true,
    );
    expect(within(drill).getByText("The bank holds 2,500 of 5,000")).toBeTruthy();
  });

  it("a plain member sees the perks and who can buy them, with no buy button", async () => {
    const { user } = show(aGuild({ myRole: "member", bank: 9000 }));
    await user.click(await screen.findByRole("tab", { name: "Perks" }));
    expect(screen.getByText(/Only the leader or an officer can buy guild perks\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Buy level/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /banner/i })).toBeNull();
  });

  it("raises the chosen banner, and a guild's banner flies beside its tag", async () => {
    const flying = { color: "Magenta", hex: "#ff2bd6", emblem: "crown" };
    const { user, api } = show(
      aGuild({ bank: 1200, perks: { seatLevel: 3, warDrillLevel: 2, banner: flying } }),
      {
        buyGuildPerk: bought("Bought: guild banner"),
      },
    );
    expect(await screen.findAllByRole("img", { name: "Magenta crown banner" })).toHaveLength(1);
    await user.click(screen.getByRole("tab", { name: "Perks" }));
    expect(screen.getAllByText("Last level reached")).toHaveLength(2);
    const banner = screen.getByRole("region", { name: "Banner" });
    await user.selectOptions(within(banner).getByLabelText("Colour"), "Lime");
    await user.selectOptions(within(banner).getByLabelText("Emblem"), "bolt");
    await user.click(within(banner).getByRole("button", { name: "Change banner · 250" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Buy this perk?" })).getByRole("button", {
        name: "Buy",
      }),
    );
    expect(await findToast("Bought: guild banner")).toBeTruthy();
    expect(api.callsTo("buyGuildPerk").map((call) => call.body)).toEqual([
      { perk: "banner", color: "Lime", emblem: "bolt" },
    ]);
  });
});
