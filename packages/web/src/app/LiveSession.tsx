// Opens the live socket while a player is signed in and wires the channels every page depends on:
// `me` (balance, bots and cash-outs, and the player's alerts: a toast each, and the inbox's bell kept current)
// and `music` (the player's track list).
import { useEffect } from "react";
import { useBankLive } from "../features/bank/useBankLive";
import { usePlayerAlerts } from "./alerts/usePlayerAlerts";
import { live } from "./live";
import { queryKeys } from "./queryKeys";
import { useMe } from "./session";
import { useLiveInvalidate } from "./useLive";

export function LiveSession() {
  const playerId = useMe().data?.id ?? null;

  useEffect(() => {
    if (!playerId) return;
    live.start();
    const backOnline = () => live.reconnectNow();
    // A tab whose socket gave way to newer tabs (too many open) takes it back when the player looks at it.
    const shown = () => {
      if (document.visibilityState === "visible") live.reconnectNow();
    };
    window.addEventListener("online", backOnline);
    document.addEventListener("visibilitychange", shown);
    return () => {
      window.removeEventListener("online", backOnline);
      document.removeEventListener("visibilitychange", shown);
      live.stop();
    };
  }, [playerId]);

  useLiveInvalidate("me", [queryKeys.me, queryKeys.bots]);
  useLiveInvalidate("music", [queryKeys.tracks]);
  useBankLive();
  usePlayerAlerts();
  return null;
}
