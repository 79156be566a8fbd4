// 'Notifications when away' on the account page, with a stand-in for the browser's push (a test environment has
// no service worker): turning on asks the server's key and hands the browser's subscription to the server,
// turning off forgets it on both sides, a refused permission subscribes nothing, and each kind's box saves it.
import { playerAlertKinds, pushKindLabels } from "@bot-arena/contract";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type AnswerOf, renderPage } from "../../app/test-render";
import { PushSettings } from "./PushSettings";
import type { BrowserPush } from "./pushBrowser";

const SUBSCRIPTION = {
  endpoint: "https://push.example.com/send/abc",
  expirationTime: null,
  keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
};

function fakeBrowser(options: { subscribed?: boolean; permission?: "granted" | "denied" } = {}) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = {
    endpoint: SUBSCRIPTION.endpoint,
    toJSON: () => SUBSCRIPTION,
    unsubscribe,
  } as unknown as PushSubscription;
  let current = options.subscribed ? subscription : null;
  const subscribe = vi.fn(async (_key: string) => {
    if (options.permission === "denied") return "denied" as const;
    current = subscription;
    return subscription;
  });
  const push: BrowserPush = { supported: () => true, current: async () => current, subscribe };
  return { push, subscribe, unsubscribe };
}

const allOn = Object.fromEntries(
  Object.values(playerAlertKinds).map((k) => [k, true]),
) as AnswerOf<"pushPreferences">["kinds"];

describe("notifications when away", () => {
  it("turning on subscribes this browser with the server's key and hands the subscription over", async () => {
    const browser = fakeBrowser();
    const { user, api } = renderPage(<PushSettings push={browser.push} />, {
      path: "/account",
      api: {
        pushPreferences: { kinds: allOn },
        pushKey: { publicKey: "server-key" },
        pushSubscribe: { subscribed: true },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Turn On on This Device" }));
    expect(await screen.findByRole("button", { name: "Turn Off on This Device" })).toBeTruthy();
    expect(browser.subscribe).toHaveBeenCalledWith("server-key");
    expect(api.callsTo("pushSubscribe").map((c) => c.body)).toEqual([SUBSCRIPTION]);
  });

  it("a refused permission subscribes nothing", async () => {
    const browser = fakeBrowser({ permission: "denied" });
    const { user, api } = renderPage(<PushSettings push={browser.push} />, {
      path: "/account",
      api: { pushPreferences: { kinds: allOn }, pushKey: { publicKey: "server-key" } },
    });
    await user.click(await screen.findByRole("button", { name: "Turn On on This Device" }));
    await waitFor(() => expect(browser.subscribe).toHaveBeenCalled());
    expect(screen.getByRole("button", { name: "Turn On on This Device" })).toBeTruthy();
    expect(api.callsTo("pushSubscribe")).toEqual([]);
  });

  it("turning off forgets the subscription on the server and in the browser", async () => {
    const browser = fakeBrowser({ subscribed: true });
    const { user, api } = renderPage(<PushSettings push={browser.push} />, {
      path: "/account",
      api: { pushPreferences: { kinds: allOn }, pushUnsubscribe: { subscribed: false } },
    });
    await user.click(await screen.findByRole("button", { name: "Turn Off on This Device" }));
    expect(await screen.findByRole("button", { name: "Turn On on This Device" })).toBeTruthy();
    expect(api.callsTo("pushUnsubscribe").map((c) => c.body)).toEqual([{ endpoint: SUBSCRIPTION.endpoint }]);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it("shows each kind's choice and saves a change", async () => {
    const browser = fakeBrowser({ subscribed: true });
    const raidsOff = { kinds: { ...allOn, [playerAlertKinds.pvpRaid]: false } };
    const { user, api } = renderPage(<PushSettings push={browser.push} />, {
      path: "/account",
      api: { pushPreferences: { kinds: allOn }, setPushPreferences: raidsOff },
    });
    const raids = await screen.findByRole("checkbox", { name: pushKindLabels[playerAlertKinds.pvpRaid] });
    expect(screen.getAllByRole("checkbox").map((c) => (c as HTMLInputElement).checked)).toEqual(
      Object.values(playerAlertKinds).map(() => true),
    );
    await user.click(raids);
    await waitFor(() => expect((raids as HTMLInputElement).checked).toBe(false));
    expect(api.callsTo("setPushPreferences").map((c) => c.body)).toEqual([
      { kinds: { [playerAlertKinds.pvpRaid]: false } },
    ]);
  });

  it("says so in a browser that cannot show notifications", async () => {
    const push: BrowserPush = { ...fakeBrowser().push, supported: () => false };
    renderPage(<PushSettings push={push} />, {
      path: "/account",
      api: { pushPreferences: { kinds: allOn } },
    });
    expect(await screen.findByText("This browser cannot show notifications from the game.")).toBeTruthy();
  });
});
