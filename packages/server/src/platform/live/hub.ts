// The live hub of one server process: it listens once on the live bus (bus.ts) and fans each event out to the
// sockets of this process that subscribed to its channel (and, for a player's events, belong to that player).
// When the bus connection comes back after a drop, every socket gets a resync on each channel it follows.
// A hostile client must not be able to grow the process: sockets per session and per player are capped (the
// oldest gives way), each socket's unsent data is bounded, and each socket may send only so many messages.
// Some channels are not for everyone (a guild's chat): a guard answers before a socket may follow one, and an
// event's `revoke` takes it away again when the right ends.
import { randomUUID } from "node:crypto";
import {
  LIVE_RESYNC_KIND,
  type LiveClientMessage,
  type LiveServerMessage,
  liveClientMessage,
  SIGNED_OUT_KIND,
} from "@bot-arena/contract";
import type { WebSocket } from "ws";
import type { UserId } from "../ids";
import type { LiveBus } from "./bus";
import { type SharedFrame, sendShared, sharedFrame } from "./frames";
import type { Presence } from "./presence";
import type { LiveEnvelope, LiveEvent } from "./publish";
import { createWatchers, isWatchChannel, WATCH_REPORT_KIND } from "./watchers";

type Log = {
  warn(obj: unknown, msg?: string): void;
  debug(obj: unknown, msg?: string): void;
};

export const closeCodes = {
  goingAway: 1001,
  notAuthenticated: 4401,
  forbidden: 4403,
  /** A newer socket of the same session or player took this one's place (the client should not fight back). */
  replaced: 4409,
  /** The socket's unsent data passed the bound: the client is not reading. */
  notReading: 4413,
  /** More messages than the per-socket rate allows. */
  tooManyMessages: 4429,
} as const;

const MAX_CHANNELS_PER_SOCKET = 20;
/** Tabs of one browser: each tab keeps one socket. */
export const MAX_SOCKETS_PER_SESSION = 8;
/** All of a player's devices together (per server process). */
export const MAX_SOCKETS_PER_PLAYER = 16;
/**
 * Unsent bytes a socket may hold in this process. Events are small (under 8 KB, encodeEnvelope), so a
 * reading client never comes near; beyond it the client is gone or hostile and the socket is cut.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Messages a client may send: a burst (the subscriptions a page makes on connect), then a steady rate. */
export const MESSAGE_BURST = 40;
export const MESSAGES_PER_SECOND = 10;

type Client = {
  socket: WebSocket;
  userId: UserId;
  sessionId: string;
  channels: Set<string>;
  alive: boolean;
  /** Messages the client may still send now (a token bucket refilled at MESSAGES_PER_SECOND). */
  tokens: number;
  refilledAt: number;
  /** Set once the hub has let go of it: nothing more is sent or handled. */
  shut: boolean;
  /** The client's messages are handled one after another: a guarded subscribe waits for the database. */
  handling: Promise<void>;
};

/**
 * A channel only some players may follow (a guild's chat: its members). A subscribe to a channel it `matches`
 * waits for `allows`; refused, the socket gets an error message and is not subscribed. What later ends the right
 * (leaving the guild) takes the channel away with an envelope's `revoke`.
 */
export type LiveChannelGuard = {
  matches(channel: string): boolean;
  allows(userId: UserId, channel: string): Promise<boolean>;
};

/**
 * A channel that sums up another: sockets subscribed to `to` (and not to `from`) get, every `everyMs` at most,
 * one event of kind `kind` with `summarize` of what `from` carried meanwhile, instead of every event. The chat's
 * unread badge needs to know that messages came and from whom, not each message the moment it comes: with every
 * player's badge fed each message, the frames grew with the square of the players (docs/performance-history.md).
 */
export type LiveDigest = {
  from: string;
  /** Only these kinds of `from` go into the digest. */
  kinds: readonly string[];
  to: string;
  kind: string;
  everyMs: number;
  summarize(envelopes: readonly LiveEnvelope[]): Record<string, unknown>;
};

export type LiveHub = ReturnType<typeof createLiveHub>;

