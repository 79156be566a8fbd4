// The live hub of one server process: it LISTENs once on the database and fans each event out to the
// sockets of this process that subscribed to its channel (and, for a player's events, belong to that player).
import { type LiveClientMessage, type LiveServerMessage, liveClientMessage } from "@bot-arena/contract";
import type { WebSocket } from "ws";
import type { Database, Unlisten } from "../db/database";
import type { UserId } from "../ids";
import { LIVE_NOTIFY_CHANNEL, type LiveEnvelope } from "./publish";

type Log = {
  warn(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
};

export const closeCodes = { goingAway: 1001, notAuthenticated: 4401, forbidden: 4403 } as const;

const MAX_CHANNELS_PER_SOCKET = 20;

type Client = {
  socket: WebSocket;
  userId: UserId;
  sessionId: string;
  channels: Set<string>;
  alive: boolean;
};

export type LiveHub = ReturnType<typeof createLiveHub>;

export function createLiveHub(deps: { listen: Database["listen"]; log: Log; heartbeatMs: number }) {
  const byChannel = new Map<string, Set<Client>>();
  const byUser = new Map<string, Set<Client>>();
  let unlisten: Unlisten | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  const send = (client: Client, message: LiveServerMessage) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(message));
  };

  function index(map: Map<string, Set<Client>>, key: string, client: Client, add: boolean) {
    const set = map.get(key) ?? new Set<Client>();
    if (add) {
      set.add(client);
      map.set(key, set);
    } else {
      set.delete(client);
      if (set.size === 0) map.delete(key);
    }
  }

  function deliver(payload: string) {
    let envelope: LiveEnvelope;
    try {
      envelope = JSON.parse(payload) as LiveEnvelope;
    } catch {
      deps.log.warn({ payload }, "live: unreadable notification");
      return;
    }
    // A player's events never go to everyone, even if someone forgot the userId.
    if (envelope.channel === "me" && !envelope.userId) return;
    const targets = envelope.userId ? byUser.get(envelope.userId) : byChannel.get(envelope.channel);
    if (!targets) return;
    const event = { channel: envelope.channel, kind: envelope.kind, data: envelope.data, at: envelope.at };
    const text = JSON.stringify({ type: "event", event } satisfies LiveServerMessage);
    const endsSession = envelope.kind === "signed-out" && envelope.sessionId;
    for (const client of [...targets]) {
      if (envelope.sessionId && client.sessionId !== envelope.sessionId) continue;
      if (client.channels.has(envelope.channel) && client.socket.readyState === client.socket.OPEN) {
        client.socket.send(text);
      }
      if (endsSession) client.socket.close(closeCodes.notAuthenticated, "Signed out");
    }
  }

  function handle(client: Client, message: LiveClientMessage) {
    switch (message.type) {
      case "ping":
        return send(client, { type: "pong" });
      case "subscribe":
        for (const channel of message.channels) {
          if (client.channels.size >= MAX_CHANNELS_PER_SOCKET) break;
          client.channels.add(channel);
          index(byChannel, channel, client, true);
        }
        return send(client, { type: "subscribed", channels: [...client.channels] });
      case "unsubscribe":
        for (const channel of message.channels) {
          client.channels.delete(channel);
          index(byChannel, channel, client, false);
        }
        return send(client, { type: "subscribed", channels: [...client.channels] });
    }
  }

  function detach(client: Client) {
    for (const channel of client.channels) index(byChannel, channel, client, false);
    index(byUser, client.userId, client, false);
  }

  function allClients(): Client[] {
    return [...byUser.values()].flatMap((set) => [...set]);
  }

  return {
    async start() {
      unlisten = await deps.listen(LIVE_NOTIFY_CHANNEL, deliver);
      heartbeat = setInterval(() => {
        for (const client of allClients()) {
          if (!client.alive) {
            client.socket.terminate();
            continue;
          }
          client.alive = false;
          client.socket.ping();
        }
      }, deps.heartbeatMs);
      heartbeat.unref();
    },

    /** Takes over an authenticated socket; call synchronously in the handler so no early message is lost. */
    attach(socket: WebSocket, user: { id: UserId; sessionId: string }) {
      const client: Client = {
        socket,
        userId: user.id,
        sessionId: user.sessionId,
        channels: new Set(),
        alive: true,
      };
      index(byUser, user.id, client, true);
      socket.on("pong", () => {
        client.alive = true;
      });
      socket.on("close", () => detach(client));
      socket.on("error", (error) => deps.log.debug({ err: error }, "live socket error"));
      socket.on("message", (raw) => {
        client.alive = true;
        let json: unknown;
        try {
          json = JSON.parse(raw.toString());
        } catch {
          return send(client, { type: "error", message: "Messages must be JSON" });
        }
        const parsed = liveClientMessage.safeParse(json);
        if (!parsed.success) return send(client, { type: "error", message: "Unknown message or channel" });
        handle(client, parsed.data);
      });
    },

    connectionCount: () => allClients().length,

    /** Closes every socket (going away) and stops listening. */
    async close() {
      if (heartbeat) clearInterval(heartbeat);
      for (const client of allClients()) client.socket.close(closeCodes.goingAway, "Server shutting down");
      await unlisten?.();
      unlisten = null;
    },
  };
}
