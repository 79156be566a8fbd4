// A player's alerts (issue 26): wherever they are in the app, each alert on their `me` channel shows its toast,
// and the toast's action takes them where it happened (Watch opens the live match in the COMBAT ZONE).
import { type LiveEvent, playerAlertKinds } from "@bot-arena/contract";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LiveSession } from "../LiveSession";
import { openSocket, stubLiveSocket } from "../test-live";
import { findLocation, findToast, renderPage } from "../test-render";

const CUP = { tournamentId: "t-1", tournamentName: "Neon Cup" };
const WAR = { warId: "w-1", warName: "Guild War #3", guildId: "g-1", guildTag: "VOLT", guildName: "Voltage" };

/** Anywhere in the app: a page of its own, with the live session the shell mounts. */
async function somewhereInTheApp() {
  const view = renderPage(
    <>
      <LiveSession />
      <p>Shop shelves</p>
    </>,
    { path: "/shop" },
  );
  const socket = await openSocket();
  await waitFor(() => expect(socket.channels()).toContain("me"));
  const alert = (kind: string, data: Record<string, unknown>) =>
    socket.push({ channel: "me", kind, data } satisfies Omit<LiveEvent, "at">);
  return { ...view, alert };
}

async function actionOf(title: string, label: string) {
  const toast = (await findToast(title)).closest("[data-sonner-toast]") as HTMLElement;
  return [...toast.querySelectorAll("button")].find((b) => b.textContent === label)!;
}

