// The hand-off of a finished sign-in from /auth's form to the app's page (signedIn.ts).
import { me } from "@bot-arena/contract";
import { describe, expect, it, vi } from "vitest";
import { aPlayer } from "../../app/test-render";
import { finishSignIn, onSignInWaiting, signInWaiting, takeSignIns } from "./signedIn";

describe("a finished sign-in", () => {
  it("waits for the app's page when none is there, tells /auth's entry (which starts the app), and is taken once", () => {
    const startApp = vi.fn();
    onSignInWaiting(startApp);
    const done = { player: me.parse(aPlayer()), mode: "sign-in" as const };
    finishSignIn(done);
    expect(signInWaiting()).toBe(true);
    expect(startApp).toHaveBeenCalledOnce();

    const page = vi.fn();
    const stop = takeSignIns(page);
    expect(page).toHaveBeenCalledWith(done);
    expect(signInWaiting()).toBe(false);

    // The page there takes the next one at once; once it has left, a sign-in waits again.
    finishSignIn({ ...done, mode: "sign-up" });
    expect(page).toHaveBeenCalledTimes(2);
    stop();
    finishSignIn(done);
    expect(page).toHaveBeenCalledTimes(2);
    expect(signInWaiting()).toBe(true);
  });
});
