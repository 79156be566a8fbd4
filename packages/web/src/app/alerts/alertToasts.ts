// What each of a player's alerts says as a toast: the contract's words (alert-texts.ts), which the inbox and the
// push notifications say too. An event that is not an alert, or whose data is not what the kind promises, shows
// nothing: events are hints, never trusted.
import { type AlertText, alertText, type LiveEvent } from "@bot-arena/contract";

export type AlertToast = AlertText;

export const alertToast = (event: Pick<LiveEvent, "kind" | "data">): AlertToast | null =>
  alertText(event.kind, event.data ?? {});
