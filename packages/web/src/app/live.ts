// The live channel: one WebSocket to /api/live per tab, opened while signed in, re-opened with backoff
// when it drops, and a small event bus so any feature can listen to a channel (`chat`, `marketplace`,
// `tournament:<id>`, `guild-wars`...) and refetch its queries. Events are hints, never data to trust.
import type { LiveChannel, LiveClientMessage, LiveEvent, LiveServerMessage } from "@bot-arena/contract";

export type LiveHandler = (event: LiveEvent) => void;
export type LiveStatus = "idle" | "connecting" | "open" | "reconnecting";

/**
 * The kind of the synthetic event every handler gets when the socket opens: events may have been missed. The
 * server sends the same kind on each followed channel when its live bus came back (contract LIVE_RESYNC_KIND;
 * a literal here so this module imports no value of the contract).
 */
export const RESYNC = "resync";

/** The `me` event that ends a session (contract SIGNED_OUT_KIND, a literal for the same reason). */
export const SIGNED_OUT = "signed-out";

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
};

type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
};

export type LiveClientOptions = {
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  timers?: Timers;
  random?: () => number;
  now?: () => number;
};

const OPEN = 1;
/**
 * The server closed this socket because a newer one of the same browser or player took its place (too many
 * tabs). Reconnecting at once would only push another tab out, so this one waits until it is looked at again.
 */
export const CLOSE_REPLACED = 4409;
const PING_EVERY_MS = 25_000;
const MAX_CHANNELS_PER_MESSAGE = 20;

/** Exponential backoff, 0.5 s doubling to a 30 s ceiling, with ±20% jitter so a server restart
 * is not met by every tab at the same instant. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function createLiveClient(options: LiveClientOptions) {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const timers: Timers = options.timers ?? {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id as number),
  };
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  const handlers = new Map<string, Set<LiveHandler>>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let socket: SocketLike | null = null;
  let wanted = false;
  let attempt = 0;
  let hasOpened = false;
  let reconnectTimer: unknown = null;
  let pingTimer: unknown = null;
  let status: LiveStatus = "idle";

  function setStatus(next: LiveStatus) {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  }

  function send(message: LiveClientMessage) {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function sendChannels(type: "subscribe" | "unsubscribe", channels: string[]) {
    for (const batch of chunks(channels, MAX_CHANNELS_PER_MESSAGE)) {
      send({ type, channels: batch as LiveChannel[] });
    }
  }

  function dispatch(event: LiveEvent) {
    for (const handler of handlers.get(event.channel) ?? []) {
      try {
        handler(event);
      } catch (error) {
        // One feature's broken handler must not starve the others of events.
        console.error("live handler failed", error);
      }
    }
  }

  function onMessage(raw: unknown) {
    if (typeof raw !== "string") return;
    let message: LiveServerMessage;
    try {
      message = JSON.parse(raw) as LiveServerMessage;
    } catch {
      return;
    }
    if (message.type === "event" && message.event && typeof message.event.channel === "string") {
      dispatch(message.event);
    }
  }

  function clearTimers() {
    if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
    if (pingTimer !== null) timers.clearInterval(pingTimer);
    reconnectTimer = null;
    pingTimer = null;
  }

  function scheduleReconnect() {
    if (!wanted || reconnectTimer !== null) return;
    setStatus("reconnecting");
    reconnectTimer = timers.setTimeout(
      () => {
        reconnectTimer = null;
        connect();
      },
      backoffDelay(attempt++, random),
    );
  }

  function connect() {
    if (!wanted || socket) return;
    setStatus(hasOpened ? "reconnecting" : "connecting");
    let current: SocketLike;
    try {
      current = createSocket(options.url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      attempt = 0;
      setStatus("open");
      sendChannels("subscribe", [...handlers.keys()]);
      // Proxies close sockets that stay silent; a ping every 25 s keeps this one alive.
      pingTimer = timers.setInterval(() => send({ type: "ping" }), PING_EVERY_MS);
      // The first open too: a page fetched its data over HTTP before the socket was listening, and anything
      // that changed in between would otherwise stay unseen until the next change.
      for (const channel of handlers.keys()) dispatch({ channel, kind: RESYNC, at: now() });
      hasOpened = true;
    };
    current.onmessage = (event) => onMessage(event.data);
    current.onerror = () => {
      // onclose follows every error and does the reconnecting.
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (pingTimer !== null) timers.clearInterval(pingTimer);
      pingTimer = null;
      const replaced = (event as { code?: number } | null)?.code === CLOSE_REPLACED;
      if (wanted && !replaced) scheduleReconnect();
      else setStatus("idle");
    };
  }

  return {
    /** Opens the socket (and keeps it open) until stop(). */
    start() {
      if (wanted) return;
      wanted = true;
      attempt = 0;
      connect();
    },
    /** Closes the socket for good, e.g. on sign-out. Subscriptions stay registered for the next start(). */
    stop() {
      wanted = false;
      hasOpened = false;
      clearTimers();
      const closing = socket;
      socket = null;
      closing?.close(1000);
      setStatus("idle");
    },
    /** Skips the backoff wait, e.g. when the browser reports it is back online or the tab is shown again. */
    reconnectNow() {
      if (!wanted || socket) return;
      clearTimers();
      connect();
    },
    /** Listens to a channel; returns the function that stops listening. */
    subscribe(channel: LiveChannel, handler: LiveHandler): () => void {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        sendChannels("subscribe", [channel]);
      }
      set.add(handler);
      return () => {
        const current = handlers.get(channel);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(channel);
        sendChannels("unsubscribe", [channel]);
      };
    },
    onStatus(listener: (status: LiveStatus) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    get status() {
      return status;
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;

function liveUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/api/live`;
}

/** The tab's one connection. */
export const live: LiveClient = createLiveClient({ url: liveUrl });
