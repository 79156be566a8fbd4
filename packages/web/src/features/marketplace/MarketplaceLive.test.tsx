// The market refreshes for its live events at once, then at most once per LIST_REFRESH_GAP_MS: every listing is
// an expensive read on the server (5 requests of the player's rate), and a busy market changes several times a
// second, so one fetch per change would spend an idle open page's rate by itself.
import { waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { LiveSession } from "../../app/LiveSession";
import { LIST_REFRESH_GAP_MS } from "../../app/liveThrottle";
import { openSocket, stubLiveSocket } from "../../app/test-live";
import { renderPage } from "../../app/test-render";
import MarketplacePage from "./MarketplacePage";

describe("/marketplace live", () => {
  beforeEach(stubLiveSocket);

  it("folds a burst of market changes into one refetch at once and one when the gap ends", async () => {
    const { api, queryClient } = renderPage(
      <>
        <LiveSession />
        <MarketplacePage />
      </>,
      { path: "/marketplace", api: { marketplace: { listings: [] }, listBots: { bots: [] } } },
    );
    const socket = await openSocket();
    await waitFor(() => expect(socket.channels()).toContain("marketplace"));
    // The socket's opening refreshes what the page follows (the first of the gap); what counts is what comes after,
    // once that refresh is answered.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const before = api.callsTo("marketplace").length;
    for (let i = 0; i < 10; i++) socket.push({ channel: "marketplace", kind: "listing", data: {} });
    // None at once: a refetch begins in the event's own handler, and nothing is fetching.
    expect(queryClient.isFetching()).toBe(0);
    // One for the ten when the gap ends (a real timer of the gap's length).
    await waitFor(() => expect(api.callsTo("marketplace").length - before).toBeGreaterThanOrEqual(1), {
      timeout: LIST_REFRESH_GAP_MS + 2_000,
    });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(api.callsTo("marketplace").length - before).toBe(1);
  }, 15_000);
});
