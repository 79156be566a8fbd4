// The music player (seed 000 §2, §9): the round button opens the MUSIC PLAYER panel; with no tracks it shows
// the fallbacks 'No Track' and 'Unknown Artist', and the volume starts at 70%.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../app/test-render";

describe("the music player", () => {
  it("opens to MUSIC PLAYER with 'No Track', 'Unknown Artist' and the volume at 70%", async () => {
    const { user } = renderApp("/", { me: null, api: { musicTracks: { tracks: [] } } });
    await user.click(await screen.findByRole("button", { name: "Open music player" }));
    const panel = await screen.findByRole("region", { name: "MUSIC PLAYER" });
    expect(within(panel).getByText("No Track")).toBeTruthy();
    expect(within(panel).getByText("Unknown Artist")).toBeTruthy();
    expect(within(panel).getByText("70%")).toBeTruthy();
  });
});
