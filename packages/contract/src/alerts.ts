// The alert inbox: every alert a player was sent (kinds in player-alerts.ts, words in alert-texts.ts) is kept
// for 30 days, at most the newest 200, newest first, with the unread count the navigation bar's bell shows.
import { z } from "./zod";

export const alertMessages = {
  notFound: "Alert not found",
  markedAllRead: "All alerts marked as read",
} as const;

/** How long an alert is kept, and how many of a player's newest are (the older go first). */
export const ALERT_WINDOW_DAYS = 30;
export const ALERT_WINDOW_COUNT = 200;

export const alert = z.object({
  id: z.string(),
  kind: z.string(),
  /** The kind's data, as its live event carried it (shapes in live.ts). */
  data: z.record(z.string(), z.unknown()),
  /** The page the alert is about (a battle, /tournament, /guild-wars, /bank ...); null when it has none. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Alert = z.infer<typeof alert>;

export const alertList = z.object({
  alerts: z.array(alert),
  unreadCount: z.number().int().nonnegative(),
});
export type AlertList = z.infer<typeof alertList>;

export const alertReadResponse = z.object({ unreadCount: z.number().int().nonnegative() });
export type AlertReadResponse = z.infer<typeof alertReadResponse>;

const alertIdParams = z.object({ id: z.uuid({ error: alertMessages.notFound }) });

export const alertRoutes = {
  alerts: {
    method: "GET",
    path: "/api/alerts",
    summary: "The player's alerts of the last 30 days (at most 200), newest first, and how many are unread",
    auth: "player",
    response: alertList,
  },
  readAlert: {
    method: "POST",
    path: "/api/alerts/:id/read",
    summary: "Mark one of the player's alerts as read; answers the unread count left",
    auth: "player",
    params: alertIdParams,
    response: alertReadResponse,
  },
  readAllAlerts: {
    method: "POST",
    path: "/api/alerts/read-all",
    summary: "Mark every alert of the player's as read",
    auth: "player",
    response: alertReadResponse,
  },
} as const;
