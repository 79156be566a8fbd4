// The inbox (issue 41): the bell's unread count in the bar, the list newest first in the alerts' own words with
// links where each happened (opening one marks it read), 'Mark all as read', and the bell following live alerts.
import type { Alert } from "@bot-arena/contract";
import { playerAlertKinds } from "@bot-arena/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LiveSession } from "../../app/LiveSession";
import { AlertsBell } from "../../app/shell/AlertsBell";
import { openSocket, stubLiveSocket } from "../../app/test-live";
import { type AnswerOf, findLocation, renderPage } from "../../app/test-render";
import AlertsPage from "./AlertsPage";

const CUP = { tournamentId: "t-1", tournamentName: "Neon Cup" };
const anAlert = (id: string, kind: string, data: Record<string, unknown>, read = false): Alert => ({
  id,
  kind,
  data,
  link: null,
  createdAt: "2026-12-01T21:52:00.000Z",
  readAt: read ? "2026-12-01T22:00:00.000Z" : null,
});

const inbox: AnswerOf<"alerts"> = {
  alerts: [
    anAlert("a-3", playerAlertKinds.tournamentResult, {
      ...CUP,
      round: 1,
      outcome: "knocked_out",
      place: null,
      prize: 0,
    }),
    anAlert("a-2", playerAlertKinds.cashoutSettled, {
      cashoutId: "c-1",
      status: "refunded",
      amount: 200,
      reason: "Gamertag not found",
    }),
    anAlert("a-1", playerAlertKinds.grantReceived, { coins: 500, itemName: null }, true),
  ],
  unreadCount: 2,
};

describe("the alert inbox", () => {
  it("lists the alerts newest first in their words, the unread marked, each with its link", async () => {
    renderPage(<AlertsPage />, { path: "/alerts", api: { alerts: inbox } });
    const rows = await screen.findAllByTestId("alert-row");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining("Unread: Knocked out of Neon Cup"),
      expect.stringContaining("Unread: Your cash-out of 200 coins was refunded to your vault"),
      expect.stringContaining("You received 500 coins"),
    ]);
    expect(rows[1]!.textContent).toContain("Gamertag not found");
    expect(rows[2]!.textContent).not.toContain("Unread");
    expect(rows.map((r) => r.dataset.unread)).toEqual(["true", "true", "false"]);
    expect(within(rows[0]!).getByRole("link", { name: "View" }).getAttribute("href")).toBe("/tournament");
    expect(within(rows[1]!).getByRole("link", { name: "View" }).getAttribute("href")).toBe("/bank");
    expect(rows[0]!.textContent).toContain("Dec 1, 2026");
  });

  it("opening an alert marks it read and goes where it happened", async () => {
    const { user, api } = renderPage(<AlertsPage />, {
      path: "/alerts",
      api: { alerts: inbox, readAlert: { unreadCount: 1 } },
    });
    const [first] = await screen.findAllByTestId("alert-row");
    await user.click(within(first!).getByRole("link", { name: "View" }));
    expect(await findLocation()).toBe("/tournament");
    await waitFor(() => expect(api.callsTo("readAlert").map((c) => c.params.id)).toEqual(["a-3"]));
  });

  it("a season reward says the place, the season and the coins, and leads to the season's standings", async () => {
    const reward = (id: string, place: number, coins: number, title: string | null) =>
      anAlert(id, playerAlertKinds.pvpSeasonReward, {
        season: 3,
        place,
        badge: title ?? "Top 10",
        title,
        coins,
      });
    const { user } = renderPage(<AlertsPage />, {
      path: "/alerts",
      api: {
        alerts: { alerts: [reward("s-2", 2, 500, "Runner-up"), reward("s-7", 7, 0, null)], unreadCount: 2 },
      },
    });
    const rows = await screen.findAllByTestId("alert-row");
    expect(rows[0]!.textContent).toContain("Season 3 is over: you placed #2 (500 coins)");
    expect(rows[0]!.textContent).toContain("You earned the title Season 3 Runner-up and its badge.");
    expect(rows[1]!.textContent).toContain("Season 3 is over: you placed #7");
    expect(rows[1]!.textContent).not.toContain("coins");
    expect(rows[1]!.textContent).toContain("You earned the Top 10 badge.");
    await user.click(within(rows[0]!).getByRole("link", { name: "Standings" }));
    expect(await findLocation()).toBe("/seasons/3");
  });

  it("'Mark all as read' clears every mark and the button", async () => {
    let read = false;
    const { user, api } = renderPage(<AlertsPage />, {
      path: "/alerts",
      api: {
        alerts: () =>
          read
            ? {
                alerts: inbox.alerts.map((a) => ({ ...a, readAt: a.readAt ?? "2026-12-02T00:00:00.000Z" })),
                unreadCount: 0,
              }
            : inbox,
        readAllAlerts: () => {
          read = true;
          return { unreadCount: 0 };
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() =>
      expect(screen.getAllByTestId("alert-row").map((r) => r.dataset.unread)).toEqual([
        "false",
        "false",
        "false",
      ]),
    );
    expect(api.callsTo("readAllAlerts")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
  });

  it("says so when there is nothing yet", async () => {
    renderPage(<AlertsPage />, { path: "/alerts", api: { alerts: { alerts: [], unreadCount: 0 } } });
    expect(await screen.findByText(/No alerts yet/)).toBeTruthy();
  });
});

describe("the bell", () => {
  beforeEach(stubLiveSocket);

  it("shows the unread count, opens the inbox, and follows a live alert", async () => {
    let unread = 2;
    const { user } = renderPage(
      <>
        <LiveSession />
        <AlertsBell />
      </>,
      {
        path: "/shop",
        api: { alerts: () => ({ ...inbox, unreadCount: unread }), musicTracks: { tracks: [] } },
      },
    );
    const bell = await screen.findByRole("link", { name: "Alerts, 2 unread" });
    expect(bell.textContent).toBe("2");
    const socket = await openSocket();
    await waitFor(() => expect(socket.channels()).toContain("me"));
    unread = 3;
    socket.push({ channel: "me", kind: playerAlertKinds.grantReceived, data: { coins: 5, itemName: null } });
    expect(await screen.findByRole("link", { name: "Alerts, 3 unread" })).toBeTruthy();
    unread = 0;
    socket.push({ channel: "me", kind: "alerts-read", data: { unreadCount: 0 } });
    const quiet = await screen.findByRole("link", { name: "Alerts" });
    expect(quiet.textContent).toBe("");
    await user.click(quiet);
    expect(await findLocation()).toBe("/alerts");
  });
});
