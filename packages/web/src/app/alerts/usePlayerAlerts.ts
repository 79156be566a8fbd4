// A toast wherever the player is in the app for each of their alerts on the `me` channel (their tournament
// match is live, a round decided, their guild drafted, a war ended), with the action that takes them there.
import { useNavigate } from "react-router";
import { toastSoon } from "../toastSoon";
import { useLiveChannel } from "../useLive";
import { alertToast } from "./alertToasts";

/** Long enough to read and reach for the action; the pages keep showing the same state afterwards. */
const ALERT_MS = 10_000;

export function usePlayerAlerts() {
  const navigate = useNavigate();
  useLiveChannel("me", (event) => {
    const shown = alertToast(event);
    if (!shown) return;
    const { tone, title, description, action } = shown;
    // The live session runs on the landing page too, whose download leaves sonner out (toastSoon.ts).
    toastSoon((toast) =>
      toast[tone](title, {
        ...(description ? { description } : {}),
        duration: ALERT_MS,
        action: { label: action.label, onClick: () => navigate(action.to) },
      }),
    );
  });
}
