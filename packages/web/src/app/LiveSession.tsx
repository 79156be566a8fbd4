// Opens the live socket while a player is signed in and wires the channels every page depends on:
// `me` (balance and bots) and `music` (the player's track list).
import { useEffect } from "react";
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
    window.addEventListener("online", backOnline);
    return () => {
      window.removeEventListener("online", backOnline);
      live.stop();
    };
  }, [playerId]);

  useLiveInvalidate("me", [queryKeys.me, queryKeys.bots]);
  useLiveInvalidate("music", [queryKeys.tracks]);
  return null;
}