describe("player alerts", () => {
  beforeEach(stubLiveSocket);

  it("a live match: a toast whose Watch opens the battle", async () => {
    const { alert, user } = await somewhereInTheApp();
    alert(playerAlertKinds.tournamentMatchLive, { ...CUP, round: 2, battleId: "b-42" });
    expect(await findToast("Your match in Neon Cup is live")).toBeTruthy();
    expect(await findToast("Round 2: your bot is fighting now.")).toBeTruthy();
    await user.click(await actionOf("Your match in Neon Cup is live", "Watch"));
    expect(await findLocation()).toBe("/battles/b-42");
  });

  it("a round won, a round lost but still in, a knock-out, and the final place", async () => {
    const { alert, user } = await somewhereInTheApp();
    const result = (outcome: string, extra: Record<string, unknown> = {}) =>
      alert(playerAlertKinds.tournamentResult, {
        ...CUP,
        round: 1,
        outcome,
        place: null,
        prize: 0,
        ...extra,
      });
    result("won");
    expect(await findToast("You won round 1 of Neon Cup")).toBeTruthy();
    expect(await findToast("You advance to the next round.")).toBeTruthy();
    result("lost");
    expect(await findToast("You lost round 1 of Neon Cup")).toBeTruthy();
    result("knocked_out");
    expect(await findToast("Knocked out of Neon Cup")).toBeTruthy();
    result("finished", { round: 3, place: 2, prize: 500 });
    expect(await findToast("Neon Cup is over: you placed 2nd")).toBeTruthy();
    expect(await findToast("+500 coins.")).toBeTruthy();
    await user.click(await actionOf("Knocked out of Neon Cup", "View"));
    expect(await findLocation()).toBe("/tournament");
  });

  it("a champion is told they won", async () => {
    const { alert } = await somewhereInTheApp();
    alert(playerAlertKinds.tournamentResult, {
      ...CUP,
      round: 3,
      outcome: "finished",
      place: 1,
      prize: 1000,
    });
    expect(await findToast("You won Neon Cup!")).toBeTruthy();
    expect(await findToast("Champion: +1,000 coins.")).toBeTruthy();
  });

  it("the guild drafted for a war, then the war over with its place and prize", async () => {
    const { alert, user } = await somewhereInTheApp();
    alert(playerAlertKinds.warDrafted, WAR);
    expect(await findToast("[VOLT] Voltage is drafted for Guild War #3")).toBeTruthy();
    alert(playerAlertKinds.warEnded, { ...WAR, placement: 1, prize: 2000 });
    expect(await findToast("Guild War #3 is over: [VOLT] placed 1st")).toBeTruthy();
    expect(await findToast("+2,000 coins into the guild bank.")).toBeTruthy();
    await user.click(await actionOf("[VOLT] Voltage is drafted for Guild War #3", "View"));
    expect(await findLocation()).toBe("/guild-wars");
  });

  it("a raid lost (and the shield it raised) or held, whose View opens the defense log", async () => {
    const { alert, user } = await somewhereInTheApp();
    const raid = { battleId: "b-7", attackerName: "vex", botName: "Bulwark", shieldUntil: null };
    alert(playerAlertKinds.pvpRaid, { ...raid, held: false, coins: 265, ratingDelta: -14 });
    expect(await findToast("vex raided Bulwark")).toBeTruthy();
    expect(await findToast("You lost 265 coins and 14 rating.")).toBeTruthy();
    alert(playerAlertKinds.pvpRaid, {
      ...raid,
      attackerName: "zed",
      held: false,
      coins: 1200,
      ratingDelta: -9,
      shieldUntil: Date.UTC(2026, 11, 2, 20, 30),
    });
    expect(await findToast(/^You lost 1,200 coins and 9 rating\. You are shielded until .+\.$/)).toBeTruthy();
    alert(playerAlertKinds.pvpRaid, { ...raid, attackerName: "kai", held: true, coins: 40, ratingDelta: 6 });
    expect(await findToast("Bulwark held against kai")).toBeTruthy();
    expect(await findToast("+40 coins, +6 rating.")).toBeTruthy();
    await user.click(await actionOf("vex raided Bulwark", "View"));
    expect(await findLocation()).toBe("/defenses");
  });

  it("a season's reward: the place, the season and the coins, whose Standings opens the season's end", async () => {
    const { alert, user } = await somewhereInTheApp();
    alert(playerAlertKinds.pvpSeasonReward, {
      season: 3,
      place: 2,
      badge: "Runner-up",
      title: "Runner-up",
      coins: 500,
    });
    expect(await findToast("Season 3 is over: you placed #2 (500 coins)")).toBeTruthy();
    expect(await findToast("You earned the title Season 3 Runner-up and its badge.")).toBeTruthy();
    await user.click(await actionOf("Season 3 is over: you placed #2 (500 coins)", "Standings"));
    expect(await findLocation()).toBe("/seasons/3");
  });

  it("a cash-out paid or refunded, a grant, and a mute in chat", async () => {
    const { alert, user } = await somewhereInTheApp();
    alert(playerAlertKinds.cashoutSettled, { cashoutId: "c-1", status: "paid", amount: 1500, reason: null });
    expect(await findToast("Your cash-out of 1,500 coins was paid")).toBeTruthy();
    alert(playerAlertKinds.cashoutSettled, {
      cashoutId: "c-2",
      status: "refunded",
      amount: 200,
      reason: "Gamertag not found",
    });
    expect(await findToast("Your cash-out of 200 coins was refunded to your vault")).toBeTruthy();
    expect(await findToast("Gamertag not found")).toBeTruthy();
    alert(playerAlertKinds.grantReceived, { coins: 0, itemName: "Plasma Blade" });
    expect(await findToast("You received Plasma Blade")).toBeTruthy();
    alert(playerAlertKinds.moderationMuted, {
      minutes: 10,
      mutedUntil: "2026-12-01T22:10:00Z",
      reason: "Spam",
    });
    expect(await findToast("You are muted in chat for 10 minutes")).toBeTruthy();
    expect(await findToast("Reason: Spam")).toBeTruthy();
    const muted = (await findToast("You are muted in chat for 10 minutes")).closest("[data-sonner-toast]")!;
    expect(muted.querySelectorAll("button[data-button]")).toHaveLength(0);
    await user.click(await actionOf("You received Plasma Blade", "View"));
    expect(await findLocation()).toBe("/inventory");
  });

  it("shows nothing for other events on the channel, nor for an alert whose data is not what it should be", async () => {
    const { alert } = await somewhereInTheApp();
    alert("balance", { coins: 10 });
    alert(playerAlertKinds.tournamentMatchLive, { ...CUP, round: 2 });
    alert(playerAlertKinds.warDrafted, { warName: "Guild War #3" });
    alert(playerAlertKinds.tournamentResult, { ...CUP, round: 1, outcome: "bribed" });
    alert(playerAlertKinds.pvpRaid, { attackerName: "vex", botName: "Bulwark", held: false });
    // Alerts are shown in the order they come: once a good one after them shows, any of theirs would have.
    alert(playerAlertKinds.warDrafted, WAR);
    await findToast("[VOLT] Voltage is drafted for Guild War #3");
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
    expect(screen.getByText("Shop shelves")).toBeTruthy();
  });
});
