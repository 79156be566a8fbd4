// /tournament follows its tournament live without re-reading the past list on every match: that list is an
// expensive read (5 requests of the player's rate), and it changes only when a tournament changes status.
import type { LiveEvent } from "@bot-arena/contract";
import { waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LiveSession } from "../../app/LiveSession";
import { openSocket, stubLiveSocket } from "../../app/test-live";
import { renderPage } from "../../app/test-render";
import { aDetail } from "./fixtures";
import TournamentPage from "./TournamentPage";

describe("/tournament live", () => {
  beforeEach(stubLiveSocket);

  it("refetches the tournament on each of its events, and the past list only on a status change", async () => {
    const detail = aDetail({ tournament: {}, players: 4, matches: [] });
    const id = detail.tournament.id;
    const { api, queryClient } = renderPage(
      <>
        <LiveSession />
        <TournamentPage />
      </>,
      {
        path: "/tournament",
        api: { currentTournament: { tournament: detail }, pastTournaments: { tournaments: [] } },
      },
    );
    const socket = await openSocket();
    await waitFor(() => expect(socket.channels()).toContain(`tournament:${id}`));
    // The socket's opening refreshes what the page follows; what counts is what comes after, once that is answered.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const past = api.callsTo("pastTournaments").length;
    const current = api.callsTo("currentTournament").length;
    const push = (channel: LiveEvent["channel"], kind: string) =>
      socket.push({ channel, kind, data: { id, change: "match" } } as Omit<LiveEvent, "at">);

    for (let i = 0; i < 3; i++) push(`tournament:${id}`, "tournament");
    await waitFor(() => expect(api.callsTo("currentTournament").length).toBeGreaterThan(current));
    // Both lists would be invalidated by the same handler: once every fetch begun is answered, a past one is counted.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(api.callsTo("pastTournaments")).toHaveLength(past);

    push("tournaments", "tournaments");
    await waitFor(() => expect(api.callsTo("pastTournaments")).toHaveLength(past + 1));
  });
});
