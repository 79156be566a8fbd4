// A real WebSocket client for live-channel tests: connects with a player's cookie and collects messages.
import type { LiveServerMessage } from "@bot-arena/contract";
import WebSocket from "ws";

export type LiveClient = {
  socket: WebSocket;
  messages: LiveServerMessage[];
  send(message: unknown): void;
  /**
   * Resolves with the first message (already received or still to come) that matches, from the `since`-th
   * message on (0: every message so far).
   */
  next<T extends LiveServerMessage>(
    match: (m: LiveServerMessage) => m is T,
    timeoutMs?: number,
    since?: number,
  ): Promise<T>;
  nextEvent(
    kind: string,
    timeoutMs?: number,
  ): Promise<Extract<LiveServerMessage, { type: "event" }>["event"]>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
};

export async function connectLive(
  baseUrl: string,
  cookie?: string,
  headers: Record<string, string> = {},
  options: { autoPong?: boolean } = {},
) {
  const url = `${baseUrl.replace(/^http/, "ws")}/api/live`;
  const socket = new WebSocket(url, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    autoPong: options.autoPong ?? true,
  });
  const messages: LiveServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (raw, isBinary) => {
    // A browser hands a binary frame to its page as a Blob, which JSON.parse cannot read: every frame is text.
    if (isBinary) throw new Error("live: the server sent a binary frame");
    messages.push(JSON.parse(raw.toString()) as LiveServerMessage);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });

  const client: LiveClient = {
    socket,
    messages,
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    next(match, timeoutMs = 5_000, since = 0) {
      return new Promise((resolve, reject) => {
        let seen = since;
        const check = () => {
          for (; seen < messages.length; seen++) {
            const message = messages[seen]!;
            if (match(message)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(message);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async nextEvent(kind, timeoutMs) {
      const message = await client.next(
        (m): m is Extract<LiveServerMessage, { type: "event" }> =>
          m.type === "event" && m.event.kind === kind,
        timeoutMs,
      );
      return message.event;
    },
    close: () => socket.close(),
  };
  return client;
}

/** Subscribes and waits for the server's confirmation. */
export async function subscribe(client: LiveClient, channels: string[]) {
  client.send({ type: "subscribe", channels });
  await client.next(
    (m): m is Extract<LiveServerMessage, { type: "subscribed" }> =>
      m.type === "subscribed" && channels.every((c) => m.channels.includes(c)),
  );
}
