// The live channel (/api/live): what a client may send and what the server pushes.
import { z } from "zod";

/** Channels a client may subscribe to. `me` is always the signed-in player's own. */
export const liveChannel = z.union([
  z.literal("me"),
  z.literal("music"),
  z.literal("chat"),
  // A closed chat panel's badge: who wrote since the last digest (chatLiveKinds.unread).
  z.literal("chat-unread"),
  z.literal("marketplace"),
  z.literal("guild-wars"),
  z.literal("guilds"),
  // A tournament was created or changed status (the /tournament page follows the newest one).
  z.literal("tournaments"),
  z.string().regex(/^tournament:[0-9a-f-]{36}$/),
  z.string().regex(/^guild:[0-9a-f-]{36}$/),
]);
export type LiveChannel = z.infer<typeof liveChannel>;

export const liveClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("subscribe"), channels: z.array(liveChannel).max(20) }),
  z.object({ type: z.literal("unsubscribe"), channels: z.array(liveChannel).max(20) }),
  z.object({ type: z.literal("ping") }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** Events are small hints: the client refetches the queries they name. */
export const liveEvent = z.object({
  channel: z.string(),
  /** e.g. "balance", "bots", "tracks", "listings" */
  kind: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
  /** server time the event was published, ms since epoch, for delay measurement */
  at: z.number(),
});
export type LiveEvent = z.infer<typeof liveEvent>;

export type LiveServerMessage =
  | { type: "event"; event: LiveEvent }
  | { type: "subscribed"; channels: string[] }
  | { type: "pong" }
  | { type: "error"; message: string };
