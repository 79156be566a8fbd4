// Web Push when away: a browser subscribes (its PushSubscription's endpoint and keys), the player chooses which
// alert kinds may reach it, and alerts raised while none of the player's sockets is open go out, stacked per kind,
// after the server's delay. The words of a notification are alert-texts.ts's.
import { type PlayerAlertKind, playerAlertKinds } from "./player-alerts";
import { z } from "./zod";

export const pushMessages = {
  endpointNotUrl: "The push endpoint must be a URL",
  endpointNotHttps: "The push endpoint must use https",
  endpointPrivate: "The push endpoint must be a public push service",
  keysInvalid: "The subscription's keys are not valid",
  notFound: "Push subscription not found",
  unknownKind: "Unknown alert kind",
} as const;

/** The longest endpoint kept (the services' are about 200 to 500 characters). */
export const PUSH_ENDPOINT_MAX = 1024;
/** A player's browsers: a further subscription makes the oldest give way. */
export const PUSH_SUBSCRIPTIONS_PER_PLAYER = 10;

/** What the account page calls each kind it can turn off. */
export const pushKindLabels: Record<PlayerAlertKind, string> = {
  [playerAlertKinds.tournamentMatchLive]: "Tournament match live",
  [playerAlertKinds.tournamentResult]: "Tournament results",
  [playerAlertKinds.warDrafted]: "Guild drafted for a war",
  [playerAlertKinds.warEnded]: "Guild war ended",
  [playerAlertKinds.pvpRaid]: "Raids on your bots",
  [playerAlertKinds.pvpSeasonReward]: "PvP season rewards",
  [playerAlertKinds.cashoutSettled]: "Cash-outs settled",
  [playerAlertKinds.grantReceived]: "Grants received",
  [playerAlertKinds.moderationMuted]: "Chat mutes",
};

const base64Url = (bytes: number) =>
  z
    .string({ error: pushMessages.keysInvalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: pushMessages.keysInvalid })
    .max(200, { error: pushMessages.keysInvalid })
    .refine((raw) => Math.floor((raw.replace(/=+$/, "").length * 3) / 4) === bytes, {
      error: pushMessages.keysInvalid,
    });

const endpoint = z
  .string({ error: pushMessages.endpointNotUrl })
  .max(PUSH_ENDPOINT_MAX, { error: pushMessages.endpointNotUrl })
  .regex(/^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+/i, { error: pushMessages.endpointNotUrl });

/** A PushSubscription's toJSON(): the keys are the browser's P-256 public key (65 bytes) and auth secret (16). */
export const pushSubscribeBody = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64Url(65), auth: base64Url(16) }, { error: pushMessages.keysInvalid }),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

export const pushUnsubscribeBody = z.object({ endpoint });

export const pushKeyResponse = z.object({ publicKey: z.string() });
export const pushSubscribedResponse = z.object({ subscribed: z.boolean() });

const kindFlags = z.object(
  Object.fromEntries(Object.values(playerAlertKinds).map((k) => [k, z.boolean()])) as Record<
    PlayerAlertKind,
    z.ZodBoolean
  >,
);
export const pushPreferences = z.object({ kinds: kindFlags });
export type PushPreferences = z.infer<typeof pushPreferences>;
/** Kinds left out keep what they were; a kind not of the list is refused. */
export const pushPreferencesBody = z.object({
  kinds: z.strictObject(kindFlags.partial().shape, { error: pushMessages.unknownKind }),
});

/** What the service worker receives and shows. */
export type PushPayload = { title: string; body: string; link: string; kind: string; count: number };

export const pushRoutes = {
  pushKey: {
    method: "GET",
    path: "/api/push/key",
    summary: "The server's VAPID public key, for pushManager.subscribe's applicationServerKey",
    auth: "player",
    response: pushKeyResponse,
  },
  pushSubscribe: {
    method: "POST",
    path: "/api/push/subscriptions",
    summary: "Keep this browser's push subscription for the session (a known endpoint moves to it)",
    auth: "player",
    body: pushSubscribeBody,
    response: pushSubscribedResponse,
  },
  pushUnsubscribe: {
    method: "POST",
    path: "/api/push/subscriptions/remove",
    summary: "Forget one of the player's push subscriptions by its endpoint",
    auth: "player",
    body: pushUnsubscribeBody,
    response: pushSubscribedResponse,
  },
  pushPreferences: {
    method: "GET",
    path: "/api/push/preferences",
    summary: "Which alert kinds may reach the player's browsers by push when they are away",
    auth: "player",
    response: pushPreferences,
  },
  setPushPreferences: {
    method: "PUT",
    path: "/api/push/preferences",
    summary: "Turn alert kinds on or off for push; answers every kind",
    auth: "player",
    body: pushPreferencesBody,
    response: pushPreferences,
  },
} as const;
