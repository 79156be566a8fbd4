// A toast wherever the player is in the app for each of their alerts on the `me` channel (their tournament
// match is live, a round decided, their guild drafted, a war ended, a cash-out settled, a grant, a mute), with
// the action that takes them there, and the inbox's bell and list kept current.
import { ALERTS_READ_KIND, isPlayerAlertKind } from "@bot-arena/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { queryKeys } from "../queryKeys";
import { toastSoon } from "../toastSoon";
import { useLiveChannel } from "../useLive";
import { alertToast } from "./alertToasts";

/** Long enough to read and reach for the action; the inbox keeps it afterwards. */
const ALERT_MS = 10_000;

export function usePlayerAlerts() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useLiveChannel("me", (event) => {
    if (isPlayerAlertKind(event.kind) || event.kind === ALERTS_READ_KIND)
      void queryClient.invalidateQueries({ queryKey: queryKeys.alerts });
    const shown = alertToast(event);
    if (!shown) return;
    const { tone, title, description, action } = shown;
    // The live session runs on the landing page too, whose download leaves sonner out (toastSoon.ts).
    toastSoon((toast) =>
      toast[tone](title, {
        ...(description ? { description } : {}),
        duration: ALERT_MS,
        ...(action ? { action: { label: action.label, onClick: () => navigate(action.to) } } : {}),
      }),
    );
  });
}