export function createLiveHub(deps: {
  bus: Pick<LiveBus, "subscribe">;
  log: Log;
  heartbeatMs: number;
  now?: () => number;
  /** Hears every notification before it goes out (the sessions forget ended ones). */
  observe?: (envelope: LiveEnvelope) => void;
  /** Hears that the bus came back after a drop (the sessions forget everything: a forget may be lost). */
  onResync?: () => void;
  /**
   * Of these sessions, the ones that still exist: asked when the bus comes back after a gap, since a sign-out
   * during it was never heard, and a socket of a session that ended then is closed as its sign-out would have.
   */
  sessionsAlive?: (sessionIds: readonly string[]) => Promise<ReadonlySet<string>>;
  digests?: readonly LiveDigest[];
  guards?: readonly LiveChannelGuard[];
  /** Sends events to every process: the watcher counts (watchers.ts). Without it, only this process's count. */
  announce?: (events: readonly LiveEvent[]) => Promise<void>;
  /** How often watcher counts are reported and pushed at most (default 1 s). */
  watchFlushMs?: number;
  /** Told when a player's first socket here opens and their last closes (presence.ts); renewed each keep-alive. */
  presence?: Presence;
}) {
  const now = deps.now ?? Date.now;
  const byChannel = new Map<string, Set<Client>>();
  const byUser = new Map<string, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();
  /** Counts each player's revocations, so a guarded subscribe that was answered before one is asked again. */
  const revocations = new Map<string, number>();
  let unlisten: (() => Promise<void>) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const watchers = createWatchers({
    node: randomUUID(),
    announce: deps.announce ?? (async () => {}),
    localPlayers: (channel) => new Set([...(byChannel.get(channel) ?? [])].map((c) => c.userId)).size,
    pushTo: (channel, text) => {
      const data = sharedFrame(text);
      for (const client of [...(byChannel.get(channel) ?? [])]) push(client, data);
    },
    flushMs: deps.watchFlushMs ?? 1000,
    // Three keep-alives missed: the process is gone.
    staleMs: deps.heartbeatMs * 3,
    now,
    log: deps.log,
  });
  /** The channels whose pages show watcher counts (contract live.ts WATCH_CHANNEL). */
  const followsEvent = (channel: string) => channel.startsWith("tournament:") || channel === "guild-wars";
  const digests = (deps.digests ?? []).map((digest) => ({
    digest,
    gathered: [] as LiveEnvelope[],
    timer: null as NodeJS.Timeout | null,
  }));

  function gather(envelope: LiveEnvelope) {
    for (const entry of digests) {
      const { digest } = entry;
      if (envelope.channel !== digest.from || !digest.kinds.includes(envelope.kind)) continue;
      if (!byChannel.has(digest.to)) continue;
      entry.gathered.push(envelope);
      entry.timer ??= setTimeout(() => {
        entry.timer = null;
        const gathered = entry.gathered;
        entry.gathered = [];
        const event = { channel: digest.to, kind: digest.kind, data: digest.summarize(gathered), at: now() };
        // One text for every reader: the digest is the same for all of them.
        const data = sharedFrame(JSON.stringify({ type: "event", event } satisfies LiveServerMessage));
        for (const client of [...(byChannel.get(digest.to) ?? [])]) {
          if (!client.channels.has(digest.from)) push(client, data);
        }
      }, digest.everyMs);
    }
  }

  /**
   * Lets go of a client at once (so caps count only live sockets) and closes it with a code the browser can
   * act on. A client that does not read would never take the close frame, so after `graceMs` it is cut.
   */
  function shut(client: Client, code: number, reason: string, graceMs = 1000) {
    if (client.shut) return;
    client.shut = true;
    detach(client);
    client.socket.close(code, reason);
    if (graceMs === 0) client.socket.terminate();
    else setTimeout(() => client.socket.terminate(), graceMs).unref();
  }

  /**
   * Every outgoing message passes here, so no socket holds more than MAX_BUFFERED_BYTES unsent. A message that
   * goes to many sockets comes as a frame built once (frames.ts); one for this socket alone is a string.
   */
  function push(client: Client, message: string | SharedFrame) {
    if (client.shut || client.socket.readyState !== client.socket.OPEN) return;
    const size = typeof message === "string" ? Buffer.byteLength(message) : message.frame.length;
    if (client.socket.bufferedAmount + size > MAX_BUFFERED_BYTES) {
      deps.log.warn({ userId: client.userId }, "live: socket not reading, closed");
      shut(client, closeCodes.notReading, "Not reading: too much unsent data", 0);
      return;
    }
    if (typeof message === "string") client.socket.send(message, { binary: false });
    else sendShared(client.socket, message);
  }

  const send = (client: Client, message: LiveServerMessage) => push(client, JSON.stringify(message));

  /** Takes one message's token; false when the client sends faster than it may. */
  function allowMessage(client: Client): boolean {
    const at = now();
    client.tokens = Math.min(
      MESSAGE_BURST,
      client.tokens + ((at - client.refilledAt) / 1000) * MESSAGES_PER_SECOND,
    );
    client.refilledAt = at;
    if (client.tokens < 1) return false;
    client.tokens -= 1;
    return true;
  }

  /** The oldest sockets give way when a session or a player opens more than the cap allows. */
  function makeRoom(map: Map<string, Set<Client>>, key: string, cap: number, reason: string) {
    const set = map.get(key);
    if (!set) return;
    for (const oldest of [...set].slice(0, Math.max(0, set.size - cap + 1))) {
      shut(oldest, closeCodes.replaced, reason);
    }
  }

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

  function deliver(envelope: LiveEnvelope) {
    if (envelope.kind === WATCH_REPORT_KIND) {
      watchers.heard(envelope);
      return;
    }
    deps.observe?.(envelope);
    gather(envelope);
    // A player's events never go to everyone, even if someone forgot the userId.
    if (envelope.channel === "me" && !envelope.userId) return;
    if (envelope.userId && envelope.revoke) revoke(envelope.userId, envelope.revoke);
    const targets = envelope.userId ? byUser.get(envelope.userId) : byChannel.get(envelope.channel);
    if (!targets) return;
    const event = { channel: envelope.channel, kind: envelope.kind, data: envelope.data, at: envelope.at };
    const data = sharedFrame(JSON.stringify({ type: "event", event } satisfies LiveServerMessage));
    const endsSession = envelope.kind === SIGNED_OUT_KIND && envelope.sessionId;
    for (const client of [...targets]) {
      if (envelope.sessionId && client.sessionId !== envelope.sessionId) continue;
      if (client.channels.has(envelope.channel)) push(client, data);
      if (endsSession) shut(client, closeCodes.notAuthenticated, "Signed out");
    }
  }

  /**
   * The bus dropped and came back: whatever was published meanwhile never arrived, so every socket refetches what
   * it follows (the same resync the web client makes when its socket opens), and this process reports its
   * watcher counts again, since reports went missing both ways.
   */
  /** After a gap: sockets whose session ended meanwhile are signed out, as the unheard sign-out would have. */
  async function closeEndedSessions() {
    if (!deps.sessionsAlive || bySession.size === 0) return;
    const ids = [...bySession.keys()];
    const alive = await deps.sessionsAlive(ids).catch((error: unknown) => {
      deps.log.warn({ err: error }, "live: sessions not checked after the bus came back");
      return null;
    });
    if (!alive) return;
    for (const id of ids) {
      if (alive.has(id)) continue;
      for (const client of [...(bySession.get(id) ?? [])])
        shut(client, closeCodes.notAuthenticated, "Signed out");
    }
  }

  function resync() {
    deps.onResync?.();
    void closeEndedSessions();
    const at = now();
    for (const client of allClients()) {
      for (const channel of client.channels) {
        const event = { channel, kind: LIVE_RESYNC_KIND, at };
        push(client, JSON.stringify({ type: "event", event } satisfies LiveServerMessage));
      }
    }
    watchers.keepAlive();
  }

  function unfollow(client: Client, channel: string) {
    client.channels.delete(channel);
    index(byChannel, channel, client, false);
    if (isWatchChannel(channel)) watchers.changed(channel);
  }

  function revoke(userId: UserId, channels: readonly string[]) {
    revocations.set(userId, (revocations.get(userId) ?? 0) + 1);
    for (const client of byUser.get(userId) ?? []) for (const channel of channels) unfollow(client, channel);
  }

  /** Whether the player may follow the channel now; asked again if a revocation of theirs came meanwhile. */
  async function mayFollow(client: Client, channel: string): Promise<boolean> {
    const guard = deps.guards?.find((g) => g.matches(channel));
    if (!guard) return true;
    for (;;) {
      const before = revocations.get(client.userId) ?? 0;
      const allowed = await guard.allows(client.userId, channel).catch((error: unknown) => {
        deps.log.warn({ err: error, channel }, "live: channel guard failed");
        return false;
      });
      if ((revocations.get(client.userId) ?? 0) === before) return allowed;
    }
  }

  async function handle(client: Client, message: LiveClientMessage) {
    switch (message.type) {
      case "ping":
        return send(client, { type: "pong" });
      case "subscribe":
        for (const channel of message.channels) {
          if (client.channels.size >= MAX_CHANNELS_PER_SOCKET) break;
          if (!(await mayFollow(client, channel))) {
            send(client, { type: "error", message: `Not allowed to follow ${channel}` });
            continue;
          }
          // The socket may have closed while the guard was asked.
          if (client.shut || client.socket.readyState !== client.socket.OPEN) return;
          client.channels.add(channel);
          index(byChannel, channel, client, true);
          if (isWatchChannel(channel)) watchers.changed(channel);
          else if (followsEvent(channel)) {
            const counts = watchers.countsOf(channel);
            if (Object.keys(counts).length > 0) push(client, watchers.text(channel, { counts }));
          }
        }
        return send(client, { type: "subscribed", channels: [...client.channels] });
      case "unsubscribe":
        for (const channel of message.channels) unfollow(client, channel);
        return send(client, { type: "subscribed", channels: [...client.channels] });
    }
  }

  function detach(client: Client) {
    for (const channel of client.channels) {
      index(byChannel, channel, client, false);
      if (isWatchChannel(channel)) watchers.changed(channel);
    }
    index(byUser, client.userId, client, false);
    index(bySession, client.sessionId, client, false);
    if (!byUser.has(client.userId)) deps.presence?.left(client.userId);
  }

  function allClients(): Client[] {
    return [...byUser.values()].flatMap((set) => [...set]);
  }

  return {
    async start() {
      unlisten = await deps.bus.subscribe({ onEnvelope: deliver, onResync: resync });
      heartbeat = setInterval(() => {
        watchers.keepAlive();
        deps.presence?.renew();
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
        tokens: MESSAGE_BURST,
        refilledAt: now(),
        shut: false,
        handling: Promise.resolve(),
      };
      makeRoom(
        bySession,
        user.sessionId,
        MAX_SOCKETS_PER_SESSION,
        "Too many live connections for this session",
      );
      makeRoom(byUser, user.id, MAX_SOCKETS_PER_PLAYER, "Too many live connections for this player");
      if (!byUser.has(user.id)) deps.presence?.arrived(user.id);
      index(byUser, user.id, client, true);
      index(bySession, user.sessionId, client, true);
      socket.on("pong", () => {
        client.alive = true;
      });
      socket.on("close", () => detach(client));
      socket.on("error", (error) => deps.log.debug({ err: error }, "live socket error"));
      socket.on("message", (raw) => {
        if (client.shut) return;
        client.alive = true;
        if (!allowMessage(client)) {
          shut(client, closeCodes.tooManyMessages, "Too many messages");
          return;
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString());
        } catch {
          return send(client, { type: "error", message: "Messages must be JSON" });
        }
        const parsed = liveClientMessage.safeParse(json);
        if (!parsed.success) return send(client, { type: "error", message: "Unknown message or channel" });
        const message = parsed.data;
        client.handling = client.handling
          .then(() => handle(client, message))
          .catch((error: unknown) => deps.log.warn({ err: error }, "live: message not handled"));
      });
    },

    connectionCount: () => allClients().length,

    /** Players watching a match's battle (`watch:<battle>@<event>`), every process counted. */
    watching: (channel: string) => watchers.total(channel),

    /** Closes every socket (going away) and stops listening. */
    async close() {
      if (heartbeat) clearInterval(heartbeat);
      for (const entry of digests) if (entry.timer) clearTimeout(entry.timer);
      for (const client of allClients()) client.socket.close(closeCodes.goingAway, "Server shutting down");
      await watchers.close();
      await deps.presence?.close();
      await unlisten?.();
      unlisten = null;
    },
  };
}
