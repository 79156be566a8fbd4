// Opens the live socket while a player is signed in and wires the channels every page depends on:
// `me` (balance and bots, a toast when a cash-out settles, and the player's alerts: their tournament match, their
// guild's wars) and `music` (the player's track list).
import { useEffect } from "react";
import { useCashoutToasts } from "../features/bank/useCashoutToasts";
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
  useCashoutToasts();
  usePlayerAlerts();
  return null;
}
